"""MCP tasks, serving side: a tool whose `meta["task"]` is `True` (task only) or `"optional"` runs
as an MCP task: the call answers at once with a task handle; the client polls its status
(`tasks/get`), takes its result, or cancels it.

Both protocol generations:

- **2026-07-28** (the tasks extension, `io.modelcontextprotocol/tasks`): a client that declares
  the extension on its request gets `resultType: "task"` from `tools/call`; `tasks/get` returns
  the task with its `result` (or `error`) once it is done; `tasks/update` and `tasks/cancel` are
  served. A task-only tool called by a client that does not declare the extension gets JSON-RPC
  error -32021 (missing required client capability).
- **2025-11-25** (tasks in the core protocol): the server declares `capabilities.tasks`, a tool its
  `execution.taskSupport`; a `tools/call` with `params.task` gets `CreateTaskResult`;
  `tasks/get`, `tasks/result` (waits for the end), `tasks/cancel` and `tasks/list` are served.
  A task-only tool called without `params.task` gets -32601, as that revision says.

The approval question (elicitation, or a 2026-07-28 input round) is asked before the task is
created: a task only ever runs an approved call. Denied, the task ends at once with the denial as
its (error) result. While a task runs, `interop.progress(...)` becomes its `statusMessage`.

Tasks live in the memory of the server process that created them, scoped to the caller (the
verified bearer token's principal, or anyone on an unauthenticated server); task ids are 128-bit
random. Finished tasks are kept `ttl` seconds; at most `max_tasks` are kept at once.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

import mcp.types as mt
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from interop._kit import LogLevel

__all__ = [
    "RELATED_TASK_KEY",
    "TASKS_EXTENSION",
    "TaskStore",
    "task_support",
]

logger = logging.getLogger("interop.mcp")

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
"""The 2026-07-28 tasks extension's identifier."""

RELATED_TASK_KEY = "io.modelcontextprotocol/related-task"
"""`_meta` key tying a 2025-11-25 result to its task."""

TASK_KEY = "task"
"""The meta key: `True` (the tool runs only as a task) or `"optional"` (the client chooses)."""

Status = Literal["working", "input_required", "completed", "failed", "cancelled"]
TERMINAL = ("completed", "failed", "cancelled")


def task_support(meta: Mapping[str, Any], tool_name: str) -> Literal["required", "optional"] | None:
    """What `meta["task"]` asks: `"required"` (`True`), `"optional"`, or None (absent / `False`)."""
    value = meta.get(TASK_KEY)
    if value is None or value is False:
        return None
    if value is True:
        return "required"
    if value == "optional":
        return "optional"
    raise ValueError(f"tool {tool_name!r}: meta['task'] must be True, False or 'optional', got {value!r}")


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).isoformat().replace("+00:00", "Z")


@dataclass
class Task:
    """One task: its state, its result once done, and the asyncio task running it."""

    id: str
    principal: str
    tool: str
    ttl: float
    poll_ms: int
    status: Status = "working"
    message: str | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    result: mt.CallToolResult | None = None
    error: mt.ErrorData | None = None
    runner: asyncio.Task[None] | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def finish(self, status: Status, *, result: mt.CallToolResult | None = None,
               error: mt.ErrorData | None = None, message: str | None = None) -> None:  # fmt: skip
        if self.status in TERMINAL:
            return
        self.status, self.result, self.error = status, result, error
        if message is not None:
            self.message = message
        self.updated = time.time()
        self.done.set()

    def wire(self, modern: bool) -> dict[str, Any]:
        """The task as each generation spells it (no status payload)."""
        data: dict[str, Any] = {
            "taskId": self.id,
            "status": self.status,
            "createdAt": _iso(self.created),
            "lastUpdatedAt": _iso(self.updated),
        }
        if self.message:
            data["statusMessage"] = self.message
        ttl_ms = int(self.ttl * 1000)
        data.update({"ttlMs": ttl_ms, "pollIntervalMs": self.poll_ms} if modern else
                    {"ttl": ttl_ms, "pollInterval": self.poll_ms})  # fmt: skip
        return data

    def detailed(self) -> dict[str, Any]:
        """A 2026-07-28 `tasks/get` answer: the task with its result or error once done."""
        data = self.wire(modern=True)
        if self.status == "completed" and self.result is not None:
            data["result"] = _dump(self.result)
        elif self.status == "failed" and self.error is not None:
            data["error"] = self.error.model_dump(by_alias=True, exclude_none=True, mode="json")
        return data


