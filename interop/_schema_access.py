"""A tool's JSON Schemas: `input_json_schema` / `output_json_schema` for any conforming tool.

A leaf module (it needs only `_schema`): `_meta`, `_tool`, `_search` and the adapters read a
tool's schemas through it, and nothing here imports them back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._schema import DeferredType, PydanticSchema

if TYPE_CHECKING:
    from ._protocols import StandardToolV0

__all__ = ["EMPTY_INPUT_SCHEMA", "input_json_schema", "parameter_descriptions", "output_json_schema"]

EMPTY_INPUT_SCHEMA: Mapping[str, Any] = {"type": "object", "properties": {}}


def input_json_schema(tool: StandardToolV0[Any, Any, Any], target: str = "draft-2020-12") -> dict[str, Any]:
    """The tool's input JSON Schema (`{"type": "object", "properties": {}}` without a schema)."""
    if tool.input_schema is None:
        from ._dialects import check_target

        check_target(target)
        return {"type": "object", "properties": {}}
    deferred = deferred_source(tool.input_schema)
    if deferred is not None:
        return deferred.input(target=target)
    return tool.input_schema.__standard_schema__.json_schema.input(target=target)


def output_json_schema(
    tool: StandardToolV0[Any, Any, Any], target: str = "draft-2020-12"
) -> dict[str, Any] | None:
    """The tool's output JSON Schema (what it produces), or None without an output schema."""
    if tool.output_schema is None:
        return None
    deferred = deferred_source(tool.output_schema)
    if deferred is not None:
        return deferred.output(target=target)
    return tool.output_schema.__standard_schema__.json_schema.output(target=target)


def deferred_source(schema: Any) -> DeferredType | None:
    """What a deferred `PydanticSchema` writes its JSON Schema with (read directly: describing a
    tool then makes nothing that only validation needs)."""
    if type(schema) is PydanticSchema:
        source: DeferredType | None = schema.__dict__.get("_source")
        return source
    return None


def parameter_descriptions(tool: StandardToolV0[Any, Any, Any]) -> dict[str, str]:
    """Each top-level input parameter's name and description ("" without one), read without
    emitting the schema where it is kept as written (a raw JSON Schema's own dict, a deferred
    signature's parameters): for readers that only look at the words (the search index)."""
    schema = tool.input_schema
    if schema is None:
        return {}
    deferred = deferred_source(schema)
    if deferred is not None:
        return deferred.parameter_descriptions()
    raw = getattr(schema, "schema", None)  # a raw JSON Schema (JsonSchemaSchema) keeps its dict
    props = raw.get("properties") if isinstance(raw, Mapping) and "$ref" not in raw else None
    if not isinstance(props, Mapping):
        props = input_json_schema(tool).get("properties")
    return _descriptions(props)


def _descriptions(props: Any) -> dict[str, str]:
    if not isinstance(props, Mapping):
        return {}
    out: dict[str, str] = {}
    for name, prop in props.items():
        text = prop.get("description") if isinstance(prop, Mapping) else None
        out[str(name)] = text if isinstance(text, str) else ""
    return out
