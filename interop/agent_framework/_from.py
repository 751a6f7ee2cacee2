"""`from_agent_framework`: a Microsoft Agent Framework tool (`@tool` function, `FunctionTool`, or
a plain function) as a neutral, validating tool.

The neutral tool is async. Its `execute(input, context)` validates `input` against the tool's
`parameters()` (the JSON Schema Agent Framework sends a model), then runs the tool's own
`invoke(arguments=..., context=...)`, which validates again with the tool's own input model and
injects its `FunctionInvocationContext`: the neutral context itself when it is one (the tool runs
inside an Agent Framework agent through `to_agent_framework`), else a fresh one whose `kwargs`
are `{"context": <neutral context>}` (what `to_agent_framework` reads), or the `kwargs` a
`context=` hook makes of the neutral context. The result is the function's own return value
(`skip_parsing`), with Agent Framework `Content` items as text or `interop.Image` / `Audio` /
`File`. Agent Framework `ToolException`s (limits reached, no implementation) raise `ToolError`;
`UserInputRequiredException` passes through as control flow; other exceptions pass through.

Carried: name, description, the input schema, `approval_mode="always_require"` (as
`requires_approval`), and `additional_properties` as meta (the title and output schema from its
`"interop"` entry). Declaration-only tools (no function) have nothing to run and are refused.
"""

from __future__ import annotations

try:
    import agent_framework  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        "Please install `agent-framework-core` to use `interop.agent_framework`: "
        '`pip install "standard-tool[agent-framework]"`'
    ) from _import_error

import base64
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agent_framework import FunctionTool
from agent_framework import tool as af_tool
from agent_framework.exceptions import ToolException, UserInputRequiredException

import interop
from interop import bridge

from ._to import CONTEXT_KEY

if TYPE_CHECKING:
    # imported by the first conversion: `from agent_framework import tool, FunctionTool` loads neither
    from agent_framework import Content, FunctionInvocationContext

    from interop import StandardTool, StandardToolV0

__all__ = ["InvocationKwargsHook", "from_agent_framework"]

InvocationKwargsHook = Callable[[Any], Any]
"""Maps the neutral context to the `kwargs` (runtime data) a native tool's context carries."""


def _part(item: Content) -> Any:
    if item.type == "text":
        return item.text or ""
    if item.type == "data" and item.uri and item.media_type:
        data = base64.b64decode(item.uri.split(",", 1)[1])
        kind = item.media_type.split("/", 1)[0]
        if kind == "image":
            return interop.Image(data, item.media_type)
        if kind == "audio":
            return interop.Audio(data, item.media_type)
        return interop.File(data, item.media_type, item.name)
    return item.to_dict(exclude={"raw_representation"})


def _value(raw: Any, content: type[Content]) -> Any:
    """A native return value as neutral data: Agent Framework `Content` items as text or content values."""
    if isinstance(raw, content):
        return _part(raw)
    if isinstance(raw, list) and any(isinstance(x, content) for x in raw):
        return [_part(x) if isinstance(x, content) else x for x in raw]
    return raw


def _meta_title_schema(native: FunctionTool) -> tuple[dict[str, Any], str | None, Any]:
    meta, title, output = bridge.read_carried_meta(native.additional_properties or {})
    if native.approval_mode == "always_require":
        meta["requires_approval"] = True
    return meta, title, output


def from_agent_framework(
    native: FunctionTool | Callable[..., Any], *, context: InvocationKwargsHook | None = None
) -> StandardToolV0[Any, Any, Any]:
    """Convert an Agent Framework tool (a `FunctionTool`, `@tool` function, or plain function).

    `context`: maps the neutral context to the `kwargs` of the `FunctionInvocationContext` the tool
    gets (default: `{"context": <neutral context>}`, or the neutral context itself when it is a
    `FunctionInvocationContext`). A tool made by `to_agent_framework` comes back as the very neutral
    tool it was made from.
    """
    origin = bridge.get_origin(native)
    if isinstance(origin, interop.StandardToolV0) and context is None:
        return origin
    if not isinstance(native, FunctionTool):
        if not callable(native):
            raise TypeError(
                f"from_agent_framework converts FunctionTools, @tool functions and functions; got {type(native).__name__}"
            )
        native = af_tool(native)
    if native.declaration_only:
        raise TypeError(
            f"from_agent_framework: tool {native.name!r} is declaration-only (it has no function)"
        )
    from agent_framework import Content, FunctionInvocationContext

    tool = native
    name = tool.name
    schema = bridge.copy_json(tool.parameters())
    checked = bridge.foreign_schema(schema, where=f"Agent Framework tool {name!r}: its input schema")
    check = bridge.validator(checked, "input", name)
    hook = context

    async def invocation_context(value: Any, args: dict[str, Any]) -> FunctionInvocationContext:
        if hook is None and isinstance(value, FunctionInvocationContext):
            return value
        if hook is not None:
            made = hook(value)
            runtime = await made if inspect.isawaitable(made) else made
        else:
            runtime = {CONTEXT_KEY: value}
        return FunctionInvocationContext(function=tool, arguments=args, kwargs=dict(runtime or {}))

    async def execute(input: Any = None, context: Any = None) -> Any:
        args = dict(check({} if input is None else input))
        ctx = await invocation_context(context, args)
        try:
            raw = await tool.invoke(arguments=args, context=ctx, skip_parsing=True)
        except UserInputRequiredException:
            raise
        except ToolException as e:
            raise interop.ToolError(str(e)) from e
        except TypeError as e:
            if type(e).__name__ == "_FunctionArgumentValidationError":  # its own input model refused them
                from interop.protocols import Issue  # (not loaded by importing the adapter)

                raise interop.StandardToolValidationError("input", [Issue(str(e))], tool_name=name) from e
            raise
        return _value(raw, Content)

    meta, title, output_schema = _meta_title_schema(tool)
    neutral: StandardTool[Any, Any, Any] = interop.StandardTool(
        name=name,
        description=tool.description or "",
        execute=execute,
        input_schema=checked,
        output_schema=(
            bridge.foreign_schema(output_schema, where=f"Agent Framework tool {name!r}: its output schema")
            if output_schema is not None
            else None
        ),
        title=title,
        meta=meta,
    )
    bridge.set_origin(neutral, native)
    return neutral
