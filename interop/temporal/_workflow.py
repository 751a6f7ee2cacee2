"""The workflow side: neutral tools whose calls run as the tools' activities, and durable approval.

`activity_tools(tools, start_to_close_timeout=...)` gives, for each tool, a neutral tool with the same
name, description, schemas, title and meta, whose `execute` (called inside a workflow, by any
framework's loop after `to_X`) runs the tool's activity (`tool_activities`) and gives back what the
tool gave: its value, its content values, or the same model-facing error (bad arguments, a bad
result, `ToolError`, a denial). The framework's per-call context is never sent: the worker builds
its own. The calls are ordinary activities: recorded in the history, replayed (not run again) after
a worker restart, shared by every worker polling the task queue.

Approval: the pipeline in the worker decides whether a call needs approval (a static rule, or a
predicate with the real context). When it does, the activity answers `pending` without running the
tool, and the workflow waits, durably (for days, across worker restarts and deploys), for the
Update `interop_approval` `{"call_id", "approved", "reason"}`; the Update's validator rejects an
unknown or already decided call id, so nothing runs for it. `approved: true` runs the call (one
more activity, carrying the decision); a denial is the model-facing denial and the tool never runs.
The query `interop_pending_approvals` lists the calls waiting (see `interop.temporal.pending_approvals`).

The approval rule is enforced by the activity, so the returned tools carry no `requires_approval`:
a framework's own approval step would ask a second time, outside the workflow's durable wait.
Their meta also says `temporal: False` (pydantic-ai's Temporal integration then does not wrap them
in activities of its own: they are activities already).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any, TypedDict

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError, TimeoutError, TimeoutType

from interop import StandardTool, StandardToolV0, ToolError, _observe, with_model_output
from interop.bridge import check_unique_names, meta_flag
from interop.errors import ApprovalDeniedError

from ._wire import ActivityInput, Approval, decode_result

__all__ = [
    "APPROVAL_UPDATE",
    "PENDING_APPROVALS_QUERY",
    "PendingApproval",
    "activity_tools",
    "register_approval_handlers",
]

APPROVAL_UPDATE = "interop_approval"
"""The Update that carries a human's decision: `{"call_id": str, "approved": bool, "reason": str | None}`."""

PENDING_APPROVALS_QUERY = "interop_pending_approvals"
"""The query that lists a workflow's calls waiting for a decision (`list[PendingApproval]`)."""

NO_RETRY = RetryPolicy(maximum_attempts=1)


def _replaying() -> bool:
    """Whether a workflow is replaying its history here: its calls of activity tools (and any tool
    its code runs through the pipeline) ran before and are recorded already, so telemetry records
    no second span for them (`interop._observe`; the core imports nothing of Temporal)."""
    return workflow.in_workflow() and workflow.unsafe.is_replaying()


_observe.set_replay_check(_replaying)


class PendingApproval(TypedDict):
    """A call waiting for a decision: what the `interop_pending_approvals` query lists."""

    call_id: str
    tool: str
    arguments: Any


class _Approvals:
    """One workflow run's approval state (kept with the workflow instance; rebuilt by replay)."""

    def __init__(self) -> None:
        self.pending: dict[str, PendingApproval] = {}
        self.decisions: dict[str, Approval] = {}
        self.calls = 0

    def next_id(self, tool_name: str) -> str:
        self.calls += 1
        return f"{tool_name}#{self.calls}"

    def list_pending(self) -> list[PendingApproval]:
        return [dict(p) for p in self.pending.values()]  # type: ignore[misc]  # copies of the TypedDict

    def validate(self, decision: Any) -> None:
        if not isinstance(decision, Mapping):
            raise ApplicationError(
                f"{APPROVAL_UPDATE}: expected an object {{'call_id', 'approved', 'reason'}}, "
                f"got {type(decision).__name__}",
                non_retryable=True,
            )
        unknown = sorted(set(decision) - {"call_id", "approved", "reason"})
        if unknown:
            raise ApplicationError(f"{APPROVAL_UPDATE}: unknown field(s) {unknown}", non_retryable=True)
        call_id = decision.get("call_id")
        if not isinstance(call_id, str) or call_id not in self.pending:
            waiting = ", ".join(repr(c) for c in self.pending) or "none"
            raise ApplicationError(
                f"{APPROVAL_UPDATE}: no call {call_id!r} is waiting for approval (waiting: {waiting})",
                non_retryable=True,
            )
        if call_id in self.decisions:
            raise ApplicationError(
                f"{APPROVAL_UPDATE}: call {call_id!r} is already decided", non_retryable=True
            )
        if not isinstance(decision.get("approved"), bool):
            raise ApplicationError(
                f"{APPROVAL_UPDATE}: 'approved' must be true or false, got {decision.get('approved')!r}",
                non_retryable=True,
            )
        reason = decision.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise ApplicationError(
                f"{APPROVAL_UPDATE}: 'reason' must be a string or null", non_retryable=True
            )

    def decide(self, decision: dict[str, Any]) -> dict[str, Any]:
        call_id = decision["call_id"]
        self.decisions[call_id] = {"approved": decision["approved"] is True, "reason": decision.get("reason")}
        return {"call_id": call_id, "approved": decision["approved"] is True}


