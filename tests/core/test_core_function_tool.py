"""`@tool` keeps the function: the tool is callable as the function (same signature, same result,
no validation), so tool code is unit-tested directly; and it stays a full `StandardTool`."""

from __future__ import annotations

import asyncio
import copy
import inspect
import pickle
from typing import Annotated, Any

import pytest
from pickle_tools import add
from pydantic import BaseModel

import interop
from interop import AsyncFunctionTool, FromContext, FunctionTool, StandardTool, StandardToolValidationError


class Weather(BaseModel):
    city: str
    temp_c: float


def get_weather(city: str, temp_c: float = 20.0) -> Weather:
    """The weather in a city."""
    return Weather(city=city, temp_c=temp_c)


async def forecast(city: str, days: int = 3) -> Weather:
    """The weather in a few days."""
    return Weather(city=city, temp_c=10.0 + days)


def test_a_decorated_function_is_still_the_function() -> None:
    weather = interop.tool(get_weather)
    assert isinstance(weather, FunctionTool) and isinstance(weather, StandardTool)
    assert weather.function is get_weather and weather.__wrapped__ is get_weather
    assert weather("Paris") == Weather(city="Paris", temp_c=20.0)
    assert weather("Oslo", temp_c=-3) == get_weather("Oslo", temp_c=-3)
    assert inspect.signature(weather) == inspect.signature(get_weather)
    # the tool path validates; the direct call does not (it is plain Python)
    assert interop.call(weather, {"city": "Paris", "temp_c": "21.5"}) == Weather(city="Paris", temp_c=21.5)
    with pytest.raises(StandardToolValidationError):
        interop.call(weather, {"city": 3})
    with pytest.raises(TypeError):
        weather()  # type: ignore[call-arg]  # the function's own TypeError, as without @tool


def test_a_decorated_async_function_gives_its_coroutine() -> None:
    later = interop.tool(forecast)
    assert isinstance(later, AsyncFunctionTool) and isinstance(later, StandardTool)
    coroutine = later("Paris", days=1)
    assert inspect.iscoroutine(coroutine)
    assert asyncio.run(coroutine) == Weather(city="Paris", temp_c=11.0)
    assert interop.call(later, {"city": "Paris"}) == Weather(city="Paris", temp_c=13.0)
    assert inspect.signature(later) == inspect.signature(forecast)


def test_with_options_and_a_context_parameter_the_direct_call_takes_every_argument() -> None:
    @interop.tool(name="greet_user", meta={"read_only": True})
    def greet(greeting: str, user: Annotated[str, FromContext]) -> str:
        return f"{greeting} {user}"

    assert greet.name == "greet_user" and greet.meta["read_only"] is True
    assert greet("hi", "ada") == "hi ada"  # the context parameter is a plain argument here
    assert greet("hi", user="ada") == "hi ada"
    assert interop.call(greet, {"greeting": "hi"}, "ada") == "hi ada"
    assert set(interop.input_json_schema(greet)["properties"]) == {"greeting"}


def test_copies_pickles_and_wrappers_of_a_decorated_tool() -> None:
    assert isinstance(add, FunctionTool) and add(2, 3) == 5
    assert pickle.loads(pickle.dumps(add)) is add
    copied = copy.deepcopy(add)
    assert isinstance(copied, FunctionTool) and copied is not add and copied(2, 3) == 5
    assert interop.call(copied, {"a": 2, "b": 3}) == 5
    local = interop.tool(get_weather)
    again = pickle.loads(pickle.dumps(local))  # by recipe: rebuilt by the decorator
    assert isinstance(again, FunctionTool) and again is not local
    assert again("Rome") == Weather(city="Rome", temp_c=20.0)
    # a wrapper is a tool made from the tool, not the function
    approved = interop.with_approval(local, lambda request: True)
    assert interop.call(approved, {"city": "Rome"}) == Weather(city="Rome", temp_c=20.0)
    assert not callable(approved)


def test_standard_tool_is_not_callable_and_its_input_is_the_validated_value() -> None:
    class Args(BaseModel):
        a: int

    seen: list[Any] = []

    def run(args: Args) -> int:
        seen.append(args)
        return args.a * 2

    built = interop.standard_tool(name="double", description="Double a.", execute=run, input_schema=Args)
    assert not callable(built)
    assert interop.call(built, {"a": "4"}) == 8 and seen == [Args(a=4)]
