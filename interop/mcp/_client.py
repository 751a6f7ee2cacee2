"""Consuming MCP servers: `from_mcp(session)` and `mcp_tools(source)` -> neutral tools.

Each neutral tool calls `tools/call` through the one session it was listed from (no session per
call), on the core's one inbound path (`interop.bridge.from_native`, as every `from_X`): arguments
are validated locally against the server's JSON Schema first, so a bad call never leaves the
process and fails naming the tool and fields; the result is read by the core's one decoder (the
same MCP result reads the same through every `from_X`), and the structured value is checked
against the output schema. An `isError` result raises
`ToolError` with the server's text. The value returned is the `structuredContent` when present
(unwrapped from `{"result": ...}` when the output schema says it was wrapped); else the content
as neutral values: text as `str` (decoded when it is a JSON object or array), image/audio blocks
as `interop.Image`/`interop.Audio`, embedded resources as `interop.File`, resource links as
`ResourceLink` (a `str`); one block alone, several as a list. What the model sees is the content,
as a native client shows it (see `interop.mcp._shown`): images, audio and files beside a
structured value, links as readable references, embedded text as its text.

The server's progress notifications during a call are the consumed tool's own
`interop.progress` (a consumed tool served again passes them on to its caller).

Elicitation (the server asking the user during a call) reaches `elicitation=`; an approval form
from an interop server for a call the local framework already approved (LangGraph interrupt,
pydantic-ai deferral, OpenAI Agents approval, `approval=`) is answered yes without asking twice.

Per-call context to a remote server: `native_context=` (as on every `from_X`: the neutral context
in, what the framework's call gets out) maps the neutral context to the request `_meta`
(`request_meta=` is its deprecated name); by convention the value goes under `CONTEXT_META_KEY` (`context_meta(value)`), and the
server's context hook reads it back (`context=context_from_meta` on an interop server).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import json
import logging
import secrets
import sys
import threading
import warnings
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

import mcp.types as mt
from mcp.client.client import Client
from mcp.client.context import ClientRequestContext
from mcp.client.session import (
    ClientSession,
    ElicitationFnT,
    ListRootsFnT,
    LoggingFnT,
    MessageHandlerFnT,
    SamplingFnT,
)
from mcp.shared.dispatcher import ProgressFnT
from mcp.shared.exceptions import MCPError
from typing_extensions import TypedDict, Unpack

import interop
from interop import InteropError, StandardTool, ToolError, with_model_output
from interop._kit import foreign_schema
from interop.bridge import (
    Rename,
    approved_call,
    check_unique_names,
    from_native,
    native_context_option,
    resolve_name,
    set_origin,
    to_jsonable,
)

from ._approval import APPROVAL_META_KEY, CALL_META_KEY
from ._descriptor import meta_from_mcp, unwrap_output_schema
from ._failures import (
    URL_ROUNDS,
    output_error,
    protocol_error,
    url_elicitations,
    url_required,
    urls_completed,
)
from ._shown import carry, model_view, shown
from ._task_client import drive_legacy_task, raw_requests_possible, tasks_extension
from ._tasks import TASKS_EXTENSION
from ._telemetry import client_span

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup

if TYPE_CHECKING:
    from collections.abc import Sequence

    from mcp.client.caching import CacheConfig
    from mcp.client.extension import ClientExtension

__all__ = [
    "CONTEXT_META_KEY",
    "ClientOptions",
    "ElicitationCallback",
    "ElicitationRequest",
    "MCPToolsOptions",
    "RequestMeta",
    "context_from_meta",
    "context_meta",
    "elicitation_callback",
    "from_mcp",
    "mcp_tools",
]

logger = logging.getLogger("interop.mcp")

CONTEXT_META_KEY = "io.github.interop/context"
"""The request `_meta` key that carries per-call context to a remote server (by convention)."""


def context_meta(value: Any) -> dict[str, Any]:
    """`{CONTEXT_META_KEY: value}` (as JSON data): what a `native_context=` function returns to send
    `value` with a call. Send only what the server needs, never secrets it should not see."""
    return {CONTEXT_META_KEY: to_jsonable(value)}


def context_from_meta(ctx: Any) -> Any:
    """A server context hook: the value a client sent with `context_meta` (`None` if none).

    It is what the client says, unverified: any client can send any `_meta`. Use it for hints
    (a locale, a trace label), never for who the caller is or what it may do: take identity from
    the verified bearer token (`access_token(ctx)`), and let the client's fields add to it, never
    replace it."""
    meta = getattr(ctx, "meta", None) or {}
    return meta.get(CONTEXT_META_KEY)


@dataclass(frozen=True)
class ElicitationRequest:
    """A consumed MCP server asks the user something during a call (MCP elicitation)."""

    message: str
    """What to show the user."""
    requested_schema: Mapping[str, Any]
    """The form (flat JSON Schema object) the answer must fill; empty in URL mode."""
    url: str | None = None
    """URL mode: the page the user should open (the answer is then only accept/decline)."""
    tool_name: str | None = None
    """For an approval form from an interop server: the tool that asks (its remote name)."""
    arguments: Mapping[str, Any] | None = None
    """For an approval form: the call's arguments."""

    @property
    def is_approval(self) -> bool:
        """Whether this is an interop server's yes/no approval form (answer `True` or `False`)."""
        return self.tool_name is not None


