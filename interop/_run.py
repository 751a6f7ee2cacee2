"""Running tools from sync and async code, with the sync/async logic written once.

Logic that may have to wait (an approval callback, a context hook, a tool's `execute`) is written
as a *step generator*: it yields each awaitable it needs, and a `Run` when it wants a tool's
`execute` run, and returns its result. Two drivers run such a generator:

- `drive_sync` (sync code): awaitables go through `run_sync`; a sync `execute` runs inline.
- `drive_async` (async code): awaitables are awaited; a sync `execute` runs on a worker thread
  when `threaded` (what every framework does with its own sync tools), else inline.

An exception raised while resolving a step is thrown back into the generator, so `try/except`
around a `yield` behaves as around an `await`. `call` / `acall` are the two drivers applied to
a single `execute`.

A `StopIteration` (or `StopAsyncIteration`) raised by a sync `execute` leaves it as a
`RuntimeError` naming the tool, on every path: asyncio cannot set `StopIteration` on a future, so
from a worker thread it never arrived and the call waited forever; in a generator or coroutine it
would end the iteration instead of failing the call (Python does the same for generators, PEP 479).
"""

from __future__ import annotations

import contextvars
import inspect
import threading
import types
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

if TYPE_CHECKING:
    from ._protocols import StandardToolV0

__all__ = [
    "Run",
    "StepGen",
    "acall",
    "blocking_twin",
    "call",
    "drive_async",
    "drive_sync",
    "is_async_callable",
    "is_async_tool",
    "is_awaitable",
    "run_sync",
    "stopped",
]

T = TypeVar("T")
OutputT = TypeVar("OutputT")
P = ParamSpec("P")


class Run:
    """A step asking the driver to run `tool.execute(input, context)` under its thread policy."""

    __slots__ = ("context", "input", "tool")

    def __init__(self, tool: StandardToolV0[Any, Any, Any], input: Any, context: Any) -> None:
        self.tool = tool
        self.input = input
        self.context = context


StepGen = Generator["Awaitable[Any] | Run", Any, T]
"""A step generator: yields awaitables and `Run`s, returns its result."""


_NEVER_AWAITABLE: set[type] = {str, int, float, bool, bytes, dict, list, tuple, type(None)}
"""Types seen not to be awaitable (awaitability is a property of the type, generators aside)."""


def is_awaitable(value: Any) -> bool:
    """`inspect.isawaitable`, without its ABC check for the common result types (hot path)."""
    cls = type(value)
    if cls in _NEVER_AWAITABLE:
        return False
    if cls is types.CoroutineType:
        return True
    if inspect.isawaitable(value):
        return True
    if cls is not types.GeneratorType and len(_NEVER_AWAITABLE) < 4096:
        _NEVER_AWAITABLE.add(cls)
    return False


def is_async_callable(fn: Any) -> bool:
    """Whether calling `fn` gives a coroutine (a plain function's code flags are read directly)."""
    if type(fn) is types.FunctionType:
        return bool(fn.__code__.co_flags & inspect.CO_COROUTINE)
    if inspect.iscoroutinefunction(fn):
        return True
    method = type(fn).__dict__.get("__call__")  # an object whose __call__ is async
    return type(method) is types.FunctionType and inspect.iscoroutinefunction(method)


