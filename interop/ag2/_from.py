"""`from_ag2`: AG2 v1 tools (`@tool` functions, `FunctionTool`s, plain functions, `Toolkit`s) as
neutral, validating tools.

The neutral input schema is the function's `parameters` (what AG2 sends its model: derived from
the signature by fast_depends, without the injected `Context`, `Inject` and `Variable` parameters,
or the `schema=` its author gave). The neutral `execute` validates against it, then runs AG2's own
call path: a `ToolCallEvent` through the tool's own middleware chain (as an agent registers it) and
its fast_depends model (argument coercion, `Depends`, `Inject`, `Variable`, sync functions on a
worker thread). A `ToolResultEvent` gives its parts (text, data, images / audio / documents as
`interop.Image` / `Audio` / `File`); a `ToolErrorEvent` raises `ToolError` with the error's message
(AG2 shows its model every tool exception); a failing human-input channel (`HumanInputError`)
propagates.

Context: the tool gets a `ConversationContext`: the neutral context itself when it is one (a
converted tool running inside an AG2 turn), else a fresh one (an in-memory stream) whose
`dependencies` are the neutral context (a mapping: what `Inject` reads); a `native_context=` hook
may build it instead.

Approval: a tool carrying AG2's `approval_required()` middleware becomes `requires_approval=True`.
Its middleware then asks only when the neutral pipeline has not approved the call already
(`bridge.approved_call()`): an approved call runs without a second question; any other call asks
the context's human-input channel; a fresh context has none, so the call raises AG2's
`HumanInputNotProvidedError` and does not run.

Carried: name, description, `requires_approval`, the schema's `defer_loading`. Tools with no
local call to make (provider-side builtin tools, client tools) are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, overload

from ag2 import MemoryStream, Toolkit
from ag2.context import ConversationContext
from ag2.events import BinaryInput, ClientToolCallEvent, DataInput, TextInput, ToolCallEvent, ToolErrorEvent
from ag2.events.input_events import BinaryType
from ag2.exceptions import HumanInputNotProvidedError
from ag2.middleware import ApprovalRequired, ToolExecution, ToolResultType
from ag2.tools.final.function_tool import FunctionTool, tool
from ag2.tools.tool import Tool as AG2Tool

import interop
from interop import StandardToolV0, ToolError, bridge
from interop._kit import unique_tools

ConversationContextHook = Callable[[Any], Any]
"""Maps the neutral context to the `ConversationContext` the tool gets (or an awaitable of it)."""

__all__ = ["ConversationContextHook", "from_ag2"]


class _NoHuman(MemoryStream):
    """The stream of a context made here: nobody answers a human-input request on it."""

    __slots__ = ()


def _conversation(context: Any) -> ConversationContext:
    if isinstance(context, ConversationContext):
        return context
    dependencies = dict(context) if isinstance(context, Mapping) else {}
    return ConversationContext(stream=_NoHuman(), dependencies=dependencies)


def _unless_approved(hook: ApprovalRequired) -> Any:
    """AG2's approval middleware, skipped for a call the neutral pipeline approved."""

    async def gate(
        call_next: ToolExecution, event: ToolCallEvent, context: ConversationContext
    ) -> ToolResultType:
        if bridge.approved_call():
            return await call_next(event, context)
        if isinstance(
            context.stream, _NoHuman
        ):  # nobody to ask (it would wait forever): as AG2 with no hitl_hook
            raise HumanInputNotProvidedError
        return await hook(call_next, event, context)

    return gate


def _chain(native: FunctionTool) -> ToolExecution:
    """The tool with its own middleware around it, as an agent registers it."""
    execution: ToolExecution = native
    for entry in reversed(native.middleware):
        hook = entry.middleware
        if isinstance(hook, ApprovalRequired):
            hook = _unless_approved(hook)
        execution = _wrap(hook, execution)
    return execution