ElicitationAnswer = mt.ElicitResult | Mapping[str, Any] | bool | None
ElicitationCallback = Callable[[ElicitationRequest], "ElicitationAnswer | Awaitable[ElicitationAnswer]"]
"""Answers an elicitation: a mapping (accept with this form content), `True` (accept; an approval
form gets `{"approve": true}`), `False`/`None` (decline), or an `mcp.types.ElicitResult`."""

RequestMeta = Callable[[Any], Mapping[str, Any] | None]
"""Maps the neutral `context` of a call to the request `_meta` sent with `tools/call`."""

_START_TIMEOUT = 5.0


async def _list_all(session: ClientSession | Client) -> list[mt.Tool]:
    """Every tool of the server, following pagination."""
    tools: list[mt.Tool] = []
    cursor: str | None = None
    while True:
        if isinstance(session, Client):
            page = await session.list_tools(cursor=cursor)
        else:
            params = mt.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
            page = await session.list_tools(params=params)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            return tools


def _error_text(result: mt.CallToolResult, name: str, remote_name: str) -> str:
    """The server's error text (without the tool-name prefix an interop server adds: adapters add theirs)."""
    text = "\n".join(b.text for b in result.content if isinstance(b, mt.TextContent)).strip()
    text = text.removeprefix(f"Error from tool {remote_name!r}: ")
    return text or f"tool {name!r} failed (the MCP server gave no message)"


@dataclass(frozen=True)
class _Call:
    """A consumed tool call in flight: the session it goes through, the remote tool, its arguments,
    whether a local human approved it, and the token it carries in its request `_meta`."""

    session: Any
    tool: str
    arguments: dict[str, Any]
    approved: bool
    token: str


_CURRENT_CALL: ContextVar[_Call | None] = ContextVar("interop_mcp_call", default=None)
"""The consumed tool call running in this task."""


def approval_marker(params: mt.ElicitRequestParams, session: Any = None) -> Mapping[str, Any] | None:
    """`{"tool", "arguments"[, "call"]}` of an interop server's approval form, or `None`.

    2025-11-25: read from the request's `_meta` (`call` is the token the call carried, echoed by
    an interop server). 2026-07-28: the SDK drops request `_meta` on an input round, but the round
    is answered inside the call's own task: an approval-shaped form (one `approve` field) on that
    call's session is about that call.
    """
    marker = (params.meta or {}).get(APPROVAL_META_KEY)
    if isinstance(marker, Mapping) and isinstance(marker.get("tool"), str):
        return marker
    schema = getattr(params, "requested_schema", None) or {}
    current = _CURRENT_CALL.get()
    properties = schema.get("properties")
    if (
        current is not None
        and (session is None or current.session is session)
        and isinstance(properties, Mapping)
        and set(properties) == {"approve"}
    ):
        return {"tool": current.tool, "arguments": current.arguments, "call": current.token}
    return None


def _approval_key(tool: str, arguments: Mapping[str, Any]) -> str:
    return json.dumps([tool, to_jsonable(dict(arguments))], sort_keys=True, separators=(",", ":"))


