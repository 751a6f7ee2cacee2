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

from ._from import InvocationKwargsHook, from_agent_framework
from ._to import (
    CONTEXT_KEY,
    META_KEY,
    AgentFrameworkOptions,
    ContextHook,
    StandardFunctionTool,
    default_context,
    to_agent_framework,
    to_agent_framework_tools,
)

__all__ = [
    "CONTEXT_KEY",
    "META_KEY",
    "AgentFrameworkOptions",
    "ContextHook",
    "InvocationKwargsHook",
    "StandardFunctionTool",
    "default_context",
    "from_agent_framework",
    "to_agent_framework",
    "to_agent_framework_tools",
]