def _wrap(hook: Any, inner: ToolExecution) -> ToolExecution:
    async def call(event: ToolCallEvent, context: ConversationContext) -> ToolResultType:
        return await hook(inner, event, context)  # type: ignore[no-any-return]

    return call


def _part(part: Any) -> Any:
    if isinstance(part, TextInput):
        return part.content
    if isinstance(part, DataInput):
        return part.data
    if isinstance(part, BinaryInput):
        if part.kind == BinaryType.IMAGE:
            return interop.Image(part.data, str(part.media_type))
        if part.kind == BinaryType.AUDIO:
            return interop.Audio(part.data, str(part.media_type))
        return interop.File(part.data, str(part.media_type), part.vendor_metadata.get("filename"))
    return bridge.to_jsonable(part)


def _value(result: ToolResultType, name: str) -> Any:
    if isinstance(result, ToolErrorEvent):
        e = result.error
        raise ToolError(bridge.exception_text(e) or type(e).__name__) from e
    if isinstance(result, ClientToolCallEvent):
        raise ToolError(f"tool {name!r} runs on the client: AG2 handed the call back to it")
    parts = [_part(p) for p in result.result.parts]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else parts


def _runner(native: FunctionTool) -> Callable[[Any, Any], Any]:
    execution = _chain(native)
    name = native.name

    async def run(arguments: Any, context: Any) -> Any:
        event = ToolCallEvent(name=name, arguments=bridge.to_json_text(arguments))
        result = await execution(event.handled_by(native.source), context)
        return _value(result, name)

    return run


def _meta(native: FunctionTool) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if any(isinstance(entry.middleware, ApprovalRequired) for entry in native.middleware):
        meta["requires_approval"] = True
    if native.schema.defer_loading:
        meta["defer_loading"] = True
    return meta


def _function_tool(native: Any) -> FunctionTool:
    if isinstance(native, FunctionTool):
        return native
    if isinstance(native, AG2Tool):
        raise TypeError(
            f"from_ag2: {type(native).__name__} {getattr(native, 'name', '')!r} is not a function tool "
            "(a provider-side or client tool): it has no local call to convert"
        )
    if callable(native):  # what `Agent(tools=[fn])` does with a plain function
        made: FunctionTool = tool(native)
        return made
    raise TypeError(
        f"from_ag2 converts AG2 tools (@tool, FunctionTool, functions, Toolkit); got {type(native).__name__}"
    )


def _from_tool(native: Any, native_context: ConversationContextHook | None) -> StandardToolV0[Any, Any, Any]:
    home = bridge.neutral_home(native, native_context)
    if home is not None:
        return home
    function = _function_tool(native)
    definition = function.schema.function
    return bridge.from_native(
        native,
        framework="AG2",
        name=function.name,
        description=definition.description or "",
        meta=_meta(function),
        input_schema=bridge.copy_json(definition.parameters),
        call=_runner(function),
        native_context=native_context,
        default_native_context=_conversation,
        is_async=True,
    )


@overload
def from_ag2(
    native: Toolkit, *, native_context: ConversationContextHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]: ...
@overload
def from_ag2(
    native: FunctionTool | Callable[..., Any], *, native_context: ConversationContextHook | None = None
) -> StandardToolV0[Any, Any, Any]: ...
def from_ag2(native: Any, *, native_context: ConversationContextHook | None = None) -> Any:
    """Convert an AG2 tool (a `@tool` function, a `FunctionTool`, a plain function as `Agent` takes
    it) into a neutral tool, or a `Toolkit` into the list of its tools (duplicate names raise
    `ToolNameError`).

    `native_context`: maps the neutral context to the `ConversationContext` the tool gets (default:
    the neutral context itself when it is one, else a fresh one whose `dependencies` it is). A tool
    made by `to_ag2` comes back as the very neutral tool it was made from.
    """
    native_context = bridge.native_context_option(native_context, {}, where="from_ag2")
    if isinstance(native, Toolkit):
        return unique_tools([_from_tool(member, native_context) for member in native.tools])
    return _from_tool(native, native_context)
