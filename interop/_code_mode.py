"""`code_mode`: one tool that runs a model's Python program, which calls the other tools, in Monty.

The program runs in the Monty sandbox (`pydantic-monty`, the extra `code-mode`): a subset of
Python interpreted by a worker process, with no imports beyond a few standard modules, no files,
network or environment, and limits on time, memory and output. The tools are `async def`
functions there (typed stubs in the description: `interop._code_stubs`); every call a program
makes leaves the sandbox and goes through the pipeline (`bridge.Invoker`: parsing, validation,
the caller's context, approval, middleware, telemetry), then comes back as plain data, or as an
exception the program can catch (ValueError: invalid arguments, PermissionError: not approved,
RuntimeError: the tool failed). What the program prints and the value of its last expression
are the result; images and files inner tools return stay objects the program can return, and
reach the model as content. An inner call that needs approval asks `approval=` when given, else
the channel of the call running the program (`interop._channel`).

How a run goes: a worker is checked out of one shared pool (a sync `pydantic_monty.Monty`,
entered on first use, closed at exit) and the program is driven from one thread, each step of
which blocks on the worker; each tool call is answered with a future and runs as a coroutine on
the caller's event loop (in the caller's context variables), started when the program awaits it
(so `asyncio.gather` runs calls at once, and a call never awaited never runs); the thread waits
for the first to finish and hands its result back. A wall-clock watchdog stops a program at its
time limit by killing its worker (the pool replaces it); the host process is never at risk. (The
async `AsyncMonty` pool is not used: in pydantic-monty 1.4 its threads can abort the interpreter
at exit.)
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import datetime
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from decimal import Decimal
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any
from uuid import UUID

from pydantic import Field
from typing_extensions import TypedDict, Unpack

from ._channel import CHANNEL, ask_through_caller, nested_asker
from ._code_stubs import Signature, StubWriter, python_name
from ._content import Audio, File, Image, _size, placeholder
from ._errors import ToolError, exception_text
from ._invoke import Invoker, Outcome
from ._names import check_unique_names
from ._options import split_options
from ._protocols import StandardToolV0
from ._results import to_json_text, to_jsonable
from ._schema import as_schema
from ._search import tool_search
from ._tool import StandardTool, validator
from ._toolset import toolset_options

if TYPE_CHECKING:
    from ._approval import ApprovalCallback
    from ._tooloptions import Errors

__all__ = ["CodeModeOptions", "code_mode"]

AnyTool = StandardToolV0[Any, Any, Any]

DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_MEMORY = 128 * 1024 * 1024
DEFAULT_MAX_OUTPUT = 20_000
MAX_CALLS = 1000
"""Tool calls one program may make; the next one stops it (a runaway loop over a tool)."""
_GRACE = 0.5
"""Seconds past the time limit before the watchdog kills a worker that has not stopped itself."""
_EXTRA = "code-mode"
WORKERS = max(8, 2 * (os.cpu_count() or 1))
"""Programs running at once, each in its own worker process; more wait for a free one."""


class CodeModeOptions(TypedDict, total=False):
    """What `code_mode` takes besides its limits: the shared options, for the inner calls."""

    approval: ApprovalCallback
    """Asked before each inner call that needs approval (only the value `True` approves), instead
    of the channel of the call running the program (explicit beats inherited)."""
    allow_unapproved: bool
    """Let inner tools that require approval run without asking (an explicit opt-out)."""
    errors: Errors
    """What an inner call's exception becomes (see `interop.bridge.Options`): under the default
    `"model-facing"`, an unexpected exception stops the program and propagates."""
    threaded: bool
    """Run sync inner tools on a worker thread (default) or inline on the event loop."""


class CodeInput(TypedDict):
    """The code tool's argument."""

    code: Annotated[
        str,
        Field(
            description="A Python program. Call the tools with await; print what you need, or end with an expression."
        ),
    ]


# ------------------------------------------------------------------------------------ the sandbox


def _monty() -> ModuleType:
    try:
        import pydantic_monty
    except ImportError as e:
        raise ImportError(
            f"interop.code_mode runs programs in the Monty sandbox: pip install 'standard-tool[{_EXTRA}]' "
            "(pydantic-monty)"
        ) from e
    return pydantic_monty


