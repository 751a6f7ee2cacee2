"""Functions written for google-genai's automatic function calling, as neutral tools
(`from_google_genai`): described and called as google-genai does, and home again."""

from __future__ import annotations

import datetime
import enum
from typing import Any, Literal

import pytest
from genai_kit import arun, parameters, run
from google.genai import types
from pydantic import BaseModel

import interop
from interop.google_genai import bound_context, from_google_genai, from_google_genai_tools, to_google_genai


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Stop(BaseModel):
    city: str
    nights: int = 1


def test_a_plain_function_is_described_as_google_genai_declares_it() -> None:
    def plan(stops: list[Stop], budget: float = 100.0) -> dict[str, Any]:
        """Plan a trip.

        Args:
            stops: Where to go.
        """
        return {"cities": [s.city for s in stops], "budget": budget}

    tool = from_google_genai(plan)
    declaration = types.FunctionDeclaration.from_callable_with_api_option(callable=plan, use_json_schema=True)
    assert tool.name == "plan" and tool.description == declaration.description
    assert interop.input_json_schema(tool) == declaration.parameters_json_schema
    # called as google-genai calls it: the model's objects become the function's pydantic models
    assert interop.call(tool, {"stops": [{"city": "Oslo"}]}) == {"cities": ["Oslo"], "budget": 100.0}
    with pytest.raises(interop.StandardToolValidationError) as info:
        interop.call(tool, {"stops": [{"nights": 2}]})
    assert "stops.0" in str(info.value) and "city" in str(info.value)
    assert to_google_genai(tool) is plan  # home as the very function


def test_a_declaration_with_its_function_and_the_converted_tool_in_a_real_loop() -> None:
    declaration = types.FunctionDeclaration(
        name="lookup",
        description="Look a user up.",
        parameters_json_schema={
            "type": "object",
            "properties": {"user_id": {"type": "integer", "minimum": 1}},
            "required": ["user_id"],
        },
    )
    calls: list[Any] = []

    def answer(user_id: int) -> dict[str, Any]:
        calls.append((user_id, bound_context()))
        return {"id": user_id}

    tool = from_google_genai(declaration, answer, native_context=lambda ctx: {"tenant": ctx})
    assert tool.name == "lookup" and interop.input_json_schema(tool)["properties"]["user_id"]["minimum"] == 1
    assert interop.call(tool, {"user_id": 3}, "acme") == {"id": 3}
    assert calls == [(3, {"tenant": "acme"})]
    # a declaration and a function cannot go to automatic calling together; the neutral tool can
    fn = to_google_genai(tool)
    assert fn is not answer
    _, scripted = run([[("lookup", {"user_id": 0})], [("lookup", {"user_id": 2.0})], "done"], fn)
    assert parameters(scripted, "lookup") == declaration.parameters_json_schema
    bad, ok = scripted.responses()
    assert "user_id" in bad["response"]["error"] and ok["response"] == {"result": {"id": 2}}
    # a Gemini `parameters` schema is read as JSON Schema
    legacy = types.FunctionDeclaration(
        name="legacy",
        description="Legacy.",
        parameters=types.Schema(type="OBJECT", properties={"q": types.Schema(type="STRING")}, required=["q"]),
    )
    assert interop.input_json_schema(from_google_genai(legacy, lambda q: q))["required"] == ["q"]


@pytest.mark.anyio
async def test_async_functions_stay_async_and_round_trip_through_aio() -> None:
    async def shout(text: str) -> str:
        """Shout a text."""
        return text.upper()

    tool = from_google_genai(shout)
    assert interop.bridge.is_async_tool(tool)
    assert await interop.acall(tool, {"text": "hi"}) == "HI"
    renamed = to_google_genai(tool, rename="yell")
    response, scripted = await arun([[("yell", {"text": "a"})], "done"], renamed)
    assert response.text == "done" and scripted.responses()[0]["response"] == {"result": "A"}


def test_wrong_inputs_and_lists() -> None:
    with pytest.raises(TypeError, match="FunctionDeclaration"):
        from_google_genai(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs the function"):
        from_google_genai(types.FunctionDeclaration(name="x"))

    def a(n: int) -> int:
        """A."""
        return n

    def b(n: int) -> int:
        """B."""
        return n

    assert [t.name for t in from_google_genai_tools([a, b])] == ["a", "b"]
    with pytest.raises(interop.errors.ToolNameError):
        from_google_genai_tools([a, a])


def test_annotations_google_genai_cannot_convert_are_built_with_pydantic() -> None:
    def paint(color: Color, mode: Literal["fast", "slow"], on: datetime.date, tags: set[str]) -> str:
        """Paint."""
        assert isinstance(color, Color) and isinstance(on, datetime.date) and isinstance(tags, set)
        return f"{color.value} {mode} {on.isoformat()} {sorted(tags)}"

    tool = from_google_genai(paint)
    args = {"color": "red", "mode": "fast", "on": "2026-12-05", "tags": ["b", "a"]}
    assert interop.call(tool, args) == "red fast 2026-12-05 ['a', 'b']"
    # a declaration with its function: manual calling, the arguments as the model sent them
    declaration = types.FunctionDeclaration(
        name="paint_raw",
        description="Paint.",
        parameters_json_schema={"type": "object", "properties": {"on": {"type": "string"}}},
    )
    raw = from_google_genai(declaration, lambda on: type(on).__name__)
    assert interop.call(raw, {"on": "2026-12-05"}) == "str"
