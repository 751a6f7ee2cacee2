"""`interop._arguments_schema.arguments_schema` (what Semantic Kernel's and Agno's `from_X` build a
native function's schema with) gives exactly pydantic's schema of the whole arguments model,
assembled from per-parameter pieces it caches: asked twice (the second time from the cache), for
defaults that look alike (`1`, `True`, `1.0`, `-0.0`), nested models sharing `$defs`, enums,
`Annotated` constraints and descriptions, `Literal`, optional and list parameters."""

from __future__ import annotations

import enum
import json
from typing import Annotated, Any, Literal

import pydantic
import pytest

from interop._arguments_schema import Field, arguments_schema


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Point(pydantic.BaseModel):
    x: int = 1
    color: Color = Color.RED


class Shape(pydantic.BaseModel):
    corner: Point
    others: list[Point] = []


CASES: dict[str, list[Field]] = {
    "scalars": [
        ("a", int, True, None),
        ("b", str, False, "x"),
        ("c", float, False, -0.0),
        ("d", bool, False, True),
    ],
    "look-alike defaults": [("x", int, False, True), ("y", int, False, 1), ("z", float, False, 1.0)],
    "models and enums": [
        ("p", Point, True, None),
        ("s", Shape | None, False, None),
        ("e", Color, False, Color.RED),
    ],
    "one model": [("p", Point, True, None), ("k", int, False, 1)],
    "annotated": [
        ("n", Annotated[int, pydantic.Field(ge=1, description="How many.")], True, None),
        ("label", Annotated[str, "a plain note"], False, ""),
    ],
    "literal and lists": [
        ("mode", Literal["a", "b"], False, "a"),
        ("ids", list[int], False, [1]),
        ("tags", set[str], True, None),
    ],
    "no parameters": [],
}


def _pydantic(fields: list[Field]) -> dict[str, Any]:
    definitions: dict[str, Any] = {
        name: (kind, ... if required else default) for name, kind, required, default in fields
    }
    return dict(pydantic.create_model("Arguments", **definitions).model_json_schema())


@pytest.mark.parametrize("name", list(CASES))
def test_the_assembled_schema_is_pydantics_schema_of_the_whole_model(name: str) -> None:
    fields = CASES[name]
    expected = json.dumps(_pydantic(fields))
    first = arguments_schema(fields)
    assert json.dumps(first) == expected
    first.setdefault("properties", {})["intruder"] = {"type": "string"}  # the caller's to change
    assert json.dumps(arguments_schema(fields)) == expected  # from the cache, untouched


def test_defaults_that_compare_equal_are_not_confused() -> None:
    assert arguments_schema([("x", int, False, True)])["properties"]["x"]["default"] is True
    assert arguments_schema([("x", int, False, 1)])["properties"]["x"]["default"] == 1
    assert type(arguments_schema([("x", int, False, 1)])["properties"]["x"]["default"]) is int
    assert type(arguments_schema([("x", float, False, 1.0)])["properties"]["x"]["default"]) is float
