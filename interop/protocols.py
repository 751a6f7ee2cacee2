"""The protocols' detail types, for schema and tool libraries implementing them.

`StandardSchemaV1` / `StandardToolV0` (also in `interop`) are structural: a library implements
them without importing this project. These are the shapes their members use.
"""

from __future__ import annotations

from ._protocols import (
    TARGETS,
    Failure,
    Issue,
    JsonSchemaConverter,
    JsonSchemaTarget,
    StandardSchemaProps,
    StandardSchemaV1,
    StandardToolV0,
    Success,
    ValidationResult,
)

__all__ = [
    "TARGETS",
    "Failure",
    "Issue",
    "JsonSchemaConverter",
    "JsonSchemaTarget",
    "StandardSchemaProps",
    "StandardSchemaV1",
    "StandardToolV0",
    "Success",
    "ValidationResult",
]
