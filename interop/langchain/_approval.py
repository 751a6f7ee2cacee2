"""`requires_approval` for LangChain: LangGraph's `interrupt` when langgraph is available.

The converted tool calls `langgraph.types.interrupt(request)` before it executes, so the graph
run pauses (a checkpointer is required, as for every LangGraph interrupt). Resuming with
`Command(resume=decision)` re-runs the tool node: an approving decision executes the tool, any
other decision makes the call fail with a `ToolError` the model sees. Without langgraph there is
no native mechanism and `interop.bridge.ensure_approval` applies (callback or explicit opt-out).
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `langchain-core` to use `interop.langchain`: `pip install "interop[langchain]"`'
    ) from _import_error

import importlib.util
from collections.abc import Mapping
from typing import Any

from interop import ApprovalRequiredError, ToolError

__all__ = ["HAS_INTERRUPT", "approval_request", "ask_approval", "is_approved"]

HAS_INTERRUPT = importlib.util.find_spec("langgraph") is not None
"""Whether langgraph is installed (found without importing it: `langgraph.types` is slow to import)."""


def _interrupt(value: Any) -> Any:
    from langgraph.types import interrupt  # lazy: pulls in langsmith run trees (~0.1 s)

    return interrupt(value)


_YES = frozenset({"approve", "approved", "accept", "accepted", "yes", "y", "ok", "allow"})


def approval_request(tool_name: str, args: Any, tool_call_id: str | None) -> dict[str, Any]:
    """The value surfaced by the interrupt (JSON), shaped like LangChain's HITL action requests."""
    return {
        "type": "tool_approval",
        "action_requests": [{"name": tool_name, "args": args, "tool_call_id": tool_call_id}],
        "tool": tool_name,
        "args": args,
        "tool_call_id": tool_call_id,
        "description": f"Tool {tool_name!r} requires approval before it runs.",
    }


def is_approved(decision: Any) -> bool:
    """Whether a resume value approves the call.

    Approving: `True`; a string such as `"approve"`/`"yes"`; a mapping with `approved: True` or
    `type: "approve"` (LangChain's HITL decision shape), or `{"decisions": [<one of those>]}`.
    """
    if decision is True:
        return True
    if isinstance(decision, str):
        return decision.strip().lower() in _YES
    if isinstance(decision, Mapping):
        decisions = decision.get("decisions")
        if isinstance(decisions, list) and len(decisions) == 1:
            return is_approved(decisions[0])
        if decision.get("approved") is True:
            return True
        kind = decision.get("type")
        return isinstance(kind, str) and kind.lower() in _YES
    return False


def _reason(decision: Any) -> str:
    if isinstance(decision, Mapping):
        for key in ("message", "reason"):
            if isinstance(decision.get(key), str):
                return f": {decision[key]}"
        decisions = decision.get("decisions")
        if isinstance(decisions, list) and len(decisions) == 1:
            return _reason(decisions[0])
    return ""


def ask_approval(tool_name: str, args: Any, tool_call_id: str | None) -> None:
    """Pause the LangGraph run until a human decides; raise `ToolError` unless they approve.

    Raises `ApprovalRequiredError` when the tool is not running inside a LangGraph graph (there
    is nobody to ask): an unapproved call never executes.
    """
    try:
        decision = _interrupt(approval_request(tool_name, args, tool_call_id))
    except (RuntimeError, KeyError) as e:  # no graph run (no config / no scratchpad)
        raise ApprovalRequiredError(
            f"tool {tool_name!r} requires approval: run it inside a LangGraph graph with a "
            f"checkpointer (e.g. langchain.agents.create_agent(..., checkpointer=InMemorySaver())) "
            f"so the call can be interrupted, or convert it with to_langchain(..., approval=<callback>)"
        ) from e
    if not is_approved(decision):
        raise ToolError(f"the call to {tool_name!r} was not approved{_reason(decision)}")
