"""Running awaitables from sync code, including from inside a running event loop."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Awaitable, Coroutine
from typing import Any, TypeVar

__all__ = ["run_sync"]

T = TypeVar("T")


async def _await(aw: Awaitable[T]) -> T:
    return await aw


def run_sync(aw: Awaitable[T]) -> T:
    """Run `aw` to completion from synchronous code.

    With no event loop running in this thread it uses `asyncio.run`. Inside a running loop (a
    sync call made from async code) it runs `aw` on a new thread with its own loop, carrying the
    caller's context variables. An awaitable bound to the outer loop (a client session, say)
    cannot run there: keep such tools on the framework's async path.
    """
    import asyncio  # lazy: asyncio (with ssl, sockets, logging) is a large share of `import interop`

    coro: Coroutine[Any, Any, T] = aw if asyncio.iscoroutine(aw) else _await(aw)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    ctx = contextvars.copy_context()
    box: dict[str, Any] = {}

    def worker() -> None:
        try:
            box["value"] = ctx.run(asyncio.run, coro)
        except BaseException as e:  # re-raised in the caller's thread
            box["error"] = e

    thread = threading.Thread(target=worker, name="interop-run-sync", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value
