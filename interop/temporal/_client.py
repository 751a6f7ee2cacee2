"""The client side of durable approval: list a workflow's calls waiting for a decision, decide one."""

from __future__ import annotations

from typing import Any

from temporalio.client import WorkflowHandle, WorkflowQueryFailedError

from ._workflow import APPROVAL_UPDATE, PENDING_APPROVALS_QUERY, PendingApproval

__all__ = ["decide", "pending_approvals"]


async def pending_approvals(handle: WorkflowHandle[Any, Any]) -> list[PendingApproval]:
    """The calls of the workflow waiting for a decision (`call_id`, `tool`, `arguments`), oldest first.

    Empty while the workflow has not called an activity tool yet (its handlers are registered by
    the first call). The context is never part of it: only what the model asked for.
    """
    try:
        listed: list[PendingApproval] = await handle.query(PENDING_APPROVALS_QUERY, result_type=list)
    except WorkflowQueryFailedError as e:
        if PENDING_APPROVALS_QUERY in str(e) and "not found" in str(e):
            return []  # no activity tool has run in this workflow yet
        raise
    return listed


async def decide(
    handle: WorkflowHandle[Any, Any], call_id: str, approved: bool, reason: str | None = None
) -> dict[str, Any]:
    """Send a decision for one waiting call (the `interop_approval` Update) and wait until the
    workflow accepted it. Only `approved=True` runs the call; a denial reaches the model (with
    `reason`) and the tool never runs. An unknown or already decided call id is rejected by the
    Update's validator: `temporalio.client.WorkflowUpdateFailedError`, and nothing runs."""
    if not isinstance(approved, bool):
        raise TypeError(f"approved must be True or False, got {approved!r}")
    payload = {"call_id": call_id, "approved": approved, "reason": reason}
    result: dict[str, Any] = await handle.execute_update(APPROVAL_UPDATE, payload, result_type=dict)
    return result
