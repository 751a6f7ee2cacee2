"""Strict-schema rules specific to the OpenAI Agents SDK, both directions.

- `qualifies_as_strict`: the SDK's own test, `ensure_strict_json_schema(copy) == schema`, used to
  turn strict mode on only for schemas the SDK would not change.
- `relax_strict_schema` / `fill_omitted`: a strict schema lists every property in `required`;
  the fields that were optional are recoverable only from a `default` or a `null` in their type.
  Relaxing gives other frameworks the real `required` list; filling puts back, before the native
  tool runs, what a strict model would have sent for an omitted optional field.
"""

from __future__ import annotations

from typing import Any

from agents.exceptions import UserError
from agents.strict_schema import ensure_strict_json_schema

from interop.bridge import copy_json
from interop.jsonschema import RefError, accepts_null, deref

__all__ = ["fill_omitted", "qualifies_as_strict", "relax_strict_schema"]


def qualifies_as_strict(schema: dict[str, Any]) -> bool:
    """Whether the SDK's strict normalisation leaves `schema` unchanged (and does not refuse it)."""
    try:
        return ensure_strict_json_schema(copy_json(schema)) == schema
    except (UserError, TypeError, ValueError):
        return False


def _resolve(schema: Any, root: dict[str, Any]) -> Any:
    """Follow local `$ref`s; a ref that does not resolve leaves `schema` as it is."""
    try:
        return deref(root, schema)[0]
    except RefError:
        return schema


def _is_optional(prop: Any, root: dict[str, Any]) -> bool:
    return isinstance(prop, dict) and ("default" in prop or accepts_null(prop, root))


def relax_strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of a strict schema whose `required` lists only the truly required properties."""
    root = schema

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(n) for n in node]
        if not isinstance(node, dict):
            return node
        out = {k: walk(v) for k, v in node.items()}
        props = node.get("properties")
        required = node.get("required")
        if isinstance(props, dict) and isinstance(required, list):
            out["required"] = [r for r in required if not _is_optional(props.get(r), root)]
            if not out["required"]:
                del out["required"]
        return out

    relaxed: dict[str, Any] = walk(schema)
    return relaxed


def fill_omitted(value: Any, schema: Any, root: dict[str, Any]) -> Any:
    """`value` with every omitted optional property set as a strict model sends it.

    Nullable fields get `null`, the others their `default`; nested objects and arrays are
    filled too. The input is not mutated (a filled copy is returned when anything changes).
    """
    schema = _resolve(schema, root)
    if not isinstance(schema, dict):
        return value
    if isinstance(value, dict):
        props = schema.get("properties")
        if not isinstance(props, dict):
            objects = [
                b
                for b in (_resolve(b, root) for b in schema.get("anyOf", ()) or ())
                if isinstance(b, dict) and isinstance(b.get("properties"), dict)
            ]
            return fill_omitted(value, objects[0], root) if len(objects) == 1 else value
        out = dict(value)
        for key in schema.get("required", ()) or ():
            prop = props.get(key)
            if key in out or not isinstance(prop, dict):
                continue
            if accepts_null(prop, root):
                out[key] = None
            elif "default" in prop:
                out[key] = copy_json(prop["default"])
        for key, item in out.items():
            if key in props and isinstance(item, (dict, list)):
                out[key] = fill_omitted(item, props[key], root)
        return out
    if isinstance(value, list):
        items = schema.get("items")
        if isinstance(items, dict):
            return [fill_omitted(v, items, root) for v in value]
        objects = [_resolve(b, root) for b in schema.get("anyOf", ()) or ()]
        arrays = [b for b in objects if isinstance(b, dict) and isinstance(b.get("items"), dict)]
        if len(arrays) == 1:
            return fill_omitted(value, arrays[0], root)
    return value
