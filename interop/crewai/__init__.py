"""CrewAI adapter: neutral tools as CrewAI `BaseTool`s and back.

`to_crewai(tool)` gives a `BaseTool` for `Agent(tools=[...])` (native function calling or ReAct);
`from_crewai(native)` gives a neutral tool for a `BaseTool` subclass or a `@tool` function.
CrewAI passes tools no per-call object: the adapter's before-tool-call hook (`gate`) hands each
call its `ToolCallHookContext` and asks the human for calls that need approval. The neutral
context is the object bound with `run_context(obj)` around `crew.kickoff(...)`, else the
kickoff `inputs`.

CrewAI (1.15) installs in its own environment (`constraints-crewai.txt`: it needs mcp 1.x,
pydantic < 2.13 and openai 2.x); `interop.crewai` needs nothing else from interop's extras.
"""

from __future__ import annotations

from interop._kit import ToolResultText, require_extra

require_extra(__name__, "crewai", "crewai.tools", install="crewai")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = ["ToolResultText", *_from.__all__, *_to.__all__]