class _Approvals:
    """Calls a local human already approved, while they run: per session (one connection to one
    server), by the token each call carries (an interop server echoes it in its approval form)
    and, for servers that do not echo it, by tool and arguments on that session only."""

    def __init__(self) -> None:
        self.running: weakref.WeakKeyDictionary[Any, Counter[str]] = weakref.WeakKeyDictionary()
        self.lock = threading.Lock()

    def enter(self, call: _Call) -> None:
        with self.lock:
            running = self.running.setdefault(call.session, Counter())
            running[f"call:{call.token}:{_approval_key(call.tool, call.arguments)}"] += 1
            running[_approval_key(call.tool, call.arguments)] += 1

    def leave(self, call: _Call) -> None:
        with self.lock:
            running = self.running.get(call.session)
            if running is None:
                return
            for key in (
                f"call:{call.token}:{_approval_key(call.tool, call.arguments)}",
                _approval_key(call.tool, call.arguments),
            ):
                running[key] -= 1
                if running[key] <= 0:
                    del running[key]

    def covers(self, session: Any, params: mt.ElicitRequestParams) -> bool:
        """Whether the server behind `session` asks about a call of that session a local human
        approved (the very call, when the form names its token)."""
        marker = approval_marker(params, session)
        if marker is None or marker.get("within") is not None:
            return False  # a call made inside the server's call (code mode): always the user's
        arguments = marker.get("arguments")
        key = _approval_key(marker["tool"], arguments if isinstance(arguments, Mapping) else {})
        token = marker.get("call")
        current = _CURRENT_CALL.get()
        if current is not None and current.session is session and token == current.token:
            return current.approved  # the input round of this task's own call
        if isinstance(token, str):
            key = f"call:{token}:{key}"
        with self.lock:
            running = self.running.get(session)
            return running is not None and running[key] > 0


_APPROVALS = _Approvals()


def elicitation_callback(callback: ElicitationCallback | None = None) -> ElicitationFnT:
    """The SDK `elicitation_callback` for a `mcp.Client` whose tools you consume with `from_mcp`
    (`mcp_tools(..., elicitation=callback)` installs it itself).

    An interop server's approval form for a call the local framework already approved is answered
    yes; any other elicitation goes to `callback`, and is declined when there is none.
    """
    approvals = _APPROVALS

    async def handle(
        context: ClientRequestContext, params: mt.ElicitRequestParams
    ) -> mt.ElicitResult | mt.ErrorData:
        marker = approval_marker(params, context.session)
        if approvals.covers(context.session, params):
            return mt.ElicitResult(action="accept", content={"approve": True})
        if callback is None:
            return mt.ElicitResult(action="decline")
        approval = marker is not None
        arguments = marker.get("arguments") if marker is not None else None
        request = ElicitationRequest(
            message=params.message,
            requested_schema=getattr(params, "requested_schema", None) or {},
            url=getattr(params, "url", None),
            tool_name=marker["tool"] if marker is not None else None,
            arguments=arguments if approval and isinstance(arguments, Mapping) else None,
        )
        try:
            answer = callback(request)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception as e:
            logger.warning("the elicitation callback raised %s: the request is cancelled", type(e).__name__)
            return mt.ElicitResult(action="cancel")
        if isinstance(answer, mt.ElicitResult):
            return answer
        if answer is True:
            return mt.ElicitResult(action="accept", content={"approve": True} if approval else {})
        if isinstance(answer, Mapping):
            return mt.ElicitResult(action="accept", content=dict(answer))
        return mt.ElicitResult(action="decline")

    return handle


def _progress_forwarder(context: contextvars.Context) -> ProgressFnT:
    """The server's `notifications/progress` for one call, reported as the calling code's own
    progress (`interop.progress` run in the caller's context: a consumed tool served again passes
    them on to its own client; nobody listening, they are dropped)."""

    async def forward(progress: float, total: float | None, message: str | None) -> None:
        context.run(interop.progress, progress, total, message)

    return forward


