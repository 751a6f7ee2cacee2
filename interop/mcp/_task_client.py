"""MCP tasks, consuming side: a consumed tool the server runs as a task is driven to its end.

- **2026-07-28**: the client declares the tasks extension (`tasks_extension()`, which `mcp_tools`
  installs itself); when the server answers `resultType: "task"`, the call polls `tasks/get` at
  the server's `pollIntervalMs`, hands the task's input requests (elicitation, ...) to the
  client's callbacks and sends the answers with `tasks/update`, and returns the task's result.
- **2025-11-25**: a tool whose `execution.taskSupport` is `"required"` is called with
  `params.task`; the call polls `tasks/get`, then takes the result with `tasks/result` (where the
  server delivers any question it has for the user). The SDK's client has no path for a
  task-augmented `tools/call` on this revision: the request goes through its dispatcher.

Either way, a call cancelled locally (a timeout policy, a cancelled run) cancels the task on the
server (`tasks/cancel`); a task the server fails or cancels is a `ToolError` the model reads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Literal

import anyio
import mcp.types as mt
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.session import ClientRequestContext, ClientSession
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ConfigDict, TypeAdapter

from interop import ToolError

from ._tasks import TASKS_EXTENSION

__all__ = ["TasksExtension", "drive_legacy_task", "raw_requests_possible", "tasks_extension"]

_MIN_POLL = 0.01
_MAX_POLL = 30.0
_CANCEL_TIMEOUT = 5.0
_TERMINAL = ("completed", "failed", "cancelled")


class CreatedTask(mt.Result):
    """A 2026-07-28 `tools/call` answered with a task handle (`resultType: "task"`)."""

    result_type: Literal["task"] = "task"
    task_id: str
    status: str = "working"
    status_message: str | None = None
    poll_interval_ms: int | None = None


class _TaskState(mt.Result):
    """A `tasks/get` answer, either generation (the payload fields of 2026-07-28 included)."""

    task_id: str
    status: str
    status_message: str | None = None
    poll_interval_ms: int | None = None
    poll_interval: int | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    input_requests: dict[str, Any] | None = None

    def poll_seconds(self, fallback: float) -> float:
        ms = self.poll_interval_ms if self.poll_interval_ms is not None else self.poll_interval
        seconds = ms / 1000 if ms is not None else fallback
        return min(max(seconds, _MIN_POLL), _MAX_POLL)


class _TaskIdParams(mt.RequestParams):
    task_id: str


class _TaskUpdateParams(_TaskIdParams):
    input_responses: dict[str, Any]


class _GetTask(mt.Request[_TaskIdParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    params: _TaskIdParams
    name_param = "taskId"  # the Mcp-Name header on streamable HTTP (2026-07-28)


class _TaskResult(mt.Request[_TaskIdParams, Literal["tasks/result"]]):
    method: Literal["tasks/result"] = "tasks/result"
    params: _TaskIdParams


class _CancelTask(mt.Request[_TaskIdParams, Literal["tasks/cancel"]]):
    method: Literal["tasks/cancel"] = "tasks/cancel"
    params: _TaskIdParams
    name_param = "taskId"


class _UpdateTask(mt.Request[_TaskUpdateParams, Literal["tasks/update"]]):
    method: Literal["tasks/update"] = "tasks/update"
    params: _TaskUpdateParams
    name_param = "taskId"


class _Ack(BaseModel):
    """Any answer (an acknowledgement: its content does not matter)."""

    model_config = ConfigDict(extra="allow")


_INPUT_REQUEST: TypeAdapter[mt.InputRequest] = TypeAdapter(mt.InputRequest)


async def _cancel(session: ClientSession, task_id: str) -> None:
    """Best effort: tell the server to stop (the local call is gone)."""
    with anyio.CancelScope(shield=True), anyio.move_on_after(_CANCEL_TIMEOUT):
        try:
            await session.send_request(_CancelTask(params=_TaskIdParams(task_id=task_id)), _Ack)
        except Exception:  # the server may have finished or gone: nothing more to do
            pass


def _failed(state: _TaskState) -> Exception:
    error = state.error or {}
    code = error.get("code")
    message = str(error.get("message") or state.status_message or "the task failed")
    if isinstance(code, int):
        return MCPError(code=code, message=message, data=error.get("data"))
    return ToolError(f"the MCP server's task failed: {message}")


async def _answer_inputs(
    session: ClientSession, state: _TaskState, answered: set[str], timeout: float | None
) -> None:
    """Hand the task's new input requests to the client's callbacks; send the answers."""
    responses: dict[str, Any] = {}
    for key, raw in (state.input_requests or {}).items():
        if key in answered:
            continue
        answered.add(key)
        request = _INPUT_REQUEST.validate_python(raw, by_name=False)
        ctx = ClientRequestContext(session=session, request_id=f"task-{state.task_id}-{key}", meta=None)
        answer = await session.dispatch_input_request(ctx, request)
        if isinstance(answer, mt.ErrorData):
            answer = mt.ElicitResult(action="decline")
        responses[key] = answer.model_dump(by_alias=True, exclude_none=True, mode="json")
    if responses:
        params = _TaskUpdateParams(task_id=state.task_id, input_responses=responses)
        await session.send_request(_UpdateTask(params=params), _Ack, request_read_timeout_seconds=timeout)


async def _poll(
    session: ClientSession, task_id: str, interval: float, timeout: float | None, *, legacy: bool
) -> _TaskState:
    """`tasks/get` until the task ends (or, 2025-11-25, waits for input: `tasks/result` takes it)."""
    answered: set[str] = set()
    while True:
        state = await session.send_request(
            _GetTask(params=_TaskIdParams(task_id=task_id)), _TaskState, request_read_timeout_seconds=timeout
        )
        if state.status in _TERMINAL or (legacy and state.status == "input_required"):
            return state
        if state.status == "input_required":
            await _answer_inputs(session, state, answered, timeout)
        interval = state.poll_seconds(interval)
        await asyncio.sleep(interval)


async def _resolve_modern(created: CreatedTask, ctx: ClaimContext) -> mt.CallToolResult:
    session = ctx.session
    try:
        interval = created.poll_interval_ms / 1000 if created.poll_interval_ms else 0.5
        state = await _poll(session, created.task_id, interval, ctx.read_timeout_seconds, legacy=False)
    except BaseException:
        await _cancel(session, created.task_id)
        raise
    if state.status == "completed" and state.result is not None:
        return mt.CallToolResult.model_validate(state.result, by_name=False)
    if state.status == "failed":
        raise _failed(state)
    raise ToolError(
        f"the MCP server cancelled the task{': ' + state.status_message if state.status_message else ''}"
    )


class TasksExtension(ClientExtension):
    """The 2026-07-28 tasks extension for an `mcp.Client`: declares it, and drives the tasks a
    server answers with to their results."""

    identifier = TASKS_EXTENSION

    def claims(self) -> Sequence[ResultClaim[Any]]:
        return [ResultClaim(result_type="task", model=CreatedTask, resolve=_resolve_modern)]


def tasks_extension() -> ClientExtension:
    """The client extension that lets a 2026-07-28 `mcp.Client` run tools its server answers
    with MCP tasks: `Client(url, extensions=[tasks_extension()])` (`mcp_tools` adds it itself)."""
    return TasksExtension()


# -------------------------------------------------------------------------------- 2025-11-25


def raw_requests_possible(session: ClientSession) -> bool:
    """Whether the SDK session exposes what a 2025-11-25 task-augmented call goes through."""
    return callable(getattr(getattr(session, "_dispatcher", None), "send_raw_request", None)) and callable(
        getattr(session, "_stamp", None)
    )


async def _raw(session: ClientSession, method: str, params: dict[str, Any], timeout: float | None) -> Any:
    """A request the SDK's typed path refuses (its 2025-11-25 `tools/call` result surface has no
    `CreateTaskResult`), sent as the session would: stamped, through its dispatcher."""
    data: dict[str, Any] = {"method": method, "params": params}
    opts: dict[str, Any] = {}
    session._stamp(data, opts)  # type: ignore[arg-type]  # the session's own per-request stamp
    if timeout is not None:
        opts["timeout"] = timeout
    return await session._dispatcher.send_raw_request(method, data["params"], opts)  # type: ignore[arg-type]


async def drive_legacy_task(
    session: ClientSession,
    name: str,
    arguments: dict[str, Any],
    meta: mt.RequestParamsMeta | None,
    timeout: float | None,
) -> mt.CallToolResult:
    """A 2025-11-25 tool call as a task, to its result (see the module doc)."""
    params: dict[str, Any] = {"name": name, "arguments": arguments, "task": {}}
    if meta:
        params["_meta"] = dict(meta)
    created = mt.CreateTaskResult.model_validate(
        await _raw(session, "tools/call", params, timeout), by_name=False
    )
    task = created.task
    try:
        interval = task.poll_interval / 1000 if task.poll_interval else 0.5
        state = await _poll(session, task.task_id, interval, timeout, legacy=True)
        if state.status == "cancelled":
            raise ToolError("the MCP server cancelled the task")
        # completed, failed or waiting for input: tasks/result waits for the end, and carries the
        # server's questions to the client's callbacks meanwhile
        return await session.send_request(
            _TaskResult(params=_TaskIdParams(task_id=task.task_id)),
            mt.CallToolResult,
            request_read_timeout_seconds=timeout,
        )
    except (asyncio.CancelledError, anyio.get_cancelled_exc_class()):
        await _cancel(session, task.task_id)
        raise
