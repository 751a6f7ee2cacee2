"""`from_agent_framework`: Agent Framework tools in their own idioms (`@tool`, `FunctionTool`) as neutral tools."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from af_kit import agent, result_texts
from agent_framework import Content, FunctionInvocationContext, FunctionTool, tool
from agent_framework.exceptions import UserInputRequiredException
from plugin_tools import assert_round_trips
from pydantic import BaseModel, Field, field_validator

import interop
from interop import Image, StandardToolValidationError, ToolError
from interop.agent_framework import CONTEXT_KEY, from_agent_framework, to_agent_framework
from interop.errors import ApprovalRequiredError

LOG: list[Any] = []


@tool(approval_mode="never_require")
def get_weather(
    location: Annotated[str, Field(description="The city name")],
    unit: Annotated[str, "Temperature unit"] = "celsius",
) -> dict[str, Any]:
    """Get the weather for a location."""
    LOG.append(("weather", location, unit))
    return {"location": location, "temperature": 22, "unit": unit}


@tool
def whoami(greeting: str, ctx: FunctionInvocationContext) -> str:
    """Greet the caller named in the run's function_invocation_kwargs."""
    LOG.append(("whoami", greeting, dict(ctx.kwargs)))
    return f"{greeting}, {ctx.kwargs[CONTEXT_KEY]['user']}"


@tool(approval_mode="always_require", additional_properties={"owner": "ops"})
def delete(path: str) -> str:
    """Delete a path."""
    return f"deleted {path}"


class Order(BaseModel):
    sku: str = Field(min_length=2)
    qty: int = Field(gt=0)


async def place(sku: str, qty: int) -> Any:
    LOG.append(("place", sku, qty))
    if qty == 9:
        raise ValueError("warehouse offline")
    return [
        Content.from_text(f"placed {qty} x {sku}"),
        Content.from_data(data=b"\x89PNG", media_type="image/png"),
    ]


PLACE = FunctionTool(
    name="place", description="Place an order.", func=place, input_model=Order, max_invocations=3
)


def test_a_decorated_tool_validates_first_and_returns_its_value() -> None:
    LOG.clear()
    neutral = from_agent_framework(get_weather)
    assert neutral.name == "get_weather" and neutral.description == "Get the weather for a location."
    schema = interop.input_json_schema(neutral)
    assert schema["properties"]["location"]["description"] == "The city name"
    assert interop.call(neutral, {"location": "Oslo"}) == {
        "location": "Oslo",
        "temperature": 22,
        "unit": "celsius",
    }
    with pytest.raises(StandardToolValidationError):
        interop.call(neutral, {"location": 5})
    assert LOG == [("weather", "Oslo", "celsius")]


def test_the_invocation_context_carries_the_neutral_context() -> None:
    LOG.clear()
    neutral = from_agent_framework(whoami)
    assert "ctx" not in interop.input_json_schema(neutral)["properties"]
    assert interop.call(neutral, {"greeting": "hi"}, {"user": "ann"}) == "hi, ann"
    hooked = from_agent_framework(whoami, native_context=lambda c: {CONTEXT_KEY: {"user": c.upper()}})
    assert interop.call(hooked, {"greeting": "yo"}, "bo") == "yo, BO"
    with pytest.warns(DeprecationWarning, match="context= is deprecated, use native_context="):
        old = from_agent_framework(whoami, context=lambda c: {CONTEXT_KEY: {"user": c}})
    assert interop.call(old, {"greeting": "yo"}, "ed") == "yo, ed"
    # the one key, and the round-2 key for functions written before it (see the test below)
    assert LOG[0] == ("whoami", "hi", {CONTEXT_KEY: {"user": "ann"}, "context": {"user": "ann"}})


def test_a_function_tool_with_a_pydantic_model_content_and_limits() -> None:
    LOG.clear()
    neutral = from_agent_framework(PLACE)
    assert interop.bridge.is_async_tool(neutral)
    assert interop.call(neutral, {"sku": "ab", "qty": 2}) == ["placed 2 x ab", Image(b"\x89PNG", "image/png")]
    with pytest.raises(StandardToolValidationError):
        interop.call(neutral, {"sku": "ab", "qty": 0})
    with pytest.raises(ValueError, match="warehouse offline"):  # other exceptions pass through
        interop.call(neutral, {"sku": "ab", "qty": 9})
    interop.call(neutral, {"sku": "cd", "qty": 1})
    with pytest.raises(ToolError, match="maximum invocation limit"):  # Agent Framework's own limit
        interop.call(neutral, {"sku": "ef", "qty": 1})


