"""Shared pieces of the shaping tests: the transformed tool every adapter runs, and scripted clients."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import interop
from interop import ArgTransform, transform_tool

LOG: list[dict[str, Any]] = []


@interop.tool(meta={"tags": ["rooms"]})
def book_room(room_id: str, user_id: str, hours: int = 1, note: str = "") -> dict[str, Any]:
    """Book a meeting room."""
    LOG.append({"room_id": room_id, "user_id": user_id, "hours": hours, "note": note})
    return {"room": room_id, "by": user_id, "hours": hours}


RESERVE = transform_tool(
    book_room,
    name="reserve",
    description="Reserve a meeting room for the current user.",
    args={
        "room_id": ArgTransform(name="room", description="Room code, e.g. A1"),
        "user_id": ArgTransform(from_context=lambda ctx: ctx["user"]),
        "note": ArgTransform(hide=True, default="via agent"),
        "hours": ArgTransform(default=2),
    },
)
"""What every adapter test runs: renamed, redescribed, defaulted and hidden arguments."""

GOOD_CALL = {"room": "A1"}
FORGED_CALL = {"room": "B2", "user_id": "mallory"}
EXPECTED_RUN = {"room_id": "A1", "user_id": "ann", "hours": 2, "note": "via agent"}


def check_schema(schema: dict[str, Any]) -> None:
    """The schema a model was shown for RESERVE (whatever the framework did to its top level)."""
    props = schema["properties"]
    assert set(props) == {"room", "hours"}, props
    assert props["room"]["description"] == "Room code, e.g. A1"
    assert props["hours"]["default"] == 2
    assert schema.get("required") == ["room"]
    assert "user_id" not in json.dumps(schema) and "note" not in json.dumps(schema)


def openai_client(script: Callable[[dict[str, Any], int], dict[str, Any]], seen: list[dict[str, Any]]) -> Any:
    """The real `openai` client over `httpx.MockTransport`, answering with `script(body, n)`."""
    import httpx
    import openai

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        seen.append(body)
        return httpx.Response(200, json=script(body, len(seen)))

    return openai.OpenAI(
        api_key="sk-test",
        base_url="http://127.0.0.1:9/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
    )


def anthropic_client(
    script: Callable[[dict[str, Any], int], dict[str, Any]], seen: list[dict[str, Any]]
) -> Any:
    """The real `anthropic` client over `httpx2.MockTransport`, answering with `script(body, n)`."""
    import anthropic
    import httpx2

    def handler(request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        seen.append(body)
        return httpx2.Response(200, json=script(body, len(seen)))

    return anthropic.Anthropic(
        api_key="sk-ant-test",
        base_url="http://127.0.0.1:9",
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
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
