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

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
