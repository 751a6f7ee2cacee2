"""meta `strict: True` through pydantic-ai's real OpenAI model: what the API is sent keeps optional
fields optional (required-but-nullable), and a `null` the model sends for one means "omitted" (the
default applies), as on the OpenAI Agents path. Driven over an `httpx.MockTransport`."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pydantic_ai")
pytest.importorskip("openai")

import httpx
import openai
from provider_clients import chat_completion
from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

import interop
from interop.pydantic_ai import to_pydantic_ai

CALLS: list[tuple[str, int, str | None]] = []


@interop.tool(meta={"strict": True})
def search(query: str, limit: int = 10, lang: str | None = None) -> dict[str, Any]:
    """Search the catalog."""
    CALLS.append((query, limit, lang))
    return {"hits": limit, "lang": lang}


def test_strict_tool_keeps_its_defaults_through_pydantic_ais_openai_model() -> None:
    sent: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        sent.append(body)
        if len(sent) == 1:  # a strict model must send every property: null for the ones it omits
            args = json.dumps({"query": "lamps", "limit": None, "lang": None})
            call = {"id": "c1", "type": "function", "function": {"name": "search", "arguments": args}}
            return httpx.Response(200, json=chat_completion({"tool_calls": [call]}))
        return httpx.Response(200, json=chat_completion({"content": "done"}))

    client = openai.AsyncOpenAI(
        api_key="sk-test",
        base_url="http://127.0.0.1:9/v1",
        http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)),
    )
    model = OpenAIChatModel("gpt-test", provider=OpenAIProvider(openai_client=client))
    result = Agent(model, tools=[to_pydantic_ai(search)]).run_sync("find lamps")
    assert result.output == "done"

    (tool,) = sent[0]["tools"]
    assert tool["function"]["strict"] is True
    params = tool["function"]["parameters"]
    assert set(params["required"]) == {"query", "limit", "lang"}  # strict: every property required
    assert "null" in params["properties"]["limit"]["type"]  # ...and the optional ones nullable
    assert "default: 10" in params["properties"]["limit"].get("description", "")
    # the null meant "omitted": the default applied; `lang` was already nullable, so null is None
    assert CALLS == [("lamps", 10, None)]
    returned = [m for m in sent[1]["messages"] if m["role"] == "tool"]
    assert json.loads(returned[0]["content"]) == {"hits": 10, "lang": None}
