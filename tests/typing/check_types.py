"""Static typing checks of the public API: `make typecheck` runs mypy (strict) over this module
(see `[tool.mypy] files`), where every `assert_type` must hold and every `type: ignore` must be
needed (`warn_unused_ignores` is on here). `test_typing.py` also runs `checks()`, so the runtime
agrees with what the types claim.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Coroutine
from typing import Any

from pydantic import BaseModel
from typing_extensions import TypedDict, assert_type

import interop
import interop.errors
import interop.protocols
from interop import AsyncFunctionTool, FunctionTool, StandardSchemaV1, StandardTool, StandardToolV0
from interop.bridge import DerivedTool


class Weather(BaseModel):
    city: str
    temp_c: float


@interop.tool
def get_weather(city: str, unit: str = "C") -> Weather:
    """The current weather in a city."""
    return Weather(city=city, temp_c=21.5 if unit == "C" else 70.7)


@interop.tool(name="forecast", title="Forecast", meta={"read_only": True})
async def forecast(city: str, days: int = 3) -> Weather:
    """The weather in a city in a few days."""
    return Weather(city=city, temp_c=18.0 + days)


@interop.tool
def nothing() -> None:
    """Returns nothing."""


class Args(BaseModel):
    a: int
    b: int = 1


class ArgsDict(TypedDict):
    a: int


def divide(args: Args) -> float:
    return args.a / args.b


async def adivide(args: Args, context: object = None) -> float:
    # (`context: object`, not `Any`: mypy gives up on the overloads for an async function whose
    # signature mentions `Any`, and types the tool `Any`; pyright does not)
    return args.a / args.b


def count(args: Any) -> int:
    return len(args)


# Lists of tools need no type arguments (TypeVar defaults), also under --strict.
TOOLS: list[StandardTool] = [get_weather, forecast]
PROTOCOL_TOOLS: list[StandardToolV0] = [get_weather, forecast]
DECORATED: list[FunctionTool] = [get_weather, nothing]
SCHEMAS: list[StandardSchemaV1] = [interop.as_schema(Args)]


def check_tool_decorator() -> None:
    # the tool is the function: same arguments, same result
    assert_type(get_weather("Paris"), Weather)
    assert_type(get_weather("Paris", unit="F"), Weather)
    assert_type(get_weather.function("Paris"), Weather)
    coroutine = assert_type(forecast("Paris", days=2), Coroutine[Any, Any, Weather])
    coroutine.close()  # calling an async tool gives the function's coroutine
    assert_type(asyncio.run(forecast("Paris")), Weather)
    assert_type(nothing(), None)
    # and a tool
    assert isinstance(get_weather, StandardTool) and isinstance(forecast, AsyncFunctionTool)
    tool: StandardTool[Any, Weather, Any] = get_weather
    atool: StandardTool[Any, Weather, Any] = forecast
    assert tool.name == "get_weather" and atool.name == "forecast"


def negative_checks() -> None:
    """What a type checker refuses (never run: each line is wrong on purpose, and each
    `type: ignore` must be needed)."""
    get_weather(42)  # type: ignore[arg-type]
    get_weather("Paris", units="F")  # type: ignore[call-arg]
    forecast()  # type: ignore[call-arg, unused-coroutine]
    wrong: StandardTool[Any, str, Any] = get_weather  # type: ignore[assignment]
    text: str = interop.call(get_weather, {"city": "Paris"})  # type: ignore[assignment]
    del wrong, text
    interop.ToolNameErr  # type: ignore[attr-defined]  # a misspelt name (no catch-all __getattr__)


def moved_names_check() -> None:
    """A name `interop` moved to a submodule still type-checks as what it is (never run: it warns)."""
    assert_type(interop.ToolNameError, type[interop.errors.ToolNameError])
    assert_type(interop.Issue, type[interop.protocols.Issue])



def negative_option_checks() -> None:
    """A misspelt option is a type error on every entry point taking `**options` (never run)."""
    from interop.langchain import from_langchain, to_langchain
    from interop.mcp import build_server, mcp_tools_sync, serve
    from interop.providers import Dispatcher, OpenAIToolset

    OpenAIToolset([get_weather], renmae="weather")  # type: ignore[call-arg]
    Dispatcher([get_weather], provider="openai", strict_for=lambda t, n: None, renmae="w")  # type: ignore[call-arg]
    OpenAIToolset([get_weather], errors="loud")  # type: ignore[arg-type]
    build_server([get_weather], wrap_outptu=True)  # type: ignore[call-arg]
    serve([get_weather], prot=8000)  # type: ignore[call-arg]
    serve([get_weather], wrap_outptu=True)  # type: ignore[call-arg]
    mcp_tools_sync("http://localhost:8000/mcp", read_timout=5.0)  # type: ignore[call-arg]
    from_langchain(to_langchain(get_weather), native_contxt=lambda context: {})  # type: ignore[call-arg]


def check_call() -> None:
    assert_type(interop.call(get_weather, {"city": "Paris"}), Weather)
    assert_type(interop.call(forecast, {"city": "Paris"}), Weather)
    assert_type(interop.call(nothing), None)
    assert_type(interop.call(TOOLS[0], {"city": "Paris"}), Any)

    async def main() -> None:
        assert_type(await interop.acall(get_weather, {"city": "Paris"}), Weather)
        assert_type(await interop.acall(forecast, {"city": "Paris"}), Weather)
        assert_type(await interop.acall(forecast, {"city": "Paris"}, threaded=True), Weather)

    asyncio.run(main())


def check_standard_tool() -> None:
    # output: the output schema's type, else what `execute` returns (awaited)
    both = interop.standard_tool(
        name="divide", description="d", execute=divide, input_schema=Args, output_schema=float
    )
    assert_type(both, StandardTool[Args, float, Any])
    no_output = interop.standard_tool(name="divide", description="d", execute=divide, input_schema=Args)
    assert_type(no_output, StandardTool[Args, float, Any])
    from_async = interop.standard_tool(name="divide", description="d", execute=adivide, input_schema=Args)
    assert_type(from_async, StandardTool[Args, float, Any])
    assert_type(interop.call(from_async, {"a": 1}), float)
    from_schema = interop.standard_tool(
        name="divide", description="d", execute=divide, input_schema=interop.as_schema(Args)
    )
    assert_type(from_schema, StandardTool[Args, float, Any])
    typed_dict = interop.standard_tool(
        name="count", description="d", execute=count, input_schema=ArgsDict, output_schema=list[int]
    )
    assert_type(typed_dict, StandardTool[ArgsDict, list[int], Any])
    # a JSON Schema dict says nothing to a type checker: the input is `Any`
    raw = interop.standard_tool(name="count", description="d", execute=count, input_schema={"type": "object"})
    assert_type(raw, StandardTool[Any, int, Any])
    assert_type(interop.as_schema(Args), StandardSchemaV1[Args])
    assert_type(interop.as_schema({"type": "object"}), StandardSchemaV1[Any])


def check_wrappers() -> None:
    # wrappers that keep the output keep its type
    assert_type(
        interop.call(interop.with_approval(get_weather, lambda request: True), {"city": "x"}), Weather
    )
    assert_type(interop.with_model_output(get_weather, lambda w: w.city), DerivedTool[Any, Weather, Any])
    assert_type(interop.transform_tool(forecast, name="fc"), DerivedTool[Any, Weather, Any])


def check_options() -> None:
    # the right spellings pass (and run)
    from interop.langchain import from_langchain, to_langchain
    from interop.mcp import build_server
    from interop.providers import Dispatcher, OpenAIToolset

    toolset = OpenAIToolset([get_weather], rename={"get_weather": "weather"}, errors="all", threaded=False)
    assert [t["function"]["name"] for t in toolset.tools] == ["weather"]
    dispatcher = Dispatcher([get_weather], provider="openai", strict_for=lambda t, n: None, rename="weather")
    assert list(dispatcher.entries) == ["weather"]
    assert build_server([get_weather], wrap_output=True, list_ttl=0).name == "interop"
    back = from_langchain(to_langchain(get_weather), native_context=lambda context: {"configurable": {}})
    assert back.name == "get_weather"


def checks() -> None:
    """Run the checks (their runtime behaviour matches the types)."""
    check_tool_decorator()
    check_call()
    check_standard_tool()
    check_wrappers()
    check_options()
    assert isinstance(interop.call(get_weather, {"city": "Paris"}), Weather)
    assert isinstance(interop.call(forecast, {"city": "Paris"}), Weather)
    assert inspect.signature(get_weather) == inspect.signature(get_weather.function)
