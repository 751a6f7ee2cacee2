"""Claude Agent SDK adapter: neutral tools as `SdkMcpTool`s served in-process, and back.

`to_claude_agent_sdk(tool)` gives an `SdkMcpTool`; `to_claude_agent_sdk_server(tools, name=...)`
an in-process server config (`McpSdkServerConfig`, its own low-level `mcp.server.Server`) for
`ClaudeAgentOptions(mcp_servers={name: config})`; `from_claude_agent_sdk(sdk_tool)` a neutral tool
for an SDK `@tool`. Approval goes through the SDK's `can_use_tool` (`permission_callback`); the
neutral context is the object bound with `run_context(obj)` around the SDK session.

Serve converted tools with `to_claude_agent_sdk_server`: bad arguments then get the neutral tool's
own error naming the tool and the field. The SDK's `create_sdk_mcp_server(tools=[...])` checks the
arguments with `jsonschema` before any handler and answers `Input validation error: ...` (no tool
or field path, the offending value repeated, lax values such as `"5"` for an int refused).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "claude-agent-sdk", "claude_agent_sdk", install="claude-agent-sdk")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
