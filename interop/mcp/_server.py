"""Serving neutral tools from an MCP server: `build_server` and `add_tools`.

A call validates once (the neutral `execute`), runs a sync tool on a worker thread so the server
loop keeps serving, and returns JSON text plus `structuredContent`. Bad arguments and `ToolError`
come back as `isError: true` results naming the tool and fields (2025-11-25 spec, SEP-1303), never
as protocol errors; other exceptions too, with a generic message unless `errors="all"`.
An unknown tool name is a protocol error, as the spec asks.

A tool that requires approval is served: each call that needs it asks the client's user through
elicitation (see `interop.mcp._approval`), unless `approval=` (a callback asked instead) or
`allow_unapproved=True` says otherwise. `interop.progress(...)` and `interop.log(...)` inside a
tool become MCP progress and log notifications of the call (`logging/setLevel` is served).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Literal, TypedDict, cast
from weakref import WeakKeyDictionary

import mcp.types as mt
from mcp.server.caching import CacheHint
from mcp.server.connection import allowed_log_levels
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from typing_extensions import Unpack

import interop
from interop import ApprovalDeniedError, StandardToolV0
from interop._kit import LEVELS, LogLevel, ResultNotJSON, reporting, toolset_options
from interop.bridge import (
    ApprovalRequest,
    Conversion,
    Invoker,
    Options,
    Outcome,
    ToolOptions,
    check_unique_names,
    content_kind,
    describe_error,
    output_json_schema,
    prepare,
    split_options,
    to_jsonable,
)

from ._approval import ApprovalState, PendingApproval, elicitation_asker
from ._approval import _principal as principal
from ._apps import UIPage, serve_ui_resources
from ._catalog import DEFAULT_PAGE_SIZE, Catalog, catalog_of
from ._descriptor import admits_null, is_object_schema, object_input_schema, to_mcp
from ._nonces import NonceStore, nonce_store
from ._result import MCPResult, ResourceLink
from ._shown import JoinedText
from ._tasks import (
    TASKS_EXTENSION,
    TaskReporter,
    TaskStore,
    client_declares_tasks,
    legacy_capability,
    missing_capability,
    task_methods,
    task_support,
)
from ._telemetry import on_server_span

__all__ = [
    "BuildServerOptions",
    "ContextHook",
    "ServerOptions",
    "add_tools",
    "build_server",
    "default_context",
    "to_call_result",
]

logger = logging.getLogger("interop.mcp")

ContextHook = Callable[[ServerRequestContext[Any, Any]], Any]
"""Maps the MCP request context to the neutral `context` a tool's `execute` receives."""

_LIST_TTL = 300.0
_CONTENT_BLOCKS = (mt.TextContent, mt.ImageContent, mt.AudioContent, mt.ResourceLink, mt.EmbeddedResource)
_NATIVE = (mt.CallToolResult, MCPResult, *_CONTENT_BLOCKS)
_LOG_LEVEL_STATE = "io.github.interop/log-level"


def default_context(ctx: ServerRequestContext[Any, Any]) -> Any:
    """The default neutral context: the SDK's `ServerRequestContext` itself.

    It carries the request `_meta` (`ctx.meta`), the negotiated `ctx.protocol_version`, the
    server session, the lifespan state (`ctx.lifespan_context`) and, over HTTP, the Starlette
    request (`ctx.request`, headers included; `interop.mcp.access_token(ctx)` is the caller's
    verified token).
    """
    return ctx


def content_block(part: Any, tool_name: str) -> mt.ContentBlock:
    """A text or content part as an MCP content block (a file as an embedded blob resource)."""
    if isinstance(part, ResourceLink):
        return cast(mt.ResourceLink, part.to_mcp())
    if isinstance(part, str):
        return mt.TextContent(type="text", text=part)
    kind = content_kind(part)
    if kind == "image":
        return mt.ImageContent(type="image", data=part.base64, mime_type=part.media_type)
    if kind == "audio":
        return mt.AudioContent(type="audio", data=part.base64, mime_type=part.media_type)
    name = getattr(part, "name", None)
    uri = name if name and "://" in name else f"interop://{tool_name}/{name or 'result'}"
    return mt.EmbeddedResource(
        type="resource",
        resource=mt.BlobResourceContents(uri=uri, mime_type=part.media_type, blob=part.base64),
    )


