"""Haystack adapter: neutral tools as Haystack `Tool`s (and a `Toolset`) and back.

- `to_haystack(tool, ...)` / `to_haystack_tools(tools, ...)`: for `Agent(tools=...)`.
- `from_haystack(native)` / `from_haystack_tools(toolset)`: Haystack tools (`Tool`, `@tool`,
  `ComponentTool`, `Toolset`) as neutral tools, usable from every other framework.

Context: a converted tool's `execute` gets the agent `State` value under `CONTEXT_KEY`
(`"interop_context"`: `Agent(..., state_schema=state_schema())`, then
`agent.run(messages, interop_context=obj)`), unless a `context=` hook maps the `State` to
something else. Approval: a Haystack confirmation strategy (`confirmation_strategy=`), a
callback (`approval=`), or an explicit opt-out.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "haystack", "haystack", install="haystack-ai")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
