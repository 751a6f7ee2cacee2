"""`Invoker.validate_ahead`: a framework with a validation phase of its own (pydantic-ai's
`args_validator`) has the tool's own input schema validate there, and the call it then makes with
`ValidatedArguments` runs the function without validating again (the output is still checked).
Only a `@tool` function on the direct path can be taken apart (`keywords_call`); for any other
tool, and under an installed observer, the arguments come back as they are and the call validates."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Annotated, Any

import pytest
from pydantic import AfterValidator

import interop
from interop import bridge
from interop._invoke import ValidatedArguments
from interop._observe import set_observer
from interop.errors import StandardToolValidationError

SEEN: list[int] = []


def _seen(n: int) -> int:
    SEEN.append(n)
    return n


@interop.tool
async def add(a: Annotated[int, AfterValidator(_seen)], b: int = 1) -> int:
    """Add."""
    return a + b


@interop.tool
def add_sync(a: Annotated[int, AfterValidator(_seen)], b: int = 1) -> int:
    """Add, sync."""
    return a + b


@interop.tool
async def liar(a: int) -> int:
    """Says int, returns text."""
    return "text"  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def _no_observer() -> Iterator[None]:
    SEEN.clear()
    previous = set_observer(None)
    yield
    set_observer(previous)


def _invoker(tool: Any, **options: Any) -> bridge.Invoker:
    return bridge.Invoker(tool, name=tool.name, target="test", options=bridge.Options(**options))


def test_validated_once_ahead_and_the_call_runs_with_the_values() -> None:
    invoker = _invoker(add)
    assert invoker.validates_ahead
    args = invoker.validate_ahead('{"a": "2"}')  # JSON text, or decoded
    assert type(args) is ValidatedArguments and args == {"a": 2, "b": 1}
    assert invoker.validate_ahead({"a": 2}, decoded=True) == {"a": 2, "b": 1}
    outcome = asyncio.run(invoker.ainvoke(args))
    assert outcome.ok and outcome.value == 3
    assert SEEN == [2, 2]  # two validations for two validate_ahead calls; none in the call


def test_bad_arguments_raise_naming_the_tool_and_the_field() -> None:
    with pytest.raises(StandardToolValidationError) as raised:
        _invoker(add).validate_ahead({"a": "x", "zzz": 1}, decoded=True)
    assert raised.value.tool_name == "add"
    assert {issue.path for issue in raised.value.issues} == {("a",), ("zzz",)}


def test_the_output_is_still_checked() -> None:
    invoker = _invoker(liar)
    outcome = asyncio.run(invoker.ainvoke(invoker.validate_ahead({"a": 1}, decoded=True)))
    assert outcome.status == "error" and outcome.error_kind == "output"


def test_a_sync_function_only_inline() -> None:
    assert not _invoker(add_sync, threaded=True).validates_ahead  # the call runs on a worker thread
    invoker = _invoker(add_sync, threaded=False)
    assert invoker.validates_ahead
    outcome = asyncio.run(invoker.ainvoke(invoker.validate_ahead({"a": 4}, decoded=True)))
    assert outcome.ok and outcome.value == 5 and SEEN == [4]


def test_other_tools_and_an_observer_validate_in_the_call() -> None:
    plain = interop.standard_tool(name="plain", description="d", execute=lambda x: x, input_schema=dict)

    async def one(a: int) -> int:
        """One."""
        return a

    gated = interop.tool(meta={"requires_approval": True})(one)
    timed = interop.tool(meta={"timeout": 5})(one)
    for invoker in (
        _invoker(plain),
        _invoker(gated, approval=lambda request: True),
        _invoker(timed),
    ):
        args = {"a": 1}
        assert not invoker.validates_ahead and invoker.validate_ahead(args) is args

    class Observer:
        def begin(self, tool: Any, name: str, call_id: str | None, arguments: Any) -> Any:
            return self

        def end(self, outcome: Any, error: Any) -> None:
            pass

    set_observer(Observer())
    args = {"a": 1}
    assert _invoker(add).validate_ahead(args) is args and SEEN == []


def test_a_call_inside_an_approved_call_runs_as_not_approved() -> None:
    inner_saw: list[bool] = []

    @interop.tool
    async def inner() -> str:
        """Inner."""
        inner_saw.append(bridge.approved_call())
        return "inner ok"

    inner_invoker = _invoker(inner)
    assert inner_invoker.validates_ahead

    @interop.tool(meta={"requires_approval": True})
    async def outer() -> str:
        """Outer."""
        result = await inner_invoker.ainvoke(inner_invoker.validate_ahead({}))
        assert bridge.approved_call(outer.execute)  # the outer grant is left unclaimed
        return f"outer saw {result.value}"

    outcome = asyncio.run(_invoker(outer, approval=lambda request: True).ainvoke({}))
    assert outcome.ok and outcome.value == "outer saw inner ok"
    assert inner_saw == [False]


@interop.tool
async def plain_add(a: int, b: int = 1) -> int:
    """Add (parameters of JSON's own types)."""
    return a + b


@interop.tool
async def pair(a: int) -> dict[str, int]:
    """A dict."""
    return {"a": a}


def test_json_text_in_one_pass_for_json_s_own_types_else_none() -> None:
    invoker = _invoker(plain_add)
    args = invoker.validate_ahead_json('{"a": "2"}')
    assert type(args) is ValidatedArguments and args == {"a": 2, "b": 1}
    for text in ('{"a": "x"}', '{"a": 1, "zzz": 1}', "[1]", "{", ""):  # the caller's usual way reports it
        assert invoker.validate_ahead_json(text) is None
    assert _invoker(add).validate_ahead_json('{"a": 2}') is None  # a function validator: not one pass
    assert SEEN == []
    assert _invoker(plain_add, threaded=True).validate_ahead_json('{"a": 2}') is not None  # async: inline


def test_ainvoke_value_gives_a_scalar_itself_and_an_outcome_for_anything_else() -> None:
    invoker = _invoker(plain_add, context=lambda native: 1 / 0)  # the function takes no context
    assert asyncio.run(invoker.ainvoke_value(invoker.validate_ahead({"a": 2}), "native", call_id="c")) == 3
    with pytest.raises(ZeroDivisionError):  # not validated ahead: the hook is asked
        asyncio.run(invoker.ainvoke({"a": 2}, "native"))
    other = _invoker(pair)
    outcome = asyncio.run(other.ainvoke_value(other.validate_ahead({"a": 2})))
    assert type(outcome) is bridge.Outcome and outcome.ok and outcome.value == {"a": 2}
    outcome = asyncio.run(_invoker(plain_add).ainvoke_value({"a": 2}))  # a plain dict: validated in the call
    assert type(outcome) is bridge.Outcome and outcome.ok and outcome.value == 3
    bad = _invoker(liar)
    outcome = asyncio.run(bad.ainvoke_value(bad.validate_ahead({"a": 1})))
    assert type(outcome) is bridge.Outcome and outcome.error_kind == "output"
