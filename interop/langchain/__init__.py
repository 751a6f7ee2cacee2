"""LangChain adapter: `to_langchain` / `from_langchain` (extra `langchain`).

- `to_langchain(tool)` gives a `StructuredTool` (`LangChainStandardTool`) whose model-facing
  schema is the neutral input JSON Schema; the neutral tool validates the raw arguments once.
  Each call goes through the core invocation pipeline. Results: JSON text (or standard content
  blocks for images, audio, files) plus the structured value as artifact. Bad arguments,
  `ToolError` and denials become `ToolMessage(status="error")`. Context: LangGraph's runtime
  context, else the run config's `configurable` (its `CONTEXT_KEY` entry, `"interop_context"`,
  when present; see `default_context`), or a `context=` hook.
  A call that needs approval pauses the LangGraph run with `interrupt` until resumed.
- `from_langchain(native)` gives a neutral tool for any `BaseTool`.

Round trips are identities: `from_langchain(to_langchain(t)) is t`,
`to_langchain(from_langchain(lc)) is lc`.
"""

from __future__ import annotations

from interop._kit import require_extra

# LangChain's tool module first, as `from langchain_core.tools import tool` loads it: the same
# modules loaded in another order (`langchain_core.runnables` first, for `_context`) cost ~10%
# more CPU time (about 8,000 more page faults in the allocator, measured with getrusage)
require_extra(__name__, "langchain", "langchain_core.tools.base", install="langchain-core")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _approval, _context, _from, _to
from ._approval import *  # noqa: F403
from ._context import *  # noqa: F403
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_approval.__all__, *_context.__all__, *_from.__all__, *_to.__all__]
