"""`from_strands`: a Strands tool as a neutral, validating tool.

Handled: `@tool` functions (`DecoratedFunctionTool`), `PythonAgentTool`s, Strands' MCP tools and
any other `AgentTool` subclass. The neutral tool is async; its `execute(input, context)`:

- validates `input` against the tool's `inputSchema` (the JSON Schema its spec declares), then
- runs the native tool through its own `stream(tool_use, invocation_state)`, the call Strands
  makes (a `@tool` function then validates again with its own model, as in Strands);
- `invocation_state`: when the neutral context is a Strands `ToolContext` (the tool runs inside a
  Strands agent through `to_strands`), that call's own state and agent; otherwise
  `{CONTEXT_KEY: <neutral context>}` (the key `to_strands` reads; also under the round-2 key
  `"context"` for a release, for native tools that still read it), or what a `native_context=` hook
  makes of the neutral context. Outside a Strands agent, a tool that asks for `tool_context.agent` gets
  a stand-in whose interrupts cannot be answered: a tool that interrupts (asks a human) is then
  denied (`ApprovalDeniedError`), it never runs half-approved. Inside an agent the interrupt
  pauses the run as usual.
- results, by the core's one decoder (`interop.bridge.decode_content`): `status: "error"` raises
  `ToolError` with the text the model would have read; a success gives `structuredContent` when
  present, else the content: a `json` block's value; a text block's text, or the value when it is
  a JSON object or array (`"42"` stays the text `"42"`); images and documents as
  `interop.Image` / `interop.File`; several blocks a list of those.

Carried: name, description, the input and output schemas, the title and the meta from
`annotations` (MCP hints; `annotations["interop"]`). A tool made by `to_strands` comes back as
the very neutral tool it was made from.
"""

from __future__ import annotations

import threading
import types
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from strands.interrupt import InterruptException
from strands.types.events import ToolResultEvent
from strands.types.tools import AgentTool, ToolContext, ToolUse
from typing_extensions import Unpack

from interop import ApprovalDeniedError, StandardToolV0, ToolError, bridge
from interop._kit import OldContextName, hints_meta, inbound, well_formed_meta

from ._to import CONTEXT_KEY, META_KEY, OLD_CONTEXT_KEY

InvocationStateHook = Callable[[Any], Any]
"""Maps the neutral context to the `invocation_state` dict a native tool gets (or an awaitable)."""

__all__ = ["InvocationStateHook", "from_strands"]


class _NoAgent:
    """Stands in for `tool_context.agent` when a Strands tool runs outside an agent (one per call)."""

    def __init__(self) -> None:
        self._interrupt_state = types.SimpleNamespace(interrupts={})
        self.cancel_signal = threading.Event()

    def __repr__(self) -> str:
        return "<no Strands agent: the tool runs outside one>"


def _interrupts(event: Any) -> list[Any] | None:
    """The interrupts of a tool's interrupt event (Strands' `ToolInterruptEvent`), else None."""
    if isinstance(event, dict) and "tool_interrupt_event" in event:
        found = event["tool_interrupt_event"].get("interrupts")
        return list(found) if found else []
    return None


def _tool_result(event: Any) -> Mapping[str, Any] | None:
    if isinstance(event, ToolResultEvent):
        return event.tool_result
    if isinstance(event, Mapping) and "status" in event and "content" in event:
        return event
    return None


def _value(result: Mapping[str, Any], name: str) -> Any:
    """The neutral value of a native tool result (the core's decoder: `ToolError` for an error)."""
    return bridge.decode_content(
        [b for b in result.get("content") or [] if isinstance(b, Mapping)],
        tool_name=name,
        is_error=result.get("status") == "error",
        structured=result.get("structuredContent"),
    )


def _title_and_meta(spec: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
    annotations = spec.get("annotations")
    if not isinstance(annotations, Mapping):
        return None, {}
    title = annotations.get("title")
    ours = annotations.get(META_KEY)
    meta = well_formed_meta({**hints_meta(annotations), **(ours if isinstance(ours, Mapping) else {})})
    return (title if isinstance(title, str) else None), meta


def _schema(spec: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    value = spec.get(key)
    if isinstance(value, Mapping) and isinstance(value.get("json"), Mapping):
        value = value["json"]
    return dict(bridge.copy_json(value)) if isinstance(value, Mapping) else None


def _default_state(context: Any) -> Any:
    """The Strands call's own state inside a Strands agent, else `{CONTEXT_KEY: <neutral context>}`
    (and the round-2 key, read by native tools written before round 3)."""
    if isinstance(context, ToolContext):
        return context.invocation_state
    return {CONTEXT_KEY: context, OLD_CONTEXT_KEY: context}


def _runner(native: AgentTool, name: str) -> Callable[[Any, Any, Any], Any]:
    """`call(arguments, invocation_state, neutral context)` for `from_native`: the native tool's
    own `stream`, as a Strands agent runs it (the agent's tool use id when it is one's call)."""

    async def call(arguments: Any, made: Any, context: Any) -> Any:
        outer = context if isinstance(context, ToolContext) else None
        if outer is not None and made is outer.invocation_state:
            state = made
        else:
            state = dict(made or {})
            state.setdefault("agent", _NoAgent())
        inside = not isinstance(state.get("agent"), _NoAgent)
        call_id = (
            str(outer.tool_use.get("toolUseId")) if outer is not None else f"tooluse_{uuid.uuid4().hex[:24]}"
        )
        tool_use: ToolUse = {"toolUseId": call_id, "name": name, "input": arguments}
        last: Any = None
        try:
            async for event in native.stream(tool_use, state):
                interrupts = _interrupts(event)
                if interrupts is not None:
                    if inside and interrupts:
                        raise InterruptException(interrupts[0])  # Strands pauses the run, as for its own tool
                    raise ApprovalDeniedError(
                        name, "the Strands tool asked for human input and no Strands agent runs this call"
                    )
                last = event
        except InterruptException:
            if inside:
                raise
            raise ApprovalDeniedError(
                name, "the Strands tool asked for human input and no Strands agent runs this call"
            ) from None
        result = _tool_result(last)
        if result is None:
            raise ToolError(f"Tool '{name}' did not return a result")
        return result

    return call


@inbound(
    kind=AgentTool,
    refusal="from_strands converts Strands tools (@tool functions, AgentTool subclasses); got ",
)
def from_strands(
    native: AgentTool,
    *,
    native_context: InvocationStateHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> StandardToolV0[Any, Any, Any]:
    """Convert a Strands tool (`@tool` function or any `AgentTool`) into a neutral tool.

    `native_context`: maps the neutral context to the `invocation_state` the native tool gets
    (default: the Strands call's own state inside a Strands agent, else `{CONTEXT_KEY: <neutral
    context>}`; `context=` is its deprecated name). A tool made by `to_strands` comes back as the
    very neutral tool it was made from.
    """
    spec = native.tool_spec
    name = native.tool_name
    title, meta = _title_and_meta(spec)
    return bridge.from_native(
        native,
        framework="Strands",
        name=name,
        description=str(spec.get("description") or ""),
        title=title,
        meta=meta,
        input_schema=_schema(spec, "inputSchema"),
        output_schema=_schema(spec, "outputSchema"),
        call=_runner(native, name),
        native_context=native_context,
        default_native_context=_default_state,
        decode=lambda result: _value(result, name),
        pass_context=True,
    )
