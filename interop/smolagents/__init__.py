"""smolagents adapter: neutral tools as `smolagents.Tool`s and back.

`to_smolagents(tool)` gives a `smolagents.Tool` for `ToolCallingAgent` and `CodeAgent`;
`from_smolagents(native)` gives a neutral tool for a `Tool` subclass or a `@tool` function.
smolagents passes no per-call object to tools: the neutral context is the object bound with
`run_context(obj)` around `agent.run(...)` (or what the `context=` hook makes of it).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "smolagents", "smolagents")

from ._from import from_smolagents, from_smolagents_tools
from ._to import StandardSmolagentsTool, run_context, to_smolagents, to_smolagents_tools

__all__ = [
    "StandardSmolagentsTool",
    "from_smolagents",
    "from_smolagents_tools",
    "run_context",
    "to_smolagents",
    "to_smolagents_tools",
]
