"""Agno adapter: neutral tools as Agno `Function`s and `Toolkit`s, and back (extra `agno`).

- `to_agno(tool)` / `to_agno_tools(tools)`: a `Function` whose `parameters` are the neutral input
  JSON Schema, sent verbatim (`skip_entrypoint_processing=True`), or a `Toolkit` of them. Each call
  goes through the core invocation pipeline: JSON text results (a `ToolResult` with images, audio
  and files for content), bad arguments / `ToolError` / denials as Agno tool errors
  (`tool_call_error=True`, the text names the tool and fields). Context: the run's
  `dependencies` (`agent.run(..., dependencies={...})`), or a `context=` hook given Agno's
  `RunContext`. `requires_approval=True` becomes `requires_confirmation` (the run pauses; confirm,
  then `agent.continue_run(run_response=..., dependencies=...)`).
- `from_agno(native)` / `from_agno_tools(toolkit)`: neutral tools for `@tool` functions,
  `Function`s, plain functions and `Toolkit`s, run through Agno's own `FunctionCall`.

Round trips are identities: `from_agno(to_agno(t)) is t`, `to_agno(from_agno(f)) is f`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "agno", "agno")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
