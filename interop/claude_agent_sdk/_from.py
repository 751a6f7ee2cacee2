"""`from_claude_agent_sdk`: an `SdkMcpTool` (made with the SDK's `@tool`) as a neutral tool.

- **Schema.** The input schema is the one the SDK serves for the tool (a dict JSON Schema as it
  is; the `{name: type}` shorthand and TypedDicts as the SDK expands them); the neutral tool
  validates every call against it, as the SDK's server does.
- **Calling.** `await sdk_tool.handler(input)`, the SDK's own call path. Its MCP content comes
  back as text (JSON text decoded), images as `interop.Image`, several blocks as a list; an
  `is_error` result raises `ToolError` with its text. Exceptions pass through.
- **Meta.** `annotations.title` is the title; the four behaviour hints become `read_only`,
  `destructive`, `idempotent`, `open_world`.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from typing import Any

from claude_agent_sdk import SdkMcpTool

from interop import Image, StandardToolV0, ToolError, standard_tool
from interop.bridge import check_unique_names, get_origin, hints_meta, set_origin

__all__ = ["from_claude_agent_sdk", "from_claude_agent_sdk_tools"]


def _served_schema(native: SdkMcpTool[Any]) -> dict[str, Any]:
    """The input schema the SDK's server lists for the tool (its own expansion rules)."""
    from claude_agent_sdk import _build_input_schema  # the SDK's one definition of that rule

    return dict(_build_input_schema(native))


def _text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _value(result: Any, name: str) -> Any:
    if not isinstance(result, dict):
        raise ToolError(f"tool {name!r} returned {type(result).__name__}, not an MCP result dict")
    blocks = result.get("content") or []
    parts: list[Any] = []
    for block in blocks:
        kind = block.get("type") if isinstance(block, dict) else None
        if kind == "text":
            parts.append(block["text"])
        elif kind == "image":
            parts.append(Image(base64.b64decode(block["data"]), block["mimeType"]))
        elif kind == "resource" and isinstance(block.get("resource"), dict) and "text" in block["resource"]:
            parts.append(block["resource"]["text"])
    if result.get("is_error"):
        raise ToolError("\n".join(p for p in parts if isinstance(p, str)) or f"tool {name!r} failed")
    if len(parts) == 1 and isinstance(parts[0], str):
        return _text(parts[0])
    if all(isinstance(p, str) for p in parts):
        return "\n".join(parts)
    return parts


def from_claude_agent_sdk(sdk_tool: SdkMcpTool[Any]) -> StandardToolV0[Any, Any, Any]:
    """Convert an `SdkMcpTool` into a neutral tool that validates its input. A tool made by
    `to_claude_agent_sdk` comes back as the very neutral tool it was made from."""
    if not isinstance(sdk_tool, SdkMcpTool):
        raise TypeError(f"from_claude_agent_sdk converts SdkMcpTool (@tool); got {type(sdk_tool).__name__}")
    origin = get_origin(sdk_tool)
    if isinstance(origin, StandardToolV0):
        return origin
    native = sdk_tool
    name = native.name

    async def execute(input: dict[str, Any]) -> Any:
        return _value(await native.handler(input), name)

    annotations = native.annotations
    meta: dict[str, Any] = {}
    title = None
    if annotations is not None:
        given = annotations.model_dump(by_alias=True, exclude_none=True)
        title = given.get("title")
        meta = hints_meta(given)
    neutral = standard_tool(
        name=name,
        description=native.description,
        execute=execute,
        input_schema=_served_schema(native),
        title=title,
        meta=meta,
    )
    set_origin(neutral, native)
    return neutral


def from_claude_agent_sdk_tools(tools: Iterable[SdkMcpTool[Any]]) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several `SdkMcpTool`s; duplicate names raise `ToolNameError`."""
    out = [from_claude_agent_sdk(t) for t in tools]
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out
