"""Property-based paths: hypothesis builds tool input models from a grammar of supported types
(`pydantic.create_model`) together with arguments valid for them; through every target's native
call path the function receives the same value (the one the neutral validator produces) and the
model reads the same JSON result.

15 examples by default; 100 under `-m heavy`.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import itertools
from typing import Any, Literal, Optional

import pydantic
import pytest
from _harness import FRAMEWORKS, call_target, canon, convert, mcp_target
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import interop

_ids = itertools.count()

# (python type, strategy of JSON values valid for it)
LEAVES: list[tuple[Any, st.SearchStrategy[Any]]] = [
    (int, st.integers(-(10**12), 10**12)),
    (float, st.floats(allow_nan=False, allow_infinity=False, width=64)),
    (str, st.text(max_size=12)),
    (bool, st.booleans()),
    (Literal["red", "green", "blue"], st.sampled_from(["red", "green", "blue"])),
    (datetime.date, st.dates().map(lambda d: d.isoformat())),
]


def _model(fields: list[tuple[Any, st.SearchStrategy[Any]]]) -> tuple[Any, st.SearchStrategy[Any]]:
    names = [f"f{i}" for i in range(len(fields))]
    model = pydantic.create_model(  # type: ignore[call-overload]
        f"M{next(_ids)}", **{n: (t, ...) for n, (t, _) in zip(names, fields, strict=True)}
    )
    return model, st.fixed_dictionaries({n: s for n, (_, s) in zip(names, fields, strict=True)})


def _extend(children: st.SearchStrategy[tuple[Any, st.SearchStrategy[Any]]]) -> st.SearchStrategy[Any]:
    return st.one_of(
        children.map(lambda c: (list[c[0]], st.lists(c[1], max_size=3))),
        children.map(lambda c: (dict[str, c[0]], st.dictionaries(st.text(max_size=5), c[1], max_size=3))),
        children.map(lambda c: (Optional[c[0]], st.none() | c[1])),  # noqa: UP045 - runtime type
        st.lists(children, min_size=1, max_size=3).map(_model),
    )


TYPES = st.recursive(st.sampled_from(LEAVES), _extend, max_leaves=6)
TOOLS = st.lists(TYPES, min_size=0, max_size=4).map(_model)


def _probe(model: Any, received: list[Any]) -> Any:
    def run(value: Any, context: Any) -> Any:
        received.append((value.model_dump(mode="json"), context))
        return value.model_dump(mode="json")

    return interop.standard_tool(
        name="probe", description="Echo the arguments.", input_schema=model, execute=run
    )


async def _check(model: Any, args: dict[str, Any]) -> None:
    expected = model.model_validate(args).model_dump(mode="json")
    received: list[Any] = []
    tool = _probe(model, received)
    for framework in FRAMEWORKS:
        manager = mcp_target([tool]) if framework == "mcp" else contextlib.nullcontext(None)
        async with manager as mcp:
            native = "probe" if framework == "mcp" else convert(framework, tool)
            received.clear()
            out = await call_target(framework, native, args, {"k": framework}, mcp)
        assert not out.error, (framework, out.text)
        assert received == [(expected, {"k": framework})], framework
        assert canon(out.text) == expected, framework


def _property(max_examples: int) -> Any:
    @settings(max_examples=max_examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def prop(data: st.DataObject) -> None:
        model, args = data.draw(TOOLS)
        asyncio.run(_check(model, data.draw(args)))

    return prop


def test_mx_every_path_delivers_the_same_value() -> None:
    _property(15)()


@pytest.mark.heavy
def test_mx_every_path_delivers_the_same_value_exhaustive() -> None:
    _property(100)()