@dataclass(eq=False)
class _Remote:
    """Calls one remote tool through its session, on the session's event loop: the `call`,
    `decode` and `map_error` that `from_native` runs it with (the rest of the call path, input
    validation, decoding and the output check included, is the core's). Made on the session's loop."""

    session: ClientSession | Client
    remote_name: str
    name: str
    """The neutral tool's name."""
    unwrap: bool
    read_timeout: float | None
    as_task: bool = False
    loop: asyncio.AbstractEventLoop = field(init=False, default_factory=asyncio.get_running_loop)
    approvals = _APPROVALS

    async def call(self, arguments: Mapping[str, Any], request_meta: Mapping[str, Any] | None) -> Any:
        """`tools/call` with the validated arguments and the request `_meta` (`from_native`'s
        native per-call object: what `native_context=` made of the neutral context)."""
        approved = approved_call()  # read here: a forwarded call runs in another context
        try:
            current = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - the call is always awaited in a loop
            current = None
        if current is self.loop:
            return await self._call(dict(arguments), request_meta, approved)
        return await self._call_on_session_loop(dict(arguments), request_meta, approved)

    def decode(self, result: mt.CallToolResult) -> Any:
        """MCP's own shapes, before the core's one decoder reads the result: an error result is
        the server's text (without an interop server's prefix); a structured result wrapped as
        `{"result": ...}` is unwrapped when the output schema says so."""
        if result.is_error:
            raise ToolError(_error_text(result, self.name, self.remote_name))
        structured = result.structured_content
        if self.unwrap and isinstance(structured, dict) and "result" in structured:
            if structured["result"] is None:  # a null result: no structured content to decode
                return None
            return result.model_copy(update={"structured_content": structured["result"]})
        return result

    def map_error(self, error: Exception) -> BaseException | None:
        """The server's failures as errors the model reads (see `_failures`); None: as it is."""
        if isinstance(error, MCPError):
            return protocol_error(error)
        if isinstance(error, RuntimeError):
            return output_error(error, self.name, self.unwrap)
        return None

    async def _call(
        self, args: dict[str, Any], request_meta: Mapping[str, Any] | None, approved: bool
    ) -> mt.CallToolResult:
        meta = dict(request_meta or {})
        call = _Call(self._session(), self.remote_name, args, approved, secrets.token_urlsafe(16))
        meta[CALL_META_KEY] = call.token  # an interop server names it in its approval form
        if approved:
            self.approvals.enter(call)
        reset = _CURRENT_CALL.set(call)
        progress = _progress_forwarder(contextvars.copy_context())  # the caller's, with its reporter
        try:
            with client_span(self.remote_name, call.session.protocol_version) as traced:
                result = await self._send(args, cast(mt.RequestParamsMeta, meta), progress)
                traced.result(result.is_error)
        finally:
            _CURRENT_CALL.reset(reset)
            if approved:
                self.approvals.leave(call)
        return result

    async def _send(
        self, args: dict[str, Any], meta: mt.RequestParamsMeta | None, progress: ProgressFnT
    ) -> mt.CallToolResult:
        """`tools/call`; the server's failures as errors the model reads (see `_failures`)."""
        for attempt in range(URL_ROUNDS + 1):
            try:
                if self.as_task:  # 2025-11-25, execution.taskSupport "required"
                    return await drive_legacy_task(
                        self._session(), self.remote_name, args, meta, self.read_timeout
                    )
                return await self.session.call_tool(
                    self.remote_name,
                    args,
                    read_timeout_seconds=self.read_timeout,
                    progress_callback=progress,
                    meta=meta,
                )
            except MCPError as e:
                pages = url_elicitations(e)
                if not pages:
                    raise  # `map_error`: the server's message, as a tool error
                if attempt == URL_ROUNDS or not await urls_completed(self._session(), pages):
                    raise url_required(e, pages) from e
        raise AssertionError("unreachable")  # pragma: no cover

    def _session(self) -> ClientSession:
        return self.session.session if isinstance(self.session, Client) else self.session

    async def _call_on_session_loop(
        self, args: dict[str, Any], request_meta: Mapping[str, Any] | None, approved: bool
    ) -> mt.CallToolResult:
        """Called from another loop (a framework's sync path): run the call on the session's loop."""
        if self.loop.is_closed():
            raise RuntimeError(f"MCP tool {self.name!r}: its session's event loop is closed")
        started = threading.Event()

        async def run() -> mt.CallToolResult:
            started.set()
            return await self._call(args, request_meta, approved)

        future = asyncio.run_coroutine_threadsafe(run(), self.loop)
        ok = await asyncio.get_running_loop().run_in_executor(None, started.wait, _START_TIMEOUT)
        if not ok:
            future.cancel()
            raise RuntimeError(
                f"MCP tool {self.name!r} was called from another event loop while its session's loop "
                f"was blocked (a sync call made inside that loop?): call it through the async path "
                f"(await interop.acall(...), ainvoke, arun...), or open the tools with mcp_tools_sync, "
                f"whose session runs on its own thread"
            )
        return await asyncio.wrap_future(future)


TaskRequired = Literal["run", "skip", "error"]