_states: weakref.WeakKeyDictionary[Any, _Approvals] = weakref.WeakKeyDictionary()
_by_run: dict[str, _Approvals] = {}


def register_approval_handlers() -> None:
    """Register the approval Update and the pending-approvals query on the running workflow (done
    by the first call of an activity tool, or by `activity_tools` when called in a workflow; call it
    at the top of `run` to have `pending_approvals` answer before any tool was called)."""
    _approvals()


def _approvals() -> _Approvals:
    """This workflow run's approval state, its handlers registered on first use."""
    instance = workflow.instance()
    try:
        state = _states.get(instance)
    except TypeError:  # an instance that cannot be weakly referenced: keyed by its run
        state = _by_run.get(workflow.info().run_id)
    if state is not None:
        return state
    state = _Approvals()
    try:
        _states[instance] = state
    except TypeError:
        _by_run[workflow.info().run_id] = state
    workflow.set_query_handler(PENDING_APPROVALS_QUERY, state.list_pending)
    workflow.set_update_handler(APPROVAL_UPDATE, state.decide, validator=state.validate)
    return state


def _timeout_of(tool: StandardToolV0[Any, Any, Any], default: timedelta) -> timedelta:
    """The tool's meta `timeout` (seconds), else the default."""
    seconds = tool.meta.get("timeout")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds > 0:
        return timedelta(seconds=seconds)
    return default


def _retry_of(tool: StandardToolV0[Any, Any, Any], given: RetryPolicy | None) -> RetryPolicy | None:
    """The given policy; else Temporal's default for an idempotent or read-only tool, one attempt for
    any other (a call with side effects is not repeated behind the model's back)."""
    if given is not None:
        return given
    if meta_flag(tool.meta, "idempotent") or meta_flag(tool.meta, "read_only"):
        return None
    return NO_RETRY


def _timed_out(error: ActivityError) -> TimeoutError | None:
    cause = error.cause
    while cause is not None:
        if isinstance(cause, TimeoutError):
            return cause
        cause = cause.cause if isinstance(cause, (ActivityError, ApplicationError)) else None
    return None


class _Shown:
    """The model output the activity computed for each value (the worker's tool has a model-output
    layer: `with_model_output`, or a middleware such as `OutputBudget`): what the workflow-side
    tool's own model-output layer gives back for that value; the value itself when the activity
    sent none."""

    def __init__(self) -> None:
        self.by_value: dict[int, list[Any]] = {}

    def remember(self, value: Any, shown: list[Any]) -> None:
        self.by_value[id(value)] = shown

    def __call__(self, value: Any) -> Any:
        shown = self.by_value.pop(id(value), None)
        if shown is None:
            return value
        return shown[0] if len(shown) == 1 else shown  # one text part: that text (not a JSON list)