class _Sandbox:
    """The process's worker pool and the threads that wait on it (made on first use, per process)."""

    _lock = threading.Lock()
    _current: _Sandbox | None = None

    def __init__(self) -> None:
        monty = _monty()
        self.monty = monty
        self.pid = os.getpid()
        self.pool = monty.Monty(
            min_processes=1,
            max_processes=WORKERS,
            request_timeout=None,
            max_checkouts_per_worker=1000,
        )
        self.pool.__enter__()
        self.free = threading.BoundedSemaphore(WORKERS)
        """A worker free for one more program (a program waits for one within its time limit)."""
        self.threads = ThreadPoolExecutor(max_workers=WORKERS * 4, thread_name_prefix="interop-code-mode")

    @classmethod
    def get(cls) -> _Sandbox:
        current = cls._current
        if current is not None and current.pid == os.getpid():
            return current
        with cls._lock:
            current = cls._current
            if current is None or current.pid != os.getpid():  # first use, or a forked child
                current = cls._current = _Sandbox()
                atexit.register(current.close)
            return current

    def close(self) -> None:
        if os.getpid() != self.pid:
            return
        self.threads.shutdown(wait=False, cancel_futures=True)
        try:
            self.pool.__exit__(None, None, None)
        except Exception:  # pragma: no cover - closing at exit
            pass


# ------------------------------------------------------------------------------------ values


def _content_in(value: Any) -> Any:
    """A content value as a host object the program holds (its data never enters the sandbox)."""
    attrs = ["media_type", "name"] if isinstance(value, File) else ["media_type"]
    return _monty().ClassInstance(value, eager_attrs=attrs)


def _to_program(value: Any, tool_name: str) -> Any:
    """A tool's output as the program sees it: plain JSON data; content values as objects."""
    if isinstance(value, (Image, Audio, File)):
        return _content_in(value)
    if isinstance(value, (list, tuple)) and any(isinstance(v, (Image, Audio, File)) for v in value):
        return [_to_program(v, tool_name) for v in value]
    return to_jsonable(value, tool_name=tool_name)


def _shown_to_program(outcome: Outcome) -> Any:
    """What a tool with its own model output (`with_model_output`) shows, as the program sees it:
    the program is the model's, so it gets what the model would, never the hidden value."""
    parts = outcome.parts
    if len(parts) == 1 and isinstance(parts[0], str):
        return parts[0]
    return [p if isinstance(p, str) else _content_in(p) for p in parts]


def _from_program(value: Any, content: list[Image | Audio | File]) -> Any:
    """A value the program produced as host data: content values set aside into `content` (and
    shown by a placeholder), objects the program defined as their attributes."""
    if isinstance(value, (Image, Audio, File)):
        content.append(value)
        return placeholder(value)
    if isinstance(value, dict):
        return {k if isinstance(k, str) else str(k): _from_program(v, content) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_from_program(v, content) for v in value]
    if value is None or isinstance(value, _DATA):
        return value
    monty = _monty()
    if isinstance(value, (monty.MontyClassProxy, monty.MontyClassTypeProxy)):
        return {"__class__": value.name, **_from_program(value.attributes, content)}
    if isinstance(value, monty.MontyStdTypeProxy):
        return value.name
    return repr(value)  # anything else (a type, Ellipsis): what Python shows for it


_DATA = (
    str,
    int,
    float,
    bool,
    bytes,
    complex,
    datetime.date,
    datetime.time,
    datetime.timedelta,
    Decimal,
    UUID,
)
"""Values the program may produce that the encoder writes as JSON."""


class _Printed:
    """The program's printed output, kept up to the output limit (the rest only counted)."""

    __slots__ = ("chunks", "kept", "limit", "total")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.chunks: list[str] = []
        self.kept = 0
        self.total = 0

    def __call__(self, stream: str, text: str) -> None:
        self.total += len(text)
        room = self.limit - self.kept
        if room > 0:
            piece = text[:room]
            self.chunks.append(piece)
            self.kept += len(piece)

    @property
    def text(self) -> str:
        return "".join(self.chunks)


