"""`from_claude_agent_sdk`: an `SdkMcpTool` (made with the SDK's `@tool`) as a neutral tool.

- **Schema.** The input schema is the one the SDK serves for the tool (a dict JSON Schema as it
  is; the `{name: type}` shorthand and TypedDicts as the SDK expands them); the neutral tool
  validates every call against it, as the SDK's server does.
- **Calling.** `await sdk_tool.handler(input)`, the SDK's own call path (the handler takes no
  context). Its MCP result is decoded by the core's one decoder, as `from_mcp` decodes one: one
  text block that is a JSON object or array is that value, other text stays text (`"42"` stays
  `"42"`); images, audio, resources and resource links as `interop.Image` / `Audio` / `File` /
  `bridge.ResourceLink`; several blocks are a list; an `is_error` result raises `ToolError` with
  its text. Exceptions pass through.
- **Meta.** `annotations.title` is the title; the four behaviour hints become `read_only`,
  `destructive`, `idempotent`, `open_world`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from claude_agent_sdk import SdkMcpTool

from interop import StandardToolV0, ToolError
from interop._kit import hints_meta, unique_tools
from interop.bridge import from_native, neutral_home

__all__ = ["from_claude_agent_sdk", "from_claude_agent_sdk_tools"]


def _served_schema(native: SdkMcpTool[Any]) -> dict[str, Any]:
    """The input schema the SDK's server lists for the tool (its own expansion rules)."""
    from claude_agent_sdk import _build_input_schema  # the SDK's one definition of that rule

    return dict(_build_input_schema(native))


def _result(name: str) -> Any:
    """The handler's result dict described as an MCP result (its error flag is `is_error`)."""

    def describe(result: Any) -> dict[str, Any]:
        if not isinstance(result, dict):
            raise ToolError(f"tool {name!r} returned {type(result).__name__}, not an MCP result dict")
        return {"content": result.get("content") or [], "isError": bool(result.get("is_error"))}

    return describe


def from_claude_agent_sdk(sdk_tool: SdkMcpTool[Any]) -> StandardToolV0[Any, Any, Any]:
    """Convert an `SdkMcpTool` into a neutral tool that validates its input. A tool made by
    `to_claude_agent_sdk` comes back as the very neutral tool it was made from."""
    home = neutral_home(
        sdk_tool, kind=SdkMcpTool, refusal="from_claude_agent_sdk converts SdkMcpTool (@tool); got "
    )
    if home is not None:
        return home
    handler = sdk_tool.handler
    annotations = sdk_tool.annotations
    given = annotations.model_dump(by_alias=True, exclude_none=True) if annotations is not None else {}
    return from_native(
        sdk_tool,
        framework="Claude Agent SDK",
        name=sdk_tool.name,
        description=sdk_tool.description,
        title=given.get("title"),
        meta=hints_meta(given),
        input_schema=_served_schema(sdk_tool),
        call=lambda arguments, _: handler(arguments),
        is_async=True,
        decode=_result(sdk_tool.name),
    )


def from_claude_agent_sdk_tools(tools: Iterable[SdkMcpTool[Any]]) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several `SdkMcpTool`s; duplicate names raise `ToolNameError`."""
    return unique_tools([from_claude_agent_sdk(t) for t in tools])