def _activity_tool(
    tool: StandardToolV0[Any, Any, Any],
    *,
    timeout: timedelta,
    retry_policy: RetryPolicy | None,
    task_queue: str | None,
) -> StandardTool[Any, Any, Any]:
    name = tool.name
    start_to_close = _timeout_of(tool, timeout)
    retry = _retry_of(tool, retry_policy)
    # Always ready for the worker's model view: the worker's tool may be wrapped (an OutputBudget,
    # a with_model_output) while the workflow's was built from the plain one.
    shown = _Shown()

    async def run_activity(payload: ActivityInput) -> Any:
        try:
            return await workflow.execute_activity(
                name,
                payload,
                task_queue=task_queue,
                start_to_close_timeout=start_to_close,
                retry_policy=retry,
                summary=f"tool {name}",
                result_type=dict,
            )
        except ActivityError as e:
            timed_out = _timed_out(e)
            if timed_out is None:
                raise  # an activity failure: the framework's loop sees it as a native tool's crash
            seconds = start_to_close.total_seconds()
            kind = "start-to-close" if timed_out.type == TimeoutType.START_TO_CLOSE else "activity"
            raise ToolError(
                f"the call timed out (its {kind} timeout is {seconds:g} s) and did not complete"
            ) from None

    async def execute(input: Any, context: Any = None) -> Any:
        if not workflow.in_workflow():
            raise RuntimeError(
                f"tool {name!r} from activity_tools runs its Temporal activity: call it inside a "
                "workflow (the tool itself runs in a worker, from tool_activities)"
            )
        approvals = _approvals()
        call_id = approvals.next_id(name)
        payload: ActivityInput = {"arguments": input, "call_id": call_id}
        status, value, parts = decode_result(name, await run_activity(payload))
        if status == "pending":
            approvals.pending[call_id] = {"call_id": call_id, "tool": name, "arguments": input}
            try:
                await workflow.wait_condition(lambda: call_id in approvals.decisions)
            finally:
                approvals.pending.pop(call_id, None)
            decision = approvals.decisions[call_id]
            if decision["approved"] is not True:
                raise ApprovalDeniedError(name, decision.get("reason"))
            payload["approval"] = decision
            status, value, parts = decode_result(name, await run_activity(payload))
            if status == "pending":  # the worker asked again for an approved call: never runs it twice
                raise ApprovalDeniedError(name, "the worker did not accept the approval")
        if parts is not None:
            shown.remember(value, parts)
        return value

    # the worker asks for approval; Temporal enforces the timeout (start-to-close), not the pipeline
    meta = {k: v for k, v in tool.meta.items() if k not in ("requires_approval", "timeout")}
    meta["temporal"] = False
    built: StandardTool[Any, Any, Any] = StandardTool(
        name=name,
        description=tool.description,
        execute=execute,
        input_schema=tool.input_schema,
        output_schema=tool.output_schema,  # described to the model; validated in the activity
        title=getattr(tool, "title", None),
        meta=meta,
    )
    return with_model_output(built, shown)


def activity_tools(
    tools: Sequence[StandardToolV0[Any, Any, Any]],
    *,
    start_to_close_timeout: timedelta | float,
    retry_policy: RetryPolicy | None = None,
    task_queue: str | None = None,
) -> list[StandardTool[Any, Any, Any]]:
    """Neutral tools for use inside a workflow: a call runs the tool's activity (see the module doc).

    `start_to_close_timeout` (a `timedelta` or seconds) is each activity's timeout, unless the tool's
    meta `timeout` (seconds) says otherwise; a call that times out is a model-facing error.
    `retry_policy` applies to every call; by default idempotent and read-only tools get Temporal's
    default retries and the others one attempt. `task_queue`: where the worker running
    `tool_activities` polls (default: the workflow's own).
    """
    tools = list(tools)
    check_unique_names([t.name for t in tools], "Temporal")
    if isinstance(start_to_close_timeout, (int, float)) and not isinstance(start_to_close_timeout, bool):
        start_to_close_timeout = timedelta(seconds=start_to_close_timeout)
    if not isinstance(start_to_close_timeout, timedelta) or start_to_close_timeout <= timedelta(0):
        raise ValueError(
            f"start_to_close_timeout must be a positive duration, got {start_to_close_timeout!r}"
        )
    if retry_policy is not None and not isinstance(retry_policy, RetryPolicy):
        raise TypeError(
            f"retry_policy= must be a temporalio.common.RetryPolicy, got {type(retry_policy).__name__}"
        )
    if workflow.in_workflow():
        register_approval_handlers()
    return [
        _activity_tool(t, timeout=start_to_close_timeout, retry_policy=retry_policy, task_queue=task_queue)
        for t in tools
    ]
