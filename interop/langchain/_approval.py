"""LangChain's native approval: a LangGraph `interrupt` asked from inside the tool call.

The pipeline asks `ask_with_interrupt` when a call needs approval (and no `approval=` callback
was given). It calls `langgraph.types.interrupt(request)`: the graph run pauses (a checkpointer is
required, as for every LangGraph interrupt) and the value shows in `result["__interrupt__"]`.
Resuming re-runs the tool node and `interrupt` returns the decision: only an approving decision
runs the tool; anything else is a denial the model sees. Several gated calls in one step pause
together; resume them with `Command(resume={interrupt.id: decision, ...})`.
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `langchain-core` to use `interop.langchain`: `pip install "standard-tool[langchain]"`'
    ) from _import_error

import importlib.util
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import interop
from interop import bridge

if TYPE_CHECKING:
    from interop import ApprovalRequest

__all__ = ["HAS_INTERRUPT", "approval_request", "ask_with_interrupt", "is_approved"]

HAS_INTERRUPT = importlib.util.find_spec("langgraph") is not None
"""Whether langgraph is installed (found without importing it: `langgraph.types` is slow to import)."""

bridge.register_control_flow("langgraph.errors:GraphBubbleUp")


def _interrupt(value: Any) -> Any:
    from langgraph.types import interrupt  # lazy: pulls in langsmith run trees (~0.1 s)

    return interrupt(value)


def approval_request(tool_name: str, args: Any, tool_call_id: str | None) -> dict[str, Any]:
    """The value surfaced by the interrupt (JSON), shaped like LangChain's HITL action requests.

    It holds the model's arguments only: never the context (interrupt values are checkpointed).
    """
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

    Approving: `True`, `"approve"`, a mapping with `type: "approve"` (LangChain's HITL decision)
    or `approved: True`, or `{"decisions": [<one of those>]}`. Nothing else (no truthiness).
    """
    if decision is True:
        return True
    if isinstance(decision, str):
        return decision == "approve"
    if isinstance(decision, Mapping):
        decisions = decision.get("decisions")
        if isinstance(decisions, list) and len(decisions) == 1:
            return is_approved(decisions[0])
        return decision.get("approved") is True or decision.get("type") == "approve"
    return False


def _reason(decision: Any) -> str | None:
    if isinstance(decision, Mapping):
        for key in ("message", "reason"):
            if isinstance(decision.get(key), str):
                return str(decision[key])
        decisions = decision.get("decisions")
        if isinstance(decisions, list) and len(decisions) == 1:
            return _reason(decisions[0])
    return None


def ask_with_interrupt(request: ApprovalRequest) -> bool:
    """Pause the LangGraph run until a human decides (the pipeline's native asker for LangChain).

    Returns True on approval; raises `ApprovalDeniedError` (with the human's message) otherwise,
    and `ApprovalRequiredError` when the tool is not running inside a LangGraph graph (there is
    nobody to ask: the call never runs).
    """
    try:
        decision = _interrupt(approval_request(request.tool_name, request.input, request.tool_call_id))
    except (RuntimeError, KeyError) as e:  # no graph run (no config / no scratchpad)
        from interop.errors import ApprovalRequiredError  # (not loaded by importing the adapter)

        raise ApprovalRequiredError(
            f"tool {request.tool_name!r} requires approval: run it inside a LangGraph graph with a "
            f"checkpointer (e.g. langchain.agents.create_agent(..., checkpointer=InMemorySaver())) "
            f"so the call can be interrupted, or convert it with to_langchain(..., approval=<callback>)"
        ) from e
    if is_approved(decision):
        return True
    raise interop.ApprovalDeniedError(request.tool_name, _reason(decision))