class ClientOptions(TypedDict, total=False):
    """The `mcp.Client` options `mcp_tools` passes on (see `mcp.Client`; `read_timeout_seconds`
    is `mcp_tools`' own `read_timeout`)."""

    raise_exceptions: bool
    sampling_callback: SamplingFnT | None
    sampling_capabilities: mt.SamplingCapability | None
    list_roots_callback: ListRootsFnT | None
    logging_callback: LoggingFnT | None
    log_level: mt.LoggingLevel | None
    message_handler: MessageHandlerFnT | None
    client_info: mt.Implementation | None
    mode: str
    """`"auto"` (default), `"legacy"` (the initialize handshake), or a protocol version to adopt."""
    prior_discover: mt.DiscoverResult | None
    elicitation_callback: ElicitationFnT | None
    """The SDK's callback, replacing `elicitation=`."""
    input_required_max_rounds: int
    extensions: Sequence[ClientExtension] | None
    cache: CacheConfig


class MCPToolsOptions(ClientOptions, total=False):
    """`mcp_tools`' keyword options (what `mcp_tools_sync` passes on to it)."""

    rename: Rename
    native_context: RequestMeta | None
    request_meta: RequestMeta | None
    """The deprecated name of `native_context`."""
    read_timeout: float | None
    elicitation: ElicitationCallback | None
    task_required: TaskRequired


def _old_name(request_meta: RequestMeta | None) -> dict[str, RequestMeta]:
    """`request_meta=`, the round-2 name of `native_context=`, as `native_context_option` reads it
    (called from `from_mcp` itself, so the warning names the caller's line)."""
    return {"request_meta": request_meta} if request_meta is not None else {}


def _no_request_meta(context: Any) -> None:
    """No `native_context=`: the neutral context stays local (nothing goes in the request `_meta`)."""
    return None


def _carry_view(result: mt.CallToolResult, value: Any) -> Any:
    """The decoded value, carrying what a native client shows the model of the result."""
    return carry(value, model_view(result))


def _session_of(session: ClientSession | Client) -> ClientSession:
    return session.session if isinstance(session, Client) else session


async def from_mcp(
    session: ClientSession | Client,
    *,
    rename: Rename = None,
    native_context: RequestMeta | None = None,
    request_meta: RequestMeta | None = None,
    read_timeout: float | None = None,
    task_required: TaskRequired = "run",
) -> list[StandardTool[Any, Any, Any]]:
    """The tools of the MCP server behind `session` (a `ClientSession` or an entered `mcp.Client`).

    Each tool keeps the server's input JSON Schema (validated locally before each call), its
    output schema (unwrapped when the server wrapped a non-object output), its title, icons,
    `execution`, and its annotations and `_meta` as `meta` (`readOnlyHint` -> `read_only`, ...;
    the `_meta` this package writes restores the original meta exactly, `requires_approval`
    included). The session must stay open while the tools are used; calls from other event loops
    are forwarded to the session's loop.

    - `rename`: new names (string, mapping or function); the remote name is still what is called.
      Two tools of one name (as renamed, or as a server lists them) raise `ToolNameError`.
    - `native_context`: maps a call's neutral `context` to the request `_meta` (see
      `context_meta`), the per-call object an MCP call carries (default: nothing is sent).
      `request_meta` is its round-2 name (a `DeprecationWarning`; both at once: `TypeError`).
    - `read_timeout`: seconds to wait for each call's result.
    - `task_required`: what to do with a tool the server runs only as an MCP task
      (`execution.taskSupport: "required"`): `"run"` (the default) drives each call as a task to
      its result (see `interop.mcp._task_client`; on 2026-07-28 the client needs
      `tasks_extension()`, which `mcp_tools` installs); `"skip"` leaves it out with a warning
      naming it; `"error"` raises `InteropError`.

    To answer the server's elicitations, build the client with
    `elicitation_callback=interop.mcp.elicitation_callback(fn)` (or use `mcp_tools`).
    """
    native_context = native_context_option(
        native_context, _old_name(request_meta), where="from_mcp", old=("request_meta",)
    )
    if task_required not in ("run", "skip", "error"):
        raise ValueError(f"task_required must be 'run', 'skip' or 'error', got {task_required!r}")
    out: list[StandardTool[Any, Any, Any]] = []
    for descriptor in await _list_all(session):
        execution = descriptor.execution
        as_task = execution is not None and execution.task_support == "required"
        if as_task:
            if task_required == "error":
                raise InteropError(
                    f"MCP tool {descriptor.name!r} runs only as a task (execution.taskSupport is "
                    f"'required'): pass task_required='run' to drive it as one, or 'skip' to leave it out"
                )
            if task_required == "skip" or not raw_requests_possible(_session_of(session)):
                why = (
                    "task_required='skip'"
                    if task_required == "skip"
                    else "this MCP SDK cannot send its calls"
                )
                warnings.warn(
                    f"MCP tool {descriptor.name!r} runs only as a task and is left out ({why})",
                    UserWarning,
                    stacklevel=2,
                )
                continue
        name = resolve_name(descriptor.name, "mcp", rename)
        input_schema = foreign_schema(
            descriptor.input_schema, where=f"MCP tool {descriptor.name!r}: its input schema"
        )
        output_schema = None
        unwrap = False
        if descriptor.output_schema is not None:
            inner, unwrap = unwrap_output_schema(descriptor.output_schema, descriptor.name)
            output_schema = foreign_schema(inner, where=f"MCP tool {descriptor.name!r}: its output schema")
        remote = _Remote(session, descriptor.name, name, unwrap, read_timeout, as_task=as_task)
        base = from_native(
            descriptor,
            framework="MCP",
            name=name,
            description=descriptor.description or "",
            title=descriptor.title or (descriptor.annotations.title if descriptor.annotations else None),
            meta=meta_from_mcp(descriptor),
            input_schema=input_schema,
            output_schema=output_schema,
            call=remote.call,
            is_async=True,
            native_context=native_context,
            default_native_context=_no_request_meta,
            decode=remote.decode,
            carry=_carry_view,
            map_error=remote.map_error,
        )
        tool = with_model_output(base, shown)  # the model sees the content, the app the value
        set_origin(tool, descriptor)
        out.append(tool)
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out


