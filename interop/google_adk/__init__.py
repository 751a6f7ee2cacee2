"""Google ADK adapter: neutral tools as ADK tools and back.

- `to_google_adk(tool, ...)` / `to_google_adk_tools(tools, ...)`: `StandardADKTool`s (ADK
  `BaseTool`s) for `LlmAgent(tools=[...])`, declared with the neutral JSON Schema verbatim.
- `from_google_adk(native)` / `from_google_adk_tools(natives)`: `FunctionTool`s and `BaseTool`
  subclasses as neutral tools; `await from_google_adk_toolset(toolset)` for a `BaseToolset`
  (`McpToolset` included).

Context: a converted tool's `execute` gets a snapshot of the session state unless a `context=`
hook maps ADK's `ToolContext` to something else. Approval is ADK's tool confirmation.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "google-adk", "google.adk", install="google-adk")

from ._from import (
    CONTEXT_KEY,
    ToolContextHook,
    from_google_adk,
    from_google_adk_tools,
    from_google_adk_toolset,
)
from ._to import (
    CONFIRMATION_PENDING,
    META_KEY,
    ContextHook,
    StandardADKTool,
    default_context,
    to_google_adk,
    to_google_adk_tools,
)

__all__ = [
    "CONFIRMATION_PENDING",
    "CONTEXT_KEY",
    "META_KEY",
    "ContextHook",
    "StandardADKTool",
    "ToolContextHook",
    "default_context",
    "from_google_adk",
    "from_google_adk_tools",
    "from_google_adk_toolset",
    "to_google_adk",
    "to_google_adk_tools",
]
