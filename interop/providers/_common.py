"""Helpers the provider descriptors share: the `strict=` option, object roots, `$ref` inlining."""

from __future__ import annotations

from typing import Any

from interop._errors import SchemaConversionError
from interop._jsoncopy import map_subschemas
from interop._protocols import StandardToolV0
from interop.bridge import StrictSchema, input_json_schema, resolve_strict

__all__ = ["check_object_root", "inline_refs", "strict_option", "tool_schema"]


def strict_option(tool: StandardToolV0[Any, Any, Any], strict: bool | None) -> bool | None:
    """The caller's `strict=`, else the tool's `meta["strict"]`, else None (strict if it qualifies)."""
    if strict is not None:
        return strict
    value = tool.meta.get("strict") if tool.meta else None
    return value if isinstance(value, bool) else None


def check_object_root(schema: dict[str, Any], *, tool_name: str, provider: str) -> dict[str, Any]:
    """Raise unless `schema` is a single object schema (what every provider requires at the root)."""
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            raise SchemaConversionError(
                f"tool {tool_name!r}: {provider} needs an object schema at the root of the input, but it "
                f"uses {key} at the top level; wrap the union in a field of a model"
            )
    kind = schema.get("type", "object" if "properties" in schema else None)
    if kind != "object":
        raise SchemaConversionError(
            f"tool {tool_name!r}: {provider} needs an object schema at the root of the input, not "
            f"type {kind!r}; wrap the value in a field of a model"
        )
    return schema


def tool_schema(
    tool: StandardToolV0[Any, Any, Any], strict: bool | None, *, name: str, provider: str, dialect: str
) -> tuple[dict[str, Any], StrictSchema | None]:
    """The input schema to send (object-rooted) and its strict compilation, when strict applies."""
    schema = check_object_root(input_json_schema(tool), tool_name=name, provider=provider)
    compiled = resolve_strict(schema, strict_option(tool, strict), tool_name=name, dialect=dialect)  # type: ignore[arg-type]
    return (compiled.schema if compiled is not None else schema), compiled


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every local `$ref` replaced by its definition (a new dict).

    A recursive definition cannot be inlined: its refs stay, with just the `$defs` they need.
    """
    defs: dict[str, Any] = dict(schema.get("$defs") or {})
    kept: set[str] = set()

    def walk(node: Any, stack: tuple[str, ...]) -> Any:
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            name = ref[8:]
            siblings = {k: walk(v, stack) for k, v in node.items() if k != "$ref"}
            if name in stack:
                kept.add(name)
                return {"$ref": ref, **siblings}
            body = walk(defs[name], (*stack, name))
            return {**body, **siblings} if isinstance(body, dict) else body
        return map_subschemas({k: v for k, v in node.items() if k != "$defs"}, lambda s: walk(s, stack))

    out = walk(schema, ())
    assert isinstance(out, dict)
    needed: dict[str, Any] = {}
    while kept - needed.keys():  # a kept definition may itself keep others (mutual recursion)
        name = sorted(kept - needed.keys())[0]
        needed[name] = walk(defs[name], (name,))
    if needed:
        out["$defs"] = dict(sorted(needed.items()))
    return out
