"""`from_google_genai` of a plain function builds its `parameters_json_schema` itself (each
annotation's schema built once, shared between tools): it must be exactly what google-genai's own
`FunctionDeclaration.from_callable_with_api_option(..., use_json_schema=True)` builds, and where
google-genai would do something else (a pydantic model or TypedDict parameter, a missing
annotation, a return type it refuses) the adapter asks google-genai instead."""

from __future__ import annotations

import datetime
import enum
import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypedDict

import pydantic
import pytest
from google.genai import types

import interop
from interop.google_genai import from_google_genai
from interop.google_genai._from import _signature_schema


class Tint(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


class Box(pydantic.BaseModel):
    x: int = 1


class Pair(TypedDict):
    a: int


def forecast(city: str, days: int = 1, units: str = "c") -> str:
    return city


def search(query: str, limit: int = 10, tags: list[str] | None = None) -> list[str]:
    return []


def mark(item_id: int, note: str = "", urgent: bool = False) -> dict[str, int]:
    return {}


def paint(
    tint: Tint,
    span: tuple[int, str],
    day: datetime.date = datetime.date(2020, 1, 1),
    mode: Literal["a", "b"] = "a",
) -> None:
    return None


def rated(
    stars: Annotated[int, pydantic.Field(ge=1, description="How many.")], tint: Tint | None = None
) -> None:
    return None


def variadic(*args: int, k: int = 2, **kw: str) -> int:
    return 1


def boxed(box: Box) -> int:
    return 1


def paired(pair: Pair) -> int:
    return 1


def _native(fn: Callable[..., Any]) -> dict[str, Any] | None:
    declared = types.FunctionDeclaration.from_callable_with_api_option(callable=fn, use_json_schema=True)
    return declared.parameters_json_schema  # type: ignore[return-value]


@pytest.mark.parametrize("fn", [forecast, search, mark, paint, rated, variadic], ids=lambda f: f.__name__)
def test_a_plain_functions_schema_is_google_genais_own(fn: Callable[..., Any]) -> None:
    expected = json.dumps(_native(fn), default=repr)
    assert json.dumps(_signature_schema(fn), default=repr) == expected
    assert json.dumps(_signature_schema(fn), default=repr) == expected  # built from the shared parts again
    converted = from_google_genai(fn)
    assert (
        interop.input_json_schema(converted)["properties"].keys() == json.loads(expected)["properties"].keys()
    )


@pytest.mark.parametrize("fn", [boxed, paired], ids=lambda f: f.__name__)
def test_what_google_genai_declares_otherwise_is_left_to_google_genai(fn: Callable[..., Any]) -> None:
    with pytest.raises(Exception):  # any refusal: the adapter then asks google-genai
        _signature_schema(fn)
    try:
        native = _native(fn)
    except ValueError as refused:  # google-genai refuses it: the conversion says what google-genai says
        with pytest.raises(ValueError) as ours:
            from_google_genai(fn)
        assert str(ours.value) == str(refused)
        return
    converted = from_google_genai(fn)
    assert interop.input_json_schema(converted)["properties"].keys() == (native or {})["properties"].keys()
