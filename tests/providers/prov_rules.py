"""Checkers written from the providers' documented rules (see /work/shared/notes/dialects.md), and
helpers to play the model's side of strict mode. Independent of the compilers they check."""

from __future__ import annotations

from typing import Any

import jsonschema

OPENAI_KEYWORDS = {
    "type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "$ref",
    "description", "title", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
}  # fmt: skip
OPENAI_FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
ANTHROPIC_KEYWORDS = {
    "type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "const",
    "description", "title", "pattern", "format", "minItems",
}  # fmt: skip
ANTHROPIC_FORMATS = OPENAI_FORMATS | {"uri"}
TYPES = {"object", "array", "string", "number", "integer", "boolean", "null"}


def openai_violations(schema: dict[str, Any]) -> list[str]:
    """Every way `schema` breaks OpenAI's strict-mode rules (empty when it follows them)."""
    bad: list[str] = []
    if schema.get("type") != "object" or "anyOf" in schema:
        bad.append("#: the root must be a plain object")
    defs = schema.get("$defs", {})
    props_total = 0

    def walk(node: Any, path: str, depth: int) -> None:
        nonlocal props_total
        if not isinstance(node, dict):
            bad.append(f"{path}: not a schema object")
            return
        keys = set(node) - ({"$defs"} if path == "#" else set())
        if "$ref" in node:
            if keys != {"$ref"}:
                bad.append(f"{path}: $ref with siblings {sorted(keys - {'$ref'})}")
            ref = node["$ref"]
            if ref != "#" and not (ref.startswith("#/$defs/") and ref[8:] in defs):
                bad.append(f"{path}: unresolvable ref {ref}")
            return
        if extra := keys - OPENAI_KEYWORDS:
            bad.append(f"{path}: unsupported keywords {sorted(extra)}")
        if not ({"type", "anyOf", "enum"} & keys):
            bad.append(f"{path}: no type")
        types = node.get("type")
        types = [types] if isinstance(types, str) else list(types or [])
        if set(types) - TYPES:
            bad.append(f"{path}: bad type {types}")
        if "format" in node and node["format"] not in OPENAI_FORMATS:
            bad.append(f"{path}: format {node['format']}")
        if "enum" in node and (not node["enum"] or any(isinstance(v, (dict, list)) for v in node["enum"])):
            bad.append(f"{path}: bad enum")
        if "object" in types:
            if node.get("additionalProperties") is not False:
                bad.append(f"{path}: additionalProperties must be false")
            props = node.get("properties", {})
            if node.get("required") != list(props):
                bad.append(f"{path}: every property must be required")
            if depth > 10:
                bad.append(f"{path}: nested deeper than 10")
            props_total += len(props)
            for name, sub in props.items():
                walk(sub, f"{path}/properties/{name}", depth + 1)
        if "array" in types:
            items = node.get("items")
            if not isinstance(items, dict) or not ({"type", "anyOf", "enum", "$ref"} & set(items)):
                bad.append(f"{path}/items: arrays need typed items")
            else:
                walk(items, f"{path}/items", depth)
        for i, branch in enumerate(node.get("anyOf", [])):
            walk(branch, f"{path}/anyOf/{i}", depth)

    walk(schema, "#", 1)
    for name, sub in defs.items():
        walk(sub, f"#/$defs/{name}", 1)
    if props_total > 5000:
        bad.append("#: more than 5000 properties")
    return bad


def anthropic_violations(schema: dict[str, Any]) -> list[str]:
    """Every way `schema` breaks Anthropic's strict tool-use rules."""
    bad: list[str] = []
    if schema.get("type") != "object" or {"anyOf", "oneOf", "allOf"} & set(schema):
        bad.append("#: the root must be a plain object")

    def walk(node: Any, path: str) -> None:
        if not isinstance(node, dict):
            bad.append(f"{path}: not a schema object")
            return
        if extra := set(node) - ANTHROPIC_KEYWORDS:
            bad.append(
                f"{path}: unsupported keywords {sorted(extra)}"
            )  # includes $ref: no recursion possible
        if not ({"type", "anyOf", "enum", "const"} & set(node)):
            bad.append(f"{path}: no type")
        types = node.get("type")
        types = [types] if isinstance(types, str) else list(types or [])
        if "format" in node and node["format"] not in ANTHROPIC_FORMATS:
            bad.append(f"{path}: format {node['format']}")
        if node.get("minItems", 0) not in (0, 1):
            bad.append(f"{path}: minItems above 1")
        if "object" in types:
            if node.get("additionalProperties") is not False:
                bad.append(f"{path}: additionalProperties must be false")
            props = node.get("properties", {})
            if not set(node.get("required", [])) <= set(props):
                bad.append(f"{path}: required names unknown properties")
            for name, sub in props.items():
                walk(sub, f"{path}/properties/{name}")
        if "array" in types:
            if not isinstance(node.get("items"), dict):
                bad.append(f"{path}/items: arrays need typed items")
            else:
                walk(node["items"], f"{path}/items")
        for i, branch in enumerate(node.get("anyOf", [])):
            walk(branch, f"{path}/anyOf/{i}")

    walk(schema, "#")
    return bad


def _branch_for(node: dict[str, Any], root: dict[str, Any], value: Any) -> dict[str, Any] | None:
    for branch in node.get("anyOf", []) + node.get("oneOf", []) + node.get("allOf", []):
        schema = {**branch, "$defs": root.get("$defs", {}), "definitions": root.get("definitions", {})}
        if jsonschema.Draft202012Validator(schema).is_valid(value):
            return branch
    return None


def _deref(node: Any, root: dict[str, Any]) -> Any:
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        ref = node["$ref"]
        target = (
            root
            if ref == "#"
            else root.get("$defs", {}).get(ref.rsplit("/", 1)[-1])
            or root.get("definitions", {}).get(ref.rsplit("/", 1)[-1])
        )
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _accepts_null(node: Any, root: dict[str, Any]) -> bool:
    schema = {**node, "$defs": root.get("$defs", {})} if isinstance(node, dict) else node
    return bool(jsonschema.Draft202012Validator(schema).is_valid(None))


def as_model_sends(value: Any, node: Any, root: dict[str, Any], *, only_nullable: bool = False) -> Any:
    """`value` (valid for the original schema) as a strict-mode model must send it: every omitted
    optional property present, as null. With `only_nullable`, only the properties whose schema
    accepts null (there, a strict model cannot say "omitted": null is what it means)."""
    node = _deref(node, root)
    if not isinstance(node, dict):
        return value
    if {"anyOf", "oneOf", "allOf"} & set(node):
        branch = _branch_for(node, root, value)
        if branch is not None:
            value = as_model_sends(value, branch, root, only_nullable=only_nullable)
    if isinstance(value, dict) and isinstance(node.get("properties"), dict):
        props = node["properties"]
        out = {
            k: as_model_sends(v, props[k], root, only_nullable=only_nullable) if k in props else v
            for k, v in value.items()
        }
        for name, sub in props.items():
            if name not in out and (not only_nullable or _accepts_null(sub, root)):
                out[name] = None
        return out
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [as_model_sends(v, node["items"], root, only_nullable=only_nullable) for v in value]
    return value
