"""The real `openai` and `anthropic` clients over a scripted local transport (`httpx.MockTransport`),
and the response bodies a script answers with: what the provider and shaping tests drive their
tool loops with."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Script = Callable[[dict[str, Any], int], dict[str, Any]]
"""Answers a request body (the n-th request, from 1) with a response body."""


def _scripted_http(http: Any, script: Script, seen: list[dict[str, Any]]) -> Any:
    """An `http.Client` (`http` is httpx or httpx2: the same API) over `http.MockTransport` that
    records each request body in `seen` and answers it with `script(body, n)`."""

    def handler(request: Any) -> Any:
        body = json.loads(request.content)
        seen.append(body)
        return http.Response(200, json=script(body, len(seen)))

    return http.Client(transport=http.MockTransport(handler))


def openai_client(script: Script, seen: list[dict[str, Any]]) -> Any:
    """The real `openai` client over `httpx.MockTransport`, answering with `script(body, n)`."""
    import httpx
    import openai

    return openai.OpenAI(
        api_key="sk-test", base_url="http://127.0.0.1:9/v1", http_client=_scripted_http(httpx, script, seen)
    )


def anthropic_client(script: Script, seen: list[dict[str, Any]]) -> Any:
    """The real `anthropic` client over `httpx2.MockTransport`, answering with `script(body, n)`."""
    import anthropic
    import httpx2

    return anthropic.Anthropic(
        api_key="sk-ant-test", base_url="http://127.0.0.1:9", http_client=_scripted_http(httpx2, script, seen)
    )


def chat_completion(message: dict[str, Any]) -> dict[str, Any]:
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "finish_reason": finish,
                "message": {"role": "assistant", "content": None, **message},
            }
        ],
    }


def chat_tool_call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


def response(output: list[dict[str, Any]]) -> dict[str, Any]:
    """A Responses API `Response` body with these output items."""
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 0,
        "model": "gpt-test",
        "status": "completed",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }


def anthropic_message(content: list[dict[str, Any]]) -> dict[str, Any]:
    stop = "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
