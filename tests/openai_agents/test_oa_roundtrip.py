"""`from_openai_agents`: SDK tools as neutral tools, identity round trips, foreign tools in a Runner."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from agents import Agent, FunctionTool, RunContextWrapper, Runner, WebSearchTool, function_tool
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tool_context import ToolContext
from agents.tracing import set_tracing_disabled
from pydantic import BaseModel

import interop
import interop.bridge
from interop import StandardToolValidationError, ToolError
from interop.bridge import get_origin
from interop.openai_agents import (
    from_openai_agents,
    from_openai_agents_tools,
    to_openai_agents,
    to_openai_agents_tools,
)

set_tracing_disabled(True)


class Item(BaseModel):
    name: str
    qty: int = 1


calls: list[Any] = []


@function_tool
def get_weather(
    ctx: ToolContext[Any],
    city: str,
    units: str = "C",
    days: int | None = None,
    items: list[Item] | None = None,
) -> dict[str, Any]:
    """Get the weather.

    Args:
        city: City name.
        units: C or F.
    """
    calls.append((ctx.context, ctx.tool_name, ctx.tool_call_id))
    return {"city": city, "units": units, "days": days, "items": [i.model_dump() for i in items or []]}


@function_tool
def greet(wrapper: RunContextWrapper[Any], name: str) -> str:
    """Greet someone."""
    return f"hello {name} from {wrapper.context['user']}"


@function_tool(needs_approval=True)
async def shout(text: str) -> str:
    """Shout a text."""
    await asyncio.sleep(0)
    return text.upper()


def test_identity_both_ways() -> None:
    @interop.tool(title="Add", meta={"tags": ["math"]})
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b

    native = to_openai_agents(add)
    assert from_openai_agents(native) is add
    neutral = from_openai_agents(get_weather)
    assert to_openai_agents(neutral) is get_weather
    assert get_origin(neutral) is get_weather
    # an option that changes the native tool builds a new wrapper instead
    renamed = to_openai_agents(neutral, name="weather")
    assert renamed is not get_weather and renamed.name == "weather"
    assert from_openai_agents(renamed) is neutral


def test_foreign_fields_survive() -> None:
    neutral = from_openai_agents(get_weather)
    assert neutral.name == "get_weather"
    assert neutral.description == get_weather.description
    assert neutral.meta == {"strict": True, "requires_approval": False}
    assert from_openai_agents(shout).meta == {"strict": True, "requires_approval": True}

    async def only_big(ctx: RunContextWrapper[Any], args: dict[str, Any], call_id: str) -> bool:
        return bool(args.get("x", 0) > 10)

    @function_tool(needs_approval=only_big, strict_mode=False)
    def maybe(x: int = 0) -> int:
        """A per-call approval policy counts as requiring approval (never silently dropped)."""
        return x

    meta = from_openai_agents(maybe).meta
    assert meta["strict"] is False and callable(meta["requires_approval"])  # conditional approval
    needed = meta["requires_approval"]
    assert interop.bridge.run_sync(needed({"x": 11}, None)) is True
    assert interop.bridge.run_sync(needed({"x": 1}, None)) is False
    assert interop.input_json_schema(from_openai_agents(maybe)) == maybe.params_json_schema
    schema = interop.input_json_schema(neutral)
    native_schema = get_weather.params_json_schema
    # the same properties; `required` back to the real one (strict mode had made everything required)
    assert schema["properties"] == native_schema["properties"]
    assert sorted(native_schema["required"]) == ["city", "days", "items", "units"]
    assert schema["required"] == ["city"]
    assert schema["$defs"]["Item"]["required"] == ["name"]

    titled = FunctionTool(
        name="t",
        description="d",
        params_json_schema={"type": "object", "properties": {"x": {"type": "integer"}}},
        on_invoke_tool=lambda ctx, args: asyncio.sleep(0, "ok"),
        strict_json_schema=False,
        _mcp_title="A title",
    )
    converted = from_openai_agents(titled)
    assert converted.title == "A title"
    assert converted.meta == {"strict": False, "requires_approval": False}
    assert interop.input_json_schema(converted) == {
        "type": "object",
        "properties": {"x": {"type": "integer"}},
    }


def test_execute_passes_context_and_fills_optional_fields() -> None:
    calls.clear()
    neutral = from_openai_agents(get_weather)
    deps = {"user": "u1"}
    assert interop.call(neutral, {"city": "Paris"}, deps) == {
        "city": "Paris",
        "units": "C",
        "days": None,
        "items": [],
    }
    assert interop.call(neutral, {"city": "Rome", "items": [{"name": "a"}], "days": 2}, deps)["items"] == [
        {"name": "a", "qty": 1}
    ]
    assert calls[0][0] is deps
    assert calls[0][1] == "get_weather"
    assert calls[0][2].startswith("call_") and calls[0][2] != calls[1][2]
    # a RunContextWrapper-typed tool gets a ToolContext (a RunContextWrapper) around the context
    assert interop.call(from_openai_agents(greet), {"name": "Bo"}, {"user": "Al"}) == "hello Bo from Al"


@pytest.mark.anyio
async def test_invalid_input_is_rejected_before_the_native_tool() -> None:
    calls.clear()
    neutral = from_openai_agents(get_weather)
    with pytest.raises(StandardToolValidationError) as raised:
        await interop.acall(neutral, {"units": "F"})
    assert "city" in str(raised.value)
    with pytest.raises(StandardToolValidationError, match="days"):
        await interop.acall(neutral, {"city": "x", "days": "many"})
    assert calls == []


@pytest.mark.anyio
async def test_failure_policies_become_tool_errors() -> None:
    @function_tool
    def default_policy(x: int) -> str:
        """Fails."""
        raise RuntimeError("internal detail")

    @function_tool(failure_error_function=lambda ctx, e: f"try again later ({e})")
    def custom_policy(x: int) -> str:
        """Fails."""
        raise RuntimeError("db down")

    @function_tool(failure_error_function=None)
    def raising_policy(x: int) -> str:
        """Fails."""
        raise RuntimeError("no policy")

    with pytest.raises(ToolError, match="An error occurred while running the tool"):
        await interop.acall(from_openai_agents(default_policy), {"x": 1})
    with pytest.raises(ToolError, match=r"try again later \(db down\)"):
        await interop.acall(from_openai_agents(custom_policy), {"x": 1})
    with pytest.raises(RuntimeError, match="no policy"):
        await interop.acall(from_openai_agents(raising_policy), {"x": 1})

    async def invoke(ctx: ToolContext[Any], args: str) -> str:
        if json.loads(args)["x"] < 0:
            return "An error occurred while running the tool. Please try again."
        return json.dumps({"double": json.loads(args)["x"] * 2})

    hand = FunctionTool(
        name="hand",
        description="Hand-built.",
        params_json_schema={
            "type": "object",
            "properties": {"x": {"type": "integer"}},
            "required": ["x"],
            "additionalProperties": False,
        },
        on_invoke_tool=invoke,
    )
    neutral = from_openai_agents(hand)
    assert await interop.acall(neutral, {"x": 4}) == {"double": 8}  # JSON text comes back parsed
    with pytest.raises(ToolError):  # the SDK's default failure text is recognised
        await interop.acall(neutral, {"x": -1})


def test_sync_call_inside_a_running_loop() -> None:
    neutral = from_openai_agents(shout)

    async def main() -> Any:
        return interop.call(neutral, {"text": "hey"}, allow_unapproved=True)  # sync, from async code

    assert asyncio.run(main()) == "HEY"


@pytest.mark.anyio
async def test_foreign_tool_back_in_a_runner_under_another_name() -> None:
    calls.clear()
    neutral = from_openai_agents(get_weather)
    native = to_openai_agents(neutral, name="weather")
    # meta strict=True came from the native tool: compiled again, with optional as nullable
    assert native.strict_json_schema is True
    assert native.params_json_schema["properties"]["units"]["type"] == ["string", "null"]
    model = ScriptedModel(
        [
            [
                function_call(
                    "weather", {"city": "Oslo", "units": None, "days": None, "items": None}, call_id="c1"
                )
            ],
            [function_call("weather", {"units": "F"}, call_id="c2")],
            [assistant_message("done")],
        ]
    )
    result = await Runner.run(Agent(name="a", model=model, tools=[native]), "x", context={"user": "u"})
    assert result.final_output == "done"
    out = [
        i["output"]
        for i in model.calls[1].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    assert json.loads(out[-1]) == {"city": "Oslo", "units": "C", "days": None, "items": []}
    assert calls[0][0] == {"user": "u"}
    err = [
        i["output"]
        for i in model.calls[2].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    assert "Invalid arguments for tool 'weather'" in err[-1] and "city" in err[-1]
    assert len(calls) == 1


def test_list_helpers() -> None:
    neutral = from_openai_agents_tools([get_weather, greet])
    assert [t.name for t in neutral] == ["get_weather", "greet"]
    assert to_openai_agents_tools(neutral) == [get_weather, greet]
    with pytest.raises(TypeError, match="WebSearchTool"):
        from_openai_agents_tools([WebSearchTool()])
    assert from_openai_agents_tools([WebSearchTool(), greet], skip_unsupported=True)[0].name == "greet"