def _dump(result: mt.CallToolResult) -> dict[str, Any]:
    data = result.model_dump(by_alias=True, exclude_none=True, mode="json")
    data.pop("resultType", None)  # the task's own answer carries it
    return data


class TaskReporter:
    """`interop.progress` / `interop.log` inside a running task: its `statusMessage`."""

    def __init__(self, task: Task) -> None:
        self.task = task

    def progress(self, current: float, total: float | None, message: str | None) -> None:
        shown = f"{current:g}/{total:g}" if total is not None else f"{current:g}"
        self.task.message = f"{message} ({shown})" if message else shown
        self.task.updated = time.time()

    def log(self, level: LogLevel, message: str, data: dict[str, Any]) -> None:
        return None  # logs are not a task's status


class TaskStore:
    """The tasks of one server, in memory (see the module doc)."""

    def __init__(self, *, ttl: float = 3600.0, poll_interval: float = 0.5, max_tasks: int = 1000) -> None:
        self.ttl = ttl
        self.poll_ms = max(1, int(poll_interval * 1000))
        self.max_tasks = max_tasks
        self.tasks: dict[str, Task] = {}

    def _expire(self) -> None:
        """Forget finished tasks older than their ttl (a running task is never dropped)."""
        now = time.time()
        for task_id, task in list(self.tasks.items()):
            if task.status in TERMINAL and now - task.updated > task.ttl:
                del self.tasks[task_id]

    def create(self, tool: str, principal: str) -> Task:
        self._expire()
        if len(self.tasks) >= self.max_tasks:
            finished = [t for t in self.tasks.values() if t.status in TERMINAL]
            if not finished:
                raise MCPError(code=mt.INTERNAL_ERROR, message="too many tasks are running; try again later")
            del self.tasks[min(finished, key=lambda t: t.updated).id]
        task = Task(secrets.token_urlsafe(16), principal, tool, self.ttl, self.poll_ms)
        self.tasks[task.id] = task
        return task

    def get(self, task_id: str, principal: str) -> Task:
        """The task, for its own caller only (anyone else is told it does not exist)."""
        self._expire()
        task = self.tasks.get(task_id)
        if task is None or not secrets.compare_digest(task.principal, principal):
            raise MCPError(code=mt.INVALID_PARAMS, message=f"unknown task {task_id!r}")
        return task

    def mine(self, principal: str) -> list[Task]:
        self._expire()
        return [t for t in self.tasks.values() if secrets.compare_digest(t.principal, principal)]

    def run(self, task: Task, work: Callable[[], Awaitable[mt.CallToolResult]]) -> None:
        """Start `work` for `task`; its result (or failure) ends the task."""

        async def body() -> None:
            try:
                result = await work()
            except asyncio.CancelledError:
                task.finish("cancelled", message=task.message or "cancelled")
                raise
            except MCPError as e:
                task.finish("failed", error=e.error)
            except Exception as e:  # the pipeline maps the tool's own errors; this is ours
                logger.error("task %s of tool %r failed", task.id, task.tool, exc_info=e)
                task.finish("failed", error=mt.ErrorData(code=mt.INTERNAL_ERROR, message="the task failed"))
            else:
                task.finish("completed", result=result)

        task.runner = asyncio.get_running_loop().create_task(body())


# ------------------------------------------------------------------------------- tasks/* methods


