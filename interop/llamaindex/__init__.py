"""LlamaIndex adapter: neutral tools as LlamaIndex `FunctionTool`s and back.

`to_llamaindex(tool)` gives a `FunctionTool` (a `StandardFunctionTool`) for any LlamaIndex agent
(`FunctionAgent`, `ReActAgent`, `AgentWorkflow`); `from_llamaindex(native)` gives a neutral tool
for any LlamaIndex tool. The workflow `Context` maps to the neutral context through the workflow
store key `CONTEXT_KEY` (`"interop_context"`), or the live object given to `run_context(obj)`
around `agent.run(...)`, unless a `context=` hook says otherwise. LlamaIndex
never passes a tool-call id to tools, so none reaches the neutral context.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "llamaindex", "llama_index.core", install="llama-index-core")

from ._from import WorkflowContextHook, from_llamaindex, from_llamaindex_tools
from ._metadata import StandardToolMetadata
from ._to import (
    CONTEXT_KEY,
    ContextHook,
    StandardFunctionTool,
    default_context,
    run_context,
    to_llamaindex,
    to_llamaindex_tools,
)

__all__ = [
    "CONTEXT_KEY",
    "ContextHook",
    "StandardFunctionTool",
    "StandardToolMetadata",
    "WorkflowContextHook",
    "default_context",
    "from_llamaindex",
    "from_llamaindex_tools",
    "run_context",
    "to_llamaindex",
    "to_llamaindex_tools",
]
