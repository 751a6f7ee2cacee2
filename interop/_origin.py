"""The origin stash: each conversion remembers the object it came from.

`to_X(t)` records `t` on the native object (an attribute of the framework's object); `from_X(n)`
records `n` for the neutral tool it returns (in a registry keyed by that very object, so nothing
is set on the frozen tool). `get_origin` gives a neutral tool's native object back only while the
tool is exactly what `from_X` returned: a tool derived from it (a wrapper, a transform, a
`dataclasses.replace`) is a different object, and a mutated `meta` no longer matches, so neither
is ever replaced by the native object on the way home.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any, TypeVar, overload

from ._tool import StandardTool

__all__ = ["ORIGIN_ATTR", "get_origin", "set_origin"]

T = TypeVar("T")
ORIGIN_ATTR = "__interop_origin__"
"""The attribute under which a native object records the neutral tool it was made from."""

_neutral_origins: weakref.WeakKeyDictionary[Any, tuple[Any, dict[str, Any]]] = weakref.WeakKeyDictionary()


def _is_neutral(carrier: Any) -> bool:
    return isinstance(carrier, StandardTool)


def set_origin(carrier: Any, origin: Any) -> None:
    """Record that `carrier` was converted from `origin`."""
    if _is_neutral(carrier):
        _neutral_origins[carrier] = (origin, dict(carrier.meta))
    else:
        object.__setattr__(carrier, ORIGIN_ATTR, origin)


@overload
def get_origin(carrier: Any) -> Any: ...
@overload
def get_origin(carrier: Any, kind: type[T] | tuple[type[T], ...]) -> T | None: ...
def get_origin(carrier: Any, kind: Any = None) -> Any:
    """The object `carrier` was converted from (if it is an instance of `kind`), else None.

    For a neutral tool: only while it is unchanged since the conversion (its `meta` compares
    equal to what it was then).
    """
    # (no weak reference made for the lookup while no neutral tool has an origin: the usual case)
    entry = _neutral_origins.get(carrier) if _neutral_origins and _is_neutral(carrier) else None
    if entry is not None:
        origin, meta = entry
        if not isinstance(carrier.meta, Mapping) or dict(carrier.meta) != meta:
            return None
    else:
        try:
            origin = object.__getattribute__(carrier, ORIGIN_ATTR)
        except AttributeError:
            return None
    if kind is not None and not isinstance(origin, kind):
        return None
    return origin
