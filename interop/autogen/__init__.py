"""AutoGen adapter: neutral tools as AutoGen 0.7 `BaseTool`s, and back (extra `autogen`).

- `to_autogen(tool)` / `to_autogen_tools(tools)`: an `autogen_core.tools.BaseTool` (a
  `StandardAutoGenTool`) whose `schema` carries the neutral input JSON Schema verbatim, for
  `AssistantAgent(tools=[...])` or a `StaticWorkbench`. Each call goes through the core invocation
  pipeline: JSON text results, bad arguments / `ToolError` / denials as
  `FunctionExecutionResult(is_error=True)` naming the tool and fields (the loop goes on). Context:
  the object bound with `run_context(obj)` around the run, or a `context=` hook given the call's
  `CancellationToken`. AutoGen has no tool confirmation: `requires_approval` needs `approval=`.
- `from_autogen(native)`: a neutral tool for a `FunctionTool`, any `BaseTool` or a plain function,
  run through AutoGen's own `run_json`; a `Workbench` gives a list of them
  (`await from_autogen_workbench(wb)` for a workbench bound to a connection, e.g. `McpWorkbench`).

Round trips are identities: `from_autogen(to_autogen(t)) is t`, `to_autogen(from_autogen(n)) is n`.
"""

from __future__ import annotations

from interop._kit import ToolResultText, require_extra

require_extra(__name__, "autogen", "autogen_core", install="autogen-core")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = ["ToolResultText", *_from.__all__, *_to.__all__]
