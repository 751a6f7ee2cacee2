"""`from_google_adk` of a plain `FunctionTool` builds its declaration itself (`_declaration.py`: each
parameter's schema built once and shared between tools, the response schema only where ADK keeps
it): it must be exactly what ADK's own `FunctionTool._get_declaration()` declares, for the Gemini
API and for Vertex AI, and whatever ADK declares another way (its subclasses, the JSON-schema
feature off, a pydantic model as the function, a type pydantic refuses) is left to ADK."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import json
from collections.abc import AsyncGenerator, Callable, Iterator
from typing import Annotated, Any, Literal, Optional

import pydantic
import pytest
from typing_extensions import TypedDict

pytest.importorskip("google.adk")

from google.adk.features import FeatureName
from google.adk.features._feature_registry import temporary_feature_override
from google.adk.tools import FunctionTool, LongRunningFunctionTool
from google.adk.tools.tool_context import ToolContext

import interop
from interop.google_adk import from_google_adk
from interop.google_adk._declaration import declared
from interop.google_adk._from import _schema_of


class Tint(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


class Inner(pydantic.BaseModel):
    size: int = 1


class Box(pydantic.BaseModel):
    """A box."""

    label: str
    inner: Inner = Inner()


class Arguments(pydantic.BaseModel):  # named as the cache's one-field model
    x: int


class collidingParams(pydantic.BaseModel):
    y: int


@dataclasses.dataclass
class Point:
    x: float
    y: float = 0.0


class Pair(TypedDict):
    a: int
    b: str


class Opaque:  # no pydantic schema
    pass


# the four shapes of benchmarks/_fw_rows.functions


def forecast(city: str, days: int = 1, units: str = "c") -> str:
    """Forecast for a city.

    Args:
        city: The city.
        days: How many days ahead.
        units: c or f.
    """
    return city


def add(a: int, b: int = 1) -> int:
    """Add two numbers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


def search(query: str, limit: int = 10, tags: list[str] | None = None) -> list[str]:
    """Search the catalogue.

    Args:
        query: Words to look for.
        limit: The most results to return.
        tags: Only items with these tags.
    """
    return [query]


def mark(item_id: int, note: str = "", urgent: bool = False) -> dict[str, int]:
    """Flag an item for review.

    Args:
        item_id: The item.
        note: Why.
        urgent: Whether it cannot wait.
    """
    return {"item_id": item_id}


def paint(
    tint: Tint,
    span: tuple[int, str],
    day: datetime.date = datetime.date(2020, 1, 1),
    mode: Literal["a", "b"] = "a",
    shade: Tint = Tint.DARK,
) -> None:
    """Paint."""


def rated(
    stars: Annotated[int, pydantic.Field(ge=1, description="How many.")], tint: Tint | None = None
) -> str:
    return ""


def aliased(x: Annotated[int, pydantic.Field(alias="why", description="An x.")] = 3) -> int:
    return x


def optional(note: Optional[str] = None, count: int | None = None, ratio: float = 0.5) -> str | None:  # noqa: UP045 - both spellings
    return note


def boxed(box: Box, boxes: list[Box] = [], by_name: dict[str, Box] | None = None) -> Box:
    return box


def two_defs(box: Box, tint: Tint, point: Point) -> Point:
    return point


def arguments(args: Arguments) -> int:
    return args.x


def colliding(p: collidingParams, q: int = 2) -> int:
    return q


def shapes(point: Point, pair: Pair, stamps: set[int] | None = None, raw: Any = None) -> Pair:
    return pair


def transfer(amount: int, to: str, tool_context: ToolContext) -> dict[str, Any]:
    """Transfer money.

    Args:
        amount: How much.
        to: Who gets it.
    """
    return {}


def context_by_type(q: str, ctx: ToolContext, input_stream: Any = None) -> str:
    """The context parameter found by its type, `input_stream` left out."""
    return q


def bare(a, b=2, *args, **kwargs):  # type: ignore[no-untyped-def]
    return a


def nothing() -> int:
    """No parameters."""
    return 1


def only_context(tool_context: ToolContext) -> None:
    """Only ADK's context."""