def test_the_tools_own_input_model_refusing_is_bad_input_naming_the_field() -> None:
    class Sku(BaseModel):
        sku: str

        @field_validator("sku")
        @classmethod
        def upper(cls, value: str) -> str:
            if not value.isupper():  # beyond what the JSON Schema says: only the model knows
                raise ValueError("sku must be upper-case")
            return value

    async def stock(sku: str) -> str:
        LOG.append(("stock", sku))
        return sku

    neutral = from_agent_framework(
        FunctionTool(name="stock", description="Stock.", func=stock, input_model=Sku)
    )
    LOG.clear()
    with pytest.raises(StandardToolValidationError, match="sku must be upper-case") as err:
        interop.call(neutral, {"sku": "ab"})
    assert err.value.target == "input" and err.value.tool_name == "stock" and LOG == []
    assert interop.call(neutral, {"sku": "AB"}) == "AB"


def test_approval_mode_and_additional_properties_travel() -> None:
    neutral = from_agent_framework(delete)
    assert dict(neutral.meta) == {"owner": "ops", "requires_approval": True}
    with pytest.raises(ApprovalRequiredError):
        interop.bridge.Invoker(neutral, name="delete", target="X", options=interop.bridge.Options())
    back = to_agent_framework(neutral, errors="all")
    assert back is not delete and back.approval_mode == "always_require"


def test_user_input_requests_pass_through_as_control_flow() -> None:
    async def ask_user(q: str) -> str:
        raise UserInputRequiredException([Content.from_text("please confirm")])

    neutral = from_agent_framework(FunctionTool(name="ask_user", description="Ask.", func=ask_user))
    with pytest.raises(UserInputRequiredException):
        interop.call(neutral, {"q": "x"})


def test_round_trips_and_refusals() -> None:
    assert_round_trips(to_agent_framework, from_agent_framework, get_weather)
    with pytest.raises(TypeError, match="declaration-only"):
        from_agent_framework(FunctionTool(name="remote", description="Runs elsewhere."))

    def shout(text: str) -> str:
        """Shout."""
        return text.upper()

    assert interop.call(from_agent_framework(shout), {"text": "a"}) == "A"  # a plain function


@pytest.mark.anyio
async def test_native_tools_through_neutral_in_an_agent_framework_agent() -> None:
    """Native tools converted to neutral and back (not home): the agent runs them, with their context."""
    LOG.clear()
    tools = [to_agent_framework(from_agent_framework(t), errors="all") for t in (get_weather, whoami)]
    a, _ = agent([[("get_weather", {"location": "Rome"}), ("whoami", {"greeting": "hey"})], "done"], tools)
    run = await a.run("go", function_invocation_kwargs={CONTEXT_KEY: {"user": "cy"}})
    assert result_texts(run) == ['{"location":"Rome","temperature":22,"unit":"celsius"}', "hey, cy"]


@tool
def whoami_round2(greeting: str, ctx: FunctionInvocationContext) -> str:
    """Greet the caller, reading the round-2 key (`"context"`) as code written before round 3 did."""
    return f"{greeting}, {ctx.kwargs['context']['user']}"


@pytest.mark.anyio
async def test_the_one_context_key_and_the_round2_key_still_read() -> None:
    """`CONTEXT_KEY` is the core's one key; code passing or reading `"context"` keeps working."""
    assert CONTEXT_KEY == "interop_context" == interop._kit.CONTEXT_KEY
    # a native function reading the old key, brought in: it gets the neutral context there too
    assert interop.call(from_agent_framework(whoami_round2), {"greeting": "hi"}, {"user": "ann"}) == "hi, ann"
    # an application still passing the old key to an agent: read, with a DeprecationWarning
    seen: list[Any] = []

    @interop.tool(context="caller")
    def greet(name: str, caller: Any = None) -> str:
        """Greet."""
        seen.append(caller)
        return f"hi {name}"

    a, _ = agent([[("greet", {"name": "bo"})], "done"], [to_agent_framework(greet)])
    with pytest.warns(DeprecationWarning, match="'context' is deprecated.*interop_context"):
        await a.run("go", function_invocation_kwargs={"context": {"user": "old"}})
    b, _ = agent([[("greet", {"name": "cy"})], "done"], [to_agent_framework(greet)])
    await b.run("go", function_invocation_kwargs={CONTEXT_KEY: {"user": "new"}, "context": "ignored"})
    assert seen == [{"user": "old"}, {"user": "new"}]
