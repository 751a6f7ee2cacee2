"""Middleware: code around every call of a tool, on every path (`with_middleware`).

A middleware is any object with `async def on_call(self, call: ToolInvocation, call_next)`: it
gets the call (validated arguments, the context, the model's call id, the attempt), may look at it,
change it (`call.replace(...)`), refuse it (raise `ToolError`: the model reads the message), retry
it, or time it, and returns the result (usually `await call_next(call)`).

`with_middleware(tool, *middleware)` derives a tool (layer `"middleware"`) whose `execute` runs
the chain, outermost first, around the base tool's `execute`. Since it is the tool's own
`execute`, the chain runs on every path: each `to_X`, MCP, providers, the CLI, code mode's inner
calls, `interop.call`. In the pipeline it runs after parsing, validation, the context hook and
approval (nothing runs for a call that is invalid or not approved). The derived tool is async (the
chain awaits); a sync base runs on a worker thread, carrying the caller's context variables.

A middleware may also shape what the model sees (`OutputBudget` does): an object with a
`model_view(shown) -> shown` method is applied to the model's view of each result, after the
base's own `with_model_output` view, while the application keeps the whole value.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import logging
import queue
import threading
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

from ._controlflow import is_control_flow
from ._derive import Layer, derive, find_layer, layers
from ._errors import StandardToolValidationError, ToolError
from ._protocols import StandardToolV0
from ._run import is_async_tool

if TYPE_CHECKING:
    from ._toolset import ToolSet

__all__ = [
    "CALL_ID",
    "WORKER",
    "CallNext",
    "Middleware",
    "ToolInvocation",
    "with_meta_timeout",
    "with_middleware",
]

OutputT = TypeVar("OutputT")

logger = logging.getLogger("interop")

CALL_ID: ContextVar[str | None] = ContextVar("interop_call_id", default=None)
"""The model's id for the call running now (set by the pipeline when the framework gives one)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ToolInvocation:
    """One call of a tool, as a middleware sees it. (Not `interop.providers.ToolCall`, a model's
    request: this is the call being run.)"""

    tool: StandardToolV0[Any, Any, Any]
    """The tool the middleware wraps (the next one in: the base of `with_middleware`)."""
    name: str
    """The tool's name."""
    arguments: Any
    """The arguments, already checked against the input schema (as sent: a dict for an object schema)."""
    context: Any = dataclasses.field(repr=False)
    """The call's neutral context: for the middleware's decisions, never to be logged or shown."""
    call_id: str | None = None
    """The model's id for this call, when the framework gives one."""
    attempt: int = 1
    """1 for the first attempt; `Retry` counts up."""

    def replace(self, **changes: Any) -> ToolInvocation:
        """A copy with `changes` (e.g. `arguments=`, `attempt=`)."""
        return dataclasses.replace(self, **changes)


CallNext = Callable[[ToolInvocation], Awaitable[Any]]
"""The rest of the chain: `await call_next(call)` runs the next middleware, then the tool."""


@runtime_checkable
class Middleware(Protocol):
    """Code around every call of a tool (see the module doc)."""

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any: ...


WORKER: ContextVar[list[str] | None] = ContextVar("interop_middleware_worker", default=None)
"""Set by a policy that may stop waiting (`Timeout`): the innermost step records the name of the
worker thread a sync tool runs on there, so the policy can name it."""


