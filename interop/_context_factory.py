"""`--context-factory PKG.MOD:FN`: one context object for a process's whole lifetime.

Used by `interop call`, `interop serve`, `interop demo` and `interop playground`. `FN()` is called once at start. When it returns a context manager (sync or async), it is entered
for the server's lifetime and the value it gives is the context; otherwise the returned object
(awaited, when it is awaitable) is the context. Every call of every tool gets that same object.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

__all__ = ["hold_context", "load_context_factory", "open_context"]


def load_context_factory(spec: str) -> Callable[[], Any]:
    """The callable `PKG.MOD:FN` names (a dotted attribute path after the colon works too)."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"--context-factory expects PKG.MOD:FN, got {spec!r}")
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"--context-factory: cannot import module {module_name!r}: {e}") from None
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"--context-factory: {module_name!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise ValueError(f"--context-factory: {spec!r} is not callable")
    factory: Callable[[], Any] = obj
    return factory


@asynccontextmanager
async def open_context(factory: Callable[[], Any] | None) -> AsyncIterator[Any]:
    """Call `factory` once and yield the context (entering it when it is a context manager)."""
    if factory is None:
        yield None
        return
    async with _entered(factory()) as context:
        yield context


@contextmanager
def hold_context(factory: Callable[[], Any] | None) -> Iterator[Any]:
    """`open_context` for synchronous code (`interop demo`, whose framework loops run their own
    event loops): `factory()` and a sync context manager it returns run on the calling thread; an
    async one (or an awaitable) is entered, and later exited, on an event loop of its own that runs
    on a helper thread for as long as the context is held."""
    if factory is None:
        yield None
        return
    value = factory()
    if not (hasattr(value, "__aenter__") or inspect.isawaitable(value)):
        with _entered_sync(value) as context:
            yield context
        return
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="interop-context", daemon=True)
    thread.start()
    held = _entered(value)

    def run(step: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(step, loop).result()

    try:
        context = run(held.__aenter__())
        try:
            yield context
        except BaseException as e:
            if not run(held.__aexit__(type(e), e, e.__traceback__)):
                raise
        else:
            run(held.__aexit__(None, None, None))
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()


@contextmanager
def _entered_sync(value: Any) -> Iterator[Any]:
    if hasattr(value, "__enter__") and hasattr(value, "__exit__"):
        with value as context:
            yield context
    else:
        yield value


@asynccontextmanager
async def _entered(value: Any) -> AsyncIterator[Any]:
    if hasattr(value, "__aenter__") and hasattr(value, "__aexit__"):
        async with value as context:
            yield context
    elif hasattr(value, "__enter__") and hasattr(value, "__exit__"):
        with value as context:
            yield context
    else:
        if inspect.isawaitable(value):
            value = await value
        yield value
