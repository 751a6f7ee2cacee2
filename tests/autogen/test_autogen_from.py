"""AutoGen tools (`FunctionTool`, a `BaseTool` subclass, a plain function, a `Workbench`) as
neutral tools with `from_autogen`, and back in AutoGen's real `AssistantAgent`."""

from __future__ import annotations

import json
from typing import Annotated, Any

import PIL.Image
import pytest
from autogen_core import CancellationToken, Image
from autogen_core.tools import (
    BaseTool,
    FunctionTool,
    ImageResultContent,
    StaticWorkbench,
    TextResultContent,
    ToolOverride,
    ToolResult,
    Workbench,
)
from autogen_kit import agent, results
from pydantic import BaseModel, Field

import interop
from interop.autogen import WorkbenchTool, from_autogen, from_autogen_workbench, to_autogen

CALLS: list[Any] = []


class Point(BaseModel):
    x: int
    y: int = 0


async def move(point: Point, steps: Annotated[int, "how far"], cancellation_token: CancellationToken) -> dict[str, Any]:
    CALLS.append((point, steps, cancellation_token))
    if steps == 13:
        raise ValueError("13 is unlucky")
    return {"x": point.x + steps, "y": point.y}


def native_move() -> FunctionTool:
    return FunctionTool(move, description="Move a point.", name="move")


class WeatherArgs(BaseModel):
    city: str = Field(min_length=2, description="The city")


class Weather(BaseModel):
    city: str
    temp: int


class WeatherTool(BaseTool[WeatherArgs, Weather]):
    """A hand-written AutoGen tool."""

    def __init__(self) -> None:
        super().__init__(WeatherArgs, Weather, "weather", "Current weather.")

    async def run(self, args: WeatherArgs, cancellation_token: CancellationToken) -> Weather:
        CALLS.append(args.city)
        return Weather(city=args.city, temp=21)


@pytest.mark.anyio
async def test_a_function_tool_validates_first_then_runs_autogens_call_path() -> None:
    CALLS.clear()
    native = native_move()
    neutral = from_autogen(native)
    assert neutral.name == "move" and neutral.description == "Move a point."
    assert interop.input_json_schema(neutral) == native.schema["parameters"]  # what AutoGen's model is told
    assert await interop.acall(neutral, {"point": {"x": 1}, "steps": 2}) == {"x": 3, "y": 0}
    assert isinstance(CALLS[-1][2], CancellationToken)  # AutoGen's injected token
    with pytest.raises(interop.StandardToolValidationError, match="point"):
        await interop.acall(neutral, {"point": {"x": "far"}, "steps": 2})
    assert len(CALLS) == 1  # never called on bad input
    with pytest.raises(ValueError, match="13 is unlucky"):  # the function's own exception
        await interop.acall(neutral, {"point": {"x": 1}, "steps": 13})
    token = CancellationToken()
    await interop.acall(neutral, {"point": {"x": 1}, "steps": 1}, token)  # a token as the context is used
    assert CALLS[-1][2] is token
    made: list[Any] = []

    def hook(ctx: Any) -> CancellationToken:
        made.append(ctx)
        return token

    hooked = from_autogen(native, native_context=hook)
    await interop.acall(hooked, {"point": {"x": 1}, "steps": 1}, {"user": "ada"})
    assert made == [{"user": "ada"}] and CALLS[-1][2] is token


@pytest.mark.anyio
async def test_a_base_tool_subclass_and_a_plain_function() -> None:
    CALLS.clear()
    neutral = from_autogen(WeatherTool())
    assert interop.input_json_schema(neutral)["properties"]["city"] == {
        "description": "The city",
        "minLength": 2,
        "title": "City",
        "type": "string",
    }
    assert await interop.acall(neutral, {"city": "Oslo"}) == Weather(city="Oslo", temp=21)
    with pytest.raises(interop.StandardToolValidationError, match="city"):
        await interop.acall(neutral, {"city": "O"})
    assert CALLS == ["Oslo"]

    def shout(text: str) -> str:
        """Shout a text."""
        return text.upper()

    plain = from_autogen(shout)  # as `AssistantAgent(tools=[fn])` takes it
    assert plain.description == "Shout a text." and interop.call(plain, {"text": "hi"}) == "HI"
    with pytest.raises(TypeError, match="from_autogen converts"):
        from_autogen(42)  # type: ignore[call-overload]


@pytest.mark.anyio
async def test_native_tools_through_neutral_back_in_an_agent() -> None:
    CALLS.clear()
    native = native_move()
    neutral = from_autogen(native)
    assert to_autogen(neutral) is native  # home, as the very object
    moved = to_autogen(neutral, rename="move_point")  # not home: a converted tool running the native one
    weather = to_autogen(from_autogen(WeatherTool()), rename="get_weather")
    steps = [
        [("move_point", {"point": {"x": "a"}, "steps": 1})],
        [("move_point", {"point": {"x": 1}, "steps": 2}), ("get_weather", {"city": "Oslo"})],
        "done",
    ]
    a, _ = agent(steps, [moved, weather])
    out = results(await a.run(task="go"))
    assert out[0].is_error and "move" in out[0].content and "point.x" in out[0].content
    assert [json.loads(r.content) for r in out[1:]] == [{"x": 3, "y": 0}, {"city": "Oslo", "temp": 21}]
    assert len(CALLS) == 2


class Counting(StaticWorkbench):
    """A workbench that also returns an image for one tool and an error for another."""

    async def call_tool(
        self,
        name: str,
        arguments: Any = None,
        cancellation_token: CancellationToken | None = None,
        call_id: str | None = None,
    ) -> ToolResult:
        if name == "snapshot":
            image = Image.from_pil(PIL.Image.new("RGB", (2, 2), "red"))
            return ToolResult(name=name, result=[TextResultContent(content="a snapshot"), ImageResultContent(content=image)])
        return await super().call_tool(name, arguments, cancellation_token, call_id)


@pytest.mark.anyio
async def test_a_workbench_gives_its_tools() -> None:
    CALLS.clear()

    async def snapshot() -> str:
        return "unused"

    bench = Counting(
        [native_move(), WeatherTool(), FunctionTool(snapshot, description="A snapshot.")],
        tool_overrides={"weather": ToolOverride(name="forecast", description="The forecast.")},
    )
    assert isinstance(bench, Workbench)
    tools = await from_autogen_workbench(bench)
    assert [t.name for t in tools] == ["move", "forecast", "snapshot"]
    move_t, forecast, snap = tools
    assert forecast.description == "The forecast."
    assert isinstance(interop.bridge.get_origin(forecast), WorkbenchTool)
    assert await interop.acall(forecast, {"city": "Oslo"}) == {"city": "Oslo", "temp": 21}  # JSON text read back
    with pytest.raises(interop.ToolError, match="13 is unlucky"):  # an is_error result
        await interop.acall(move_t, {"point": {"x": 1}, "steps": 13})
    with pytest.raises(interop.StandardToolValidationError):
        await interop.acall(forecast, {"city": 5})
    parts = await interop.acall(snap, {})
    assert parts[0] == "a snapshot" and isinstance(parts[1], interop.Image) and parts[1].media_type == "image/png"
    assert parts[1].data.startswith(b"\x89PNG")
    assert CALLS == ["Oslo", (Point(x=1), 13, CALLS[1][2])]
    # the sync entry point lists a workbench that needs no connection
    assert [t.name for t in from_autogen(bench)] == ["move", "forecast", "snapshot"]