class TaskIdParams(mt.RequestParams):
    """Params of `tasks/get`, `tasks/result`, `tasks/cancel`."""

    task_id: str


class TaskUpdateParams(TaskIdParams):
    """Params of `tasks/update` (2026-07-28)."""

    input_responses: dict[str, Any] | None = None


def _modern(ctx: ServerRequestContext[Any, Any]) -> bool:
    return ctx.protocol_version in MODERN_PROTOCOL_VERSIONS


def client_declares_tasks(ctx: ServerRequestContext[Any, Any]) -> bool:
    """Whether this 2026-07-28 request's client declared the tasks extension."""
    wanted = mt.ClientCapabilities(extensions={TASKS_EXTENSION: {}})
    return bool(ctx.session.check_client_capability(wanted))


def task_methods(
    store: TaskStore, principal: Callable[[ServerRequestContext[Any, Any]], str]
) -> list[tuple[str, type[mt.RequestParams], Callable[..., Awaitable[Any]]]]:
    """The `tasks/*` request handlers (method, params type, handler) for both generations."""

    async def get(ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> dict[str, Any]:
        task = store.get(params.task_id, principal(ctx))
        return task.detailed() if _modern(ctx) else task.wire(modern=False)

    async def result(ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> dict[str, Any]:
        task = store.get(params.task_id, principal(ctx))  # 2025-11-25: waits for the end
        await task.done.wait()
        related = {RELATED_TASK_KEY: {"taskId": task.id}}
        if task.status == "completed" and task.result is not None:
            data = _dump(task.result)
            data["_meta"] = {**(data.get("_meta") or {}), **related}
            return data
        if task.status == "failed" and task.error is not None:
            raise MCPError(code=task.error.code, message=task.error.message, data=task.error.data)
        raise MCPError(code=mt.INVALID_PARAMS, message=f"task {task.id!r} was cancelled", data=related)

    async def cancel(ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> dict[str, Any]:
        task = store.get(params.task_id, principal(ctx))
        if task.status in TERMINAL:
            if _modern(ctx):
                return {}
            raise MCPError(
                code=mt.INVALID_PARAMS, message=f"task {task.id!r} has already ended ({task.status})"
            )
        if task.runner is not None:
            task.runner.cancel()
        task.finish("cancelled", message="cancelled by the client")
        return {} if _modern(ctx) else task.wire(modern=False)

    async def update(ctx: ServerRequestContext[Any, Any], params: TaskUpdateParams) -> dict[str, Any]:
        store.get(params.task_id, principal(ctx))  # no input is asked once a task runs: nothing to take
        return {}

    async def listed(
        ctx: ServerRequestContext[Any, Any], params: mt.PaginatedRequestParams
    ) -> dict[str, Any]:
        return {"tasks": [t.wire(modern=False) for t in store.mine(principal(ctx))]}

    return [
        ("tasks/get", TaskIdParams, get),
        ("tasks/result", TaskIdParams, result),
        ("tasks/cancel", TaskIdParams, cancel),
        ("tasks/update", TaskUpdateParams, update),
        ("tasks/list", mt.PaginatedRequestParams, listed),
    ]


def legacy_capability() -> mt.ServerTasksCapability:
    """`capabilities.tasks` of a 2025-11-25 server that runs tool calls as tasks."""
    return mt.ServerTasksCapability(
        list=mt.TasksListCapability(),
        cancel=mt.TasksCancelCapability(),
        requests=mt.ServerTasksRequestsCapability(
            tools=mt.TasksToolsCapability(call=mt.TasksCallCapability())
        ),
    )


def missing_capability() -> MCPError:
    """-32021: a task-only tool called by a 2026-07-28 client that did not declare the extension."""
    return MCPError(
        code=mt.MISSING_REQUIRED_CLIENT_CAPABILITY,
        message="Missing required client capability: this tool runs only as a task",
        data={"requiredCapabilities": {"extensions": {TASKS_EXTENSION: {}}}},
    )
