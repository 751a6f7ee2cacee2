"""Every neutral tool one MCP server serves: `tools/list` pages, `tools/call` dispatch, and the
list-changed notifications when `add_tools` adds more to a server already serving.

One `Catalog` per low-level server, made by the first `add_tools` (which installs its handlers);
each further `add_tools` adds its group of tools to it and tells the connected clients:
`notifications/tools/list_changed` to each initialized connection (2025-11-25 and before; the
`tools.listChanged` capability says so) and a `ToolsListChanged` event on the server's
`subscriptions/listen` bus (2026-07-28, where change notifications travel on listen streams).

`tools/list` is paginated when the catalog has more than `page_size` tools (default 1,000): the
page's descriptors are written when it is asked for (nothing per tool is kept between lists), and
`nextCursor` is an opaque string naming where the next page starts (tools are only ever added at
the end, so a cursor stays valid while the catalog grows). A server's own tools come after ours,
with their own cursors carried inside ours.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import mcp.types as mt
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, SubscriptionBus
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import ToolsListChanged
from mcp_types import SubscriptionsListenRequestParams
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from interop.errors import ToolNameError

if TYPE_CHECKING:
    from ._server import _Served, _ToolHandlers

__all__ = ["DEFAULT_PAGE_SIZE", "Catalog", "catalog_of"]

logger = logging.getLogger("interop.mcp")

DEFAULT_PAGE_SIZE = 1000
"""Tools per `tools/list` page when the catalog is larger (`page_size=None`: one page, always)."""

_OURS = "o"
_THEIRS = "t"

_catalogs: weakref.WeakKeyDictionary[Server[Any], Catalog] = weakref.WeakKeyDictionary()


def catalog_of(low: Server[Any]) -> Catalog | None:
    """The catalog `add_tools` installed on `low` (None before the first `add_tools`)."""
    return _catalogs.get(low)


def _cursor(kind: str, value: str) -> str:
    return base64.urlsafe_b64encode(f"{kind}:{value}".encode()).decode().rstrip("=")


def _read_cursor(cursor: str) -> tuple[str, str]:
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    kind, _, value = text.partition(":")
    if (kind == _OURS and value.isdigit()) or (kind == _THEIRS and value):
        return kind, value
    raise MCPError(code=mt.INVALID_PARAMS, message=f"invalid tools/list cursor {cursor!r}")


class Catalog:
    """The tools `add_tools` serves on one server, in the order added (see the module doc)."""

    def __init__(self, low: Server[Any], *, page_size: int | None, bus: SubscriptionBus | None) -> None:
        if page_size is not None and (not isinstance(page_size, int) or page_size < 1):
            raise ValueError(f"page_size must be a positive number of tools or None, got {page_size!r}")
        self.low = low
        self.page_size = page_size
        self.entries: list[tuple[_ToolHandlers, _Served]] = []
        self.by_name: dict[str, tuple[_ToolHandlers, _Served]] = {}
        self.prev_list = low.get_request_handler("tools/list")
        self.prev_call = low.get_request_handler("tools/call")
        self.prev_schema = low.get_tool_input_schema
        self.connections: weakref.WeakSet[Any] = weakref.WeakSet()
        """The 2025-11-25 clients' connections (`mcp.server.connection.Connection`) seen so far."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.bus = bus
        self._sending: set[asyncio.Future[Any]] = set()

    # ------------------------------------------------------------------ tools

    def add(self, handlers: _ToolHandlers) -> None:
        """Serve `handlers`' tools after those already here (a name served twice is refused)."""
        for name in handlers.served:
            if name in self.by_name:
                raise ToolNameError(f"two tools are served under the name {name!r}; pass rename=")
        for served in handlers.served.values():
            entry = (handlers, served)
            self.entries.append(entry)
            self.by_name[served.name] = entry

    def install(self) -> None:
        """Answer `tools/list` and `tools/call`, look input schemas up for the SDK, record the
        sessions to tell about changes, and advertise `tools.listChanged`."""
        low = self.low
        low.add_request_handler("tools/list", mt.PaginatedRequestParams, self.on_list)
        low.add_request_handler("tools/call", mt.CallToolRequestParams, self.on_call)
        if self.prev_schema is not None or self.prev_list is None:
            low.get_tool_input_schema = self.input_schema
        initialized = low.get_notification_handler("notifications/initialized")

        async def on_initialized(ctx: ServerRequestContext[Any, Any], params: Any) -> None:
            self._seen(ctx)
            if initialized is not None:
                await initialized.handler(ctx, params)

        low.add_notification_handler(
            "notifications/initialized",
            initialized.params_type if initialized is not None else mt.NotificationParams,
            on_initialized,
        )
        listen = low.get_request_handler("subscriptions/listen")
        if listen is None:
            self.bus = self.bus or InMemorySubscriptionBus()
            low.add_request_handler(
                "subscriptions/listen", SubscriptionsListenRequestParams, ListenHandler(self.bus)
            )
        elif self.bus is None:  # a server of your own serving listen streams: publish on its bus
            self.bus = getattr(listen.handler, "_bus", None)
        plain = low.get_capabilities

        def get_capabilities(*args: Any, **kwargs: Any) -> mt.ServerCapabilities:
            capabilities = plain(*args, **kwargs)
            if (
                capabilities.tools is not None
                and kwargs.get("protocol_version") not in MODERN_PROTOCOL_VERSIONS
            ):
                capabilities.tools.list_changed = True  # 2025-11-25: sent to each initialized connection
            return capabilities

        low.get_capabilities = get_capabilities  # type: ignore[method-assign]
        _catalogs[low] = self

    def _seen(self, ctx: ServerRequestContext[Any, Any]) -> None:
        if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            # the connection outlives the request's session view (the SDK keeps no public handle)
            connection = getattr(ctx.session, "_connection", None)
            if connection is not None and hasattr(connection, "send_tool_list_changed"):
                self.connections.add(connection)
        if self.loop is None:
            self.loop = asyncio.get_running_loop()

    def input_schema(self, name: str) -> Any:
        """A served tool's input schema (the SDK checks `Mcp-Param` headers against it)."""
        entry = self.by_name.get(name)
        if entry is not None:
            return entry[0].input_schema(entry[1])
        return self.prev_schema(name) if self.prev_schema is not None else None

    # ------------------------------------------------------------------ handlers

    async def on_list(
        self, ctx: ServerRequestContext[Any, Any], params: mt.PaginatedRequestParams | None
    ) -> mt.ListToolsResult:
        self._seen(ctx)
        cursor = params.cursor if params is not None else None
        kind, value = _read_cursor(cursor) if cursor is not None else (_OURS, "0")
        if kind == _THEIRS:
            return await self._theirs(ctx, params, value, [])
        start = int(value)
        stop = len(self.entries) if self.page_size is None else start + self.page_size
        page = [
            served.descriptor(handlers.wraps(ctx.protocol_version, served))
            for handlers, served in self.entries[start:stop]
        ]
        if stop < len(self.entries):
            return mt.ListToolsResult(tools=page, next_cursor=_cursor(_OURS, str(stop)))
        if self.prev_list is None:
            return mt.ListToolsResult(tools=page)
        return await self._theirs(ctx, params, None, page)

    async def _theirs(
        self,
        ctx: ServerRequestContext[Any, Any],
        params: mt.PaginatedRequestParams | None,
        cursor: str | None,
        ours: list[mt.Tool],
    ) -> mt.ListToolsResult:
        """The server's own page at `cursor` (its first page: None) after `ours`, its cursor
        carried inside ours; its tools that ours shadow are left out."""
        if self.prev_list is None:
            raise MCPError(code=mt.INVALID_PARAMS, message="invalid tools/list cursor")
        meta = params.meta if params is not None else None
        theirs = await self.prev_list.handler(ctx, mt.PaginatedRequestParams(cursor=cursor, _meta=meta))
        result = (
            theirs if isinstance(theirs, mt.ListToolsResult) else mt.ListToolsResult.model_validate(theirs)
        )
        result.tools = ours + [t for t in result.tools if t.name not in self.by_name]
        if result.next_cursor is not None:
            result.next_cursor = _cursor(_THEIRS, result.next_cursor)
        return result

    async def on_call(
        self, ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams
    ) -> mt.CallToolResult | mt.InputRequiredResult | dict[str, Any]:
        entry = self.by_name.get(params.name)
        if entry is not None:
            return await entry[0].call(ctx, params)
        if self.prev_call is None:
            raise MCPError(code=mt.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        result: Any = await self.prev_call.handler(ctx, params)
        return result  # type: ignore[no-any-return]  # the previous handler's own result, passed through

    # ------------------------------------------------------------------ list changed

    def announce(self) -> None:
        """Tell every connected client the tool list changed (sent on the server's loop; from
        another thread too). Connections that have gone away are skipped."""
        sends: list[Callable[[], Awaitable[None]]] = [
            c.send_tool_list_changed for c in list(self.connections)
        ]
        bus = self.bus
        if bus is not None:
            sends.append(lambda: bus.publish(ToolsListChanged()))
        if not sends:
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        loop = running or self.loop
        if loop is None or loop.is_closed():
            return  # nothing has connected yet: the first list will have every tool
        if loop is running:
            task = loop.create_task(self._send(sends))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        else:
            asyncio.run_coroutine_threadsafe(self._send(sends), loop)

    @staticmethod
    def _send(sends: list[Callable[[], Awaitable[None]]]) -> Coroutine[Any, Any, None]:
        async def send_all() -> None:
            for send in sends:
                try:
                    await send()
                except Exception as e:  # a client gone away must not stop the others
                    logger.debug("could not send a tool list change: %s", e)

        return send_all()
