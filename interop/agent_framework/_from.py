"""`from_agent_framework`: a Microsoft Agent Framework tool (`@tool` function, `FunctionTool`, or
a plain function) as a neutral, validating tool.

The neutral tool is async. Its `execute(input, context)` validates `input` against the tool's
`parameters()` (the JSON Schema Agent Framework sends a model), then runs the tool's own
`invoke(arguments=..., context=...)`, which validates again with the tool's own input model and
injects its `FunctionInvocationContext`: the neutral context itself when it is one (the tool runs
inside an Agent Framework agent through `to_agent_framework`), else a fresh one whose `kwargs`
are `{CONTEXT_KEY: <neutral context>}` (what `to_agent_framework` reads; also under the round-2
key `"context"` for a release, for functions that still read it), or the `kwargs` a
`native_context=` hook makes of the neutral context. The result is the function's own return value
(`skip_parsing`), with Agent Framework `Content` items read as every adapter reads foreign
content (`interop.bridge.decode_content`): text (a JSON object or array text is that value),
`interop.Image` / `Audio` / `File`, links as `bridge.ResourceLink`; one item is its value. Agent Framework `ToolException`s (limits reached, no implementation) raise `ToolError`,
its own input model's refusal a `StandardToolValidationError`; `UserInputRequiredException`
passes through as control flow; other exceptions pass through.

Carried: name, description, the input schema, `approval_mode="always_require"` (as
`requires_approval`), and `additional_properties` as meta (the title and output schema from its
`"interop"` entry). Declaration-only tools (no function) have nothing to run and are refused.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agent_framework import FunctionTool
from agent_framework import tool as af_tool
from agent_framework.exceptions import ToolException
from typing_extensions import Unpack

import interop
from interop import bridge
from interop._decode import decode_block
from interop._kit import OldContextName, inbound, read_carried_meta

from ._to import CONTEXT_KEY, OLD_CONTEXT_KEY

if TYPE_CHECKING:
    # imported by the first conversion: `from agent_framework import tool, FunctionTool` loads neither
    from agent_framework import Content

    from interop import StandardToolV0


InvocationKwargsHook = Callable[[Any], Any]
"""Maps the neutral context to the `kwargs` (runtime data) a native tool's context carries."""

__all__ = ["InvocationKwargsHook", "from_agent_framework"]


def _block(item: Content) -> Any:
    """An Agent Framework content item as an MCP-style block for the core's decoder (what its MCP
    tools make of MCP content: text, data URIs, links), or as the neutral value itself."""
    uri = item.uri or ""
    if item.type == "text":
        return {"type": "text", "text": item.text or ""}
    if item.type in ("data", "uri") and uri.startswith("data:") and "," in uri and item.media_type:
        data = uri.split(",", 1)[1]
        kind = item.media_type.split("/", 1)[0]
        if kind in ("image", "audio"):
            return {"type": kind, "data": data, "mimeType": item.media_type}
        return interop.File(base64.b64decode(data), item.media_type, item.name)
    if item.type == "uri" and uri:
        return {"type": "resource_link", "uri": uri, "mimeType": item.media_type}
    return item.to_dict(exclude={"raw_representation"})


def _value(raw: Any, content: type[Content], name: str) -> Any:
    """A native return value as neutral data: Agent Framework `Content` items decoded as every
    foreign content is (`bridge.decode_content`: one item is its value, a text that is a JSON
    object or array that value), anything else as it is."""
    if isinstance(raw, content):
        raw = [raw]
    if isinstance(raw, list) and raw and all(isinstance(x, content) for x in raw):
        return bridge.decode_content([_block(x) for x in raw], tool_name=name)
    if isinstance(raw, list) and any(isinstance(x, content) for x in raw):
        return [decode_block(_block(x)) if isinstance(x, content) else x for x in raw]
    return raw


def _meta_title_schema(native: FunctionTool) -> tuple[dict[str, Any], str | None, Any]:
    meta, title, output = read_carried_meta(native.additional_properties or {})
    if native.approval_mode == "always_require":
        meta["requires_approval"] = True
    return meta, title, output


def _argument_errors() -> tuple[type[BaseException], ...]:
    """Agent Framework's own input-model refusal (a private `TypeError` subclass, when it has one)."""
    from agent_framework import _tools

    found = getattr(_tools, "_FunctionArgumentValidationError", None)
    return (found,) if isinstance(found, type) and issubclass(found, BaseException) else ()


@inbound()
def from_agent_framework(
    native: FunctionTool | Callable[..., Any],
    *,
    native_context: InvocationKwargsHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> StandardToolV0[Any, Any, Any]:
    """Convert an Agent Framework tool (a `FunctionTool`, `@tool` function, or plain function).

    `native_context`: maps the neutral context to the `kwargs` of the `FunctionInvocationContext`
    the tool gets (default: `{CONTEXT_KEY: <neutral context>}`, or the neutral context itself when it
    is a `FunctionInvocationContext`; `context=` is its deprecated name). A tool made by
    `to_agent_framework` comes back as the very neutral tool it was made from.
    """
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

    def default_kwargs(value: Any) -> Any:
        if isinstance(value, FunctionInvocationContext):
            return value
        return {CONTEXT_KEY: value, OLD_CONTEXT_KEY: value}  # the old key: functions written before round 3

    async def call(arguments: Any, made: Any) -> Any:
        args = dict(arguments)
        if not isinstance(made, FunctionInvocationContext):
            made = FunctionInvocationContext(function=tool, arguments=args, kwargs=dict(made or {}))
        return await tool.invoke(arguments=args, context=made, skip_parsing=True)

    meta, title, output_schema = _meta_title_schema(tool)
    return bridge.from_native(
        tool,
        framework="Agent Framework",
        name=tool.name,
        description=tool.description or "",
        title=title,
        meta=meta,
        input_schema=bridge.copy_json(tool.parameters()),
        output_schema=output_schema,
        call=call,
        native_context=native_context,
        default_native_context=default_kwargs,
        decode=lambda raw: _value(raw, Content, tool.name),
        error_types=(ToolException,),
        invalid_types=_argument_errors(),
    )
