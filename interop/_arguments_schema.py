"""`arguments_schema`: the pydantic JSON Schema of a model of a function's parameters,
`pydantic.create_model("Arguments", **fields).model_json_schema()`, from a per-parameter cache.

Adapters that read a native function's schema from its Python types (Semantic Kernel's methods,
Agno's functions) build that model for each tool; pydantic then takes most of a conversion's time
while functions share their parameters. Here each parameter's own one-field model schema is
cached by (name, type, required, default), and a function's schema is assembled from them: the
same schema as the whole model's, since a field's schema does not depend on the others' except
through shared `$defs` (the whole model is built when two parameters have `$defs`). A default
that is not a plain scalar (`None`, `str`, `int`, `float`, `bool`, keyed with its type and
`repr`, so `1`, `True` and `1.0` stay apart) or a type that cannot be hashed is not cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pydantic

from ._jsoncopy import copy_json

__all__ = ["Field", "arguments_schema"]

Field = tuple[str, Any, bool, Any]
"""A parameter: (name, type, required, default; the default is ignored when required)."""

_SCALARS = (type(None), str, int, float, bool)
_CACHE: dict[Any, dict[str, Any]] = {}
_CACHE_MAX = 1024


def _model_schema(fields: Sequence[Field]) -> dict[str, Any]:
    definitions: dict[str, Any] = {
        name: (kind, ... if required else default) for name, kind, required, default in fields
    }
    return dict(pydantic.create_model("Arguments", **definitions).model_json_schema())


def _key(field: Field) -> Any:
    name, kind, required, default = field
    if required:
        default = None
    if type(default) not in _SCALARS:
        return None
    key = (name, kind, bool(required), type(default), repr(default))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _one(field: Field) -> dict[str, Any]:
    """The schema of a model of `field` alone (shared: never mutate it)."""
    key = _key(field)
    found = _CACHE.get(key) if key is not None else None
    if found is None:
        found = _model_schema([field])
        if key is not None:
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[key] = found
    return found


def arguments_schema(fields: Sequence[Field]) -> dict[str, Any]:
    """`pydantic.create_model("Arguments", **{name: (type, ... or default)}).model_json_schema()`
    for `fields`, a fresh dict (see the module doc); raises what pydantic raises."""
    parts = [_one(field) for field in fields]
    if sum(1 for part in parts if "$defs" in part) > 1:
        return _model_schema(fields)
    schema: dict[str, Any] = {}
    for part in parts:
        if "$defs" in part:
            schema["$defs"] = copy_json(part["$defs"])
    schema["properties"] = {
        field[0]: copy_json(part["properties"][field[0]]) for field, part in zip(fields, parts, strict=True)
    }
    required = [field[0] for field, part in zip(fields, parts, strict=True) if part.get("required")]
    if required:
        schema["required"] = required
    schema["title"] = "Arguments"
    schema["type"] = "object"
    return schema
