"""A scripted Gemini API for google-genai's real clients: `httpx.MockTransport` answers each
`generateContent` request with the next step and records every request body.

A step is a text (the final answer) or a list of `(function name, arguments)` calls for one turn.
"""

from __future__ import annotations

import json
import ssl
from dataclasses import dataclass, field
from typing import Any

import httpx
from google import genai
from google.genai import types

MODEL = "gemini-2.5-flash"
_SSL = ssl.create_default_context()
"""One TLS context for every scripted client (nothing is encrypted: google-genai would load the
CA bundle twice per client, ~45 ms, unless given one)."""


@dataclass
class Scripted:
    steps: list[Any]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def answer(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(json.loads(request.content))
        refused = gemini_400_on_ref(self.requests[-1])
        if refused is not None:  # as the Gemini API answers
            return httpx.Response(400, json=refused)
        step = self.steps.pop(0)
        if isinstance(step, str):
            parts: list[dict[str, Any]] = [{"text": step}]
        else:
            parts = [{"functionCall": {"name": n, "args": a}} for n, a in step]
        body = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}]}
        # what a server may put on the wire: NaN and lone surrogates (escaped) included
        content = json.dumps(body, allow_nan=True).encode()
        return httpx.Response(200, content=content, headers={"content-type": "application/json"})

    async def aanswer(self, request: httpx.Request) -> httpx.Response:
        return self.answer(request)

    def client(self) -> genai.Client:
        transport = httpx.MockTransport(self.answer)
        async_transport = httpx.MockTransport(self.aanswer)
        options = types.HttpOptions(
            httpx_client=httpx.Client(transport=transport),
            httpx_async_client=httpx.AsyncClient(transport=async_transport),
            client_args={"verify": _SSL},
            async_client_args={"verify": _SSL, "ssl": _SSL},
        )
        return genai.Client(api_key="offline", http_options=options)

    def declarations(self) -> dict[str, dict[str, Any]]:
        """The function declarations of the first request, by name."""
        tools = self.requests[0].get("tools") or []
        return {d["name"]: d for t in tools for d in t.get("functionDeclarations", [])}

    def responses(self) -> list[dict[str, Any]]:
        """Every function response sent back, in order: `{"name", "response"}`."""
        out: list[dict[str, Any]] = []
        for body in self.requests[1:]:
            for part in body["contents"][-1]["parts"]:
                if "functionResponse" in part:
                    out.append(part["functionResponse"])
        return out


def config(*functions: Any) -> types.GenerateContentConfig:
    return types.GenerateContentConfig(tools=list(functions))


def run(steps: list[Any], *functions: Any, prompt: str = "go") -> tuple[Any, Scripted]:
    """A real `generate_content` with automatic function calling over the scripted API."""
    scripted = Scripted(list(steps))
    response = scripted.client().models.generate_content(
        model=MODEL, contents=prompt, config=config(*functions)
    )
    return response, scripted


async def arun(steps: list[Any], *functions: Any, prompt: str = "go") -> tuple[Any, Scripted]:
    """The same through `client.aio`."""
    scripted = Scripted(list(steps))
    response = await scripted.client().aio.models.generate_content(
        model=MODEL, contents=prompt, config=config(*functions)
    )
    return response, scripted


def parameters(scripted: Scripted, name: str) -> Any:
    """The parameters JSON Schema google-genai sent for `name` (the SDK's own snake_case key)."""
    d = scripted.declarations()[name]
    return d.get("parameters_json_schema", d.get("parametersJsonSchema"))


def gemini_400_on_ref(body: dict[str, Any]) -> dict[str, Any] | None:
    """What the Gemini API answers a function response holding a `$ref` key (it reserves `$ref` there
    for references to the response's media parts by display name), or None when there is none."""

    def refs(value: Any) -> list[str]:
        if isinstance(value, dict):
            found = [value["$ref"]] if isinstance(value.get("$ref"), str) else []
            return found + [r for v in value.values() for r in refs(v)]
        if isinstance(value, list):
            return [r for v in value for r in refs(v)]
        return []

    for content in body["contents"]:
        for part in content.get("parts", []):
            response = part.get("functionResponse", {}).get("response")
            for ref in refs(response):
                return {
                    "error": {
                        "code": 400,
                        "status": "INVALID_ARGUMENT",
                        "message": f"The referenced name `{ref}` in function_response.response does not "
                        "match to a display_name in the function_response.parts.",
                    }
                }
    return None
