"""from_genkit: tools written with `@ai.tool` and `genkit.tool(...)` as neutral tools."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("genkit")

import genkit
from genkit import Interrupt, Media, Part, ToolRunContext
from genkit_kit import Script, tool_responses
from pydantic import BaseModel, Field

import interop
from interop import Image, StandardToolValidationError
from interop.bridge import get_origin, is_control_flow
from interop.genkit import from_genkit, from_genkit_tools, to_genkit

pytestmark = pytest.mark.anyio


class Query(BaseModel):
    city: str = Field(min_length=2, description="The city")
    days: int = 1


class Forecast(BaseModel):
    city: str
    days: int
    by: str | None = None


def _app() -> tuple[Script, Any, Any]:
    s = Script()

    @s.ai.tool(description="Forecast the weather.")
    async def forecast(q: Query, ctx: ToolRunContext) -> Forecast:
        return Forecast(city=q.city, days=q.days, by=ctx.context.get("user"))

    async def shout(inp: dict[str, Any]) -> str:
        return str(inp["text"]).upper()

    ephemeral = genkit.tool(
        shout,
        name="shout",
        description="Shout a text.",
        input_schema={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    )
    return s, forecast, ephemeral


async def test_decorated_tool_schema_output_schema_context_and_validation() -> None:
    _, forecast, _ = _app()
    neutral = from_genkit(forecast)
    assert neutral.name == "forecast" and neutral.description == "Forecast the weather."
    assert interop.input_json_schema(neutral) == forecast.input_schema
    assert interop.output_json_schema(neutral) == forecast.output_schema
    out = await interop.acall(neutral, {"city": "Oslo"}, {"user": "ann"})
    assert out == {"city": "Oslo", "days": 1, "by": "ann"}
    with pytest.raises(StandardToolValidationError) as info:
        await interop.acall(neutral, {"city": "O"}, None)
    assert "city" in str(info.value)
    assert to_genkit(neutral) is forecast  # home
    assert get_origin(neutral) is forecast


async def test_ephemeral_dict_schema_tool_and_list_helper() -> None:
    _, forecast, ephemeral = _app()
    neutral = from_genkit(ephemeral)
    assert interop.input_json_schema(neutral)["required"] == ["text"]
    assert await interop.acall(neutral, {"text": "hi"}) == "HI"
    with pytest.raises(StandardToolValidationError):  # Genkit itself validates no dict schema
        await interop.acall(neutral, {"text": 3})
    assert [t.name for t in from_genkit_tools([forecast, ephemeral])] == ["forecast", "shout"]


async def test_native_genkit_tool_runs_in_another_frameworks_loop() -> None:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    _, forecast, _ = _app()

    def model(messages: list[Any], info: Any) -> ModelResponse:
        returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if returns:
            return ModelResponse(parts=[TextPart(str(returns[0].content))])
        return ModelResponse(parts=[ToolCallPart("forecast", {"city": "Rome", "days": 2}, tool_call_id="c1")])

    agent = Agent(FunctionModel(model), tools=[to_pydantic_ai(from_genkit(forecast))], deps_type=dict)
    result = await agent.run("go", deps={"user": "cy"})
    assert "'by': 'cy'" in result.output and "'city': 'Rome'" in result.output


async def test_native_tool_goes_home_into_a_generate_loop_with_options() -> None:
    s, forecast, _ = _app()
    again = to_genkit(from_genkit(forecast), rename="forecast2", ai=s.ai)
    r = await s.generate([again], [[("forecast2", {"city": "Oslo", "days": 3})], "done"], context={"user": "di"})
    assert tool_responses(r)[0]["output"] == {"city": "Oslo", "days": 3, "by": "di"}


async def test_media_results_and_interrupts_pass_through() -> None:
    s = Script()

    @s.ai.tool(name="snap", description="A snapshot.")
    async def snap(inp: dict[str, Any]) -> Any:
        if inp.get("ask"):
            raise Interrupt({"why": "confirm"})
        media = Part(media=Media(url="data:image/png;base64,iVBORw==", content_type="image/png"))
        return genkit.response("the snapshot", parts=[media])

    neutral = from_genkit(snap)
    assert await interop.acall(neutral, {}) == ["the snapshot", Image(b"\x89PNG", "image/png")]
    with pytest.raises(Interrupt) as info:
        await interop.acall(neutral, {"ask": True})
    assert is_control_flow(info.value)
    # inside Genkit (converted with an option), the native interrupt still pauses the run
    r = await s.generate([to_genkit(neutral, rename="snap2")], [[("snap2", {"ask": True})], "never"])
    assert r.finish_reason == "interrupted"