def _native_result(value: Any) -> mt.CallToolResult | None:
    """A value already in MCP's form (a consumed tool's result served again): kept as it is."""
    if isinstance(value, mt.CallToolResult):
        return value
    if isinstance(value, MCPResult):
        return mt.CallToolResult(
            content=list(value.content),
            structured_content=value.structured_content,
            _meta=dict(value.meta) if value.meta is not None else None,
        )
    if isinstance(value, _CONTENT_BLOCKS):
        return mt.CallToolResult(content=[value])
    if isinstance(value, Sequence) and value and all(isinstance(v, _CONTENT_BLOCKS) for v in value):
        return mt.CallToolResult(content=list(value))
    return None


def content_parts(outcome: Outcome) -> list[Any]:
    """The outcome's parts, a consumed result's joined text as its own blocks."""
    return [q for p in outcome.parts for q in (p.parts if isinstance(p, JoinedText) else (p,))]


def _is_content(value: Any) -> bool:
    """Whether a value is content itself (a consumed result without structured content)."""
    kinds = (interop.Image, interop.Audio, interop.File, ResourceLink)
    if isinstance(value, kinds):
        return True
    return isinstance(value, (list, tuple)) and any(isinstance(v, kinds) for v in value)


def to_call_result(
    outcome: Outcome, served: _Served, protocol_version: str | None, wrap: bool
) -> mt.CallToolResult:
    """An `Outcome` as a `CallToolResult`: content blocks, `structuredContent`, or `isError`."""
    if outcome.status != "ok":  # error, denied: the model reads it and can act on it
        return mt.CallToolResult(content=[mt.TextContent(type="text", text=outcome.text)], is_error=True)
    native = _native_result(outcome.value)
    if native is not None:
        return native
    content = [content_block(p, served.name) for p in content_parts(outcome)]
    if (outcome.has_content or any(isinstance(p, ResourceLink) for p in content_parts(outcome))) and (
        not outcome.shaped or _is_content(outcome.value)
    ):
        return mt.CallToolResult(content=content)  # the content is the value (a shaped one has its own)
    try:
        data = to_jsonable(outcome.value)
    except ResultNotJSON as e:  # only a shaped value can get here (`with_model_output`): the model
        if served.has_output:  # output stands alone, unless the tool promised structured content
            return mt.CallToolResult(
                content=[mt.TextContent(type="text", text=describe_error(e, served.name))], is_error=True
            )
        return mt.CallToolResult(content=content)
    structured: Any = None
    if served.has_output:
        structured = {"result": data} if served.non_object_output and wrap else data
    elif isinstance(data, dict) or (protocol_version in MODERN_PROTOCOL_VERSIONS and data is not None):
        structured = data
    if structured is None:
        return mt.CallToolResult(content=content)
    return mt.CallToolResult(content=content, structured_content=structured)


@dataclass(frozen=True)
class _Served:
    """One neutral tool as served: its call path (its descriptors are written when listed)."""

    invoker: Invoker
    name: str
    has_output: bool
    non_object_output: bool
    null_output: bool
    """A non-object output that may be null: wrapped as `{"result": null}` on every protocol version
    (a bare null cannot be `structuredContent`: the SDK leaves it out, and a client then refuses a
    result without the structured content the output schema promises)."""
    task: Literal["required", "optional"] | None = None

    def descriptor(self, wrap: bool) -> mt.Tool:
        """The tool's descriptor, `{"result": ...}`-wrapping a non-object output when `wrap`."""
        return to_mcp(self.invoker.tool, rename=self.name, wrap_output=wrap)


def _connection_state(ctx: ServerRequestContext[Any, Any]) -> dict[str, Any] | None:
    """The connection's scratch state (where `logging/setLevel` keeps the level), if reachable."""
    connection = getattr(ctx.session, "_connection", None)  # the SDK keeps no public handle on it
    state = getattr(connection, "state", None)
    return state if isinstance(state, dict) else None


