"""A scripted Messages API for the Anthropic SDK's real clients: `httpx2.MockTransport` (the SDK
is built on httpx2) answers each request with the next step and records every request body.

A step is a text (the final answer) or a list of `(tool name, input)` calls for one turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import anthropic
import httpx2

MODEL = "claude-scripted"


@dataclass
class Scripted:
    steps: list[Any]
    requests: list[dict[str, Any]] = field(default_factory=list)
    turn: int = 0

    def answer(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(json.loads(request.content))
        step = self.steps.pop(0)
        self.turn += 1
        if isinstance(step, str):
            content: list[dict[str, Any]] = [{"type": "text", "text": step}]
            stop = "end_turn"
        else:
            content = [
                {"type": "tool_use", "id": f"t{self.turn}_{i}", "name": n, "input": a}
                for i, (n, a) in enumerate(step)
            ]
            stop = "tool_use"
        body = {
            "id": f"msg_{self.turn}",
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
        # what a server may put on the wire: NaN and lone surrogates (escaped) included
        content = json.dumps(body, allow_nan=True).encode()
        return httpx2.Response(200, content=content, headers={"content-type": "application/json"})

    async def aanswer(self, request: httpx2.Request) -> httpx2.Response:
        return self.answer(request)

    def client(self) -> anthropic.Anthropic:
        http = httpx2.Client(transport=httpx2.MockTransport(self.answer))
        return anthropic.Anthropic(api_key="offline", http_client=http, max_retries=0)

    def async_client(self) -> anthropic.AsyncAnthropic:
        http = httpx2.AsyncClient(transport=httpx2.MockTransport(self.aanswer))
        return anthropic.AsyncAnthropic(api_key="offline", http_client=http, max_retries=0)

    def tools_sent(self) -> dict[str, dict[str, Any]]:
        return {t["name"]: t for t in self.requests[0].get("tools", [])}

    def results(self) -> list[dict[str, Any]]:
        """Every `tool_result` block sent back, in order."""
        seen: dict[str, dict[str, Any]] = {}
        for body in self.requests[1:]:
            for message in body["messages"]:
                if message["role"] != "user" or isinstance(message["content"], str):
                    continue
                for block in message["content"]:
                    if block.get("type") == "tool_result":
                        seen[block["tool_use_id"]] = block
        return list(seen.values())


def _params(tools: list[Any]) -> dict[str, Any]:
    return {
        "model": MODEL,
        "max_tokens": 256,
        "messages": [{"role": "user", "content": "go"}],
        "tools": tools,
    }


def run(steps: list[Any], *tools: Any) -> tuple[Any, Scripted]:
    """`client.beta.messages.tool_runner(...).until_done()` over the scripted API."""
    scripted = Scripted(list(steps))
    final = scripted.client().beta.messages.tool_runner(**_params(list(tools))).until_done()
    return final, scripted


async def arun(steps: list[Any], *tools: Any) -> tuple[Any, Scripted]:
    """The same with `AsyncAnthropic`."""
    scripted = Scripted(list(steps))
    final = await scripted.async_client().beta.messages.tool_runner(**_params(list(tools))).until_done()
    return final, scripted


def text(final: Any) -> str:
    return "".join(b.text for b in final.content if b.type == "text")
