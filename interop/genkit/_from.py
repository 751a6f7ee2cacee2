"""`from_genkit`: a Genkit tool as a neutral, validating tool.

Handled: tools defined with `@ai.tool(...)` / `ai.define_tool`-style registration and ephemeral
`genkit.tool(...)` tools (any `genkit.Tool`, or its `Action`), typed by a pydantic model or
annotation, or by a dict `input_schema`.

- **Schema.** The tool's input JSON Schema as Genkit sends it; the output schema Genkit tells
  the model about (`Tool.output_schema`; `{}`, "anything", is no schema). The neutral wrapper
  validates the arguments (Genkit validates none for a dict schema).
- **Context.** The native handler's `ToolRunContext.context` is the neutral context when it is a
  dict (a non-dict value is stored under `CONTEXT_KEY`); inside a Genkit run through `to_genkit`
  the tool-run context passes through unchanged.
- **Results.** The tool response's `output`; media parts come back as `interop.Image` / `Audio` /
  `File` (after the output text, if any). A result `to_genkit` marked as an error raises
  `ToolError`. Exceptions propagate; a Genkit `Interrupt` passes through as the framework's
  control flow (it only means something inside a Genkit `generate`).
- **Meta.** Title and meta written by `to_genkit` come back from the action's metadata.
"""

from __future__ import annotations

try:
    import genkit  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `genkit` to use `interop.genkit`: `pip install "standard-tool[genkit]"`'
    ) from _import_error

import base64
from collections.abc import Iterable, Mapping
from typing import Any

from genkit import Action, GenkitError, Interrupt, Tool, ToolRunContext

from interop import Audio, File, Image, StandardToolV0, ToolError, standard_tool
from interop.bridge import check_unique_names, get_origin, set_origin

from ._to import META_KEY

__all__ = ["CONTEXT_KEY", "from_genkit", "from_genkit_tools"]

CONTEXT_KEY = "interop_context"
"""The tool-run context key holding a neutral context that is not a dict."""


def _run_context(value: Any) -> dict[str, Any]:
    if isinstance(value, ToolRunContext):
        return dict(value.context)
    if isinstance(value, Mapping):
        return dict(value)
    return {CONTEXT_KEY: value} if value is not None else {}


def _content(part: Any) -> Any:
    """A Genkit media part as a neutral content value (a data URL; other URLs as text)."""
    media = getattr(part, "media", None) or getattr(getattr(part, "root", None), "media", None)
    if media is None:
        text = getattr(part, "text", None) or getattr(getattr(part, "root", None), "text", None)
        return text if isinstance(text, str) else None
    url, media_type = media.url, media.content_type
    if not url.startswith("data:") or ";base64," not in url:
        return url
    head, data = url[5:].split(";base64,", 1)
    media_type = media_type or head or "application/octet-stream"
    raw = base64.b64decode(data)
    if media_type.startswith("image/"):
        return Image(raw, media_type)
    if media_type.startswith("audio/"):
        return Audio(raw, media_type)
    return File(raw, media_type)


def _result(envelope: Any) -> Any:
    """The neutral result of a native run (`ToolError` for a result marked as an error)."""
    output = getattr(envelope, "output", envelope)
    metadata = getattr(envelope, "metadata", None) or {}
    if metadata.get("isError") is True:
        raise ToolError(output if isinstance(output, str) else str(output))
    content = getattr(envelope, "content", None)
    if not content:
        return output
    parts = [c for c in (_content(p) for p in content) if c is not None]
    return ([output] if output is not None else []) + parts


def _action(tool: Tool | Action) -> Action:
    return tool.action() if isinstance(tool, Tool) else tool


def from_genkit(tool: Tool | Action) -> StandardToolV0[Any, Any, Any]:
    """Convert a Genkit tool (`@ai.tool`, `genkit.tool(...)`, or its `Action`) into a neutral tool
    that validates its input. A tool made by `to_genkit` comes back as the very neutral tool it
    was made from."""
    origin = get_origin(tool)
    if isinstance(origin, StandardToolV0):
        return origin
    action = _action(tool)
    native = tool if isinstance(tool, Tool) else Tool(action)

    async def execute(input: Any, context: Any = None) -> Any:
        try:
            envelope = (await action.run(input, context=_run_context(context))).response
        except GenkitError as e:
            if isinstance(e.cause, Interrupt):
                raise e.cause from None  # control flow: the pause of a Genkit run
            raise
        return _result(envelope)

    metadata = action.metadata or {}
    ours = metadata.get(META_KEY)
    ours = ours if isinstance(ours, Mapping) else {}
    output_schema = native.output_schema if isinstance(tool, Tool) else metadata.get("originalOutputSchema")
    neutral = standard_tool(
        name=action.name,
        description=action.description or "",
        execute=execute,
        input_schema=dict(action.input_schema or {"type": "object", "properties": {}}),
        output_schema=dict(output_schema) if isinstance(output_schema, Mapping) and output_schema else None,
        title=ours.get("title") if isinstance(ours.get("title"), str) else None,
        meta=dict(ours.get("meta") or {}),
    )
    set_origin(neutral, native)
    return neutral


def from_genkit_tools(tools: Iterable[Tool | Action]) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several Genkit tools; duplicate names raise `ToolNameError`."""
    out = [from_genkit(t) for t in tools]
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out
