"""The `StandardSchemaV1` the tools carry: a translated JSON Schema, validated by the core.

Validation and the other dialects (`draft-07`, `openapi-3.0`) come from `interop.as_schema`
(the `jsonschema` library), built on first use: building checks the schema against its
metaschema, which for a document the size of GitHub's costs 0.1-0.2 s per schema, so importing
a thousand operations must not pay it for tools that are never called. The 2020-12 form, what
every descriptor shows, is the translated schema itself.

Validation runs against a copy with the `$defs` inlined when they are not recursive and stay
small: `jsonschema` resolves each `$ref` on every call, which more than doubles the cost of
validating a typical response (measured: 640 us -> 250 us for a FastAPI model with one nested
model). Both forms accept exactly the same values.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from interop import StandardSchemaV1
from interop._kit import foreign_schema
from interop.jsonschema import RefError, inline_refs

__all__ = ["DocumentSchema", "inline_definitions"]


def inline_definitions(schema: dict[str, Any]) -> dict[str, Any] | None:
    """`schema` with its local `$defs` inlined, or None when they are recursive, do not resolve,
    or inlining would grow the schema past the core's size limit (`inline_refs`)."""
    defs = schema.get("$defs")
    if not isinstance(defs, dict) or not defs:
        return None
    try:
        return inline_refs(schema, recursion="raise")
    except (RefError, RecursionError):
        return None


class _Props:
    """What lives under `__standard_schema__`."""

    __slots__ = ("_owner",)

    def __init__(self, owner: DocumentSchema) -> None:
        self._owner = owner

    @property
    def version(self) -> Literal[1]:
        return 1

    @property
    def vendor(self) -> str:
        return "jsonschema"

    @property
    def json_schema(self) -> _Props:
        return self

    def validate(self, value: object, /) -> Any:
        """The core's result for `value` (a success carrying it, or a failure with its issues)."""
        return self._owner.validator().__standard_schema__.validate(value)

    def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        if target == "draft-2020-12":
            return self._owner.copy()
        return self._owner.validator().__standard_schema__.json_schema.input(target=target)

    def output(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        if target == "draft-2020-12":
            return self._owner.copy()
        return self._owner.validator().__standard_schema__.json_schema.output(target=target)


class DocumentSchema:
    """A JSON Schema (2020-12) from an OpenAPI document, as a `StandardSchemaV1`."""

    __slots__ = ("__standard_schema__", "_text", "_validator", "schema", "where")

    def __init__(self, schema: dict[str, Any], *, where: str = "an OpenAPI schema") -> None:
        self.schema = schema
        self.where = where  # what an invalid schema's error names ("OpenAPI tool 'x': its input schema")
        self._text: str | None = None
        self._validator: StandardSchemaV1[Any] | None = None
        self.__standard_schema__ = _Props(self)

    def validator(self) -> StandardSchemaV1[Any]:
        """The core's schema over `schema` (built once, on first use; one that is not valid JSON
        Schema raises `SchemaConversionError` naming `where`)."""
        if self._validator is None:
            self._validator = foreign_schema(inline_definitions(self.schema) or self.schema, where=self.where)
        return self._validator

    def copy(self) -> dict[str, Any]:
        """A fresh copy of `schema` (callers may mutate what they get)."""
        if self._text is None:
            self._text = json.dumps(self.schema)
        result: dict[str, Any] = json.loads(self._text)
        return result

    def __repr__(self) -> str:
        return f"DocumentSchema({json.dumps(self.schema)[:80]}...)"
