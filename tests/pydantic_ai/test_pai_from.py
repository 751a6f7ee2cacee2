"""from_pydantic_ai: pydantic-ai tools as neutral tools, through call/acall, agent runs and round trips."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic import BaseModel
from pydantic_ai import Agent, FunctionToolset, ModelRetry, RunContext, Tool, ToolFailed, ToolReturn
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.usage import RunUsage

import interop
import interop.bridge
from interop import StandardToolValidationError, ToolError, acall, call
from interop.bridge import get_origin
from interop.pydantic_ai import (
    afrom_pydantic_ai_toolset,
    from_pydantic_ai,
    from_pydantic_ai_toolset,
    to_pydantic_ai,
    to_pydantic_ai_toolset,
)

CALLS: list[tuple[Any, ...]] = []


@pytest.fixture(autouse=True)
def _clear_calls() -> None:
    CALLS.clear()


class Weather(BaseModel):
    city: str
    temp: int
    units: str


def get_weather(ctx: RunContext[str], city: str, units: str = "C") -> Weather:
    """Get the weather.

    Args:
        city: City name.
        units: C or F.
    """
    CALLS.append(("get_weather", ctx.deps, ctx.tool_name, city, units))
    return Weather(city=city, temp=21, units=units)


def multiply(a: int, b: int) -> int:
    """Multiply two integers."""
    CALLS.append(("multiply", a, b))
    return a * b


async def fetch(ctx: RunContext[Any], url: str) -> dict[str, Any]:
    """Fetch a URL (pretend)."""
    await asyncio.sleep(0)
    CALLS.append(("fetch", ctx.deps, url))
    if url.startswith("ftp:"):
        raise ModelRetry("only http(s) URLs are supported")
    return {"url": url, "status": 200}


def lookup(**kwargs: Any) -> str:
    CALLS.append(("lookup", kwargs))
    return f"found {kwargs['q']}"


LOOKUP_SCHEMA = {
    "type": "object",
    "properties": {"q": {"type": "string", "minLength": 2}, "limit": {"type": "integer"}},
    "required": ["q"],
    "additionalProperties": False,
}


class Query(BaseModel):
    q: str
    n: int = 1


def search(query: Query) -> str:
    """Search."""
    return f"{query.q}/{query.n}"


def weather_tool() -> Tool[str]:
    return Tool(
        get_weather,
        metadata={"vendor": {"x": 1}, "interop": {"title": "Weather"}},
        strict=True,
        requires_approval=True,
    )


# ------------------------------------------------------------------------------------------ fields


def test_fields_meta_and_schemas_are_carried() -> None:
    native = weather_tool()
    neutral = from_pydantic_ai(native)
    assert isinstance(neutral, interop.StandardToolV0)
    assert neutral.name == "get_weather"
    assert neutral.description == native.tool_def.description
    assert neutral.title == "Weather"
    assert dict(neutral.meta) == {"vendor": {"x": 1}, "strict": True, "requires_approval": True}
    assert interop.input_json_schema(neutral) == native.tool_def.parameters_json_schema
    assert "ctx" not in interop.input_json_schema(neutral)["properties"]
    out = interop.output_json_schema(neutral)
    assert out is not None and out["properties"]["city"] == {"type": "string"}
    assert from_pydantic_ai(Tool(lookup)).output_schema is not None  # -> str


def test_from_schema_tool_keeps_schema_verbatim_and_has_no_output_schema() -> None:
    native = Tool.from_schema(lookup, name="lookup", description="Look up.", json_schema=LOOKUP_SCHEMA)
    neutral = from_pydantic_ai(native)
    assert interop.input_json_schema(neutral) == LOOKUP_SCHEMA
    assert neutral.output_schema is None
    assert dict(neutral.meta) == {}


# ------------------------------------------------------------------------------------------ execute


def test_plain_function_through_call_validates_with_pydantic_ai() -> None:
    neutral = from_pydantic_ai(Tool(multiply))
    assert call(neutral, {"a": "6", "b": 7}) == 42  # pydantic-ai's own lax validation
    with pytest.raises(StandardToolValidationError) as info:
        call(neutral, {"a": "six", "c": 1})
    paths = {i.path for i in info.value.issues}
    assert paths == {("a",), ("b",), ("c",)}
    assert info.value.target == "input"
    assert CALLS == [("multiply", 6, 7)]  # never called with invalid input


def test_run_context_function_gets_the_neutral_context_as_deps() -> None:
    neutral = from_pydantic_ai(Tool(get_weather))
    result = call(neutral, {"city": "Paris"}, "DEPS")
    assert result == Weather(city="Paris", temp=21, units="C")
    assert CALLS == [("get_weather", "DEPS", "get_weather", "Paris", "C")]


@pytest.mark.anyio
async def test_async_tool_through_acall_and_model_retry_becomes_tool_error() -> None:
    neutral = from_pydantic_ai(Tool(fetch))
    assert interop.bridge.is_async_tool(neutral)
    assert await acall(neutral, {"url": "https://x"}, {"user": 1}) == {"url": "https://x", "status": 200}
    with pytest.raises(ToolError, match="only http"):
        await acall(neutral, {"url": "ftp://x"})
    assert call(neutral, {"url": "http://y"}, "sync") == {"url": "http://y", "status": 200}
    assert [c[:2] for c in CALLS] == [("fetch", {"user": 1}), ("fetch", None), ("fetch", "sync")]


def test_from_schema_tool_is_validated_against_its_json_schema() -> None:
    native = Tool.from_schema(lookup, name="lookup", description="Look up.", json_schema=LOOKUP_SCHEMA)
    neutral = from_pydantic_ai(native)
    assert call(neutral, {"q": "abc"}) == "found abc"
    with pytest.raises(StandardToolValidationError) as info:
        call(neutral, {"q": "a", "extra": 1})
    assert {i.path for i in info.value.issues} == {(), ("q",)}
    assert CALLS == [("lookup", {"q": "abc"})]


def test_tool_failed_and_args_validator_and_tool_return() -> None:
    def gone(path: str) -> str:
        raise ToolFailed(f"{path} does not exist")

    with pytest.raises(ToolError, match="does not exist"):
        call(from_pydantic_ai(Tool(gone)), {"path": "/x"})

    def no_root(ctx: RunContext[Any], path: str) -> None:
        if path == "/":
            raise ModelRetry("refusing the root directory")

    def rm(path: str) -> ToolReturn:
        CALLS.append(("rm", path))
        return ToolReturn(return_value={"removed": path}, content="removed")

    neutral = from_pydantic_ai(Tool(rm, args_validator=no_root))
    with pytest.raises(StandardToolValidationError, match="refusing the root"):
        call(neutral, {"path": "/"})
    assert call(neutral, {"path": "/tmp"}) == {"removed": "/tmp"}
    assert CALLS == [("rm", "/tmp")]


def test_call_layouts_positional_only_and_single_model_argument() -> None:
    def power(base: int, /, exp: int = 2) -> int:
        return base**exp

    assert call(from_pydantic_ai(Tool(power)), {"base": 3, "exp": 3}) == 27

    neutral = from_pydantic_ai(Tool(search))  # pydantic-ai unwraps the model into the tool schema
    assert set(interop.input_json_schema(neutral)["properties"]) == {"q", "n"}
    assert call(neutral, {"q": "x", "n": 2}) == "x/2"


# ------------------------------------------------------------------------------------------ toolsets


@pytest.mark.anyio
async def test_function_toolset_tools() -> None:
    toolset = FunctionToolset([Tool(multiply), Tool(get_weather)])
    neutral = from_pydantic_ai_toolset(toolset)
    assert [t.name for t in neutral] == ["multiply", "get_weather"]
    listed = await afrom_pydantic_ai_toolset(toolset)
    # a FunctionToolset's listed tools go back to their `Tool`s
    assert [get_origin(t) for t in listed] == list(toolset.tools.values())
    assert [to_pydantic_ai(t) for t in listed] == list(toolset.tools.values())
    assert call(neutral[0], {"a": 2, "b": 3}) == 6


@pytest.mark.anyio
async def test_listing_applies_prepare() -> None:
    async def describe(ctx: RunContext[Any], td: ToolDefinition) -> ToolDefinition:
        return replace(td, description=f"Multiply (for {ctx.deps}).")

    toolset = FunctionToolset([Tool(multiply, prepare=describe)])
    (listed,) = await afrom_pydantic_ai_toolset(toolset, deps="dora")
    assert listed.description == "Multiply (for dora)."
    assert call(listed, {"a": 3, "b": 3}) == 9
    assert from_pydantic_ai_toolset(toolset)[0].description == "Multiply two integers."


@pytest.mark.anyio
async def test_any_toolset_tool_runs_through_the_toolsets_call_tool() -> None:
    toolset = FunctionToolset([Tool(fetch), Tool(multiply)]).prefixed("web")
    neutral = {t.name: t for t in await afrom_pydantic_ai_toolset(toolset, deps="D")}
    assert set(neutral) == {"web_fetch", "web_multiply"}
    assert await acall(neutral["web_multiply"], {"a": 4, "b": 5}) == 20
    assert await acall(neutral["web_fetch"], {"url": "https://z"}, "CTX") == {
        "url": "https://z",
        "status": 200,
    }
    with pytest.raises(StandardToolValidationError):
        await acall(neutral["web_multiply"], {"a": "x", "b": 1})
    assert CALLS == [("multiply", 4, 5), ("fetch", "CTX", "https://z")]


# ------------------------------------------------------------------------------------------ round trips


def test_identity_round_trips_both_ways() -> None:
    native = weather_tool()
    assert to_pydantic_ai(from_pydantic_ai(native)) is native
    assert get_origin(from_pydantic_ai(native)) is native

    @interop.tool(title="T", meta={"k": "v"})
    def neutral_fn(x: int) -> int:
        """Double."""
        return 2 * x

    assert from_pydantic_ai(to_pydantic_ai(neutral_fn)) is neutral_fn
    toolset = to_pydantic_ai_toolset([neutral_fn])
    assert from_pydantic_ai_toolset(toolset) == [neutral_fn]


def test_foreign_tool_keeps_fields_through_a_neutral_re_export() -> None:
    native = weather_tool()
    neutral = from_pydantic_ai(native)
    again = to_pydantic_ai(neutral, name="weather")  # options given: a fresh pydantic-ai tool
    assert again is not native
    td, td0 = again.tool_def, native.tool_def
    assert td.name == "weather"
    assert td.description == td0.description
    # strict: the schema is our strict compilation of the native one (optional fields stay optional)
    compiled = interop.bridge.compile_openai_strict(td0.parameters_json_schema, tool_name="weather")
    assert td.parameters_json_schema == compiled.schema
    assert td.strict is True and td.kind == "unapproved"
    assert td.return_schema == td0.return_schema
    assert td.metadata == {
        "vendor": {"x": 1},
        "strict": True,
        "requires_approval": True,
        "interop": {"title": "Weather"},
    }


def test_foreign_tool_in_an_agent_run_through_the_neutral_tool() -> None:
    neutral = from_pydantic_ai(Tool(get_weather))
    again = to_pydantic_ai(neutral, context=lambda ctx: ctx.deps.upper())
    seen: list[ToolReturnPart] = []

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        rets = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if not rets:
            return ModelResponse(parts=[ToolCallPart("get_weather", {"city": 5}, tool_call_id="bad")])
        seen.extend(rets)
        if rets[0].outcome == "retried":
            return ModelResponse(parts=[ToolCallPart("get_weather", {"city": "Rome"}, tool_call_id="ok")])
        return ModelResponse(parts=[TextPart(rets[0].model_response_str())])

    result = Agent(FunctionModel(fn), tools=[again], deps_type=str).run_sync("go", deps="abc")
    assert seen[0].outcome == "retried" and "city" in seen[0].model_response_str()
    assert CALLS == [("get_weather", "ABC", "get_weather", "Rome", "C")]
    assert result.output == '{"city":"Rome","temp":21,"units":"C"}'
    Agent(TestModel(), tools=[again], deps_type=str).run_sync("go", deps="x")


def test_renamed_foreign_tool_sees_the_real_run_context() -> None:
    seen: list[RunContext[Any]] = []

    def probe(ctx: RunContext[str], x: int) -> int:
        seen.append(ctx)
        return x

    again = to_pydantic_ai(from_pydantic_ai(Tool(probe)), name="probe2")

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if any(isinstance(p, ToolReturnPart) for p in messages[-1].parts):
            return ModelResponse(parts=[TextPart("done")])
        return ModelResponse(parts=[ToolCallPart("probe2", {"x": 1}, tool_call_id="call-42")])

    Agent(FunctionModel(fn), tools=[again], deps_type=str).run_sync("go", deps="real")
    assert seen[0].deps == "real" and seen[0].tool_call_id == "call-42"


def test_context_that_is_already_a_run_context_is_used_as_is() -> None:
    neutral = from_pydantic_ai(Tool(get_weather))
    ctx = RunContext(deps="inner", model=TestModel(), usage=RunUsage(), tool_name="outer")
    call(neutral, {"city": "Oslo"}, ctx)
    assert CALLS == [("get_weather", "inner", "outer", "Oslo", "C")]


# ------------------------------------------------------------------------------------------ other adapters


@pytest.mark.anyio
async def test_pydantic_ai_tool_in_an_openai_agents_run() -> None:
    pytest.importorskip("agents")
    oa = pytest.importorskip("interop.openai_agents")
    from agents import Agent as OAAgent
    from agents import Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    set_tracing_disabled(True)
    native = oa.to_openai_agents(from_pydantic_ai(Tool(multiply)))
    model = ScriptedModel(
        [[function_call("multiply", {"a": 6, "b": 7}, call_id="c1")], [assistant_message("done")]]
    )
    result = await Runner.run(OAAgent(name="a", model=model, tools=[native]), "go")
    assert result.final_output == "done"
    assert CALLS == [("multiply", 6, 7)]
    outputs = [
        i for i in model.calls[1].input if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    assert outputs[0]["output"] == "42"
