"""The origin stash: each conversion remembers the object it came from.

`to_X(t)` records `t` on the native object; `from_X(native)` records `native` on the neutral
tool. So `from_X(to_X(t)) is t` and `to_X(from_X(n)) is n`, and a tool that travels through
several frameworks comes home as the very same object.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

__all__ = ["ORIGIN_ATTR", "get_origin", "set_origin"]

T = TypeVar("T")
ORIGIN_ATTR = "__interop_origin__"


def set_origin(carrier: Any, origin: Any) -> None:
    """Record `origin` on `carrier` (works on frozen dataclasses and plain objects)."""
    object.__setattr__(carrier, ORIGIN_ATTR, origin)


@overload
def get_origin(carrier: Any) -> Any: ...
@overload
def get_origin(carrier: Any, kind: type[T] | tuple[type[T], ...]) -> T | None: ...
def get_origin(carrier: Any, kind: Any = None) -> Any:
    """The object `carrier` was converted from, if any (and if it is an instance of `kind`)."""
    try:
        origin = object.__getattribute__(carrier, ORIGIN_ATTR)
    except AttributeError:
        return None
    if kind is not None and not isinstance(origin, kind):
        return None
    return origin