async def fetch(url: str, retries: int = 3, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Fetch a page (async).

    Args:
        url: Where.
        retries: How often to try again.
        headers: Extra headers.
    """
    return {}


async def stream(q: str) -> AsyncGenerator[str, None]:
    """Stream words."""
    yield q


def generate(q: str, n: int = 2) -> Iterator[int]:
    yield n


def variadic(*args: int, k: int = 2, **kw: str) -> int:
    return k


def positional(a: int, /, b: str = "x", *, c: bool = True) -> bool:
    return c


class Adder:
    """Adds numbers (a callable object)."""

    def __call__(self, a: int, b: int = 1) -> int:
        return a + b


def unresolved(x: Missing) -> int:  # type: ignore[name-defined]  # noqa: F821 - an annotation nothing defines
    return 1


FUNCTIONS: list[Callable[..., Any]] = [
    forecast,
    add,
    search,
    mark,
    paint,
    rated,
    aliased,
    optional,
    boxed,
    two_defs,
    arguments,
    colliding,
    shapes,
    transfer,
    context_by_type,
    bare,
    nothing,
    only_context,
    fetch,
    stream,
    generate,
    variadic,
    positional,
    Adder(),
    functools.partial(forecast, units="f"),
    unresolved,
]


def _id(fn: Any) -> str:
    return getattr(fn, "__name__", None) or type(fn).__name__


def _dump(value: Any) -> str:
    return json.dumps(value, default=repr)


@pytest.fixture(params=["GEMINI_API", "VERTEX_AI"])
def variant(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("GOOGLE_GENAI_USE_ENTERPRISE", "true" if request.param == "VERTEX_AI" else "false")
    return str(request.param)


def _adks_own(tool: FunctionTool) -> tuple[Any, ...]:
    declaration = tool._get_declaration()
    assert declaration is not None
    return (
        tool.description or declaration.description,
        _schema_of(declaration.parameters_json_schema, declaration.parameters),
        _schema_of(declaration.response_json_schema, declaration.response),
    )


@pytest.mark.parametrize("fn", FUNCTIONS, ids=_id)
def test_a_function_tools_declaration_is_adks_own(fn: Callable[..., Any], variant: str) -> None:
    tool = FunctionTool(fn)
    assert FunctionTool(fn)._api_variant.value == variant
    expected = _dump(_adks_own(tool))
    ours = declared(tool)
    assert ours is not None
    assert _dump(tuple(ours)) == expected
    again = declared(FunctionTool(fn))  # built from the shared, cached parts
    assert again is not None
    assert _dump(tuple(again)) == expected
    if variant == "GEMINI_API":
        assert ours.response_json_schema is None  # ADK drops it there
    elif fn is forecast:
        assert ours.response_json_schema == {"type": "string"}


class AsADKDeclares(FunctionTool):
    """A subclass with its own `_get_declaration` (ADK's): `from_google_adk` asks it."""

    def _get_declaration(self) -> Any:
        return super()._get_declaration()


@pytest.mark.parametrize("fn", [forecast, search, paint, rated, boxed, transfer, fetch, nothing], ids=_id)
def test_the_converted_tool_is_as_before(fn: Callable[..., Any], variant: str) -> None:
    """Name, description, title, meta (approval, long running, carried meta) and both schemas, as
    when ADK declares the tool itself."""
    tools = []
    for kind in (FunctionTool, AsADKDeclares):
        native = kind(fn, require_confirmation=True)
        native.custom_metadata = {"team": "x", "interop": {"title": "A title"}}
        tools.append(from_google_adk(native))
    assert declared(AsADKDeclares(fn)) is None
    ours, theirs = tools
    assert ours.name == theirs.name
    assert ours.description == theirs.description
    assert ours.title == theirs.title == "A title"
    assert _dump(ours.meta) == _dump(theirs.meta)
    assert ours.meta["requires_approval"] is True and ours.meta["team"] == "x"
    assert _dump(interop.input_json_schema(ours)) == _dump(interop.input_json_schema(theirs))
    assert _dump(interop.output_json_schema(ours)) == _dump(interop.output_json_schema(theirs))


def test_what_adk_declares_otherwise_is_left_to_adk(variant: str) -> None:
    long_running = LongRunningFunctionTool(forecast)  # ADK adds a note to its description
    assert declared(long_running) is None
    converted = from_google_adk(long_running)
    declaration = long_running._get_declaration()
    assert declaration is not None
    assert converted.description == long_running.description
    assert converted.meta["long_running"] is True

    with temporary_feature_override(FeatureName.JSON_SCHEMA_FOR_FUNC_DECL, False):  # ADK's older Schema
        assert declared(FunctionTool(forecast)) is None
        older = FunctionTool(forecast)
        declaration = older._get_declaration()
        assert declaration is not None and declaration.parameters is not None
        assert _dump(interop.input_json_schema(from_google_adk(older))) == _dump(
            _schema_of(declaration.parameters_json_schema, declaration.parameters)
        )

    assert declared(FunctionTool(Box)) is None  # a pydantic model as the function

    def refused(thing: Opaque) -> int:  # pydantic has no schema for it: ADK's own error
        return 1

    with pytest.raises(Exception) as adks:
        FunctionTool(refused)._get_declaration()
    assert declared(FunctionTool(refused)) is None
    with pytest.raises(type(adks.value)):
        from_google_adk(FunctionTool(refused))


def test_a_converted_plain_function_tool_runs() -> None:
    converted = from_google_adk(FunctionTool(add))
    assert interop.call(converted, {"a": 2, "b": 3}) == 5
    with pytest.raises(interop.StandardToolValidationError):
        interop.call(converted, {"a": "two"})
