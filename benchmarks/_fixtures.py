"""The function every framework benchmark converts, and the arguments its calls send: one
definition, so every suite measures the same tool (`add_ints`: the smallest tool, an integer
result, for the suites that measure the call path's fixed cost).

The annotations are postponed (`from __future__ import annotations`), as they were in the suites
that defined these functions before; the docstring has an `Args:` section because some
frameworks require one (smolagents' `@tool`). Note that a framework that reads a native tool's
type hints on every call pays for resolving the strings: `add_typed` and `add_async_typed` are
copies with the types themselves, as a module written without the `__future__` import has them
(Haystack's `_get_func_params`; Agno's native call is ~30% slower with string annotations).
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

ARGS = {"a": 2, "b": 3, "label": "sum"}
ARGS_JSON = json.dumps(ARGS)
"""`ARGS` as the JSON text a model sends."""


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return {label: a + b}


async def add_async(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return {label: a + b}


def add_ints(a: int, b: int = 1) -> int:
    """Add two integers."""
    return a + b


async def add_ints_async(a: int, b: int = 1) -> int:
    """Add two integers."""
    return a + b


def _resolved(fn: F) -> F:
    """A copy of `fn` whose `__annotations__` are the types, not their postponed strings."""
    copy = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    copy.__kwdefaults__ = fn.__kwdefaults__
    copy.__doc__ = fn.__doc__
    copy.__qualname__ = fn.__qualname__
    copy.__module__ = fn.__module__
    copy.__annotations__ = typing.get_type_hints(fn)
    return typing.cast(F, copy)


add_typed, add_async_typed = _resolved(add), _resolved(add_async)