def _cut(text: str, limit: int, total: int | None = None) -> str:
    """`text` cut to `limit` characters, saying how much was left out."""
    total = len(text) if total is None else total
    if total <= limit:
        return text
    return (
        text[:limit]
        + f"\n[... {total - limit:,} more characters not shown: the output limit is {limit:,} characters; "
        "print less, or a summary]"
    )


class _Stopped(Exception):
    """The program was stopped by the host (time limit, too many calls); the message says why."""


# ------------------------------------------------------------------------------------ one call


_EXCEPTION_OF = {
    "arguments": "ValueError",
    "output": "RuntimeError",
    "tool": "RuntimeError",
    "denied": "PermissionError",
    "internal": "RuntimeError",
}


class _Entry:
    """One tool as the program calls it: its function, the pipeline, how its arguments bind."""

    __slots__ = ("invoker", "signature", "stand_in", "to_program")

    def __init__(
        self, signature: Signature, invoker: Invoker, to_program: Callable[[Any], Any] | None = None
    ) -> None:
        self.signature = signature
        self.invoker = invoker
        self.to_program = to_program

        def stand_in(*args: Any, **kwargs: Any) -> None:  # never called: only its name is read
            raise AssertionError("called through the sandbox only")  # pragma: no cover

        stand_in.__name__ = stand_in.__qualname__ = signature.function
        self.stand_in = stand_in

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The call's arguments by name, as Python binds them (raises `TypeError` as Python does)."""
        function = self.signature.function
        if self.signature.takes_dict:
            if args and (len(args) > 1 or kwargs or not isinstance(args[0], dict)):
                raise TypeError(f"{function}() takes its arguments as one dict: {function}({{...}})")
            arguments: dict[str, Any] = _plain(args[0]) if args else _plain(kwargs)
            return arguments
        names = self.signature.parameters
        if len(args) > len(names):
            raise TypeError(
                f"{function}() takes {len(names)} positional argument{'s' if len(names) != 1 else ''} "
                f"but {len(args)} were given"
            )
        bound = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key in bound:
                raise TypeError(f"{function}() got multiple values for argument {key!r}")
            bound[key] = value
        arguments = _plain(bound)
        return arguments

    def answer(self, outcome: Outcome) -> dict[str, Any]:
        """The pipeline's outcome as the sandbox's answer to the call."""
        if outcome.ok:
            if self.to_program is not None:
                return {"return_value": self.to_program(outcome.value)}
            if outcome.shaped:
                return {"return_value": _shown_to_program(outcome)}
            return {"return_value": _to_program(outcome.value, outcome.name)}
        if outcome.status == "pending":
            return {
                "exc_type": "PermissionError",
                "message": f"The call to tool {outcome.name!r} is waiting for approval. It did not run.",
            }
        return {
            "exc_type": _EXCEPTION_OF.get(outcome.error_kind or "internal", "RuntimeError"),
            "message": outcome.text,
        }


