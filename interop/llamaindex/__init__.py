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

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _metadata, _to
from ._from import *  # noqa: F403
from ._metadata import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_metadata.__all__, *_to.__all__]
