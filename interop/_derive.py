"""The one wrapper primitive: a tool derived from another (`DerivedTool`, made by `derive`).

Approval, formatted output, model output and argument transforms are all derived tools: a new
`StandardTool` whose `base` is the tool it wraps and whose `layer` says what it adds. Because the
relation is a typed field, adapters and the invocation pipeline can see it (a derived tool is
never mistaken for the native tool its base came from, and the pipeline reads the layers it acts
on, such as `with_model_output`'s function) and nothing is set on frozen objects.

A layer's behaviour is written once as a step generator (see `interop._run`); `derive` turns it
into an `execute` that is sync when the base tool and the layer's own callables are sync, and
async otherwise, so a sync tool stays sync through any number of sync wrappers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Literal

from typing_extensions import TypeVar

from ._protocols import StandardToolV0
from ._run import StepGen, drive_async, drive_sync, is_async_tool
from ._tool import StandardTool

__all__ = ["DerivedTool", "Layer", "LayerKind", "derive", "find_layer", "layers"]

InputT = TypeVar("InputT", default=Any)
OutputT = TypeVar("OutputT", default=Any)
ContextT = TypeVar("ContextT", default=Any)

LayerKind = Literal["approval", "formatted_output", "middleware", "model_output", "transform"]


@dataclass(frozen=True, slots=True)
class Layer:
    """What a derived tool adds to its base: a kind and its value (a callback, a formatter...)."""

    kind: LayerKind | str
    value: Any = None


@dataclass(frozen=True, eq=False, kw_only=True)
class DerivedTool(StandardTool[InputT, OutputT, ContextT], Generic[InputT, OutputT, ContextT]):
    """A tool made from another: `base` is the tool it wraps, `layer` what it adds."""

    base: StandardToolV0[Any, Any, Any]
    """The tool this one wraps (its `execute` runs inside this one's)."""
    layer: Layer
    """What this tool adds to `base`."""

    def __repr__(self) -> str:
        return f"DerivedTool(name={self.name!r}, layer={self.layer.kind!r}, base={self.base!r})"


Steps = Callable[[Any, Any], StepGen[Any]]
"""`(input, context) -> step generator` running the layer (it yields `Run(base, ...)` for the base)."""


def derive(
    base: StandardToolV0[Any, Any, Any],
    *,
    layer: Layer,
    steps: Steps | None = None,
    is_async: bool = False,
    **changes: Any,
) -> DerivedTool[Any, Any, Any]:
    """A tool wrapping `base`: every field of `base`, updated by `changes`, plus the layer.

    `steps(input, context)` is the new `execute` written as a step generator; `None` keeps the
    base's `execute` (a layer that only informs adapters). The `execute` is async when the base
    is async or `is_async` (the layer itself awaits), else sync.
    """
    if steps is None:
        execute: Callable[..., Any] = base.execute
    elif is_async or is_async_tool(base):

        async def execute_async(input: Any = None, context: Any = None) -> Any:
            return await drive_async(steps(input, context))

        execute = execute_async
    else:

        def execute_sync(input: Any = None, context: Any = None) -> Any:
            return drive_sync(steps(input, context))

        execute = execute_sync
    fields: dict[str, Any] = {
        "name": base.name,
        "description": base.description,
        "input_schema": base.input_schema,
        "output_schema": base.output_schema,
        "title": base.title,
        "meta": base.meta,
    }
    fields.update(changes)
    return DerivedTool(execute=execute, base=base, layer=layer, **fields)


def layers(tool: StandardToolV0[Any, Any, Any]) -> Iterator[DerivedTool[Any, Any, Any]]:
    """The derived tools from `tool` inwards (outermost first), each with its `layer`."""
    while isinstance(tool, DerivedTool):
        yield tool
        tool = tool.base


def find_layer(tool: StandardToolV0[Any, Any, Any], kind: LayerKind | str) -> Layer | None:
    """The outermost layer of `kind` around `tool`, if any."""
    for derived in layers(tool):
        if derived.layer.kind == kind:
            return derived.layer
    return None


def replace_fields(tool: StandardToolV0[Any, Any, Any], **changes: Any) -> StandardTool[Any, Any, Any]:
    """`dataclasses.replace` for any conforming tool (a `StandardTool` is built for others)."""
    if isinstance(tool, StandardTool):
        return dataclasses.replace(tool, **changes)
    fields: dict[str, Any] = {
        "name": tool.name,
        "description": tool.description,
        "execute": tool.execute,
        "input_schema": tool.input_schema,
        "output_schema": tool.output_schema,
        "title": tool.title,
        "meta": tool.meta,
    }
    fields.update(changes)
    return StandardTool(**fields)
