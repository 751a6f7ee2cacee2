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

from ._from import afrom_pydantic_ai_toolset, from_pydantic_ai, from_pydantic_ai_toolset
from ._to import (
    ARGS_DIGEST_KEY,
    ContextHook,
    PydanticAIOptions,
    approval_results,
    to_pydantic_ai,
    to_pydantic_ai_toolset,
)

__all__ = [
    "ARGS_DIGEST_KEY",
    "ContextHook",
    "PydanticAIOptions",
    "afrom_pydantic_ai_toolset",
    "approval_results",
    "from_pydantic_ai",
    "from_pydantic_ai_toolset",
    "to_pydantic_ai",
    "to_pydantic_ai_toolset",
]
