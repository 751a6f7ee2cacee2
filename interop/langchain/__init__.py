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

from ._approval import approve, is_approved, reject
from ._context import (
    CONTEXT_KEY,
    RUNTIME_PARAM,
    ContextHook,
    LangChainCall,
    config_for_context,
    default_context,
)
from ._from import ConfigHook, from_langchain, from_langchain_tools
from ._to import META_KEY, LangChainOptions, LangChainStandardTool, to_langchain, to_langchain_tools

__all__ = [
    "CONTEXT_KEY",
    "META_KEY",
    "RUNTIME_PARAM",
    "ConfigHook",
    "ContextHook",
    "LangChainCall",
    "LangChainOptions",
    "LangChainStandardTool",
    "approve",
    "config_for_context",
    "default_context",
    "from_langchain",
    "from_langchain_tools",
    "is_approved",
    "reject",
    "to_langchain",
    "to_langchain_tools",
]
