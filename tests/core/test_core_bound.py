"""`BoundContext`: the context an application binds around a run (each `run_context(obj)`)."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any

import pytest

import interop
from interop.bridge import BoundContext, Invoker, Options

_UNSET: Any = object()


class Handle:
    """A live object (no serialization: passed by identity)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


def test_bound_inside_the_block_only() -> None:
    slot = BoundContext("test")
    handle = Handle()
    assert slot.get() is None
    assert slot.get(_UNSET) is _UNSET
    with slot.bind(handle):
        assert slot.get() is handle
    assert slot.get(_UNSET) is _UNSET


def test_a_bound_none_is_told_from_nothing_bound() -> None:
    slot = BoundContext("test")
    with slot.bind(None):
        assert slot.get(_UNSET) is None


def test_nested_blocks_restore_the_outer_value_even_on_error() -> None:
    slot = BoundContext("test")
    outer, inner = Handle(), Handle()
    with slot.bind(outer):
        with pytest.raises(RuntimeError), slot.bind(inner):
            assert slot.get() is inner
            raise RuntimeError("boom")
        assert slot.get() is outer


def test_slots_of_two_adapters_are_independent() -> None:
    a, b = BoundContext("a"), BoundContext("b")
    with a.bind("A"):
        assert b.get() is None


def test_tasks_and_context_copying_threads_see_it_other_blocks_do_not() -> None:
    slot = BoundContext("test")
    handle = Handle()

    async def read() -> Any:
        await asyncio.sleep(0)
        return slot.get()

    async def runs() -> tuple[Any, Any, Any]:
        with slot.bind(handle):
            task = asyncio.create_task(read())
            threaded = await asyncio.to_thread(slot.get)
        unbound = await asyncio.create_task(read())
        return await task, threaded, unbound

    assert asyncio.run(runs()) == (handle, handle, None)
    seen: list[Any] = []
    with slot.bind(handle):
        ctx = contextvars.copy_context()
    thread = threading.Thread(target=lambda: seen.append(ctx.run(slot.get)))
    thread.start()
    thread.join()
    assert seen == [handle]


def test_the_tool_receives_the_bound_object_through_the_pipeline() -> None:
    """What an adapter does with it: the bound object is the `native` its context hook maps."""
    slot = BoundContext("test")
    handle = Handle()

    @interop.tool(context="ctx")
    def whoami(ctx: Any) -> bool:
        """Is the context the bound handle?"""
        return ctx is handle

    invoker = Invoker(whoami, name="whoami", target="a test", options=Options(), context=lambda bound: bound)
    with slot.bind(handle):
        outcome = invoker.invoke({}, slot.get())
    assert outcome.status == "ok"
    assert outcome.value is True
