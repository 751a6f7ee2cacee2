"""Validators shared by tools of one shape.

A catalog repeats argument shapes: the operations of an OpenAPI document that take the same
parameters, the tools of a toolkit written to one signature, consumed tool lists. Two tools whose
validation is the same share one validator (a `jsonschema` validator, a pydantic model and its
adapter), built on the first call of either; none of it names a tool (each tool's call path adds
its own name to the error it raises).

Two things make a shape:

- `json_shape`: a raw JSON Schema's exact canonical JSON (keys sorted; `1`, `1.0` and `true`
  told apart; titles and descriptions included), as a digest. Only plain JSON (dicts with string
  keys, lists, strings, numbers, booleans, null) has one: anything else is never shared.
- `type_key`, `value_key`, `field_key`: what a pydantic model's validation depends on, read off
  the types, defaults and `Field(...)`s of its fields, in order (`int | str` is not `str | int`),
  without what only describes (`description`, `title`, `examples`, `json_schema_extra`). A part
  this module does not know (a `ForwardRef`, a mutable default, an object of its own) raises
  `Unshareable`: that tool keeps a validator of its own.

`SharedCache` holds what is shared weakly: an entry lives while a tool (or anything else) holds
it, and goes with the last of them.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import types
import typing
import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["SharedCache", "Unshareable", "field_key", "json_shape", "type_key", "value_key"]

V = TypeVar("V")


class Unshareable(Exception):
    """A part of a shape this module cannot compare exactly: the tool's validator is its own."""


class SharedCache(Generic[V]):
    """Shape key -> the one value built for it, held weakly (the tools using it keep it alive)."""

    __slots__ = ("_entries", "_lock")

    def __init__(self) -> None:
        self._entries: weakref.WeakValueDictionary[Hashable, V] = weakref.WeakValueDictionary()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], V]) -> V:
        """The value for `key`, built by `build` when none is alive (built outside the lock: two
        threads may both build one, the first stored wins and both get it; a build that raises
        stores nothing)."""
        with self._lock:
            found = self._entries.get(key)
        if found is not None:
            return found
        made = build()
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                return found
            self._entries[key] = made
        return made

    def __len__(self) -> int:
        return len(self._entries)


# ---------------------------------------------------------------------------------------------- JSON


def json_shape(schema: Any) -> tuple[bytes, dict[str, Any]] | None:
    """A digest of `schema`'s canonical JSON and a deep copy of it (what a shared validator may
    keep: nobody else holds it), or None when `schema` is not plain JSON."""
    import hashlib
    import json

    copy = _plain_copy(schema)
    if copy is _NOT_JSON or type(copy) is not dict:
        return None
    try:
        text = json.dumps(copy, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except ValueError:  # NaN or an infinity
        return None
    return hashlib.sha256(text.encode()).digest(), copy


_NOT_JSON: Any = object()


def _plain_copy(value: Any) -> Any:
    """A deep copy of `value` when it is plain JSON (exact types: no tuples, no subclasses, string
    keys), else `_NOT_JSON`."""
    kind = type(value)
    if kind is dict:
        out: dict[str, Any] = {}
        for k, v in value.items():
            item = _plain_copy(v)
            if item is _NOT_JSON or type(k) is not str:
                return _NOT_JSON
            out[k] = item
        return out
    if kind is list:
        items: list[Any] = []
        for v in value:
            item = _plain_copy(v)
            if item is _NOT_JSON:
                return _NOT_JSON
            items.append(item)
        return items
    if kind in _JSON_SCALARS:
        return value
    return _NOT_JSON


_JSON_SCALARS = (str, int, float, bool, type(None))


# ---------------------------------------------------------------------------------------------- Python types

_DESCRIBING = frozenset({"description", "title", "examples", "json_schema_extra"})
"""`Field(...)` attributes that change a field's JSON Schema and never its validation."""


def type_key(tp: Any) -> Hashable:
    """A key equal for two annotations exactly when pydantic validates them alike (classes by
    identity, generic arguments in order, `Annotated` metadata by `field_key`/`value_key`)."""
    if tp is typing.Any or tp is None or tp is type(None):
        return ("atom", tp)
    origin = typing.get_origin(tp)
    if origin is not None:
        args = typing.get_args(tp)
        if origin is typing.Literal:
            return ("literal", tuple(value_key(a) for a in args))
        if origin is typing.Annotated:
            base, *metadata = args
            return ("annotated", type_key(base), tuple(_metadata_key(m) for m in metadata))
        return ("generic", type(tp), origin, tuple(type_key(a) for a in args))
    if isinstance(tp, type) and not isinstance(tp, types.GenericAlias):
        return ("class", tp)
    raise Unshareable(tp)


def value_key(value: Any) -> Hashable:
    """A key equal for two values exactly when they are the same immutable value (`1`, `1.0`,
    `True` and `-0.0`/`0.0` told apart); functions and classes by identity."""
    kind = type(value)
    if kind in _JSON_SCALARS or kind is bytes:
        return ("value", kind, repr(value))
    if value is ...:
        return ("required",)
    if isinstance(value, enum.Enum):
        return ("enum", value)
    if kind is tuple or kind is frozenset:
        inner = tuple(value_key(v) for v in value)
        return ("tuple", kind, inner if kind is tuple else frozenset(inner))
    if isinstance(value, type) or typing.get_origin(value) is not None:
        return ("type", type_key(value))
    if kind in (types.FunctionType, types.BuiltinFunctionType, types.MethodType):
        return ("function", value)
    raise Unshareable(value)


def field_key(field: Any) -> Hashable:
    """A pydantic `FieldInfo`'s key: the attributes set on it that validate (not those that only
    describe) and its metadata (constraints, validators)."""
    attributes = tuple(
        (name, value_key(value))
        for name, value in sorted(field._attributes_set.items())
        if name not in _DESCRIBING
    )
    return ("field", attributes, tuple(_metadata_key(m) for m in field.metadata))


def _metadata_key(item: Any) -> Hashable:
    """`Annotated` metadata: a `FieldInfo`, a constraint or validator object (a dataclass, as
    `annotated_types` and pydantic's functional validators are), pydantic's general metadata."""
    from pydantic.fields import FieldInfo

    if type(item) is FieldInfo:
        return field_key(item)
    if isinstance(item, str):  # a description written as `Annotated[T, "text"]`
        return ("text",)
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        return (
            "dataclass",
            type(item),
            tuple((f.name, value_key(getattr(item, f.name))) for f in dataclasses.fields(item)),
        )
    if type(item).__name__ == "_PydanticGeneralMetadata":
        return ("general", tuple((k, value_key(v)) for k, v in sorted(vars(item).items())))
    raise Unshareable(item)