def _allowed_levels(ctx: ServerRequestContext[Any, Any]) -> frozenset[str]:
    """The log levels this call may send: the request's opt-in (2026-07-28), or the level the
    client set with `logging/setLevel` (2025-11-25; every level until it does)."""
    allowed = allowed_log_levels(ctx.protocol_version, ctx.meta)
    if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        return frozenset(allowed)
    state = _connection_state(ctx)
    level = state.get(_LOG_LEVEL_STATE) if state is not None else None
    if level in LEVELS:
        return frozenset(LEVELS[LEVELS.index(level) :])
    return frozenset(allowed)


class _CallReporter:
    """`interop.progress` / `interop.log` during one call -> MCP notifications on its stream.

    Called from the tool's thread (the loop, or a worker thread for a sync tool); each message is
    sent in order on the server loop, and the call waits for them before its result goes out.
    """

    def __init__(self, ctx: ServerRequestContext[Any, Any], tool_name: str) -> None:
        self.ctx = ctx
        self.tool_name = tool_name
        self.loop = asyncio.get_running_loop()
        self.levels = _allowed_levels(ctx)
        self.last: asyncio.Future[None] | None = None

    def _submit(self, send: Callable[[], Awaitable[None]]) -> None:
        def schedule() -> None:
            self.last = self.loop.create_task(self._after(self.last, send))

        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            schedule()
        else:
            self.loop.call_soon_threadsafe(schedule)

    async def _after(
        self, previous: asyncio.Future[None] | None, send: Callable[[], Awaitable[None]]
    ) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        try:
            await send()
        except Exception as e:  # a client gone away must not fail the call
            logger.debug("could not send a notification for tool %r: %s", self.tool_name, e)

    def progress(self, current: float, total: float | None, message: str | None) -> None:
        self._submit(lambda: self.ctx.session.report_progress(current, total, message))

    def log(self, level: LogLevel, message: str, data: dict[str, Any]) -> None:
        if level not in self.levels:
            return
        payload: Any = {"message": message, **to_jsonable(data)} if data else message
        notification = mt.LoggingMessageNotification(
            params=mt.LoggingMessageNotificationParams(level=level, data=payload, logger=self.tool_name)
        )
        self._submit(lambda: self.ctx.session.send_notification(notification, self.ctx.request_id))

    async def drain(self) -> None:
        await asyncio.sleep(0)  # schedules handed over from a worker thread run first
        if self.last is not None:
            await asyncio.wait([self.last])


