"""AG2 adapter: neutral tools as AG2 v1 `FunctionTool`s and `Toolkit`s, and back (extra `ag2`).

- `to_ag2(tool)` / `to_ag2_tools(tools)`: a `FunctionTool` (a `StandardAG2Tool`) whose
  `parameters` are the neutral input JSON Schema, or a `Toolkit` of them, for
  `Agent(tools=[...])`. Each call goes through the core invocation pipeline: JSON text results
  (images and documents as binary parts), bad arguments / `ToolError` / denials as a
  `ToolErrorEvent` naming the tool and fields (the turn goes on). Context: the turn's
  `dependencies`, or a `context=` hook given AG2's `ConversationContext`. `requires_approval`
  asks AG2's own human-in-the-loop channel (the agent's `hitl_hook`), as `approval_required()`.
- `from_ag2(native)`: a neutral tool for a `@tool` function, a `FunctionTool` or a plain
  function, run through AG2's own middleware chain and fast_depends model; a `Toolkit` gives a
  list of them.

Round trips are identities: `from_ag2(to_ag2(t)) is t`, `to_ag2(from_ag2(f)) is f`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "ag2", "ag2")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
