"""The two protocols: Standard Schema (validation + JSON Schema emission) and Standard Tool.

Both are structural (`typing.Protocol`): a schema library or a tool library implements them
without importing this project. Everything a schema offers lives under one dunder attribute,
`__standard_schema__`, the way the TypeScript spec keeps everything under `~standard`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, runtime_checkable

from typing_extensions import TypeVar

__all__ = [
    "JsonSchemaTarget",
    "Failure",
    "Issue",
    "JsonSchemaConverter",
    "StandardSchemaProps",
    "StandardSchemaV1",
    "StandardToolV0",
    "Success",
    "ValidationResult",
    "TARGETS",
]

# Defaults (`Any`): a bare `StandardToolV0` or `StandardSchemaV1` annotation means "any tool" or
# "any schema", also under `mypy --strict` (no `[Any, Any, Any]` to spell).
T_co = TypeVar("T_co", covariant=True, default=Any)
OutputT_co = TypeVar("OutputT_co", covariant=True, default=Any)
ContextT_contra = TypeVar("ContextT_contra", contravariant=True, default=Any)
InputT_contra = TypeVar("InputT_contra", contravariant=True, default=Any)

JsonSchemaTarget = Literal["draft-2020-12", "draft-07", "openapi-3.0"]
"""The JSON Schema dialects every schema can emit (`"draft-2020-12"` is the default)."""

TARGETS: tuple[str, ...] = ("draft-2020-12", "draft-07", "openapi-3.0")


@dataclass(frozen=True, slots=True)
class Issue:
    """One validation problem: a message and where it is (keys and indices from the root)."""

    message: str
    path: tuple[str | int, ...] = ()

    @property
    def dot_path(self) -> str:
        """The path joined with dots (`items.0.qty`); empty for the root."""
        return ".".join(str(p) for p in self.path)


@dataclass(frozen=True, slots=True)
class Success(Generic[T_co]):
    """Validation passed; `value` is the schema's output side (coerced, transformed)."""

    value: T_co
    issues: None = None


@dataclass(frozen=True, slots=True)
class Failure:
    """Validation failed with at least one issue."""

    issues: tuple[Issue, ...]


ValidationResult = Success[T_co] | Failure


class JsonSchemaConverter(Protocol):
    """Emits JSON Schema for one side of a schema, in a requested dialect."""

    def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        """What the schema accepts. Raises `ValueError` for an unknown target."""
        ...

    def output(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        """What the schema produces. Raises `ValueError` for an unknown target."""
        ...


class StandardSchemaProps(Protocol[T_co]):
    """What lives under `__standard_schema__`."""

    @property
    def version(self) -> Literal[1]: ...

    @property
    def vendor(self) -> str: ...

    @property
    def json_schema(self) -> JsonSchemaConverter: ...

    def validate(self, value: object, /) -> Success[T_co] | Failure:
        """Validate `value`; success carries the output side of the schema."""
        ...


@runtime_checkable
class StandardSchemaV1(Protocol[T_co]):
    """Standard Schema for Python: validation plus JSON Schema emission."""

    @property
    def __standard_schema__(self) -> StandardSchemaProps[T_co]: ...


@runtime_checkable
class StandardToolV0(Protocol[InputT_contra, OutputT_co, ContextT_contra]):
    """Standard Tool for Python: a self-describing function.

    `context` is per-call data (never validated, never in a schema, never set by a model);
    `meta` is static data about the tool that `execute` never sees.
    """

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str | None: ...

    @property
    def description(self) -> str: ...

    @property
    def input_schema(self) -> StandardSchemaV1[Any] | None: ...

    @property
    def output_schema(self) -> StandardSchemaV1[Any] | None: ...

    @property
    def meta(self) -> Mapping[str, Any]: ...

    def execute(
        self, input: InputT_contra, context: ContextT_contra | None = None, /
    ) -> OutputT_co | Awaitable[OutputT_co]: ...


MAX_ISSUES_SHOWN = 20
"""Issues listed in a message; more are counted (10,000 extra keys must not give a 400 kB message)."""


def issues_message(issues: Sequence[Issue]) -> str:
    """`path: message; message2`, the form every error message in this project uses."""
    text = "; ".join(f"{i.dot_path}: {i.message}" if i.path else i.message for i in issues[:MAX_ISSUES_SHOWN])
    if len(issues) > MAX_ISSUES_SHOWN:
        text += f"; ... and {len(issues) - MAX_ISSUES_SHOWN} more issues"
    return text
