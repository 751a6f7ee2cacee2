"""Helpers the provider descriptors share: the schema to send (the core's object-root rule and
strict decision, `interop.jsonschema`), and `rename=`."""

from __future__ import annotations

import warnings
from typing import Any, Literal

from interop import StandardToolV0
from interop.bridge import Rename, input_json_schema, resolve_name
from interop.jsonschema import StrictSchema, check_object_root, resolve_strict

__all__ = ["descriptor_name", "tool_schema"]


def tool_schema(
    tool: StandardToolV0[Any, Any, Any],
    strict: bool | None,
    *,
    name: str,
    provider: str,
    dialect: Literal["openai", "anthropic"],
) -> tuple[dict[str, Any], StrictSchema | None]:
    """The input schema to send (object-rooted) and its strict compilation, when strict applies
    (the caller's `strict=`, else the tool's `meta["strict"]`, else only when it qualifies)."""
    schema = check_object_root(input_json_schema(tool), tool_name=name, target=provider)
    compiled = resolve_strict(schema, strict, tool_name=name, dialect=dialect, meta=tool.meta)
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
