"""The arguments `interop demo MODULE` makes up: valid for the tool's own schema (bounds, lengths,
patterns, formats, enums, nested models, unions), one invalid variant, and honest notes for what
cannot be built."""

from __future__ import annotations

import datetime as dt
import uuid
from enum import Enum
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from interop import call, standard_tool, tool
from interop._demo._inputs import bad_input, example_input, is_valid, module_scenario


class Color(str, Enum):
    red = "red"
    blue = "blue"


class Point(BaseModel):
    x: Annotated[float, Field(gt=0, lt=1)]
    y: Annotated[int, Field(ge=10, multiple_of=5)]


class Window(TypedDict):
    start: dt.date
    end: dt.datetime


class Node(BaseModel):
    name: str
    children: list[Node] = []


@tool
def everything(
    code: Annotated[str, Field(pattern=r"^[A-Z]{3}$")],
    country: Annotated[str, Field(min_length=2, max_length=2)],
    email: Annotated[str, Field(json_schema_extra={"format": "email"})],
    when: dt.date,
    ident: uuid.UUID,
    color: Color,
    mode: Literal["fast", "slow"],
    points: Annotated[list[Point], Field(min_length=2, max_length=3)],
    window: Window,
    tree: Node,
    maybe: int | None,
    tags: Annotated[list[str], Field(max_length=0)],
    flag: bool,
) -> str:
    """Every kind of argument."""
    return "ok"


@tool(meta={"input_examples": [{"city": "Oslo"}]})
def weather(city: str) -> str:
    """Weather for a city."""
    if city != "Oslo":
        raise ValueError("only Oslo")
    return "rain"


def test_valid_input_honours_every_constraint() -> None:
    good = example_input(everything)
    assert good is not None and is_valid(everything, good)
    assert call(everything, good) == "ok"
    assert len(good["points"]) == 2 and good["tags"] == []


def test_the_tools_own_examples_come_first() -> None:
    assert example_input(weather) == {"city": "Oslo"}


def test_bad_input_is_rejected_by_the_schema_and_differs_in_one_argument() -> None:
    good = example_input(everything)
    assert good is not None
    bad = bad_input(everything, good)
    assert bad is not None and not is_valid(everything, bad)
    assert sorted(k for k in good if bad.get(k) != good[k]) == ["code"]


def test_a_tool_that_takes_anything_gets_no_bad_call() -> None:
    anything = standard_tool(name="anything", description="Takes anything.", execute=lambda args: args)
    assert example_input(anything) == {}
    assert bad_input(anything, {}) is None


def test_unbuildable_and_approval_tools_are_noted_not_called() -> None:
    impossible = standard_tool(
        name="impossible",
        description="No string matches.",
        input_schema={
            "type": "object",
            "properties": {"s": {"type": "string", "pattern": "^zz[0-9]{40}$"}},
            "required": ["s"],
        },
        execute=lambda args: args,
    )

    @tool(meta={"requires_approval": True})
    def dangerous(path: str) -> str:
        """Needs a human."""
        return path

    scenario = module_scenario("m", [impossible, dangerous, weather])
    assert [c.tool for c in scenario.calls] == ["weather", "weather"]
    assert [c.note for c in scenario.calls] == ["bad call", "corrected"]
    assert scenario.notes == (
        "impossible: not called (no valid input could be built; give it meta input_examples)",
        "dangerous: not called (it asks for approval)",
    )
    with pytest.raises(ValueError, match="no tool in 'm' could be called"):
        module_scenario("m", [impossible, dangerous])


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "minimum": 7, "maximum": 7},
        {"type": "number", "exclusiveMinimum": 100},
        {"type": "integer", "exclusiveMaximum": -3},
        {"type": "string", "minLength": 30},
        {"type": "string", "maxLength": 1},
        {"type": "string", "format": "date-time"},
        {"type": "string", "description": "A code such as XK-42", "pattern": "^[A-Z]{2}-[0-9]{2}$"},
        {"type": "array", "items": {"type": "boolean"}, "minItems": 3},
        {"anyOf": [{"type": "null"}, {"type": "string", "const": "x"}]},
        {"oneOf": [{"type": "string", "enum": ["a", "b"]}]},
        {"type": ["integer", "null"], "minimum": 2},
    ],
)
def test_each_keyword(schema: dict[str, Any]) -> None:
    t = standard_tool(
        name="t",
        description="d",
        input_schema={"type": "object", "properties": {"v": schema}, "required": ["v"]},
        execute=lambda args: args,
    )
    good = example_input(t)
    assert good is not None and is_valid(t, good), good
