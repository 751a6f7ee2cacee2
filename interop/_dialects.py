"""Dialect conversion: from JSON Schema draft 2020-12 to draft-07 and to the OpenAPI 3.0 Schema Object.

Every emitter in this project produces 2020-12 first; this module is the only place that turns
it into the other targets. Each result is checked in the tests against the target's official
metaschema.
"""

from __future__ import annotations

import operator
from typing import Any, cast

from ._jsoncopy import copy_json
from ._jsonschema import def_name, inline_refs, map_subschemas, walk, walk_nodes
from ._protocols import TARGETS

__all__ = ["check_target", "convert", "hoist_root_ref", "normalize_to_2020_12", "strongest_bounds"]

_DRAFT07_DROP = frozenset(
    {
        "$schema",
        "$anchor",
        "$dynamicRef",
        "$dynamicAnchor",
        "$vocabulary",
        "unevaluatedProperties",
        "unevaluatedItems",
        "minContains",
        "maxContains",
    }
)
_OPENAPI_KEEP = frozenset(
    {
        "title",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxProperties",
        "minProperties",
        "required",
        "enum",
        "type",
        "allOf",
        "oneOf",
        "anyOf",
        "not",
        "items",
        "properties",
        "additionalProperties",
        "description",
        "format",
        "default",
        "nullable",
        "discriminator",
        "readOnly",
        "writeOnly",
        "example",
        "externalDocs",
        "deprecated",
    }
)
RECURSION_UNROLL = 3
"""How many times a recursive `$ref` is expanded for OpenAPI 3.0, which has no local definitions."""


def check_target(target: str) -> None:
    """Raise `ValueError` for a target this project does not emit."""
    if target not in TARGETS:
        raise ValueError(f"unknown JSON Schema target {target!r}; expected one of {', '.join(TARGETS)}")


def convert(schema: dict[str, Any], target: str) -> dict[str, Any]:
    """Convert a 2020-12 schema to `target` (a new dict; the input is not modified)."""
    check_target(target)
    if target == "draft-2020-12":
        return cast(dict[str, Any], copy_json(schema))
    if target == "draft-07":
        return cast(dict[str, Any], _to_draft07(schema, root=True))
    out = _to_openapi(inline_refs(schema, recursion=RECURSION_UNROLL))
    assert isinstance(out, dict)
    return out


def normalize_to_2020_12(schema: dict[str, Any]) -> dict[str, Any]:
    """Bring a draft-07 style schema (`definitions`, array `items`) to 2020-12 form."""
    declared = str(schema.get("$schema", ""))
    if "2020-12" in declared or "2019-09" in declared:
        return schema
    if "definitions" not in schema and not _has_array_items(schema):
        return schema
    return cast(dict[str, Any], _up(schema))


