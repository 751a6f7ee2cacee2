"""`call`/`acall` on sync and async tools, from sync code and from inside a running event loop."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any

import pytest

import interop
import interop.bridge
from interop.bridge import run_sync

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="none")


@interop.tool
def sync_add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@interop.tool
async def async_add(a: int, b: int) -> int:
    """Add two numbers, asynchronously."""
    await asyncio.sleep(0)
    return a + b


@interop.tool
async def whoami() -> str:
    """The request id seen by the tool."""
    await asyncio.sleep(0)
    return request_id.get()


def test_call_from_sync_code() -> None:
    assert interop.call(sync_add, {"a": 1, "b": 2}) == 3
    assert interop.call(async_add, {"a": 1, "b": 2}) == 3


@pytest.mark.anyio
async def test_call_inside_a_running_loop_async_tool() -> None:
    loop_thread = threading.get_ident()
    assert interop.call(async_add, {"a": 2, "b": 2}) == 4
    assert threading.get_ident() == loop_thread
    with pytest.raises(interop.StandardToolValidationError) as info:
        interop.call(async_add, {"a": "x", "b": 2})
    assert info.value.issues[0].path == ("a",)


@pytest.mark.anyio
async def test_call_inside_a_running_loop_sync_tool_runs_inline() -> None:
    seen: list[int] = []

    @interop.tool
    def where() -> int:
        seen.append(threading.get_ident())
        return 1

    assert interop.call(where, {}) == 1
    assert seen == [threading.get_ident()]
    assert interop.call(sync_add, {"a": 2, "b": 3}) == 5


@pytest.mark.anyio
async def test_call_inside_a_running_loop_keeps_context_variables() -> None:
    token = request_id.set("req-42")
    try:
        assert interop.call(whoami, {}) == "req-42"
    finally:
        request_id.reset(token)


@pytest.mark.anyio
async def test_acall_on_sync_and_async_tools() -> None:
    assert await interop.acall(sync_add, {"a": 1, "b": 1}) == 2
    assert await interop.acall(async_add, {"a": 1, "b": 1}) == 2
    token = request_id.set("async-ctx")
    try:
        assert await interop.acall(whoami, {}) == "async-ctx"
    finally:
        request_id.reset(token)


@pytest.mark.anyio
async def test_acall_thread_runs_a_sync_tool_off_the_loop_with_context_variables() -> None:
    loop_thread = threading.get_ident()
    seen: list[tuple[int, str]] = []

    @interop.tool
    def where() -> str:
        """Record the thread and request id."""
        seen.append((threading.get_ident(), request_id.get()))
        return "ok"

    token = request_id.set("req-7")
    try:
        assert await interop.acall(where, {}, threaded=True) == "ok"
        assert await interop.acall(where, {}) == "ok"
        assert await interop.acall(whoami, {}, threaded=True) == "req-7"  # async tools stay on the loop
    finally:
        request_id.reset(token)
    (worker, worker_ctx), (inline, inline_ctx) = seen
    assert worker != loop_thread and worker_ctx == "req-7"
    assert inline == loop_thread and inline_ctx == "req-7"
    with pytest.raises(interop.StandardToolValidationError):
        await interop.acall(sync_add, {"a": "x", "b": 1}, threaded=True)


@pytest.mark.anyio
async def test_errors_cross_the_worker_thread_unchanged() -> None:
    exc = interop.ToolError("nope")

    @interop.tool
    async def fail() -> None:
        raise exc

    with pytest.raises(interop.ToolError) as info:
        interop.call(fail, {})
    assert info.value is exc


def test_a_foreign_tool_whose_sync_execute_returns_an_awaitable() -> None:
    class Foreign:
        name = "foreign"
        title = None
        description = ""
        input_schema = None
        output_schema = None
        meta: dict[str, Any] = {}  # noqa: RUF012

        def execute(self, input: Any, context: Any = None) -> Any:
            async def later() -> Any:
                return (input, context)

            return later()

    ctx = object()
    foreign = Foreign()
    assert not interop.bridge.is_async_tool(foreign)
    result = interop.call(foreign, 1, ctx)
    assert result[0] == 1 and result[1] is ctx
    assert asyncio.run(interop.acall(foreign, 2, ctx)) == (2, ctx)


def test_run_sync_with_a_non_coroutine_awaitable() -> None:
    class Ready:
        def __await__(self) -> Any:
            yield from asyncio.sleep(0).__await__()
            return "done"

    assert run_sync(Ready()) == "done"


@pytest.mark.anyio
async def test_many_sync_calls_from_a_loop() -> None:
    results = [interop.call(async_add, {"a": i, "b": 1}) for i in range(20)]
    assert results == list(range(1, 21))
