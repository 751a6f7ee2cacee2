"""LangChain's native approval: a LangGraph `interrupt` asked from inside the tool call.

The pipeline asks `ask_with_interrupt` when a call needs approval (and no `approval=` callback
was given). It calls `langgraph.types.interrupt(request)`: the graph run pauses (a checkpointer is
required, as for every LangGraph interrupt) and the request shows in `result["__interrupt__"]`.
Resuming re-runs the tool node and `interrupt` returns the decision.

A decision is bound to the call it was made for: an approval names the call's `tool_call_id` and
echoes the `args_digest` of the arguments shown (`approve(interrupt)` builds it), so it approves
that call with those arguments only. LangGraph hands resume values to a task's interrupts by the
order they are asked in, and a `ToolNode` runs a turn's calls in one task on parallel threads (or
tasks), so that order is not stable: a decision meant for another call of the same task is kept
for that call (asked in turn, under a per-task lock) and never approves this one. A decision that
names no call, or arguments that changed since they were shown, is a denial.
"""

from __future__ import annotations

import importlib.util
import threading
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import interop
from interop import bridge
from interop._kit import answer_reason, approves

if TYPE_CHECKING:
    from interop import ApprovalRequest

__all__ = ["approve", "is_approved", "reject"]

HAS_INTERRUPT = importlib.util.find_spec("langgraph") is not None
"""Whether langgraph is installed (found without importing it: `langgraph.types` is slow to import)."""

bridge.register_control_flow("langgraph.errors:GraphBubbleUp")

_SCRATCHPAD = "__pregel_scratchpad"
"""The per-task key of LangGraph's run config holding the task's interrupt bookkeeping."""

_DECISION_KEYS = frozenset(
    {"type", "approved", "decisions", "tool_call_id", "args_digest", "message", "reason"}
)
_MISSING: Any = object()


def _interrupt(value: Any) -> Any:
    from langgraph.types import interrupt  # lazy: pulls in langsmith run trees (~0.1 s)

    return interrupt(value)


def approval_request(
    tool_name: str, args: Any, tool_call_id: str | None, args_digest: str | None = None
) -> dict[str, Any]:
    """The value surfaced by the interrupt (JSON), shaped like LangChain's HITL action requests.

    It holds the model's arguments only: never the context (interrupt values are checkpointed).
    `args_digest` is what an approving decision must echo (see `approve`).
    """
    return {
        "type": "tool_approval",
        "action_requests": [{"name": tool_name, "args": args, "tool_call_id": tool_call_id}],
        "tool": tool_name,
        "args": args,
        "tool_call_id": tool_call_id,
        "args_digest": args_digest,
        "description": f"Tool {tool_name!r} requires approval before it runs.",
    }


def _request_value(request: Any) -> Mapping[str, Any]:
    value = getattr(request, "value", request)  # a LangGraph `Interrupt`, or its value
    if not isinstance(value, Mapping) or value.get("type") != "tool_approval":
        raise TypeError(f"not an interop approval request: {value!r}")
    return value


def approve(request: Any) -> dict[str, Any]:
    """The decision approving the call of `request` (an `Interrupt` from `result["__interrupt__"]`,
    or its value), with the arguments it showed: `Command(resume=approve(intr))`, or
    `Command(resume={intr.id: approve(intr), ...})` for several at once."""
    value = _request_value(request)
    return {
        "type": "approve",
        "tool_call_id": value.get("tool_call_id"),
        "args_digest": value.get("args_digest"),
    }


def reject(request: Any, message: str | None = None) -> dict[str, Any]:
    """The decision refusing the call of `request`; `message` is what the model reads."""
    value = _request_value(request)
    decision: dict[str, Any] = {"type": "reject", "tool_call_id": value.get("tool_call_id")}
    if message is not None:
        decision["message"] = message
    return decision


def is_approved(decision: Any) -> bool:
    """Whether a resume value has an approving shape (which call it approves is checked apart).

    Approving: `True`, `"approve"`, a mapping with `type: "approve"` (LangChain's HITL decision)
    or `approved: True`, or `{"decisions": [<one of those>]}`. Nothing else (no truthiness).
    """
    only = _only_decision(decision)
    return approves(decision) if only is None else is_approved(only)


def _reason(decision: Any) -> str | None:
    reason = answer_reason(decision)
    only = _only_decision(decision)
    return _reason(only) if reason is None and only is not None else reason


def _only_decision(decision: Any) -> Any:
    """The one decision of `{"decisions": [decision]}`, else None."""
    if isinstance(decision, Mapping):
        decisions = decision.get("decisions")
        if isinstance(decisions, list) and len(decisions) == 1:
            return decisions[0]
    return None