def _run_sync_tool(tool: StandardToolV0[Any, Any, Any], arguments: Any, context: Any) -> Any:
    box = WORKER.get()
    if box is not None:
        box.append(threading.current_thread().name)
    return tool.execute(arguments, context)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # the caller stopped waiting (a timeout, a cancelled run)
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class _Workers:
    """Daemon threads for sync tools under middleware, reused from call to call. A call takes an
    idle one or starts a new one, so a tool stuck past its `Timeout` keeps its thread and never
    holds up the next call; a thread idle for a minute ends."""

    IDLE_SECONDS = 60.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[queue.SimpleQueue[Callable[[], Callable[[], None]]]] = []
        self._started = 0

    def submit(self, job: Callable[[], Callable[[], None]]) -> None:
        """Run `job` on a worker; the callable it returns runs once the worker is idle again (so
        the caller it wakes can take the same worker for its next call)."""
        with self._lock:
            inbox = self._idle.pop() if self._idle else None
            if inbox is None:
                self._started += 1
                number = self._started
        if inbox is not None:
            inbox.put(job)
            return
        inbox = queue.SimpleQueue()
        inbox.put(job)
        name = f"interop-tool-worker-{number}"
        threading.Thread(target=self._serve, args=(inbox,), name=name, daemon=True).start()

    def _serve(self, inbox: queue.SimpleQueue[Callable[[], Callable[[], None]]]) -> None:
        while True:
            try:
                job = inbox.get(timeout=self.IDLE_SECONDS)
            except queue.Empty:
                with self._lock:
                    if inbox in self._idle:  # nobody took it meanwhile: end
                        self._idle.remove(inbox)
                        return
                continue  # a caller took it and is handing it a job
            then = job()
            with self._lock:
                self._idle.append(inbox)
            then()


_WORKERS = _Workers()


async def _in_thread(tool: StandardToolV0[Any, Any, Any], arguments: Any, context: Any) -> Any:
    """A sync tool's `execute` on a daemon worker thread (`_Workers`), with the caller's context
    variables.

    Not the loop's default executor (`asyncio.to_thread`): `asyncio.run`, which every sync caller
    uses (`interop.call`, smolagents, CrewAI...), joins that executor's threads when it ends, so a
    caller whose `Timeout` stopped waiting would wait for the tool anyway; and a bounded pool would
    fill up with threads stuck in tools that never return."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()
    ctx = contextvars.copy_context()

    def work() -> Callable[[], None]:
        try:
            result, error = ctx.run(_run_sync_tool, tool, arguments, context), None
        except BaseException as e:  # handed to the caller's loop
            result, error = None, e
            if isinstance(e, StopIteration):  # a future refuses it (it would end a generator)
                error = RuntimeError(f"tool {tool.name!r} raised StopIteration")
                error.__cause__ = e

        def settle() -> None:
            try:
                loop.call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the caller's loop is closed: nobody is waiting any more
                pass

        return settle

    _WORKERS.submit(work)
    return await future


async def _run_tool(call: ToolInvocation) -> Any:
    """The innermost step: the wrapped tool's `execute` (a sync one on a worker thread)."""
    tool = call.tool
    if is_async_tool(tool):
        return await tool.execute(call.arguments, call.context)
    return await _in_thread(tool, call.arguments, call.context)


def _chain(middleware: tuple[Middleware, ...]) -> CallNext:
    handler: CallNext = _run_tool
    for mw in reversed(middleware):
        handler = _link(mw, handler)
    return handler


def _link(mw: Middleware, call_next: CallNext) -> CallNext:
    """One middleware around the rest of the chain. An exception the middleware raises itself
    (not one coming out of `call_next`, not a `ToolError`, not a framework's control flow) is a
    bug in it: the model reads a tool error naming the middleware (never its message, which may
    quote the context), and the exception is logged."""
    on_call = mw.on_call
    label = type(mw).__name__

    async def link(call: ToolInvocation) -> Any:
        passed: list[BaseException] = []

        async def next_(call: ToolInvocation) -> Any:
            try:
                return await call_next(call)
            except BaseException as e:
                passed.append(e)
                raise

        try:
            return await on_call(call, next_)
        except Exception as e:
            if isinstance(e, ToolError) or any(e is p for p in passed) or is_control_flow(e):
                raise
            logger.error("tool %r: middleware %s raised", call.name, label, exc_info=e)
            raise ToolError(f"the call was stopped by middleware {label} ({type(e).__name__})") from e

    return link


def _check(middleware: Iterable[Any]) -> tuple[Middleware, ...]:
    out = tuple(middleware)
    for mw in out:
        on_call = getattr(mw, "on_call", None)
        if not callable(on_call):
            raise TypeError(
                f"with_middleware: {mw!r} is not a middleware (it needs an "
                "`async def on_call(self, call, call_next)` method)"
            )
    return out


