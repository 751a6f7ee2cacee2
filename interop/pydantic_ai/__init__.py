"""pydantic-ai adapter: neutral tools as pydantic-ai `Tool`s and toolsets, and back.

- `to_pydantic_ai(tool)` / `to_pydantic_ai_toolset(tools)`: for `Agent(tools=[...])` /
  `Agent(toolsets=[...])`, on the core invocation pipeline. Context defaults to `ctx.deps`;
  `requires_approval` uses pydantic-ai's deferred tools (conditional approval defers only the
  calls that need it; resume with `approval_results(requests, {call_id: True, ...})`, which binds
  each approval to the arguments shown); bad arguments and `ToolError` reach the model as retries; images, audio
  and files go as `BinaryContent`.
- `from_pydantic_ai(tool)` / `from_pydantic_ai_toolset(toolset)` / `afrom_pydantic_ai_toolset`:
  pydantic-ai tools as neutral tools, run through pydantic-ai's own validation and call path.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "pydantic-ai", "pydantic_ai", install="pydantic-ai-slim")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