def _split(answer: Any) -> tuple[dict[str, Any], Any]:
    """A resume value as (decisions by the call id they name, the decision naming no call or
    `_MISSING`). Forms: one decision (`{"type": ..., "tool_call_id": ...}`), `{"decisions": [...]}`,
    or a mapping from call ids to decisions."""
    bound: dict[str, Any] = {}
    if isinstance(answer, Mapping):
        decisions = answer.get("decisions")
        if isinstance(decisions, list) and not (_DECISION_KEYS - {"decisions"}) & set(answer):
            loose: Any = _MISSING
            for item in decisions:
                named = item.get("tool_call_id") if isinstance(item, Mapping) else None
                if isinstance(named, str):
                    bound[named] = item
                elif loose is _MISSING and len(decisions) == 1:
                    loose = item
                else:
                    loose = {"type": "reject", "message": "several decisions that name no call"}
            return bound, loose
        named = answer.get("tool_call_id")
        if isinstance(named, str):
            return {named: answer}, _MISSING
        if answer and not _DECISION_KEYS & set(answer) and all(isinstance(k, str) for k in answer):
            for key, item in answer.items():  # {tool_call_id: decision, ...}
                inner = item.get("tool_call_id") if isinstance(item, Mapping) else None
                if inner is None or inner == key:
                    bound[key] = item
            return bound, _MISSING
    return bound, answer


class _Task:
    """What the gated calls of one LangGraph task share while they ask: a lock, and the decisions
    a call took from LangGraph that name another call of the task."""

    __slots__ = ("__weakref__", "kept", "lock")

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.kept: dict[str, Any] = {}


_TASKS: weakref.WeakKeyDictionary[Any, _Task] = weakref.WeakKeyDictionary()
_TASKS_LOCK = threading.Lock()


def _task() -> _Task:
    """The asking state of the LangGraph task running now (a fresh one outside a graph, or when
    LangGraph's per-task bookkeeping cannot be found: the calls are then still bound, one by one)."""
    try:
        from langgraph.config import get_config

        scratchpad = get_config()["configurable"].get(_SCRATCHPAD)
    except Exception:  # no graph run here
        return _Task()
    for key in (scratchpad, getattr(scratchpad, "get_null_resume", None)):
        if key is None:
            continue
        try:
            with _TASKS_LOCK:
                task = _TASKS.get(key)
                if task is None:
                    task = _TASKS[key] = _Task()
                return task
        except TypeError:  # not weakly referenceable: try the next key
            continue
    return _Task()


def _decision(request: ApprovalRequest, value: dict[str, Any]) -> Any:
    """This call's decision: one kept for it by another call of the task, else the next resume
    value (asking again while the values name other calls). Raises LangGraph's interrupt when
    no decision is left for it (the run pauses with `value`)."""
    call_id = request.tool_call_id
    task = _task()
    with task.lock:
        while True:
            if call_id is not None and call_id in task.kept:
                return task.kept.pop(call_id)
            bound, loose = _split(_interrupt(value))
            if call_id is not None and call_id in bound:
                own = bound.pop(call_id)
                task.kept.update(bound)
                return own
            task.kept.update(bound)
            if loose is not _MISSING:
                return loose


def ask_with_interrupt(request: ApprovalRequest) -> bool:
    """Pause the LangGraph run until a human decides (the pipeline's native asker for LangChain).

    Returns True on an approval bound to this call and these arguments; raises
    `ApprovalDeniedError` (with the human's message, or why the decision does not approve this
    call) otherwise, and `ApprovalRequiredError` when the tool is not running inside a LangGraph
    graph (there is nobody to ask: the call never runs).
    """
    digest = request.args_digest
    value = approval_request(request.tool_name, request.input, request.tool_call_id, digest)
    try:
        decision = _decision(request, value)
    except (RuntimeError, KeyError) as e:  # no graph run (no config / no scratchpad)
        from interop.errors import ApprovalRequiredError  # (not loaded by importing the adapter)

        raise ApprovalRequiredError(
            f"tool {request.tool_name!r} requires approval: run it inside a LangGraph graph with a "
            f"checkpointer (e.g. langchain.agents.create_agent(..., checkpointer=InMemorySaver())) "
            f"so the call can be interrupted, or convert it with to_langchain(..., approval=<callback>)"
        ) from e
    if not is_approved(decision):
        raise interop.ApprovalDeniedError(request.tool_name, _reason(decision))
    named = decision.get("tool_call_id") if isinstance(decision, Mapping) else None
    if request.tool_call_id is not None and named != request.tool_call_id:
        raise interop.ApprovalDeniedError(
            request.tool_name,
            f"the decision does not name this call (tool_call_id {request.tool_call_id!r}): resume with "
            "interop.langchain.approve(interrupt)",
        )
    given = decision.get("args_digest") if isinstance(decision, Mapping) else None
    if not request.digest_matches(given):
        raise interop.ApprovalDeniedError(
            request.tool_name,
            "the approval is not for these arguments (its args_digest does not match the arguments "
            "the call would run with): resume with interop.langchain.approve(interrupt)",
        )
    return True
