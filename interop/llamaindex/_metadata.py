"""`StandardToolMetadata`: a `ToolMetadata` that sends the neutral JSON Schema unchanged.

LlamaIndex builds every schema a model sees from `ToolMetadata.get_parameters_dict()`, which by
default keeps only a few top-level keys of `fn_schema.model_json_schema()` (dropping
`additionalProperties`, `title`, `description`). This subclass returns the neutral input schema
as is and carries what `ToolMetadata` has no field for (title, output schema, meta).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import pydantic
from llama_index.core.tools import ToolMetadata

from interop.bridge import copy_json, schema_model

__all__ = ["StandardToolMetadata"]


def _empty_object() -> dict[str, Any]:
    return {"type": "object", "properties": {}}


@dataclass
class StandardToolMetadata(ToolMetadata):
    """`ToolMetadata` whose `get_parameters_dict()` is the neutral input JSON Schema, verbatim."""

    parameters: dict[str, Any] = field(default_factory=_empty_object)
    """The input JSON Schema the model sees (always has a `properties` key)."""
    title: str | None = None
    """The neutral tool's human label (LlamaIndex has no such field)."""
    output_schema: dict[str, Any] | None = None
    """The neutral output JSON Schema, if any (LlamaIndex has no such field)."""
    meta: Mapping[str, Any] = field(default_factory=dict)
    """The neutral tool's meta (`return_direct` is also mapped to the native field)."""

    def get_parameters_dict(self) -> dict[str, Any]:
        """A copy of the neutral input schema (callers may mutate what they get)."""
        return cast(dict[str, Any], copy_json(self.parameters))


def permissive_fn_schema(name: str, schema: dict[str, Any]) -> type[pydantic.BaseModel]:
    """A per-tool `fn_schema` model that accepts anything and emits `schema` (validation is the
    neutral tool's job; some LlamaIndex integrations read `fn_schema.model_json_schema()`)."""
    return schema_model(name, schema, module=__name__)
