"""`schema_model`: a pydantic class that only reports a JSON Schema (for frameworks that take a
tool's arguments schema only as a pydantic class: CrewAI's `args_schema`, LlamaIndex's
`fn_schema`).

The class has no fields and accepts any arguments unchanged (validation stays the neutral
tool's, once); `model_json_schema()` returns a copy of the schema given. Its core schema is built
on first validation only (`defer_build`): converting many tools does not pay pydantic's class
completion up front.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pydantic

from ._jsoncopy import copy_json

__all__ = ["SchemaModel", "schema_model"]


class SchemaModel(pydantic.BaseModel):
    """Base of the classes `schema_model` makes: any arguments kept as sent; the JSON Schema is
    `interop_schema`."""

    model_config = pydantic.ConfigDict(extra="allow", defer_build=True)
    interop_schema: ClassVar[dict[str, Any]] = {"type": "object", "properties": {}}

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
        schema: dict[str, Any] = copy_json(cls.interop_schema)  # JSON: copy.deepcopy is ~5x slower
        return schema


def schema_model(name: str, schema: dict[str, Any], *, module: str = __name__) -> type[SchemaModel]:
    """A `SchemaModel` subclass named `name` whose `model_json_schema()` is `schema` (kept, not
    copied: callers get a copy each time they ask)."""
    namespace = {
        "__module__": module,
        "__qualname__": name,
        "__annotations__": {"interop_schema": ClassVar[dict[str, Any]]},
        "interop_schema": schema,
    }
    return type(name, (SchemaModel,), namespace)