class _ToolHandlers:
    """The `tools/list` and `tools/call` logic for a set of neutral tools."""

    def __init__(
        self,
        tools: Iterable[StandardToolV0[Any, Any, Any]],
        *,
        options: Options,
        wrap_output: bool | Literal["auto"],
        states: ApprovalState,
        tasks: TaskStore,
    ) -> None:
        self.wrap_output = wrap_output
        self.states = states
        self.tasks = tasks
        self.served: dict[str, _Served] = {}
        self._input_schemas: dict[str, dict[str, Any]] = {}
        conversions: list[Conversion[Any]] = [
            prepare(tool, options, where="interop.mcp", rule="mcp") for tool in tools
        ]
        check_unique_names((c.name for c in conversions), "MCP")
        for c in conversions:
            tool, name = c.tool, c.name
            # written once to check the tool (input schema, meta), then let go: `tools/list`
            # writes each page's descriptors when asked (nothing per tool kept between lists)
            to_mcp(tool, rename=name, wrap_output=True)
            out = output_json_schema(tool)
            invoker = c.invoker(target="MCP", context=default_context, native_approval=True)
            self.served[name] = _Served(
                invoker=invoker,
                name=name,
                has_output=out is not None,
                non_object_output=out is not None and not is_object_schema(out),
                null_output=out is not None and not is_object_schema(out) and admits_null(out),
                task=task_support(tool.meta, name),
            )

    def input_schema(self, served: _Served) -> dict[str, Any]:
        """A served tool's input schema as listed (kept once asked: only called tools are)."""
        schema = self._input_schemas.get(served.name)
        if schema is None:
            schema = self._input_schemas[served.name] = object_input_schema(served.invoker.tool)
        return schema

    def wraps(self, protocol_version: str | None, served: _Served) -> bool:
        """Whether `{"result": ...}` wrapping applies to `served` on a connection at this protocol
        version (with "auto": the older versions, and an output that may be null on any)."""
        if self.wrap_output == "auto":
            return protocol_version not in MODERN_PROTOCOL_VERSIONS or served.null_output
        return self.wrap_output

    def descriptors(self, protocol_version: str | None) -> list[mt.Tool]:
        return [s.descriptor(self.wraps(protocol_version, s)) for s in self.served.values()]

    @property
    def has_tasks(self) -> bool:
        return any(s.task is not None for s in self.served.values())

    async def call(
        self, ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams
    ) -> mt.CallToolResult | mt.InputRequiredResult | dict[str, Any]:
        served = self.served[params.name]
        modern = ctx.protocol_version in MODERN_PROTOCOL_VERSIONS
        if served.task is not None:
            if modern and client_declares_tasks(ctx):
                return await self.start_task(ctx, params, served)
            if served.task == "required":
                if modern:
                    raise missing_capability()
                raise MCPError(
                    code=mt.METHOD_NOT_FOUND,
                    message=f"tool {served.name!r} runs only as a task: call it with params.task",
                )
        return await self._call_now(ctx, params, served)

    async def _call_now(
        self, ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams, served: _Served
    ) -> mt.CallToolResult | mt.InputRequiredResult:
        args = params.arguments if params.arguments is not None else {}
        modern = ctx.protocol_version in MODERN_PROTOCOL_VERSIONS
        pending: list[PendingApproval] = []
        ask = elicitation_asker(ctx, params, self.states, modern, pending)
        reporter = _CallReporter(ctx, served.name)
        on_server_span(ctx)
        with reporting(reporter):
            outcome = await served.invoker.ainvoke(args, ctx, call_id=str(ctx.request_id), ask=ask)
        await reporter.drain()
        if outcome.status == "pending" and pending:
            return pending[-1].result()
        return to_call_result(outcome, served, ctx.protocol_version, self.wraps(ctx.protocol_version, served))

    async def start_task(
        self, ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams, served: _Served
    ) -> mt.InputRequiredResult | dict[str, Any]:
        """Run the call as a task: ask for approval first (on this request), then answer with the
        task handle while the tool runs (see `interop.mcp._tasks`)."""
        args = params.arguments if params.arguments is not None else {}
        modern = ctx.protocol_version in MODERN_PROTOCOL_VERSIONS
        wrap = self.wraps(ctx.protocol_version, served)
        version = ctx.protocol_version
        task = self.tasks.create(served.name, principal(ctx))
        on_server_span(ctx)
        pending: list[PendingApproval] = []
        asker = elicitation_asker(ctx, params, self.states, modern, pending)
        decided = asyncio.Event()
        asked_here = True  # the question may only be asked while this request is open

        async def ask(request: ApprovalRequest) -> Any:
            if not asked_here:  # an approval nobody expected when the task was created: refuse
                raise ApprovalDeniedError(served.name, "the question came after the task had started")
            try:
                answer = asker(request)
                return await answer if inspect.isawaitable(answer) else answer
            finally:
                decided.set()

        async def work() -> mt.CallToolResult:
            with reporting(TaskReporter(task)):
                outcome = await served.invoker.ainvoke(args, ctx, call_id=f"task:{task.id}", ask=ask)
            if outcome.status == "pending":
                raise asyncio.CancelledError  # the approval round goes back to the client instead
            return to_call_result(outcome, served, version, wrap)

        self.tasks.run(task, work)
        assert task.runner is not None
        if served.invoker.callback is None and await served.invoker.aneeds_approval(args, ctx):
            # wait for the question's answer (or for the call to end: denied, pending, invalid)
            waiter = asyncio.ensure_future(decided.wait())
            await asyncio.wait([task.runner, waiter], return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if pending and task.runner.done():
                self.tasks.tasks.pop(task.id, None)  # no task yet: the client answers the round first
                return pending[-1].result()
        asked_here = False
        if modern:
            return {"resultType": "task", **task.wire(modern=True)}
        return {"task": task.wire(modern=False)}


class ServerOptions(ToolOptions, total=False):
    """`add_tools` options (and so `build_server`'s, `asgi_app`'s and `serve`'s): the shared ones plus:"""

    wrap_output: bool | Literal["auto"]
    """`"auto"` (default) wraps non-object outputs as `{"result": ...}` where the protocol version
    needs an object root (up to 2025-11-25); `True`/`False` force it."""
    approval_secret: bytes | str
    """The key of the approval `requestState` HMAC (2026-07-28 approval rounds). Default: random
    per server; give every worker of one deployment the same secret (at least 16 bytes)."""
    approval_nonces: NonceStore | str | os.PathLike[str]
    """Where the nonces of used approval answers are kept, so one 2026-07-28 approval runs one call
    (a replayed request is refused): a path (an SQLite file shared by the workers of one machine)
    or an object with an atomic `claim(nonce, expires) -> bool` (a store workers on several
    machines share). Default: in this process's memory."""
    list_ttl: float
    """Seconds a client may reuse the tool list (2026-07-28 `ttlMs` hint; `cacheScope` public, as
    the list is the same for every caller, unless the server lists tools of its own too).
    Default 300; 0 means ask every time."""
    ui_resources: Mapping[str, UIPage]
    """MCP Apps: `ui://` URI -> HTML document (or `{"html": ..., "csp": {...}, ...}`), served as
    resources (`text/html;profile=mcp-app`) for the tools whose `meta["ui"]["resourceUri"]` names them."""
    page_size: int | None
    """Tools per `tools/list` page when the server has more (default 1,000; `None`: one page).
    Clients follow `nextCursor` (the SDK's, FastMCP's, the OpenAI Agents SDK's and ours do)."""
    task_options: TaskOptions
    """For tools served as tasks (`meta["task"]`): `ttl` (seconds a finished task is kept, default
    3600), `poll_interval` (seconds, the polling hint, default 0.5), `max_tasks` (default 1000).
    One store per server: the first `add_tools` call on a server sets them."""


class TaskOptions(TypedDict, total=False):
    """`task_options=` of `add_tools`/`build_server`/`serve`/`asgi_app`."""

    ttl: float
    poll_interval: float
    max_tasks: int


async def _set_level(ctx: ServerRequestContext[Any, Any], params: mt.SetLevelRequestParams) -> mt.EmptyResult:
    """`logging/setLevel`: the connection's minimum level for log notifications."""
    state = _connection_state(ctx)
    if state is not None:
        state[_LOG_LEVEL_STATE] = params.level
    return mt.EmptyResult()


def add_tools(
    server: Server[Any] | MCPServer[Any],
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    **options: Unpack[ServerOptions],
) -> None:
    """Serve neutral `tools` from an MCP server you already have (low-level `Server` or `MCPServer`).

    The server's own tools stay: `tools/list` lists ours first, then its own; `tools/call` runs
    ours and hands any other name to its own handler (a neutral tool shadows a same-named one).
    `logging/setLevel` is answered unless the server already does.

    Options: the shared ones (see the README's options table), `wrap_output`,
    `approval_secret`, `list_ttl`, `ui_resources` and `task_options` (see `ServerOptions`).
    Tools are listed in the order given, the same on every call. `context` maps the `ServerRequestContext` to the neutral context
    (default: the context itself). `errors` defaults to `"masked"`: an unexpected exception is an
    `isError` result with a generic message (and is logged), as MCP servers do. `approval`
    replaces elicitation with a callback; `allow_unapproved=True` serves approval tools unasked.
    """
    given: dict[str, Any] = dict(toolset_options(tools, options))
    if not any(key in given for key in ("errors", "mask_errors", "other_errors", "handle_errors")):
        given["errors"] = "masked"
    shared, own = split_options(given, ServerOptions, where="interop.mcp")
    secret = own.get("approval_secret")
    low: Server[Any] = (
        server._lowlevel_server if isinstance(server, MCPServer) else server
    )  # the SDK itself reaches the low-level server this way
    states = ApprovalState(audience=low.name or "interop", nonces=nonce_store(own.get("approval_nonces")))
    if secret is not None:
        states = ApprovalState(
            secret=secret.encode() if isinstance(secret, str) else bytes(secret),
            audience=states.audience,
            nonces=states.nonces,
        )
    tasks = _tasks_of(low, own.get("task_options"))
    handlers = _ToolHandlers(
        tools, options=shared, wrap_output=own.get("wrap_output", "auto"), states=states, tasks=tasks.store
    )
    catalog = catalog_of(low)
    if catalog is None:  # the first tools served here: the list and call handlers are ours from now on
        catalog = Catalog(
            low,
            page_size=own.get("page_size", DEFAULT_PAGE_SIZE),
            bus=getattr(server, "_subscriptions", None),  # MCPServer's listen-stream bus
        )
        catalog.add(handlers)
        catalog.install()
        first = True
    else:  # more tools on a server already serving: its clients are told the list changed
        catalog.add(handlers)
        first = False
    tasks.handlers.append(handlers)
    if handlers.has_tasks:
        _serve_tasks(low, tasks)
    if own.get("ui_resources"):
        serve_ui_resources(low, own["ui_resources"])
    ttl = own.get("list_ttl", _LIST_TTL)
    if ttl < 0:
        raise ValueError(f"list_ttl must be >= 0 seconds, got {ttl!r}")
    # the server's own hint wins; ours: the list does not depend on the caller (a server listing
    # its own tools too may list them per caller: then the hint is private); it changes only when
    # add_tools adds more, and then the clients are told (list_changed)
    scope: Literal["public", "private"] = "public" if catalog.prev_list is None else "private"
    low.cache_hints.setdefault("tools/list", CacheHint(ttl_ms=int(ttl * 1000), scope=scope))
    if low.get_request_handler("logging/setLevel") is None:
        low.add_request_handler("logging/setLevel", mt.SetLevelRequestParams, _set_level)
    if not first:
        catalog.announce()


@dataclass
class _ServerTasks:
    """The tasks of one low-level server: one store for every `add_tools` call on it."""

    store: TaskStore
    handlers: list[_ToolHandlers]
    installed: bool = False


_SERVER_TASKS: WeakKeyDictionary[Server[Any], _ServerTasks] = WeakKeyDictionary()


def _tasks_of(low: Server[Any], options: TaskOptions | None) -> _ServerTasks:
    """The server's task state (made by its first `add_tools`, whose `task_options` count)."""
    state = _SERVER_TASKS.get(low)
    if state is None:
        state = _SERVER_TASKS[low] = _ServerTasks(TaskStore(**(options or {})), [])
    return state


def _serve_tasks(low: Server[Any], state: _ServerTasks) -> None:
    """Serve the tools that run as tasks, both generations (see `interop.mcp._tasks`); once per
    server, whatever the number of `add_tools` calls."""
    if state.installed:
        return
    state.installed = True
    for method, params_type, handler in task_methods(state.store, principal):
        low.add_request_handler(method, params_type, handler)
    low.extensions[TASKS_EXTENSION] = {}  # 2026-07-28: advertised in server/discover
    plain = low.get_capabilities

    def get_capabilities(*args: Any, **kwargs: Any) -> mt.ServerCapabilities:
        capabilities = plain(*args, **kwargs)
        if kwargs.get("protocol_version") not in MODERN_PROTOCOL_VERSIONS:
            capabilities.tasks = legacy_capability()  # 2025-11-25: in the initialize result
        return capabilities

    low.get_capabilities = get_capabilities  # type: ignore[method-assign]

    async def legacy_task_call(ctx: ServerRequestContext[Any, Any], call_next: Any) -> Any:
        """2025-11-25 `tools/call` with `params.task`: the SDK's result surface for that revision
        has no `CreateTaskResult`, so the call is answered here, before it (the middleware owns
        the result it returns)."""
        raw = ctx.params
        if (
            ctx.method != "tools/call"
            or ctx.protocol_version in MODERN_PROTOCOL_VERSIONS
            or not isinstance(raw, Mapping)
            or raw.get("task") is None
        ):
            return await call_next(ctx)
        for handlers in state.handlers:
            served = handlers.served.get(raw.get("name"))  # type: ignore[arg-type]
            if served is not None and served.task is not None:
                params = mt.CallToolRequestParams.model_validate(raw, by_name=False)
                return await handlers.start_task(ctx, params, served)
        return await call_next(ctx)  # a tool that does not run as a task: called as usual

    low.middleware.append(legacy_task_call)


class BuildServerOptions(ServerOptions, total=False):
    """`build_server` / `asgi_app` / `serve` options: those of `add_tools` (`ServerOptions`), plus
    what the server says about itself and the one context every call may get instead of the
    per-request `context=` hook."""

    name: str
    """`serverInfo.name` (default `"interop"`)."""
    version: str | None
    """`serverInfo.version`, which clients show (default: this package's version)."""
    title: str | None
    """`serverInfo.title`: a display name."""
    instructions: str | None
    """What the server tells the client about using its tools (the initialize result)."""
    icons: list[mt.Icon] | None
    """`serverInfo.icons`."""
    lifespan: Callable[[], AbstractAsyncContextManager[Any]] | None
    """An async context manager factory (an `@asynccontextmanager` function taking no argument),
    entered once for the server's lifetime: the value it yields is the context of every call (a
    database pool, a client, a connection)."""
    context_factory: Callable[[], Any] | None
    """The `--context-factory` form: called once at start; when it returns a (sync or async)
    context manager, that is entered for the server's lifetime, otherwise its (awaited) value is
    the context of every call."""


def build_server(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[BuildServerOptions]
) -> Server[Any]:
    """A low-level MCP `Server` serving `tools` (options: see `BuildServerOptions`; those of
    `add_tools`, plus `name`, `version`, `title`, `instructions`, `icons`, and one context for
    every call, opened when the server starts and closed when it stops: `lifespan` or
    `context_factory`, either replacing `context=`). Run the server with the SDK
    (`server.run(...)` on stdio streams), mount it with `asgi_app`, or use `serve`.
    """
    given: dict[str, Any] = dict(options)  # add_tools' options, once the server's own are taken out
    context_factory, lifespan = given.pop("context_factory", None), given.pop("lifespan", None)
    chosen = [n for n, v in (("context=", given.get("context")), ("context_factory=", context_factory),
                             ("lifespan=", lifespan)) if v is not None]  # fmt: skip
    if len(chosen) > 1:
        raise TypeError(f"pass one of {', '.join(chosen)}, not both: each gives the calls their context")
    server_lifespan: dict[str, Any] = {}
    if context_factory is not None or lifespan is not None:
        server_lifespan["lifespan"] = _factory_lifespan(context_factory, lifespan)
        given["context"] = _factory_context
    server: Server[Any] = Server(
        given.pop("name", "interop"),
        version=given.pop("version", None) or interop.__version__,
        title=given.pop("title", None),
        instructions=given.pop("instructions", None),
        icons=given.pop("icons", None),
        **server_lifespan,
    )
    add_tools(server, tools, **given)
    return server


_CONTEXT_KEY = "interop.context"


def _factory_lifespan(
    factory: Callable[[], Any] | None, lifespan: Callable[[], AbstractAsyncContextManager[Any]] | None
) -> Callable[[Server[Any]], Any]:
    """A server lifespan opening the one context (`factory`'s or `lifespan`'s) for its lifetime."""
    from interop._kit import open_context

    @asynccontextmanager
    async def server_lifespan(server: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        if lifespan is None:
            async with open_context(factory) as context:
                yield {_CONTEXT_KEY: context}
            return
        manager = lifespan()
        if not (hasattr(manager, "__aenter__") and hasattr(manager, "__aexit__")):
            raise TypeError(
                f"lifespan= must return an async context manager (an @asynccontextmanager function), "
                f"got {type(manager).__name__}; for a plain object use context_factory="
            )
        async with manager as context:
            yield {_CONTEXT_KEY: context}

    return server_lifespan


def _factory_context(ctx: ServerRequestContext[Any, Any]) -> Any:
    """The context hook of a `context_factory` server: the one context its lifespan opened."""
    state = ctx.lifespan_context
    return state.get(_CONTEXT_KEY) if isinstance(state, dict) else None
