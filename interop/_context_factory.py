"""`--context-factory PKG.MOD:FN`: one context object for a process's whole lifetime.

Used by `interop call`, `interop serve` and `interop playground`. `FN()` is called once at start. When it returns a context manager (sync or async), it is entered
for the server's lifetime and the value it gives is the context; otherwise the returned object
(awaited, when it is awaitable) is the context. Every call of every tool gets that same object.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

__all__ = ["load_context_factory", "open_context"]


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
    value = factory()
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
