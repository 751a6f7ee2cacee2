"""`from_autogen`: AutoGen tools (`FunctionTool`, any `BaseTool`, plain functions, a `Workbench`'s
tools) as neutral, validating tools.

The neutral input schema is the one AutoGen advertises to its model (`tool.schema["parameters"]`:
what a `FunctionTool` derives from the signature, or a `BaseTool`'s own), so a call the model was
told it may make is one the neutral validator accepts. The neutral `execute` validates against it,
then runs AutoGen's own call path, `await tool.run_json(arguments, cancellation_token)` (the
tool's pydantic validation, its span and `ToolCallEvent` log, a `FunctionTool`'s injected
`CancellationToken` and its worker thread for sync functions): the result is the tool's return
value (a pydantic model, a dict...), which every target then shows its model as JSON text (AutoGen
itself would `str()` it). The tool's own validation failing raises `ToolError` with its message;
other exceptions propagate (AutoGen's agent shows their message to the model; other targets follow
their `errors=` policy).

A `Workbench` (a `StaticWorkbench`, an `McpWorkbench`...) gives one neutral tool per listed tool,
called through `workbench.call_tool(...)`: an error result (`is_error=True`) raises `ToolError`
with its text, a text result is read as JSON when it is JSON, images become `interop.Image`.
`from_autogen(workbench)` lists the tools with `run_sync` (fine for a `StaticWorkbench`); a
workbench bound to a connection and an event loop (`McpWorkbench`) is listed from that loop with
`await from_autogen_workbench(workbench)`, and its tools are async.

Context: the neutral context becomes the `CancellationToken` AutoGen passes a tool: the neutral
context itself when it is one (a converted tool running inside AutoGen), else a fresh token; a
`native_context=` hook may build it instead. Carried: name, description, `strict`.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, overload

import pydantic
from autogen_core import CancellationToken
from autogen_core.tools import (
    BaseTool,
    FunctionTool,
    ImageResultContent,
    Tool,
    ToolResult,
    ToolSchema,
    Workbench,
)
from typing_extensions import Unpack

import interop
from interop import StandardToolV0, ToolError, bridge
from interop._kit import OldContextName, inbound, unique_tools

CancellationTokenHook = Callable[[Any], Any]
"""Maps the neutral context to the `CancellationToken` the native tool gets (or an awaitable of it)."""

__all__ = ["CancellationTokenHook", "WorkbenchTool", "from_autogen", "from_autogen_workbench"]


@dataclass(frozen=True)
class WorkbenchTool:
    """A tool a `Workbench` lists (the native object a neutral workbench tool records)."""

    workbench: Workbench
    schema: ToolSchema

    @property
    def name(self) -> str:
        return self.schema["name"]


def _token(context: Any) -> CancellationToken:
    return context if isinstance(context, CancellationToken) else CancellationToken()


def _meta(schema: ToolSchema) -> dict[str, Any]:
    return {"strict": True} if schema.get("strict") else {}


def _parameters(tool: Tool, schema: ToolSchema) -> dict[str, Any] | None:
    """What the model is told the tool takes (`schema`: the tool's `schema`, which AutoGen rebuilds
    on every read). AutoGen inlines `$defs` by reference: a recursive model makes a cycle, read
    instead as the pydantic schema with its `$defs`."""
    parameters = schema.get("parameters")
    if parameters is None:
        return None
    try:
        json.dumps(parameters)
    except ValueError:
        own = tool.args_type().model_json_schema()
        own.pop("title", None)
        own.setdefault("additionalProperties", parameters.get("additionalProperties", False))
        return dict(own)
    return dict(parameters)


def _tool_runner(tool: Tool) -> Callable[[Any, Any], Any]:
    async def run(arguments: Any, token: Any) -> Any:
        return await tool.run_json(dict(arguments), token)

    return run


def _as_tool(native: Any) -> Tool:
    if isinstance(native, BaseTool):  # before the runtime `Tool` protocol, whose check reads every
        return native  # member, `schema` included (AutoGen rebuilds it on each read)
    if isinstance(native, Tool):
        return native
    if callable(native):  # what `AssistantAgent(tools=[fn])` does with a plain function
        return FunctionTool(native, description=getattr(native, "__doc__", None) or "")
    raise TypeError(
        "from_autogen converts AutoGen tools (BaseTool, FunctionTool, a function) and workbenches; "
        f"got {type(native).__name__}"
    )


def _from_tool(native: Any, native_context: CancellationTokenHook | None) -> StandardToolV0[Any, Any, Any]:
    tool = _as_tool(native)
    schema = tool.schema
    return bridge.from_native(
        native,
        framework="AutoGen",
        name=tool.name,
        description=tool.description or "",
        meta=_meta(schema),
        input_schema=_parameters(tool, schema),
        call=_tool_runner(tool),
        native_context=native_context,
        default_native_context=_token,
        error_types=(pydantic.ValidationError,),
        is_async=True,
    )


def _decode_workbench(result: Any) -> Any:
    """A workbench's `ToolResult` as the neutral value (`ToolError` for an error result)."""
    if not isinstance(result, ToolResult):
        return result
    if result.is_error:
        raise ToolError(result.to_text() or f"tool {result.name!r} failed")
    parts: list[Any] = []
    for item in result.result:
        if isinstance(item, ImageResultContent):
            parts.append(interop.Image(base64.b64decode(item.content.to_base64()), "image/png"))
        else:
            parts.append(item.content)
    return parts[0] if len(parts) == 1 else parts