def is_async_tool(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether the tool's `execute` is a coroutine function."""
    return is_async_callable(tool.execute)


async def _await(aw: Awaitable[T]) -> T:
    return await aw


def run_sync(aw: Awaitable[T]) -> T:
    """Run `aw` to completion from synchronous code.

    With no event loop running in this thread it uses `asyncio.run`. Inside a running loop (a
    sync call made from async code) it runs `aw` on a new thread with its own loop, carrying the
    caller's context variables. An awaitable bound to the outer loop (a client session, say)
    cannot run there: keep such tools on the framework's async path.
    """
    import asyncio  # lazy: asyncio (with ssl, sockets, logging) is a large share of `import interop`

    coro: Coroutine[Any, Any, T] = aw if asyncio.iscoroutine(aw) else _await(aw)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    ctx = contextvars.copy_context()
    box: dict[str, Any] = {}

    def worker() -> None:
        try:
            box["value"] = ctx.run(asyncio.run, coro)
        except BaseException as e:  # re-raised in the caller's thread
            box["error"] = e

    thread = threading.Thread(target=worker, name="interop-run-sync", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


def blocking_twin(async_fn: Callable[P, Awaitable[T]]) -> Callable[[Callable[..., T]], Callable[P, T]]:
    """Mark a function as the blocking twin of `async_fn` (it runs it to completion): it takes
    exactly `async_fn`'s arguments, for type checkers and IDEs (its own `**kwargs` are passed on
    as they are) and for `inspect.signature` / `help()`."""

    def mark(fn: Callable[..., T]) -> Callable[P, T]:
        fn.__signature__ = inspect.signature(async_fn)  # type: ignore[attr-defined]
        return fn

    return mark


def stopped(tool: StandardToolV0[Any, Any, Any], error: StopIteration | StopAsyncIteration) -> RuntimeError:
    """The `RuntimeError` a tool's `StopIteration`/`StopAsyncIteration` becomes (raise it `from` it)."""
    return RuntimeError(f"tool {tool.name!r} raised {type(error).__name__}")


def call(tool: StandardToolV0[Any, OutputT, Any], input: Any = None, context: Any = None) -> OutputT:
    """Run any conforming tool from sync code, whether its `execute` is sync or async.

    Works inside a running event loop too (the coroutine then runs on a worker thread). Typed by
    the tool's output type (`Weather` for a `@tool` function returning `Weather`).
    """
    try:
        result = tool.execute(input, context)
    except (StopIteration, StopAsyncIteration) as e:  # see the module doc
        raise stopped(tool, e) from e
    if type(result) not in _NEVER_AWAITABLE and is_awaitable(result):  # (the common case inline)
        return run_sync(cast("Awaitable[OutputT]", result))
    return cast(OutputT, result)


async def acall(
    tool: StandardToolV0[Any, OutputT, Any], input: Any = None, context: Any = None, *, threaded: bool = False
) -> OutputT:
    """Run any conforming tool from async code.

    A sync `execute` runs inline, or, with `threaded=True`, on a worker thread (carrying the
    caller's context variables) so a slow tool does not block the event loop: what frameworks do
    with their own sync tools.
    """
    execute = tool.execute
    if threaded and not is_async_callable(execute):
        import asyncio  # lazy: `import interop` does not load asyncio

        return await asyncio.to_thread(call, tool, input, context)
    try:
        result = execute(input, context)
    except (StopIteration, StopAsyncIteration) as e:  # see the module doc
        raise stopped(tool, e) from e
    if is_awaitable(result):
        return await cast("Awaitable[OutputT]", result)
    return cast(OutputT, result)


def drive_sync(gen: StepGen[T]) -> T:
    """Run a step generator from sync code."""
    value: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = gen.send(value) if error is None else gen.throw(error)
        except StopIteration as stop:
            result: T = stop.value
            return result
        value, error = None, None
        try:
            value = call(step.tool, step.input, step.context) if isinstance(step, Run) else run_sync(step)
        except BaseException as e:  # thrown back into the generator at its yield
            error = e


async def drive_async(gen: StepGen[T], *, threaded: bool = True) -> T:
    """Run a step generator from async code (sync `execute`s on a worker thread when `threaded`)."""
    value: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = gen.send(value) if error is None else gen.throw(error)
        except StopIteration as stop:
            result: T = stop.value
            return result
        value, error = None, None
        try:
            if isinstance(step, Run):
                if threaded:
                    value = await acall(step.tool, step.input, step.context, threaded=True)
                else:  # `acall(..., threaded=False)`, inlined: no coroutine per call
                    value = step.tool.execute(step.input, step.context)
                    if is_awaitable(value):
                        value = await value
            else:
                value = await step
        except (StopIteration, StopAsyncIteration) as e:  # a sync `execute`'s: see the module doc
            error = e
            if isinstance(step, Run):
                error = stopped(step.tool, e)
                error.__cause__ = e
        except BaseException as e:  # thrown back into the generator at its yield
            error = e


def resolve(value: Any) -> StepGen[Any]:
    """`value`, awaited first when it is awaitable (use as `x = yield from resolve(fn())`)."""
    if is_awaitable(value):
        value = yield value
    return value


Steps = Callable[..., StepGen[Any]]
