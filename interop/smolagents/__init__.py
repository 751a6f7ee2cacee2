"""smolagents adapter: neutral tools as `smolagents.Tool`s and back.

`to_smolagents(tool)` gives a `smolagents.Tool` for `ToolCallingAgent` and `CodeAgent`;
`from_smolagents(native)` gives a neutral tool for a `Tool` subclass or a `@tool` function.
smolagents passes no per-call object to tools: the neutral context is the object bound with
`run_context(obj)` around `agent.run(...)` (or what the `context=` hook makes of it).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "smolagents", "smolagents")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
