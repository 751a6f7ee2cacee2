"""Helpers the provider descriptors share: the `strict=` option, object roots, and `rename=`."""

from __future__ import annotations

import warnings
from typing import Any

from interop import StandardToolV0
from interop.bridge import Rename, input_json_schema, resolve_name
from interop.errors import SchemaConversionError
from interop.jsonschema import StrictSchema, resolve_strict

__all__ = ["check_object_root", "descriptor_name", "strict_option", "tool_schema"]


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


def descriptor_name(
    tool: StandardToolV0[Any, Any, Any], rename: Rename, name: str | None, *, provider: str, where: str
) -> str:
    """The name a descriptor sends: `rename=` (a string, a mapping old -> new, or a function of the
    old name, as on every `to_X`) applied to the tool's name and checked against the provider's rule.
    `name=` is the deprecated spelling of a string `rename=`."""
    if name is not None:
        if rename is not None:
            raise TypeError(f"{where}: pass rename= (name= is its deprecated alias), not both")
        warnings.warn(f"{where}(name=...) is deprecated: pass rename=", DeprecationWarning, stacklevel=3)
        rename = name
    return resolve_name(tool.name, provider, rename)
