"""from_google_adk: FunctionTools, BaseTool subclasses and toolsets (McpToolset over stdio) as
neutral tools, used directly and inside other frameworks."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("google.adk")

from adk_kit import run
from google.adk.tools import FunctionTool
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.base_toolset import BaseToolset
from google.adk.tools.tool_context import ToolContext
from google.genai import types

import interop
from interop import Image, StandardToolValidationError, ToolError
from interop.bridge import get_origin, requires_approval
from interop.google_adk import (
    from_google_adk,
    from_google_adk_tools,
    from_google_adk_toolset,
    to_google_adk,
)

pytestmark = pytest.mark.anyio

CALLS: list[Any] = []


def transfer(amount: int, to: str, tool_context: ToolContext) -> dict[str, Any]:
    """Transfer money to someone.

    Args:
        amount: How much.
        to: Who gets it.
    """
    CALLS.append((amount, to, tool_context.state.get("user"), tool_context.function_call_id))
    if amount == 13:
        return {"error": "unlucky amount"}
    return {"sent": amount, "to": to, "by": tool_context.state.get("user")}


async def slow_echo(text: str) -> str:
    """Echo a text (async)."""
    return text


def chart_of(city: str) -> list[Any]:
    """A chart for a city (ADK media: a `types.Part` with inline data)."""
    return [f"{city}:", types.Part.from_bytes(data=b"\x89PNG-chart", mime_type="image/png")]


class Weather(BaseTool):
    """A hand-written ADK tool with its own declaration and a per-call confirmation rule."""

    def __init__(self) -> None:
        super().__init__(name="weather", description="Weather for a city.", custom_metadata={"team": "geo"})

    def _get_declaration(self) -> types.FunctionDeclaration:
        return types.FunctionDeclaration(
            name=self.name,
            description=self.description,
            parameters_json_schema={
                "type": "object",
                "properties": {"city": {"type": "string", "minLength": 2}},
                "required": ["city"],
                "additionalProperties": False,
            },
            response_json_schema={"type": "object", "properties": {"temp": {"type": "number"}}},
        )

    async def check_require_confirmation(self, args: dict[str, Any], tool_context: ToolContext) -> bool:
        return args.get("city") == "Area 51"

    async def run_async(self, *, args: dict[str, Any], tool_context: ToolContext) -> Any:
        CALLS.append(("weather", args["city"]))
        if args["city"] == "Atlantis":
            return {"error": "no such city"}
        return {"temp": 21.5}


async def test_function_tool_schema_validation_context_and_error_convention() -> None:
    native = FunctionTool(transfer)
    neutral = from_google_adk(native)
    schema = interop.input_json_schema(neutral)
    assert schema == native._get_declaration().parameters_json_schema
    assert "tool_context" not in schema["properties"] and neutral.description.startswith("Transfer money")
    CALLS.clear()
    out = await interop.acall(neutral, {"amount": 5, "to": "bo"}, {"user": "ann"})
    assert out == {"sent": 5, "to": "bo", "by": "ann"} and CALLS[0][3].startswith("interop-")
    with pytest.raises(StandardToolValidationError) as info:  # ADK's FunctionTool validates nothing
        await interop.acall(neutral, {"amount": "five", "to": "bo"}, None)
    assert "amount" in str(info.value) and len(CALLS) == 1
    with pytest.raises(ToolError, match="unlucky amount"):
        await interop.acall(neutral, {"amount": 13, "to": "bo"}, None)
    assert to_google_adk(neutral) is native  # home
    async_neutral = from_google_adk(FunctionTool(slow_echo))
    assert await interop.acall(async_neutral, {"text": "hi"}) == "hi"


async def test_native_custom_metadata_that_breaks_the_meta_vocabulary_is_left_out() -> None:
    native = FunctionTool(slow_echo)
    native.custom_metadata = {"tags": "not-a-list", "strict": "no", "team": "geo", "interop": {"title": "Echo"}}
    neutral = from_google_adk(native)  # raised TypeError before: ADK's metadata is free-form
    assert neutral.meta == {"team": "geo"} and neutral.title == "Echo"
    assert await interop.acall(neutral, {"text": "hi"}) == "hi"


async def test_base_tool_subclass_meta_title_output_schema_media_and_predicate() -> None:
    native = Weather()
    neutral = from_google_adk(native)
    assert neutral.meta["team"] == "geo" and requires_approval(neutral)
    assert interop.output_json_schema(neutral) == {"type": "object", "properties": {"temp": {"type": "number"}}}
    assert await interop.acall(neutral, {"city": "Rome"}) == {"temp": 21.5}
    chart = from_google_adk(FunctionTool(chart_of))
    assert await interop.acall(chart, {"city": "Rome"}) == ["Rome:", Image(b"\x89PNG-chart", "image/png")]
    with pytest.raises(ToolError, match="no such city"):
        await interop.acall(neutral, {"city": "Atlantis"})
    predicate = neutral.meta["requires_approval"]
    assert await predicate({"city": "Area 51"}, None) is True
    assert await predicate({"city": "Rome"}, None) is False


async def test_function_tool_confirmation_flags_become_requires_approval() -> None:
    assert from_google_adk(FunctionTool(transfer, require_confirmation=True)).meta["requires_approval"] is True
    assert "requires_approval" not in from_google_adk(FunctionTool(transfer)).meta
    conditional = from_google_adk(FunctionTool(transfer, require_confirmation=lambda amount, **_: amount > 100))
    rule = conditional.meta["requires_approval"]
    assert callable(rule) and await rule({"amount": 500, "to": "x"}, None) is True
    assert await rule({"amount": 5, "to": "x"}, None) is False


async def test_native_confirmation_travels_to_another_framework_and_back_into_adk() -> None:
    from pydantic_ai import Agent, DeferredToolRequests
    from pydantic_ai.messages import ModelResponse, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    neutral = from_google_adk(FunctionTool(transfer, require_confirmation=True))
    model = FunctionModel(
        lambda m, i: ModelResponse(parts=[ToolCallPart("transfer", {"amount": 1, "to": "x"}, tool_call_id="c1")])
    )
    result = await Agent(
        model, tools=[to_pydantic_ai(neutral)], output_type=[str, DeferredToolRequests]
    ).run("go")
    assert isinstance(result.output, DeferredToolRequests)
    # through ADK again (with an option, so not the native object): ADK's own confirmation asks
    CALLS.clear()
    r = await run([to_google_adk(neutral, rename="transfer2")], [[("transfer2", {"amount": 7, "to": "y"})], "w"])
    (req,) = r.confirmation_requests()
    await r.resume({req.id: True}, ["done"])
    assert CALLS and CALLS[-1][:2] == (7, "y")
    assert ("transfer2", {"sent": 7, "to": "y", "by": None}) in r.responses()


class Pair(BaseToolset):
    async def get_tools(self, readonly_context: Any = None) -> list[BaseTool]:
        return [FunctionTool(transfer), Weather()]


async def test_toolset_with_prefix_and_list_helper() -> None:
    tools = await from_google_adk_toolset(Pair(tool_name_prefix="bank"))
    assert [t.name for t in tools] == ["bank_transfer", "bank_weather"]
    assert await interop.acall(tools[1], {"city": "Oslo"}) == {"temp": 21.5}
    with pytest.raises(TypeError, match="from_google_adk_toolset"):
        from_google_adk(Pair())  # type: ignore[arg-type]
    assert [t.name for t in from_google_adk_tools([FunctionTool(transfer)])] == ["transfer"]


async def test_mcp_toolset_over_stdio_as_neutral_tools() -> None:
    from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams
    from mcp import StdioServerParameters

    server = Path(__file__).parents[1] / "mcp" / "mcp_sample_server.py"
    toolset = McpToolset(
        connection_params=StdioConnectionParams(
            server_params=StdioServerParameters(command=sys.executable, args=[str(server)]), timeout=60
        )
    )
    try:
        tools = {t.name: t for t in await from_google_adk_toolset(toolset)}
        assert {"add", "echo", "place_order"} <= set(tools)
        add = tools["add"]
        assert get_origin(add) is not None
        assert interop.input_json_schema(add)["required"] == ["a", "b"]  # the server's schema
        assert await interop.acall(add, {"a": 2, "b": 3}) == {"result": 5}
        with pytest.raises(StandardToolValidationError):
            await interop.acall(add, {"a": "two", "b": 3})
    finally:
        await toolset.close()
