"""Input schemas in the two Gemini dialects.

- `parameters`: Gemini's `Schema`, a subset of OpenAPI 3.0. Built from the core `openapi-3.0`
  emission (`$defs` inlined, `nullable`, no `const`), then narrowed: upper-case types, no
  `additionalProperties`, only string enums, no `allOf`/`oneOf`/`not`, only the formats Gemini
  knows. What Gemini cannot carry is moved into the description (the tool still validates it).
- `parametersJsonSchema`: a JSON Schema subset with local `$ref`s; null through `anyOf`.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ._dialects import convert, strongest_bounds
from ._jsonschema import json_type, map_subschemas, types_of

__all__ = ["gemini_schema_from_openapi", "to_gemini_json_schema", "to_gemini_schema"]

_SCHEMA_KEEP = frozenset(
    {
        "type", "format", "description", "nullable", "enum", "items", "minItems", "maxItems", "properties",
        "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum",
        "anyOf", "propertyOrdering", "default", "example",
    }
)  # fmt: skip
_JSON_KEEP = frozenset(
    {
        "$id", "$defs", "$ref", "$anchor", "type", "format", "description", "enum", "items", "prefixItems",
        "minItems", "maxItems", "minimum", "maximum", "anyOf", "properties", "additionalProperties",
        "required", "propertyOrdering",
    }
)  # fmt: skip
_NOISE = frozenset(
    {"title", "$schema", "$comment", "discriminator", "readOnly", "writeOnly", "externalDocs", "deprecated"}
)
_FORMATS = {"STRING": {"enum", "date-time"}, "NUMBER": {"float", "double"}, "INTEGER": {"int32", "int64"}}


def _describe(out: dict[str, Any], moved: dict[str, Any]) -> dict[str, Any]:
    moved = {k: v for k, v in moved.items() if k not in _NOISE and not k.startswith("x-")}
    if moved:
        text = "; ".join(f"{k}: {json.dumps(v, default=str)}" for k, v in moved.items())
        desc = out.get("description")
        out["description"] = f"{desc} ({text})" if desc else f"({text})"
    return out


def _bounds(node: dict[str, Any]) -> dict[str, Any]:
    """Numeric bounds Gemini can show: the binding one per side, as `minimum`/`maximum`.

    Gemini knows no exclusive bounds. On an integer an exclusive bound is the inclusive one next
    to it (`> 0` is `>= 1`); on a number the bound is shown and its exclusiveness described.
    Takes 2020-12's numeric `exclusiveMinimum`/`exclusiveMaximum` (a new dict is returned).
    """
    node = strongest_bounds(node)
    types = set(types_of(node))
    integer = "integer" in types and types <= {"integer", "null"}
    for exclusive, inclusive, step in (
        ("exclusiveMinimum", "minimum", _above),
        ("exclusiveMaximum", "maximum", _below),
    ):
        value = node.get(exclusive)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            continue
        if integer:
            node[inclusive] = step(value)
            del node[exclusive]
        else:
            node[inclusive] = value  # and the exclusive keyword goes into the description
    return node


def _above(bound: float) -> int:
    """The least integer greater than `bound`."""
    return math.floor(bound) + 1


def _below(bound: float) -> int:
    """The greatest integer less than `bound`."""
    return math.ceil(bound) - 1


def _merge_all_of(node: dict[str, Any]) -> dict[str, Any]:
    """`node` with its `allOf` entries folded in (properties and required lists merged)."""
    parts = node.pop("allOf")
    merged: dict[str, Any] = {}
    for part in [*parts, node]:
        if not isinstance(part, dict):
            continue
        for key, value in part.items():
            if key == "properties" and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            elif key == "required" and isinstance(merged.get(key), list):
                merged[key] = [*merged[key], *(r for r in value if r not in merged[key])]
            else:
                merged[key] = value
    return merged


def _without_one_of_all_of(node: dict[str, Any]) -> dict[str, Any]:
    """Gemini has neither `oneOf` nor `allOf`: a `oneOf` joins `anyOf`, an `allOf` is merged into
    the node (`node` is the caller's copy)."""
    if "oneOf" in node:
        node["anyOf"] = [*node.get("anyOf", []), *node.pop("oneOf")]
    if "allOf" in node:
        node = _merge_all_of(node)
    return node


def to_gemini_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A 2020-12 schema as Gemini's `Schema` (its OpenAPI 3.0 subset; a new dict).

    Refs are inlined (a recursive one unrolled a few levels); what Gemini cannot carry is moved
    into the description. A non-local or dangling `$ref` raises `RefError`.
    """
    return gemini_schema_from_openapi(convert(schema, "openapi-3.0"))


def gemini_schema_from_openapi(openapi: dict[str, Any]) -> dict[str, Any]:
    """An OpenAPI 3.0 schema (as the core emits it) narrowed to Gemini's `Schema`."""
    return _schema_object(openapi)


def _schema_node(node: Any) -> Any:
    return _schema_object(node) if isinstance(node, dict) else node


def _schema_object(node: dict[str, Any]) -> dict[str, Any]:
    node = _without_one_of_all_of(dict(node))
    extra = node.pop("additionalProperties", None)  # Gemini rejects it: say what it allowed instead
    node = map_subschemas(node, _schema_node)
    for exclusive, inclusive in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        value = node.get(exclusive)
        if value is True and inclusive in node:  # OpenAPI 3.0's form, back to 2020-12's
            node[exclusive] = node.pop(inclusive)
        elif isinstance(value, bool):  # `false`, or `true` without its bound: no constraint
            del node[exclusive]
    node = _bounds(node)
    if isinstance(node.get("anyOf"), list) and len(node["anyOf"]) == 1 and isinstance(node["anyOf"][0], dict):
        only = node.pop("anyOf")[0]
        node = {**only, **node}
    out: dict[str, Any] = {}
    moved: dict[str, Any] = {}
    for key, value in node.items():
        if key == "type" and isinstance(value, str):
            out["type"] = value.upper()
        elif key in _SCHEMA_KEEP:
            out[key] = value
        else:
            moved[key] = value
    if extra is True or extra == {}:
        moved["other keys"] = "allowed"
    elif isinstance(extra, dict) and extra != {"not": {}}:
        moved["values"] = extra.get("type", "any")
    if "enum" in out:
        values = [v for v in out["enum"] if v is not None]
        if len(values) < len(out["enum"]):
            out["nullable"] = True
        if values and all(isinstance(v, str) for v in values):
            out["enum"] = values
            out.setdefault("type", "STRING")
        else:
            del out["enum"]
            if values:
                moved["one of"] = values
                kinds = {json_type(v).upper() for v in values}
                if len(kinds) == 1 and "type" not in out:
                    out["type"] = kinds.pop()
    fmt = out.get("format")
    if fmt is not None and fmt not in _FORMATS.get(out.get("type", ""), ()):
        moved["format"] = out.pop("format")
    if isinstance(out.get("required"), list):
        required = [r for r in out["required"] if r in (out.get("properties") or {})]
        if required:
            out["required"] = required
        else:
            del out["required"]
    return _describe(out, moved)


def to_gemini_json_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A 2020-12 schema narrowed to Gemini's `parametersJsonSchema` subset (a new dict; local refs kept)."""
    return _json_object(schema)


def _json_node(node: Any) -> Any:
    return _json_object(node) if isinstance(node, dict) else node


def _json_object(node: dict[str, Any]) -> dict[str, Any]:
    node = _without_one_of_all_of(map_subschemas(dict(node), _json_node))
    if "const" in node:
        node.setdefault("enum", [node.pop("const")])
    node = _bounds(node)
    out: dict[str, Any] = {}
    moved: dict[str, Any] = {}
    for key, value in node.items():
        if key in _JSON_KEEP:
            out[key] = value
        else:
            moved[key] = value
    types = out.get("type")
    if isinstance(types, list):
        del out["type"]
        branches = [{"type": t} for t in types]
        out["anyOf"] = branches if len(branches) > 1 else branches[0:1]
        if len(branches) == 1:
            out.update(out.pop("anyOf")[0])
    if "enum" in out and not all(
        isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in out["enum"]
    ):
        moved["one of"] = out.pop("enum")
    ref = out.get("$ref")
    siblings = {k: v for k, v in out.items() if k != "$ref" and not k.startswith("$")}
    if ref is not None and (siblings or moved):
        rest = {k: v for k, v in out.items() if k.startswith("$") and k != "$ref"}
        out = {**rest, **siblings, "anyOf": [{"$ref": ref}, *out.get("anyOf", [])]}
    return _describe(out, moved)
