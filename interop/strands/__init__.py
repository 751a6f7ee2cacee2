"""Strands Agents adapter: neutral tools as Strands `AgentTool`s and back (extra `strands`).

- `to_strands(tool)` / `to_strands_tools(tools)`: an `AgentTool` whose `ToolSpec` carries the
  neutral input JSON Schema (`inputSchema: {"json": ...}`), the output schema and the meta
  (`annotations`). Each call goes through the core invocation pipeline. Results are Strands tool
  results (`json`, `text`, `image`, `document` blocks); bad arguments, `ToolError` and denials are
  `status: "error"` results the model reads. Context: `invocation_state[CONTEXT_KEY]`
  (`agent(prompt, invocation_state={CONTEXT_KEY: obj})`; `CONTEXT_KEY` is `"interop_context"`, the
  one key of every adapter), or a `context=` hook that gets the Strands `ToolContext`. A call that needs approval raises a Strands interrupt
  (`APPROVAL_INTERRUPT`); resume with `{"interruptResponse": {"interruptId": ..., "response": True}}`.
- `from_strands(native)`: a neutral tool for a `@tool` function or any `AgentTool`, run through
  its own `stream`.

Round trips are identities: `from_strands(to_strands(t)) is t`, `to_strands(from_strands(n)) is n`.
Strands 1.62 needs `mcp<2.2`, so it lives in its own environment (`constraints-strands.txt`).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "strands", "strands", install="strands-agents")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
