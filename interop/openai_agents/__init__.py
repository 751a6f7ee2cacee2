"""OpenAI Agents SDK adapter: neutral tools as `FunctionTool`s and back.

- `to_openai_agents(tool, ...)` / `to_openai_agents_tools(tools, ...)`: for `Agent(tools=[...])`.
- `from_openai_agents(function_tool)` / `from_openai_agents_tools(tools)`: SDK tools as neutral
  tools, usable from every other framework.

Context: a converted tool's `execute` gets the run context object (`Runner.run(..., context=obj)`)
unless a `context=` hook maps the SDK's `ToolContext` to something else. A paused run saved with
`RunState.to_string()` would carry that context: `omit_context` / `keep_context_fields(...)` are
context serializers that keep it out (rebuild it with `context_deserializer=` when resuming).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "openai-agents", "agents", install="openai-agents")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _state, _to
from ._from import *  # noqa: F403
from ._state import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_state.__all__, *_to.__all__]