def _from_listed(
    listed: WorkbenchTool, native_context: CancellationTokenHook | None
) -> StandardToolV0[Any, Any, Any]:
    workbench, name = listed.workbench, listed.name

    async def call(arguments: Any, token: Any) -> Any:
        return await workbench.call_tool(name, dict(arguments), cancellation_token=token)

    return bridge.from_native(
        listed,
        framework="AutoGen",
        name=name,
        description=listed.schema.get("description") or "",
        meta=_meta(listed.schema),
        input_schema=dict(listed.schema.get("parameters") or {"type": "object", "properties": {}}),
        call=call,
        native_context=native_context,
        default_native_context=_token,
        decode=_decode_workbench,
        text_results=True,
        is_async=True,
    )


async def from_autogen_workbench(
    workbench: Workbench, *, native_context: CancellationTokenHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a `Workbench`, listed in the running loop (`await workbench.list_tools()`);
    each call goes through `workbench.call_tool(...)`. Duplicate names raise `ToolNameError`."""
    native_context = bridge.native_context_option(native_context, {}, where="from_autogen_workbench")
    listed = await workbench.list_tools()
    return unique_tools([_from_listed(WorkbenchTool(workbench, schema), native_context) for schema in listed])


@overload
def from_autogen(
    native: Workbench,
    *,
    native_context: CancellationTokenHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> list[StandardToolV0[Any, Any, Any]]: ...
@overload
def from_autogen(
    native: BaseTool[Any, Any] | Tool | Callable[..., Any],
    *,
    native_context: CancellationTokenHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> StandardToolV0[Any, Any, Any]: ...
@inbound()
def from_autogen(
    native: Any, *, native_context: CancellationTokenHook | None = None, **deprecated: Unpack[OldContextName]
) -> Any:
    """Convert an AutoGen tool (a `FunctionTool`, any `BaseTool`, a plain function as
    `AssistantAgent` takes it) into a neutral tool, or a `Workbench` into a list of them.

    `native_context`: maps the neutral context to the `CancellationToken` the tool gets (default:
    the neutral context itself when it is one, else a fresh token). A tool made by `to_autogen`
    comes back as the very neutral tool it was made from.
    """
    if isinstance(native, Workbench):
        return bridge.run_sync(from_autogen_workbench(native, native_context=native_context))
    return _from_tool(native, native_context)
