"""A scripted offline model for Genkit's real `generate` loop (`ai.define_model`), and helpers."""

from __future__ import annotations

import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

import itertools
from collections.abc import Callable
from typing import Any

from genkit import Genkit, Message, ModelRequest, ModelResponse, Part, ToolRequest

_refs = itertools.count(1)

Step = str | list[tuple[str, Any]] | Callable[[ModelRequest], Any]
"""Text; a list of (tool name, input) tool requests; or a function of the request."""


class Script:
    """A model registered as `scripted` on a fresh `Genkit()`: answers from `steps`, records
    every request."""

    def __init__(self, steps: list[Step] | None = None) -> None:
        self.ai = Genkit()
        self.steps: list[Step] = list(steps or [])
        self.requests: list[ModelRequest] = []
        self.ai.define_model(name="scripted", fn=self._answer)

    async def _answer(self, request: ModelRequest, ctx: Any) -> ModelResponse:
        self.requests.append(request)
        step = self.steps.pop(0) if self.steps else "done"
        if callable(step):
            step = step(request)
        if isinstance(step, str):
            parts = [Part(text=step)]
        else:
            parts = [
                Part(tool_request=ToolRequest(name=n, input=i, ref=f"r{next(_refs)}")) for n, i in step
            ]
        return ModelResponse(message=Message(role="model", content=parts), finish_reason="stop")

    async def generate(self, tools: list[Any], steps: list[Step] | None = None, **kw: Any) -> Any:
        if steps is not None:
            self.steps[:] = steps
        kw.setdefault("prompt", "go" if "messages" not in kw else None)
        if kw["prompt"] is None:
            del kw["prompt"]
        return await self.ai.generate(model="scripted", tools=tools, **kw)

    def tool_definitions(self, request: int = 0) -> dict[str, dict[str, Any]]:
        return {
            t.name: t.model_dump(exclude_none=True, by_alias=True) for t in self.requests[request].tools or []
        }


def tool_responses(response: Any) -> list[dict[str, Any]]:
    """Every tool response part of a generate response's messages (as dumped JSON)."""
    out = []
    for m in response.messages:
        if m.role != "tool":
            continue
        for p in m.content:
            dumped = p.model_dump(exclude_none=True, by_alias=True)
            if "toolResponse" in dumped:
                out.append({**dumped["toolResponse"], "metadata": dumped.get("metadata")})
    return out
