"""The context bridge: what a converted tool's `execute` receives as `context`.

Default (documented in `default_context`): the LangGraph runtime context when the tool runs
under `ToolNode` / `create_agent`, else the run config's `configurable` (its `CONTEXT_KEY` entry,
the one key of every adapter, when present). A `context=` hook given to `to_langchain` gets a
`LangChainCall` and returns the context instead.

Durable runs (a checkpointer): give the context through the runtime `context=` of
`agent.invoke(..., context=...)` (again on every resume), or rebuild it in a `context=` hook
from what the run persists (`call.runtime.state`, the thread id in `call.config`). Do not put it
in `configurable`: LangGraph copies every str/int/float/bool value of `configurable` into each
checkpoint's metadata, i.e. into the checkpointer's database.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import RunnableConfig

from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import context_entry

__all__ = [
    "CONTEXT_KEY",
    "RUNTIME_PARAM",
    "ContextHook",
    "LangChainCall",
    "config_for_context",
    "default_context",
]

CONTEXT_KEY = _CONTEXT_KEY
"""The `configurable` key of the neutral context (`"interop_context"`, the one key of every adapter)."""

OLD_CONTEXT_KEY = "context"
"""The `configurable` key of the neutral context before round 3 (still read, deprecated)."""

RUNTIME_PARAM = "__interop_runtime__"
"""The hidden argument ToolNode fills with its `ToolRuntime` (never in any schema).

ToolNode injects a `ToolRuntime` into any parameter annotated with it; a parameter *named*
`runtime` would also be injected and would clobber a model argument of that name, hence this
name. ToolNode strips model-sent values for it; outside ToolNode only a real `ToolRuntime`
instance is accepted.
"""


@functools.cache
def runtime_type() -> type | None:
    """`langgraph.prebuilt.ToolRuntime`, or None without langgraph.

    Imported on first use (the first `to_langchain`), not with `interop.langchain`:
    `langgraph.prebuilt` takes longer to import than `langchain_core.tools` itself.
    """
    try:  # ToolNode (langgraph) is the only caller that injects a ToolRuntime
        from langgraph.prebuilt import ToolRuntime
    except ImportError:  # pragma: no cover - langgraph is part of the extra
        return None
    tool_runtime: type = ToolRuntime
    return tool_runtime


@dataclass(frozen=True)
class LangChainCall:
    """What a `context=` hook is given for one call of a converted tool."""

    tool_name: str
    """The LangChain tool's name."""
    config: RunnableConfig
    """The run config of this call (`ensure_config()`: tags, metadata, `configurable`, ...)."""
    runtime: Any = None
    """LangGraph's `ToolRuntime` (state, context, store, tool_call_id...) under ToolNode, else None."""
    tool_call_id: str | None = None
    """The model's tool-call id when the tool was invoked with a full `ToolCall`."""


ContextHook = Callable[[LangChainCall], Any]
"""`context=` for `to_langchain`: a `LangChainCall` in, the neutral `context` out."""


def default_context(call: LangChainCall) -> Any:
    """The neutral context when no hook is given.

    1. Under LangGraph's ToolNode (`create_agent(..., context_schema=...)` then
       `agent.invoke(..., context=...)`): `runtime.context`, when it is not None.
    2. Else the run config: `config["configurable"][CONTEXT_KEY]` (`"interop_context"`) when
       that key is present (the round-2 key `"context"` is still read, with a
       `DeprecationWarning`), otherwise the `configurable` mapping itself without LangGraph's
       internal `__...` keys
       (so `tool.invoke(args, config={"configurable": {"user_id": 1}})` gives `{"user_id": 1}`).
       Not for runs with a checkpointer: LangGraph writes `configurable`'s plain values into the
       checkpoint metadata (use 1., which it never stores).
    3. Else None.
    """
    runtime = call.runtime
    if runtime is not None:
        ctx = getattr(runtime, "context", None)
        if ctx is not None:
            return ctx
    configurable = call.config.get("configurable")
    if not isinstance(configurable, Mapping) or not configurable:
        return None
    if CONTEXT_KEY in configurable or OLD_CONTEXT_KEY in configurable:
        return context_entry(configurable, OLD_CONTEXT_KEY, where="to_langchain")
    user = {k: v for k, v in configurable.items() if not (isinstance(k, str) and k.startswith("__"))}
    return user or None


def is_runtime(value: Any) -> bool:
    """Whether `value` is a real `ToolRuntime` (a model cannot produce one from JSON)."""
    if "langgraph.prebuilt" not in sys.modules:  # nothing can have made a ToolRuntime yet
        return False
    tool_runtime = runtime_type()
    return tool_runtime is not None and isinstance(value, tool_runtime)


def config_for_context(context: Any) -> RunnableConfig | None:
    """The run config `from_langchain` passes to a native tool for a neutral `context`.

    The inverse of `default_context`: a mapping becomes `configurable` (so a native tool reading
    `config["configurable"]["user_id"]` finds it); any other value goes under
    `configurable[CONTEXT_KEY]` (and, for a release, under the round-2 key `"context"` too, for
    native tools that still read it); None gives no config.
    """
    if context is None:
        return None
    if isinstance(context, Mapping):
        return {"configurable": dict(context)}
    return {"configurable": {CONTEXT_KEY: context, OLD_CONTEXT_KEY: context}}