def _wrap(
    tool: StandardToolV0[Any, OutputT, Any], middleware: tuple[Middleware, ...]
) -> StandardToolV0[Any, OutputT, Any]:
    if not middleware:
        return tool
    run = _chain(middleware)
    validate = tool.input_schema.__standard_schema__.validate if tool.input_schema is not None else None
    name = tool.name

    async def execute(input: Any = None, context: Any = None) -> Any:
        if validate is not None:  # the chain sees only arguments the tool accepts
            checked = validate(input)
            if isinstance(checked, Awaitable):
                checked = await checked
            issues = getattr(checked, "issues", None)
            if issues:
                raise StandardToolValidationError("input", issues, tool_name=name)
        return await run(ToolInvocation(tool, name, input, context, CALL_ID.get()))

    def steps(input: Any, context: Any) -> Any:
        return (yield execute(input, context))

    derived = derive(tool, layer=Layer("middleware", middleware), steps=steps, is_async=True)
    views = [mw.model_view for mw in middleware if callable(getattr(mw, "model_view", None))]  # type: ignore[attr-defined]
    if not views:
        return derived
    from ._output import with_model_output

    inner = find_layer(tool, "model_output")
    before = inner.value if inner is not None else None

    def view(result: Any) -> Any:
        shown = before(result) if before is not None else result
        for cut in reversed(views):  # the outermost middleware's view last
            shown = cut(shown)
        return shown

    return with_model_output(derived, view)


@overload
def with_middleware(
    tools: StandardToolV0[Any, OutputT, Any], /, *middleware: Any
) -> StandardToolV0[Any, OutputT, Any]: ...
@overload
def with_middleware(tools: ToolSet, /, *middleware: Any) -> ToolSet: ...  # type: ignore[overload-overlap]
@overload
def with_middleware(
    tools: Iterable[StandardToolV0[Any, Any, Any]], /, *middleware: Any
) -> list[StandardToolV0[Any, Any, Any]]: ...
def with_middleware(tools: Any, /, *middleware: Any) -> Any:
    """`tools` (one tool, a list, or a `ToolSet`) with every call passing `middleware`, outermost
    first (see the module doc). One tool in, one tool out; a `ToolSet` in, a `ToolSet` (same
    options) out; any other iterable in, a list out."""
    chain = _check(middleware)
    from ._toolset import ToolSet

    if isinstance(tools, ToolSet):
        return tools.with_middleware(*chain)
    if isinstance(tools, StandardToolV0):
        return _wrap(tools, chain)
    return [_wrap(tool, chain) for tool in tools]


_TIMEOUT: Any = None
"""`interop.policies.Timeout`, set when that module is imported: a call path imports nothing (a
Temporal workflow's sandbox refuses a module's import there)."""


def with_meta_timeout(tool: StandardToolV0[Any, OutputT, Any]) -> StandardToolV0[Any, OutputT, Any]:
    """`tool` under a `Timeout` of `meta["timeout"]` seconds when its meta says so (and no
    `Timeout` as short is already around it: a longer one, say `interop serve --timeout`'s for
    every tool, does not lift the tool's own limit); else `tool` itself. Every path runs this."""
    seconds = tool.meta.get("timeout") if tool.meta else None
    if seconds is None:
        return tool
    Timeout = _TIMEOUT
    if Timeout is None:  # interop.policies not imported yet (interop._invoke imports it)
        from .policies import Timeout
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ValueError(
            f"tool {tool.name!r}: meta['timeout'] must be a positive number of seconds, got {seconds!r}"
        )
    for derived in layers(tool):  # a Timeout as short or shorter is already around it
        if derived.layer.kind == "middleware" and any(
            isinstance(mw, Timeout) and mw.seconds <= seconds for mw in derived.layer.value
        ):
            return tool
    return _wrap(tool, (Timeout(float(seconds)),))
