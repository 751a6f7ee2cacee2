"""`from_strands`: a Strands tool as a neutral, validating tool.

Handled: `@tool` functions (`DecoratedFunctionTool`), `PythonAgentTool`s, Strands' MCP tools and
any other `AgentTool` subclass. The neutral tool is async; its `execute(input, context)`:

- validates `input` against the tool's `inputSchema` (the JSON Schema its spec declares), then
- runs the native tool through its own `stream(tool_use, invocation_state)`, the call Strands
  makes (a `@tool` function then validates again with its own model, as in Strands);
- `invocation_state`: when the neutral context is a Strands `ToolContext` (the tool runs inside a
  Strands agent through `to_strands`), that call's own state and agent; otherwise
  `{"context": <neutral context>}` (the key `to_strands` reads), or what a `context=` hook makes
  of the neutral context. Outside a Strands agent, a tool that asks for `tool_context.agent` gets
  a stand-in whose interrupts cannot be answered: a tool that interrupts (asks a human) is then
  denied (`ApprovalDeniedError`), it never runs half-approved. Inside an agent the interrupt
  pauses the run as usual.
- results: `status: "error"` raises `ToolError` with the text the model would have read; a
  success gives `structuredContent` when present, else the content: a `json` block's value, a
  text block (JSON text decoded), images and documents as `interop.Image` / `interop.File`.

Carried: name, description, the input and output schemas, the title and the meta from
`annotations` (MCP hints; `annotations["interop"]`). A tool made by `to_strands` comes back as
the very neutral tool it was made from.
"""

from __future__ import annotations

try:
    import strands  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `strands-agents` to use `interop.strands`: `pip install "standard-tool[strands]"`'
    ) from _import_error

import inspect
import json
import threading
import types
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from strands.interrupt import InterruptException
from strands.types.events import ToolResultEvent
from strands.types.tools import AgentTool, ToolContext, ToolUse

from interop import (
    ApprovalDeniedError,
    File,
    Image,
    StandardTool,
    StandardToolV0,
    ToolError,
)
from interop.bridge import (
    copy_json,
    foreign_schema,
    get_origin,
    hints_meta,
    set_origin,
    to_json_text,
    validator,
    well_formed_meta,
)

from ._to import CONTEXT_KEY, META_KEY

__all__ = ["InvocationStateHook", "from_strands"]

InvocationStateHook = Callable[[Any], Any]
"""Maps the neutral context to the `invocation_state` dict a native tool gets (or an awaitable)."""

_MEDIA = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}
_DOCUMENTS = {
    "pdf": "application/pdf",
    "csv": "text/csv",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "html": "text/html",
    "txt": "text/plain",
    "md": "text/markdown",
}


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


def _maybe_json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _part(block: Mapping[str, Any]) -> Any:
    if "json" in block:
        return to_json_text(block["json"])
    if "text" in block:
        return str(block["text"])
    for key, formats in (("image", _MEDIA), ("document", _DOCUMENTS)):
        if key in block:
            item = block[key]
            data = (item.get("source") or {}).get("bytes")
            fmt = item.get("format")
            if not isinstance(data, (bytes, bytearray)):
                return f"[{key}: {fmt}, not inline]"
            media = formats.get(str(fmt), "application/octet-stream")
            return Image(bytes(data), media) if key == "image" else File(bytes(data), media, item.get("name"))
    return to_json_text(dict(block))


def _value(result: Mapping[str, Any], name: str) -> Any:
    """The neutral value of a native tool result (raises `ToolError` for an error result)."""
    blocks = [b for b in result.get("content") or [] if isinstance(b, Mapping)]
    if result.get("status") == "error":
        text = "\n".join(str(b.get("text", "")) for b in blocks if "text" in b)
        raise ToolError(text or f"tool {name!r} failed")
    if "structuredContent" in result:
        return result["structuredContent"]
    if len(blocks) == 1:
        block = blocks[0]
        if "json" in block:
            return block["json"]
        if "text" in block:
            return _maybe_json(str(block["text"]))
    parts = [_part(b) for b in blocks]
    if any(not isinstance(p, str) for p in parts):
        return parts
    return "\n".join(parts)


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
    return dict(copy_json(value)) if isinstance(value, Mapping) else None


def from_strands(
    native: AgentTool, *, context: InvocationStateHook | None = None
) -> StandardToolV0[Any, Any, Any]:
    """Convert a Strands tool (`@tool` function or any `AgentTool`) into a neutral tool.

    `context`: maps the neutral context to the `invocation_state` the native tool gets (default:
    the Strands call's own state inside a Strands agent, else `{"context": <neutral context>}`).
    A tool made by `to_strands` comes back as the very neutral tool it was made from.
    """
    origin = get_origin(native)
    if isinstance(origin, StandardToolV0) and context is None:
        return origin
    if not isinstance(native, AgentTool):
        raise TypeError(
            f"from_strands converts Strands tools (@tool functions, AgentTool subclasses); got {type(native).__name__}"
        )
    spec = native.tool_spec
    name = native.tool_name
    input_schema = _schema(spec, "inputSchema") or {"type": "object", "properties": {}}
    checked = foreign_schema(input_schema, where=f"Strands tool {name!r}: its input schema")
    check = validator(checked, "input", name)
    hook = context

    async def state_for(neutral_context: Any, outer: ToolContext[Any] | None) -> dict[str, Any]:
        if hook is not None:
            made = hook(neutral_context)
            made = await made if inspect.isawaitable(made) else made
            state = dict(made or {})
        elif outer is not None:
            return outer.invocation_state
        else:
            state = {CONTEXT_KEY: neutral_context}
        state.setdefault("agent", _NoAgent())
        return state

    async def execute(input: Any = None, context: Any = None) -> Any:
        args = check({} if input is None else input)
        outer = context if isinstance(context, ToolContext) else None
        state = await state_for(context, outer)
        inside = not isinstance(state.get("agent"), _NoAgent)
        call_id = (
            str(outer.tool_use.get("toolUseId")) if outer is not None else f"tooluse_{uuid.uuid4().hex[:24]}"
        )
        tool_use: ToolUse = {"toolUseId": call_id, "name": name, "input": args}
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
        return _value(result, name)

    title, meta = _title_and_meta(spec)
    output_schema = _schema(spec, "outputSchema")
    neutral: StandardTool[Any, Any, Any] = StandardTool(
        name=name,
        description=str(spec.get("description") or ""),
        execute=execute,
        input_schema=checked,
        output_schema=(
            foreign_schema(output_schema, where=f"Strands tool {name!r}: its output schema")
            if output_schema is not None
            else None
        ),
        title=title,
        meta=meta,
    )
    set_origin(neutral, native)
    return neutral
