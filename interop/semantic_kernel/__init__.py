"""Semantic Kernel adapter: neutral tools as a `KernelPlugin` and back (extra `semantic-kernel`).

- `to_semantic_kernel(tools, plugin_name)`: a `KernelPlugin` with one `KernelFunction` per tool
  (`StandardKernelFunction`), each parameter's `schema_data` the neutral property schema (what
  Semantic Kernel's connectors send a model). Each call goes through the core invocation
  pipeline; in the auto function calling loop the model reads text (JSON text for data); bad
  arguments, `ToolError` and denials raise `FunctionExecutionException` with our message, which
  the loop hands the model. Context: `run_context(obj)`, else `KernelArguments["interop_context"]`,
  or a `context=` hook given the `FunctionInvocationContext`. Approval: the auto function
  invocation filter `approval_filter(callback)` (else `approval=`; else refused).
- `from_semantic_kernel(plugin_or_function)`: neutral tools for a `KernelPlugin` (a list) or a
  `KernelFunction`, run through the function's own `invoke`.

Round trips are identities: `from_semantic_kernel(to_semantic_kernel(ts, "p"))` gives `ts` back,
`to_semantic_kernel(from_semantic_kernel(plugin), plugin.name) is plugin`.
Semantic Kernel 1.45 needs `pydantic<2.14` and `mcp<2`, so it lives in its own environment
(`constraints-semantic-kernel.txt`).
"""

from __future__ import annotations

from interop._kit import ToolResultText, require_extra

require_extra(__name__, "semantic-kernel", "semantic_kernel", install="semantic-kernel")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = ["ToolResultText", *_from.__all__, *_to.__all__]
