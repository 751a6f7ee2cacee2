"""DSPy adapter: neutral tools as `dspy.Tool`s and back.

- `to_dspy(tool, ...)` / `to_dspy_tools(tools, ...)`: for `dspy.ReAct(signature, tools=...)` and
  native function calling.
- `from_dspy(native)` / `from_dspy_tools(tools)`: `dspy.Tool`s and the plain functions DSPy accepts
  as tools, as neutral tools usable from every other framework.

Context: DSPy has no per-call object; a converted tool gets the value of DSPy's settings key
`CONTEXT_KEY` (`"interop_context"`): `with run_context(obj): react(...)`, unless a `context=`
hook maps `dspy.settings` to something else. Approval: a callback (`approval=`) or an explicit
opt-out (DSPy has no approval mechanism).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "dspy", "dspy")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]