def hoist_root_ref(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace a root `{"$ref": "#/$defs/X", "$defs": ...}` by X's body (pydantic emits that form).

    Tool consumers expect an object at the root (MCP requires it; LlamaIndex drops a root
    `$ref`). The definition stays in `$defs` only while something else still refers to it.
    """
    ref = schema.get("$ref")
    defs = schema.get("$defs")
    name = def_name(ref) if isinstance(ref, str) and ref.startswith("#/$defs/") else None
    if name is None or not isinstance(defs, dict) or name not in defs:
        return schema
    body = dict(defs[name])
    rest = {k: v for k, v in schema.items() if k not in ("$ref", "$defs")}
    remaining = {k: v for k, v in defs.items() if k != name}
    if any(node.get("$ref") == ref for sub in defs.values() for _, node in walk(sub)):
        remaining[name] = defs[name]
    out = {**body, **rest}
    if remaining:
        out["$defs"] = remaining
    return out


def _has_array_items(schema: dict[str, Any]) -> bool:
    return any(isinstance(node.get("items"), list) for node in walk_nodes(schema))


def _rewrite_ref(ref: str, old: str, new: str) -> str:
    return new + ref[len(old) :] if ref.startswith(old) else ref


def _up(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    out = map_subschemas(node, _up)
    if "definitions" in out:
        defs = out.pop("definitions")
        out["$defs"] = {**defs, **out.get("$defs", {})}
    if isinstance(out.get("$ref"), str):
        out["$ref"] = _rewrite_ref(out["$ref"], "#/definitions/", "#/$defs/")
    if isinstance(out.get("items"), list):
        out["prefixItems"] = out.pop("items")
        if "additionalItems" in out:
            out["items"] = out.pop("additionalItems")
    return out


def _to_draft07(node: Any, *, root: bool = False) -> Any:
    if not isinstance(node, dict):
        return node
    out = map_subschemas(node, _to_draft07)
    for key in _DRAFT07_DROP & out.keys():
        del out[key]
    if "$defs" in out:
        out["definitions"] = out.pop("$defs")
    if "prefixItems" in out:
        prefix = out.pop("prefixItems")
        rest = out.pop("items", None)
        out["items"] = prefix
        if rest is not None:
            out["additionalItems"] = rest
    dep_req = out.pop("dependentRequired", None)
    dep_sch = out.pop("dependentSchemas", None)
    if dep_req or dep_sch:
        out["dependencies"] = {**(dep_sch or {}), **(dep_req or {})}
    ref = out.get("$ref")
    if isinstance(ref, str):
        ref = _rewrite_ref(ref, "#/$defs/", "#/definitions/")
        siblings = {k: v for k, v in out.items() if k not in ("$ref", "definitions")}
        if siblings:  # in draft-07 a $ref ignores its siblings: keep them through allOf
            out = {**siblings, "allOf": [{"$ref": ref}]}
            if "definitions" in node or "$defs" in node:
                out["definitions"] = _to_draft07({"d": node.get("$defs") or node.get("definitions")})["d"]
        else:
            out["$ref"] = ref
    return out


def strongest_bounds(node: dict[str, Any]) -> dict[str, Any]:
    """`node` with each side's numeric bounds combined into the one that binds (a new dict).

    2020-12 lets `minimum` and `exclusiveMinimum` (and the maximum pair) both apply; dialects that
    show one bound per side must show the stronger: `exclusiveMinimum: 0` with `minimum: 5` is
    `minimum: 5`. The result keeps 2020-12's numeric `exclusiveMinimum`/`exclusiveMaximum`.
    """
    out = dict(node)
    for inclusive, exclusive, stronger in (
        ("minimum", "exclusiveMinimum", operator.gt),
        ("maximum", "exclusiveMaximum", operator.lt),
    ):
        inc: Any = out.get(inclusive)
        exc: Any = out.get(exclusive)
        if not (_is_number(inc) and _is_number(exc)):
            continue
        if stronger(inc, exc):  # the inclusive bound binds: the exclusive one says nothing more
            del out[exclusive]
        else:  # the exclusive bound binds (on a tie too: it excludes the value itself)
            del out[inclusive]
    return out


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _to_openapi(node: Any) -> Any:
    """One node (and its subschemas) of a 2020-12 schema whose refs are inlined, as OpenAPI 3.0:
    one `type`, `nullable`, no `const`, boolean `exclusiveMinimum`/`exclusiveMaximum`."""
    if node is True:
        return {}
    if node is False:
        return {"not": {}}
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = map_subschemas(node, _to_openapi)
    _types(out)
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if isinstance(out.get("enum"), list) and None in out["enum"]:
        out["nullable"] = True  # OpenAPI 3.0 admits null only with nullable
    out = strongest_bounds(out)
    for key, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if _is_number(out.get(key)):
            out[bound] = out[key]
            out[key] = True
    if "examples" in out:
        examples = out.pop("examples")
        if isinstance(examples, list) and examples:
            out["example"] = examples[0]
    if "prefixItems" in out:
        prefix = out.pop("prefixItems")
        rest = out.pop("items", None)
        choices = [*prefix, *([rest] if isinstance(rest, dict) and rest else [])]
        out["items"] = {"anyOf": choices} if len(choices) > 1 else (choices[0] if choices else {})
        if rest is None or rest is False or rest == {"not": {}}:
            out["maxItems"] = min(out.get("maxItems", len(prefix)), len(prefix))
    # an OpenAPI 3.0 discriminator names schemas in components/schemas; with every $ref
    # inlined there are none, so keep the plain oneOf (the tag's one-value enum still selects)
    out.pop("discriminator", None)
    if out.get("required") == []:
        del out["required"]
    if isinstance(out.get("items"), list):
        out["items"] = {"anyOf": out["items"]} if out["items"] else {}
    return {k: v for k, v in out.items() if k in _OPENAPI_KEEP or k.startswith("x-")}


def _types(out: dict[str, Any]) -> None:
    """One `type` per node: type lists and null types become `nullable` (or `anyOf`)."""
    t = out.get("type")
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        if len(non_null) < len(t):
            out["nullable"] = True
        if len(non_null) == 1:
            out["type"] = non_null[0]
        elif not non_null:
            del out["type"]
            out["enum"] = [None]
        else:
            del out["type"]
            out["anyOf"] = [{"type": x} for x in non_null]
    elif t == "null":
        del out["type"]
        out["nullable"] = True
        out["enum"] = [None]
    for key in ("anyOf", "oneOf"):
        branches = out.get(key)
        if not isinstance(branches, list):
            continue
        nulls = [b for b in branches if b == {"nullable": True, "enum": [None]}]
        if not nulls:
            continue
        rest = [b for b in branches if b not in nulls]
        out["nullable"] = True
        if len(rest) == 1 and len(out) <= 3 + ("description" in out) + ("default" in out) + ("title" in out):
            del out[key]
            only = rest[0]
            if "type" in only or "enum" in only:
                for k, v in only.items():
                    out.setdefault(k, v)
            else:
                out["allOf"] = [only]
        else:
            out[key] = rest
