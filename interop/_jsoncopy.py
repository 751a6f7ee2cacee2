"""Copying and walking JSON-like values (dicts, lists, scalars), the one place that does it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["SUBSCHEMA_LISTS", "SUBSCHEMA_MAPS", "SUBSCHEMA_SINGLE", "copy_json", "map_subschemas"]


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value, several times faster than `copy.deepcopy`."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SUBSCHEMA_SINGLE = (
    "items",
    "additionalItems",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
)


def map_subschemas(schema: dict[str, Any], fn: Callable[[Any], Any]) -> dict[str, Any]:
    """A shallow copy of `schema` with `fn` applied to every direct subschema."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in SUBSCHEMA_MAPS and isinstance(value, dict):
            out[key] = {k: fn(v) for k, v in value.items()}
        elif key in SUBSCHEMA_LISTS and isinstance(value, list):
            out[key] = [fn(v) for v in value]
        elif key in SUBSCHEMA_SINGLE and isinstance(value, (dict, bool)):
            out[key] = fn(value)
        elif key == "items" and isinstance(value, list):  # draft-07 tuple form
            out[key] = [fn(v) for v in value]
        else:
            out[key] = value
    return out
