"""Framework control flow: exceptions that are not errors and must pass through every wrapper.

A LangGraph interrupt, pydantic-ai's `ApprovalRequired`/`CallDeferred`, a Genkit `Interrupt`...
are how a framework pauses or redirects a run. `with_formatted_output`, `errors="all"` and every
catch in the invocation pipeline let them through. Known types are named here as
`"module:QualName"` and resolved only when their module is already imported (the core imports no
framework); an adapter can register more with `register_control_flow`.
"""

from __future__ import annotations

import sys
import threading

__all__ = ["is_control_flow", "register_control_flow"]

_KNOWN: set[str] = {
    "langgraph.errors:GraphBubbleUp",  # GraphInterrupt, ParentCommand
    "pydantic_ai.exceptions:ApprovalRequired",
    "pydantic_ai.exceptions:CallDeferred",
    "genkit._ai._tools:ToolInterruptError",
    "genkit:Interrupt",
    "strands.types.exceptions:InterruptException",
    "strands.interrupt:InterruptException",
    "agno.exceptions:StopAgentRun",
    "agno.exceptions:RetryAgentRun",
    "agent_framework.exceptions:UserInputRequiredException",
}
_types: tuple[type[BaseException], ...] = ()
_resolved: set[str] = set()
_lock = threading.Lock()


def register_control_flow(*kinds: type[BaseException] | str) -> None:
    """Declare exception types (or `"module:QualName"` names) as a framework's control flow."""
    global _types
    with _lock:
        for kind in kinds:
            if isinstance(kind, str):
                if ":" not in kind:
                    raise ValueError(f"a control-flow name is 'module:QualName', got {kind!r}")
                _KNOWN.add(kind)
            elif kind not in _types:
                _types = (*_types, kind)


def _resolve_known() -> None:
    """Add the classes of known names whose module has been imported since the last look."""
    global _types
    with _lock:
        for name in list(_KNOWN - _resolved):
            module_name, _, qualname = name.partition(":")
            module = sys.modules.get(module_name)
            if module is None:
                continue
            obj: object = module
            for part in qualname.split("."):
                obj = getattr(obj, part, None)
            _resolved.add(name)
            if isinstance(obj, type) and issubclass(obj, BaseException) and obj not in _types:
                _types = (*_types, obj)


def is_control_flow(exc: BaseException) -> bool:
    """Whether `exc` is a framework's control flow (to re-raise, never to format or report)."""
    if len(_resolved) < len(_KNOWN):
        _resolve_known()
    return isinstance(exc, _types)