def _plain(value: Any) -> Any:
    """Arguments from the program as JSON-shaped data (tuples as lists, the program's own objects
    as dicts of their attributes); values the host sent in (content) come back as themselves."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    monty = _monty()
    if isinstance(value, monty.MontyClassProxy):
        return _plain(value.attributes)
    return value


# ------------------------------------------------------------------------------------ a program


class _Program:
    """One run of one program (see the module doc for the protocol).

    The sandbox is driven from one thread (`_drive`, every step of which blocks on the worker);
    each tool call is a coroutine on the caller's event loop, which the thread waits on. The
    event loop only waits for the thread, so a long sandbox step never blocks it.
    """

    def __init__(self, mode: _CodeMode, code: str, context: Any) -> None:
        self.mode = mode
        self.code = code
        self.context = context
        self.sandbox = _Sandbox.get()
        self.monty = self.sandbox.monty
        self.loop = asyncio.get_running_loop()
        self.printed = _Printed(mode.max_output)
        self.calls: dict[int, tuple[_Entry, dict[str, Any] | BaseException]] = {}
        """call id -> the entry and its bound arguments (or the binding's error), until started."""
        self.running: dict[int, Future[dict[str, Any]]] = {}
        """call id -> the call, started on the event loop."""
        self.count = 0
        self.worker: int | None = None
        """The process id of this program's worker, while it has one."""
        self.lock = threading.Lock()
        self.stop: Future[str] = Future()
        """Resolved with the reason when the host stops the program (time limit, cancellation)."""
        self.deadline = time.monotonic() + mode.timeout
        self.ask = nested_asker(CHANNEL.get(), mode.name)
        """What an inner call that needs approval asks (without `approval=`): the channel of the
        call running the program (`interop._channel`)."""

    # ------------------------------------------------------------------ on the event loop

    async def run(self) -> Any:
        context = contextvars.copy_context()  # the inner calls run in the caller's context
        driven = self.loop.run_in_executor(self.sandbox.threads, context.run, self._drive)
        watchdog = self.loop.call_later(self.mode.timeout + _GRACE, self._halt, self._too_long())
        try:
            output = await asyncio.shield(driven)
        except asyncio.CancelledError:
            self._halt("the call running it was cancelled")
            try:
                await driven
            except BaseException:
                pass
            raise
        finally:
            watchdog.cancel()
        return self._result(output)

    def _halt(self, why: str) -> None:
        """Stop the program: tell the driving thread, and kill the worker if it is in a step."""
        if not self.stop.done():
            self.stop.set_result(why)
        with self.lock:  # only while the worker is this program's (never once it is back in the pool)
            if self.worker is not None:
                try:
                    os.kill(self.worker, signal.SIGKILL)
                except OSError:  # pragma: no cover - already gone
                    pass

    def _too_long(self, waiting: bool = False) -> str:
        extra = " while waiting for a tool call" if waiting else ""
        return f"it ran longer than its time limit ({self.mode.timeout:g} s){extra}"

    async def _call(self, entry: _Entry, bound: dict[str, Any] | BaseException) -> dict[str, Any]:
        if isinstance(bound, BaseException):
            return {"exc_type": "TypeError", "message": str(bound)}
        outcome = await entry.invoker.ainvoke(bound, self.context, ask=self.ask)
        return entry.answer(outcome)

    # ------------------------------------------------------------------ on the driving thread

    def _drive(self) -> Any:
        monty = self.monty
        limits = {
            "max_feed_duration_secs": self.mode.timeout,
            "max_memory": self.mode.max_memory,
            "max_suspensions": 4 * MAX_CALLS + 1000,
        }
        self._wait_for_a_worker()
        try:
            session = self.sandbox.pool.checkout(limits=limits)
            session.__enter__()
        except BaseException:
            self.sandbox.free.release()
            raise
        self.worker = session.worker_pid
        try:
            snapshot = session.feed_start(self.code, print_callback=self.printed)
            while not isinstance(snapshot, monty.MontyComplete):
                snapshot = self._answer(snapshot)
            return snapshot.output
        except _Stopped as e:
            raise ToolError(self._failure(f"The program was stopped: {e}.")) from None
        except monty.MontyError as e:
            raise ToolError(self._failure(self._explain(e))) from None
        finally:
            with self.lock:
                self.worker = None
            for future in self.running.values():
                future.cancel()
            try:
                session.__exit__(None, None, None)
            finally:
                self.sandbox.free.release()

    def _wait_for_a_worker(self) -> None:
        """Wait for a free worker within the time limit (a stopped program stops waiting)."""
        while not self.sandbox.free.acquire(timeout=0.05):
            if self.stop.done():
                raise ToolError(f"The program was stopped: {self.stop.result()}.")
            if time.monotonic() > self.deadline:
                raise ToolError(
                    f"The program did not run: no sandbox worker was free within its time limit "
                    f"({self.mode.timeout:g} s; {WORKERS} programs run at once). Try again."
                )

    def _start(self, call_id: int) -> None:
        entry, bound = self.calls.pop(call_id)
        self.running[call_id] = asyncio.run_coroutine_threadsafe(self._call(entry, bound), self.loop)

    def _answer(self, snapshot: Any) -> Any:
        """Answer one suspension; the next snapshot."""
        monty = self.monty
        if isinstance(snapshot, monty.FutureSnapshot):
            return self._settle(snapshot)
        if isinstance(snapshot, monty.NameLookupSnapshot):
            entry = self.mode.entries.get(snapshot.variable_name) if snapshot.object_id is None else None
            if entry is not None:  # the function as a value (`f = get_weather`)
                return snapshot.resume(value=entry.stand_in)
            return snapshot.resume()  # NameError / AttributeError, as Python says
        # a function call
        if snapshot.is_os_function:  # files, environment, clock-free OS calls: Monty's refusal
            return snapshot.resume_not_handled()
        name = snapshot.function_name
        entry = self.mode.entries.get(name) if snapshot.object_id is None else None
        if entry is None:
            what = f"name {name!r} is not defined" if snapshot.object_id is None else f"no method {name!r}"
            kind = "NameError" if snapshot.object_id is None else "AttributeError"
            return snapshot.resume({"exc_type": kind, "message": what})
        self.count += 1
        if self.count > MAX_CALLS:
            raise _Stopped(f"it made more than {MAX_CALLS} tool calls (the limit for one program)")
        try:
            bound: dict[str, Any] | BaseException = entry.bind(snapshot.args, snapshot.kwargs)
        except TypeError as e:
            bound = e
        self.calls[snapshot.call_id] = (entry, bound)
        if snapshot.allow_eager_await:  # awaited at once: it runs while the worker is answered
            self._start(snapshot.call_id)
        return snapshot.resume({"future": ...})

    def _settle(self, snapshot: Any) -> Any:
        """The program waits on calls: start those not started, answer those that finish first."""
        waiting = list(snapshot.pending_call_ids)
        for call_id in waiting:
            if call_id not in self.running:
                self._start(call_id)
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise _Stopped(self._too_long(waiting=True))
        watched: list[Future[Any]] = [self.stop, *(self.running[i] for i in waiting)]
        done, _ = wait(watched, timeout=remaining, return_when=FIRST_COMPLETED)
        if self.stop in done:
            raise _Stopped(self.stop.result())
        if not done:
            raise _Stopped(self._too_long(waiting=True))
        answers: dict[int, Any] = {}
        for call_id in waiting:
            future = self.running[call_id]
            if future.done():
                answers[call_id] = future.result()  # an unexpected exception propagates: the run stops
                del self.running[call_id]
        return snapshot.resume(answers)

    # ------------------------------------------------------------------ what the model reads

    def _result(self, value: Any) -> Any:
        content: list[Image | Audio | File] = []
        value = _from_program(value, content)
        printed = self.printed.text
        text = printed
        if value is not None:
            shown = to_json_text(value, tool_name=self.mode.name)
            text = f"{printed.rstrip(chr(10))}\nResult: {shown}" if printed else shown
        if not text:
            text = "The program finished with no output (print what you need, or end with an expression)."
        if self.calls:  # called, never awaited: they did not run
            names = sorted({entry.signature.function for entry, _ in self.calls.values()})
            text += (
                f"\n[note: {len(self.calls)} tool call(s) never awaited did not run: "
                f"{', '.join(names)}; write `await {names[0]}(...)`]"
            )
        total = len(text) + (self.printed.total - self.printed.kept)
        text = _cut(text, self.mode.max_output, total if self.printed.total > self.printed.kept else None)
        return [text, *content] if content else text

    def _failure(self, message: str) -> str:
        printed = self.printed.text
        if printed:
            message += "\nOutput before it stopped:\n" + printed
        more = self.printed.total - self.printed.kept
        return _cut(message, self.mode.max_output, len(message) + more if more else None)

    def _explain(self, error: Exception) -> str:
        monty = self.monty
        if self.stop.done():
            return f"The program was stopped: {self.stop.result()}."
        if isinstance(error, monty.MontyCrashedError):
            return "The program was stopped: the sandbox running it crashed. Try a simpler program."
        if isinstance(error, monty.MontySyntaxError):
            shown: str = error.display("traceback")
            return "The program is not valid Python (nothing ran):\n" + shown
        if isinstance(error, monty.MontyRuntimeError):
            inner = error.exception()
            message = str(inner)
            if isinstance(inner, TimeoutError) and "time limit exceeded" in message:
                return (
                    f"The program was stopped: it ran longer than its time limit ({self.mode.timeout:g} s)."
                )
            if isinstance(inner, MemoryError) and "memory limit exceeded" in message:
                return (
                    "The program was stopped: it needed more memory than its limit "
                    f"({_size(self.mode.max_memory)}); work on less data at once."
                )
            if "suspension limit" in message:
                return f"The program was stopped: it made more than {MAX_CALLS} tool calls (the limit for one program)."
            trace: str = error.display("traceback")
            return "The program raised an exception:\n" + trace
        return f"The program failed: {exception_text(error)}"


# ------------------------------------------------------------------------------------ the tool


_INTRO = """\
Run a Python program that calls the tools below, to do in one step what would take several tool \
calls: call tools, loop over and combine their results in code, and return only what is needed.

- The tools are async functions: call each with `await`; run independent calls at once with \
`await asyncio.gather(...)` (after `import asyncio`).
- What the program prints, and the value of its last expression, are returned to you.
- A failed call raises an exception carrying the tool's message: ValueError (invalid arguments), \
PermissionError (not approved: it did not run), RuntimeError (the tool failed). Catch it with \
try/except to go on.
- Tool results are plain data (dicts, lists, strings, numbers). An image or file a tool returns is an \
object: make it (or a list holding it) the program's last expression to pass it on.
- The sandbox runs a subset of Python: no third-party packages, no files, network or environment; \
standard modules such as json, re, math, datetime and asyncio can be imported. Limits: {timeout:g} s, \
{memory} of memory, {output:,} characters of output, {calls:,} tool calls."""

_SEARCH_NOTE = """\
- {count} more tools are not listed here: `await tool_search("what you need")` returns the best \
matches, each with its `name` and its `stub` (signature and docstring); call them like the \
functions below."""

_SEARCH_STUB = '''\
class ToolMatch(TypedDict):
    name: str  # the function to call
    stub: str  # its signature, types and docstring

async def tool_search(query: str, limit: int = 5) -> list[ToolMatch]:
    """Find tools not listed here ({count} of them) by what you want to do, in a few words."""'''


@dataclass(frozen=True, eq=False)
class _CodeMode:
    """The state behind one code tool: the entries by function name, the limits."""

    name: str
    timeout: float
    max_memory: int
    max_output: int
    entries: dict[str, _Entry]


def _check_limits(timeout: Any, max_memory: Any, max_output: Any) -> None:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (0 < timeout < math.inf):
        raise ValueError(f"code_mode timeout= must be a positive number of seconds, got {timeout!r}")
    if isinstance(max_memory, bool) or not isinstance(max_memory, int) or max_memory < 1024 * 1024:
        raise ValueError(
            f"code_mode max_memory= must be a number of bytes of at least 1 MiB, got {max_memory!r}"
        )
    if isinstance(max_output, bool) or not isinstance(max_output, int) or max_output < 100:
        raise ValueError(
            f"code_mode max_output= must be a number of characters of at least 100, got {max_output!r}"
        )


def _approval_note(tool: AnyTool) -> list[str]:
    rule = tool.meta.get("requires_approval")
    if rule is True:
        return ["Each call asks for approval first; a denied call raises PermissionError."]
    if callable(rule):
        return ["Some calls ask for approval first; a denied call raises PermissionError."]
    return []


def code_mode(
    tools: Iterable[AnyTool],
    *,
    name: str = "run_code",
    timeout: float = DEFAULT_TIMEOUT,
    max_memory: int = DEFAULT_MAX_MEMORY,
    max_output: int = DEFAULT_MAX_OUTPUT,
    **options: Unpack[CodeModeOptions],
) -> StandardTool[Any, Any, Any]:
    """One tool that runs a model's Python program, which calls `tools`, in the Monty sandbox.

    Its input is `{"code": str}`; its description shows each tool as a typed `async def` stub
    (parameters from the input schema, return type from the output schema, the description as
    docstring). Every call the program makes goes through the pipeline, with the caller's context.
    Approval: an inner call that needs it asks `approval=` when given, else the channel the
    program's own call came through (MCP elicitation, `interop.call(..., approval=...)`, a
    conversion's `approval=`), naming the inner tool and its arguments; a channel that asks by
    pausing the run (a LangGraph interrupt, deferred tools) is not asked and the call is denied,
    as with no channel at all; `allow_unapproved=True` opts out. Tools with `meta["defer_loading"]` are not listed: the program finds them with
    `tool_search`. The result is what the program printed and its last expression's value (images
    and files it returns as content). Limits: `timeout` (seconds, wall clock, tool calls
    included), `max_memory` (bytes), `max_output` (characters the model reads). A program that
    fails, or is stopped at a limit, is a `ToolError` saying why (the model can fix and retry).
    Needs the extra `code-mode` (`pydantic-monty`).
    """
    _monty()
    _check_limits(timeout, max_memory, max_output)
    for key in options:
        if key not in CodeModeOptions.__annotations__:
            known = ", ".join(sorted(CodeModeOptions.__annotations__))
            raise TypeError(f"code_mode got an unknown option {key!r}; known: {known}")
    shared, _ = split_options(toolset_options(tools, options), where="code_mode")  # a ToolSet's options
    tool_list = list(tools)
    check_unique_names([t.name for t in tool_list], "code mode")
    loaded = [t for t in tool_list if t.meta.get("defer_loading") is not True]
    deferred = [t for t in tool_list if t.meta.get("defer_loading") is True]

    taken: set[str] = set()
    writer = StubWriter()
    entries: dict[str, _Entry] = {}
    found: dict[str, Signature] = {}
    """deferred tool name -> its signature (what `tool_search` returns for it)"""
    stubs: list[str] = []
    for tool in [*loaded, *deferred]:
        function = python_name(tool.name, taken)
        listed = tool.meta.get("defer_loading") is not True
        own = writer if listed else StubWriter()
        signature = own.signature(tool, function, notes=_approval_note(tool))
        if not listed:  # its stub, with the classes it uses, is what a search returns
            classes = own.classes
            signature = Signature(
                signature.function,
                signature.parameters,
                signature.takes_dict,
                f"{classes}\n\n{signature.stub}" if classes else signature.stub,
            )
            found[tool.name] = signature
        else:
            stubs.append(signature.stub)
        # native_approval: with no approval=, an inner call asks the outer call's channel
        invoker = Invoker(tool, name=tool.name, target="code mode", options=shared, native_approval=True)
        entries[function] = _Entry(signature, invoker)

    header = ["from typing import Any, Literal, NotRequired, TypedDict"]
    notes: list[str] = []
    if deferred:
        search = tool_search(deferred, name="tool_search")

        def matches(value: Any) -> list[dict[str, str]]:
            return [
                {"name": found[m["name"]].function, "stub": found[m["name"]].stub}
                for m in value["tools"]
                if m["name"] in found
            ]

        search_signature = Signature(
            "tool_search", ("query", "limit"), False, _SEARCH_STUB.format(count=len(deferred))
        )
        search_invoker = Invoker(search, name="tool_search", target="code mode", options=shared)
        entries["tool_search"] = _Entry(search_signature, search_invoker, to_program=matches)
        notes.append(_SEARCH_NOTE.format(count=len(deferred)))
        stubs.append(search_signature.stub)

    intro = _INTRO.format(timeout=timeout, memory=_size(max_memory), output=max_output, calls=MAX_CALLS)
    body = "\n\n".join(part for part in ["\n".join(header), writer.classes, *stubs] if part)
    description = "\n".join([intro, *notes]) + f"\n\n```python\n{body}\n```"
    mode = _CodeMode(name, float(timeout), max_memory, max_output, entries)
    check = validator(as_schema(CodeInput), "input", name)

    @ask_through_caller
    async def run_code(input: Any = None, context: Any = None) -> Any:
        code = check(input)["code"]
        return await _Program(mode, code, context).run()

    meta: dict[str, Any] = {}
    if tool_list and all(t.meta.get("read_only") is True for t in tool_list):
        meta["read_only"] = True
    return StandardTool(
        name=name,
        description=description,
        execute=run_code,
        input_schema=as_schema(CodeInput),
        meta=meta,
    )
