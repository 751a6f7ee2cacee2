"""Issue 40, item 2, on the paths the other telemetry tests do not drive: the providers' toolsets,
`ToolSet`, the CLI's `interop call`, the playground's run, code mode's inner calls, and the open
pipeline (a policy's timeout, a middleware's refusal). Each call is one `execute_tool` span with
the conventions' attributes; the context is never exported."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

import pytest
from opentelemetry import trace
from otel_kit import SECRET, Exported

import interop
from interop import FromContext, ToolError, ToolInvocation
from interop.policies import OutputBudget, Timeout
from interop.providers import AnthropicToolset, OpenAIToolset

CTX = {"token": SECRET}


@interop.tool
def lookup(city: str, ctx: Annotated[Any, FromContext] = None) -> dict[str, Any]:
    """Look up a city."""
    return {"city": city, "population": 1000}


@interop.tool
async def stall(seconds: float) -> str:
    """Waits."""
    await asyncio.sleep(seconds)
    return "done"


def _attrs(otel: Exported) -> list[tuple[str, Any, Any]]:
    return [
        (s.name, (s.attributes or {}).get("gen_ai.tool.call.id"), (s.attributes or {}).get("error.type"))
        for s in otel.tool_spans()
    ]


def test_the_providers_toolsets(otel: Exported) -> None:
    from anthropic.types import Message
    from openai.types.chat import ChatCompletion

    completion = ChatCompletion.model_validate(
        {
            "id": "cmpl",
            "object": "chat.completion",
            "created": 0,
            "model": "scripted",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_a",
                                "type": "function",
                                "function": {"name": "lookup", "arguments": '{"city": "Oslo"}'},
                            }
                        ],
                    },
                }
            ],
        }
    )
    (reply,) = OpenAIToolset([lookup]).dispatch(completion, context=CTX)
    assert reply["tool_call_id"] == "call_a" and "Oslo" in reply["content"]
    message = Message.model_validate(
        {
            "id": "msg",
            "type": "message",
            "role": "assistant",
            "model": "scripted",
            "stop_reason": "tool_use",
            "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [{"type": "tool_use", "id": "toolu_b", "name": "lookup", "input": {"city": 3}}],
        }
    )
    (answer,) = AnthropicToolset([lookup]).dispatch(message, context=CTX)
    assert answer["tool_use_id"] == "toolu_b" and answer["is_error"] is True and "city" in answer["content"]
    assert _attrs(otel) == [
        ("execute_tool lookup", "call_a", None),
        ("execute_tool lookup", "toolu_b", "validation_error"),
    ]
    assert SECRET not in otel.everything()


def test_a_toolset(otel: Exported) -> None:
    tools = interop.ToolSet([lookup, stall])
    assert tools.call("lookup", {"city": "Rome"}, CTX, call_id="c1") == {"city": "Rome", "population": 1000}
    assert _attrs(otel) == [("execute_tool lookup", "c1", None)]
    assert SECRET not in otel.everything()


def test_the_cli_call(otel: Exported, capsys: pytest.CaptureFixture[str]) -> None:
    from interop._cli import main

    assert main(["call", "acme_tools:whoami", "{}", "--context", json.dumps({"user": SECRET})]) == 0
    assert SECRET in capsys.readouterr().out  # the tool saw the context; no span holds it
    assert [name for name, _, _ in _attrs(otel)] == ["execute_tool whoami"]
    assert SECRET not in otel.everything()


@pytest.mark.anyio
async def test_the_playground_run(otel: Exported) -> None:
    from interop.playground._run import run_tool

    result = await run_tool(lookup, {"city": "Lima"}, CTX)
    assert result.status == "ok", result
    assert _attrs(otel) == [("execute_tool lookup", None, None)]
    assert SECRET not in otel.everything()


@pytest.mark.anyio
async def test_code_modes_inner_calls_are_children_of_its_call(otel: Exported) -> None:
    pytest.importorskip("pydantic_monty")
    runner = interop.code_mode([lookup])
    code = (
        "a = await lookup('Oslo')\n"
        "try:\n    await lookup(7)\nexcept ValueError as e:\n    print('refused')\n"
        "a['city']"
    )
    out = await interop.acall(runner, {"code": code}, CTX)
    assert "refused" in str(out) and "Oslo" in str(out)
    spans = {(s.name, (s.attributes or {}).get("error.type")): s for s in otel.tool_spans()}
    assert set(spans) == {
        ("execute_tool run_code", None),
        ("execute_tool lookup", None),
        ("execute_tool lookup", "validation_error"),
    }
    outer = spans[("execute_tool run_code", None)]
    inner_ok = spans[("execute_tool lookup", None)]
    inner_bad = spans[("execute_tool lookup", "validation_error")]
    for inner in (inner_ok, inner_bad):
        assert inner.parent is not None and inner.parent.span_id == outer.context.span_id
    assert SECRET not in otel.everything()


@pytest.mark.anyio
async def test_a_policy_timeout_and_a_middleware_refusal(otel: Exported) -> None:
    class Refuse:
        async def on_call(self, call: ToolInvocation, call_next: Any) -> Any:
            raise ToolError(f"{call.name} is closed today")

    timed = interop.with_middleware(stall, Timeout(0.05))
    with pytest.raises(ToolError, match=r"did not finish within 0\.05 s"):
        await interop.acall(timed, {"seconds": 5}, CTX, call_id="t1")
    closed = interop.with_middleware(lookup, Refuse())
    with pytest.raises(ToolError, match="closed today"):
        await interop.acall(closed, {"city": "Oslo"}, CTX, call_id="t2")
    cut = interop.with_middleware(lookup, OutputBudget(max_chars=10_000))
    await interop.acall(cut, {"city": "Oslo"}, CTX, call_id="t3")
    assert _attrs(otel) == [
        ("execute_tool stall", "t1", "timeout"),
        ("execute_tool lookup", "t2", "tool_error"),
        ("execute_tool lookup", "t3", None),
    ]  # one span per call, whatever wraps the tool
    assert trace.get_current_span() is trace.INVALID_SPAN
    assert SECRET not in otel.everything()
