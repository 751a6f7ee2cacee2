"""`from_genkit`: a Genkit tool as a neutral, validating tool.

Handled: tools defined with `@ai.tool(...)` / `ai.define_tool`-style registration and ephemeral
`genkit.tool(...)` tools (any `genkit.Tool`, or its `Action`), typed by a pydantic model or
annotation, or by a dict `input_schema`.

- **Schema.** The tool's input JSON Schema as Genkit sends it; the output schema Genkit tells
  the model about (`Tool.output_schema`; `{}`, "anything", is no schema). The neutral wrapper
  validates the arguments (Genkit validates none for a dict schema).
- **Context.** The native handler's `ToolRunContext.context` is the neutral context when it is a
  dict (a non-dict value is stored under `CONTEXT_KEY`); inside a Genkit run through `to_genkit`
  the tool-run context passes through unchanged. `native_context=` maps the neutral context to
  that dict yourself (it may be async).
- **Results.** The tool response's `output`; media parts (data URLs) come back as
  `interop.Image` / `Audio` / `File` (after the output text, if any; one part alone is its
  value). A result `to_genkit` marked as an error raises `ToolError`. Exceptions propagate; a Genkit `Interrupt` passes through as the framework's
  control flow (it only means something inside a Genkit `generate`).
- **Meta.** Title and meta written by `to_genkit` come back from the action's metadata.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from genkit import Action, GenkitError, Interrupt, Tool, ToolRunContext
from typing_extensions import Unpack

from interop import StandardToolV0, ToolError
from interop._decode import decode_data_url
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import OldContextName, inbound, unique_tools
from interop.bridge import from_native

from ._to import META_KEY

CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The tool-run context key holding a neutral context that is not a dict."""

__all__ = ["CONTEXT_KEY", "from_genkit", "from_genkit_tools"]


def _run_context(value: Any) -> dict[str, Any]:
    if isinstance(value, ToolRunContext):
        return dict(value.context)
    if isinstance(value, Mapping):
        return dict(value)
    return {CONTEXT_KEY: value} if value is not None else {}


def _content(part: Any) -> Any:
    """A Genkit part as a neutral value: media by the core's data-URL rule (other URLs as text)."""
    media = getattr(part, "media", None) or getattr(getattr(part, "root", None), "media", None)
    if media is None:
        text = getattr(part, "text", None) or getattr(getattr(part, "root", None), "text", None)
        return text if isinstance(text, str) else None
    return decode_data_url(media.url, media_type=media.content_type or None)


def _result(envelope: Any) -> Any:
    """The neutral result of a native run (`ToolError` for a result marked as an error): the
    output, then its parts (one value alone is that value)."""
    output = getattr(envelope, "output", envelope)
    metadata = getattr(envelope, "metadata", None) or {}
    if metadata.get("isError") is True:
        raise ToolError(output if isinstance(output, str) else str(output))
    content = getattr(envelope, "content", None)
    if not content:
        return output
    parts = ([output] if output is not None else []) + [
        c for c in (_content(p) for p in content) if c is not None
    ]
    return parts[0] if len(parts) == 1 else parts


def _unwrap_interrupt(e: Exception) -> BaseException | None:
    """A Genkit `Interrupt` (the pause of a Genkit run) out of the `GenkitError` wrapping it."""
    if isinstance(e, GenkitError) and isinstance(e.cause, Interrupt):
        return e.cause
    return None


def _action(tool: Tool | Action) -> Action:
    return tool.action() if isinstance(tool, Tool) else tool


@inbound()
def from_genkit(
    tool: Tool | Action,
    *,
    native_context: Callable[[Any], Any] | None = None,
    **deprecated: Unpack[OldContextName],
) -> StandardToolV0[Any, Any, Any]:
    """Convert a Genkit tool (`@ai.tool`, `genkit.tool(...)`, or its `Action`) into a neutral tool
    that validates its input. A tool made by `to_genkit` comes back as the very neutral tool it
    was made from (unless `native_context=` is given: then the Genkit tool runs with that hook)."""
    action = _action(tool)
    native = tool if isinstance(tool, Tool) else Tool(action)
    metadata = action.metadata or {}
    ours = metadata.get(META_KEY)
    ours = ours if isinstance(ours, Mapping) else {}
    output_schema = native.output_schema if isinstance(tool, Tool) else metadata.get("originalOutputSchema")

    async def run(arguments: Any, run_context: Any) -> Any:
        return (await action.run(arguments, context=run_context)).response

    return from_native(
        native,
        framework="Genkit",
        name=action.name,
        description=action.description or "",
        title=ours.get("title") if isinstance(ours.get("title"), str) else None,
        meta=dict(ours.get("meta") or {}),
        input_schema=dict(action.input_schema or {"type": "object", "properties": {}}),
        output_schema=dict(output_schema) if isinstance(output_schema, Mapping) and output_schema else None,
        call=run,
        native_context=native_context,
        default_native_context=_run_context,
        decode=_result,
        map_error=_unwrap_interrupt,
    )


def from_genkit_tools(
    tools: Iterable[Tool | Action], *, native_context: Callable[[Any], Any] | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several Genkit tools; duplicate names raise `ToolNameError`."""
    return unique_tools([from_genkit(t, native_context=native_context) for t in tools])
