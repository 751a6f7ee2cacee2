"""Microsoft Agent Framework adapter: neutral tools as `FunctionTool`s and back (extra `agent-framework`).

- `to_agent_framework(tool)` / `to_agent_framework_tools(tools)`: a `FunctionTool` whose
  `input_model` is the neutral input JSON Schema (sent verbatim). Each call goes through the core
  invocation pipeline: text / JSON text and `Content.from_data` results; bad arguments, `ToolError`
  and denials as the function result the model reads (Agent Framework would hide them behind
  "Error: Function failed."). Context: `function_invocation_kwargs[CONTEXT_KEY]`
  (`agent.run(..., function_invocation_kwargs={CONTEXT_KEY: obj})`; `CONTEXT_KEY` is
  `"interop_context"`, the one key of every adapter), or a `context=` hook given the
  `FunctionInvocationContext`. `requires_approval=True` becomes `approval_mode="always_require"`
  (answer `run.user_input_requests` with `to_function_approval_response(True)` on the same session).
- `from_agent_framework(native)`: a neutral tool for a `FunctionTool`, `@tool` function or plain
  function, run through its own `invoke`.

Round trips are identities: `from_agent_framework(to_agent_framework(t)) is t`,
`to_agent_framework(from_agent_framework(n)) is n`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "agent-framework", "agent_framework", install="agent-framework-core")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