def _single_leaf(group: BaseExceptionGroup[BaseException]) -> BaseException | None:
    """The one exception inside nested exception groups, if there is exactly one."""
    leaves: list[BaseException] = []

    def walk(e: BaseException) -> None:
        if isinstance(e, BaseExceptionGroup):
            for inner in e.exceptions:
                walk(inner)
        else:
            leaves.append(e)

    walk(group)
    return leaves[0] if len(leaves) == 1 else None


@asynccontextmanager
async def mcp_tools(
    source: Any,
    *,
    rename: Rename = None,
    native_context: RequestMeta | None = None,
    request_meta: RequestMeta | None = None,
    read_timeout: float | None = None,
    elicitation: ElicitationCallback | None = None,
    task_required: TaskRequired = "run",
    **client_options: Unpack[ClientOptions],
) -> AsyncIterator[list[StandardTool[Any, Any, Any]]]:
    """Connect to an MCP server and yield its tools as neutral tools; disconnect on exit.

    `source` is what `mcp.Client` takes: `StdioServerParameters` (starts the server as a
    subprocess), a URL (streamable HTTP), a `Transport`, or an in-process `Server`/`MCPServer`.
    One session serves every call while the block runs. `client_options` go to `mcp.Client`
    (e.g. `mode="legacy"` to force the initialize handshake). `elicitation` answers the server's
    questions to the user (see `ElicitationRequest`; without it they are declined, except the
    approval of a call the local framework already approved). Other options as in `from_mcp`.
    An exception raised in the block comes out as itself, not wrapped in the SDK's exception
    groups, so `except ToolError:` works.

        async with mcp_tools(StdioServerParameters(command="python", args=["-m", "mcp_server_time"])) as tools:
            agent = Agent(model, tools=[to_pydantic_ai(t) for t in tools])
    """
    hook = native_context_option(
        native_context, _old_name(request_meta), where="mcp_tools", old=("request_meta",)
    )
    client_options.setdefault("elicitation_callback", elicitation_callback(elicitation))
    extensions = list(client_options.get("extensions") or [])
    if not any(getattr(e, "identifier", None) == TASKS_EXTENSION for e in extensions):
        client_options["extensions"] = [*extensions, tasks_extension()]  # 2026-07-28 tasks
    try:
        async with Client(source, read_timeout_seconds=read_timeout, **client_options) as client:
            yield await from_mcp(
                client,
                rename=rename,
                native_context=hook,
                read_timeout=read_timeout,
                task_required=task_required,
            )
    except BaseExceptionGroup as group:
        leaf = _single_leaf(group)
        if leaf is None:
            raise
        chained = leaf.__cause__, leaf.__context__, leaf.__suppress_context__
        try:
            raise leaf
        finally:
            leaf.__cause__, leaf.__context__, leaf.__suppress_context__ = chained
