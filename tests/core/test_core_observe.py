"""The pipeline's observation point (`interop._observe`): every call through an `Invoker`, sync or
async, direct or stepped, tells the installed observer once, before anything runs and with how it
ended; the context never reaches it; a nested call is begun inside the outer one's record."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from add_tools import aadd, add

import interop
from interop import bridge
from interop._observe import set_observer

CURRENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("current", default=None)


@dataclass
class Record:
    name: str
    call_id: str | None
    arguments: Any
    parent: str | None
    token: contextvars.Token[str | None]
    ended: list[tuple[str | None, str | None]] = field(default_factory=list)

    def end(self, outcome: bridge.Outcome | None, error: BaseException | None) -> None:
        CURRENT.reset(self.token)
        self.ended.append((outcome.status if outcome else None, type(error).__name__ if error else None))


@dataclass
class Observer:
    records: list[Record] = field(default_factory=list)

    def begin(self, tool: Any, name: str, call_id: str | None, arguments: Any) -> Record:
        record = Record(name, call_id, arguments, CURRENT.get(), CURRENT.set(name))
        self.records.append(record)
        return record


@pytest.fixture
def observer() -> Iterator[Observer]:
    observer = Observer()
    previous = set_observer(observer)
    yield observer
    set_observer(previous)


@interop.tool
def fails(a: int) -> int:
    """Fails."""
    raise interop.ToolError(f"no {a}")


@interop.tool(meta={"requires_approval": True})
def gated(a: int) -> int:
    """Gated."""
    return a


@interop.tool
def div(a: int) -> int:
    """Divide."""
    return 1 // a


def _invoker(tool: Any, **options: Any) -> bridge.Invoker:
    return bridge.Invoker(tool, name=tool.name, target="Test", options=bridge.Options(**options))


@pytest.mark.parametrize("tool", [add, aadd], ids=["sync", "async"])
def test_every_path_tells_the_observer_once(observer: Observer, tool: Any) -> None:
    invoker = _invoker(tool)
    assert invoker.invoke({"a": 1}, "SECRET-ctx", call_id="c1").value == 2
    assert asyncio.run(invoker.ainvoke('{"a": 2}', "SECRET-ctx")).value == 3
    assert invoker.invoke({"a": "x"}).status == "error"
    assert [(r.name, r.call_id, r.arguments, r.ended) for r in observer.records] == [
        (tool.name, "c1", {"a": 1}, [("ok", None)]),
        (tool.name, None, '{"a": 2}', [("ok", None)]),
        (tool.name, None, {"a": "x"}, [("error", None)]),
    ]
    assert "SECRET" not in repr(observer.records)


def test_denied_and_raised_calls_end_their_record(observer: Observer) -> None:
    invoker = _invoker(gated, approval=lambda request: False)
    assert invoker.invoke({"a": 1}).status == "denied"
    raising = _invoker(fails, errors="model-facing")
    assert raising.invoke({"a": 1}).status == "error"  # a ToolError is for the model in every mode
    with pytest.raises(ZeroDivisionError):
        _invoker(div, errors="model-facing").invoke({"a": 0})
    assert [r.ended for r in observer.records] == [
        [("denied", None)],
        [("error", None)],
        [(None, "ZeroDivisionError")],
    ]
    assert CURRENT.get() is None


def test_a_nested_call_begins_inside_the_outer_record(observer: Observer) -> None:
    inner = _invoker(add)

    @interop.tool
    async def outer(a: int) -> int:
        """Calls add."""
        return (await inner.ainvoke({"a": a})).value  # type: ignore[no-any-return]

    assert asyncio.run(_invoker(outer).ainvoke({"a": 1})).value == 2
    assert [(r.name, r.parent) for r in observer.records] == [("outer", None), ("add", "outer")]


def test_no_observer_no_record() -> None:
    observer = Observer()
    set_observer(observer)
    set_observer(None)
    assert _invoker(add).invoke({"a": 1}).value == 2
    assert observer.records == []
