"""Consuming MCP servers: `from_mcp(session)` and `mcp_tools(source)` -> neutral tools.

Each neutral tool calls `tools/call` through the one session it was listed from (no session per
call). Arguments are validated locally against the server's JSON Schema first, so a bad call
never leaves the process and fails naming the tool and fields. An `isError` result raises
`ToolError` with the server's text. The value returned is the `structuredContent` when present
(unwrapped from `{"result": ...}` when the output schema says it was wrapped), else the text
(decoded when it is a JSON object or array), else an `MCPResult` keeping every content block.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any, cast

import mcp.types as mt
from mcp.client.client import Client
from mcp.client.session import ClientSession

from interop import StandardTool, StandardToolValidationError, ToolError, as_schema
from interop.bridge import Rename, resolve_name, set_origin

from ._descriptor import meta_from_mcp, unwrap_output_schema
from ._result import MCPResult

__all__ = ["RequestMeta", "from_mcp", "mcp_tools"]

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


def _decode(result: mt.CallToolResult, unwrap: bool) -> Any:
    """The neutral value of a successful `CallToolResult`."""
    if result.structured_content is not None:
        value = result.structured_content
        if unwrap and isinstance(value, dict) and "result" in value:
            return value["result"]
        return value
    content = result.content
    if len(content) == 1 and isinstance(content[0], mt.TextContent):
        text = content[0].text
        if text.lstrip()[:1] in ("{", "["):
            try:
                return json.loads(text)
            except ValueError:
                pass
        return text
    if not content:
        return None
    return MCPResult(content=tuple(content), meta=result.meta)


class _Remote:
    """Calls one remote tool through its session, on the session's event loop."""

    def __init__(
        self,
        session: ClientSession | Client,
        remote_name: str,
        neutral_name: str,
        validate: Callable[[object], Any],
        unwrap: bool,
        request_meta: RequestMeta | None,
        read_timeout: float | None,
    ) -> None:
        self.session = session
        self.remote_name = remote_name
        self.name = neutral_name
        self.validate = validate
        self.unwrap = unwrap
        self.request_meta = request_meta
        self.read_timeout = read_timeout
        self.loop = asyncio.get_running_loop()

    async def execute(self, input: Any = None, context: Any = None) -> Any:
        args = {} if input is None else input
        issues = getattr(self.validate(args), "issues", None)
        if issues:
            raise StandardToolValidationError("input", issues, tool_name=self.name)
        try:
            current = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - execute is always awaited in a loop
            current = None
        if current is self.loop:
            return await self._call(dict(args), context)
        return await self._call_on_session_loop(dict(args), context)

    async def _call(self, args: dict[str, Any], context: Any) -> Any:
        meta = self.request_meta(context) if self.request_meta is not None else None
        result = await self.session.call_tool(
            self.remote_name,
            args,
            read_timeout_seconds=self.read_timeout,
            meta=cast(mt.RequestParamsMeta, dict(meta)) if meta else None,
        )
        if result.is_error:
            raise ToolError(_error_text(result, self.name, self.remote_name))
        return _decode(result, self.unwrap)

    async def _call_on_session_loop(self, args: dict[str, Any], context: Any) -> Any:
        """Called from another loop (a framework's sync path): run the call on the session's loop."""
        if self.loop.is_closed():
            raise RuntimeError(f"MCP tool {self.name!r}: its session's event loop is closed")
        started = threading.Event()

        async def run() -> Any:
            started.set()
            return await self._call(args, context)

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


async def from_mcp(
    session: ClientSession | Client,
    *,
    rename: Rename = None,
    request_meta: RequestMeta | None = None,
    read_timeout: float | None = None,
) -> list[StandardTool[Any, Any, Any]]:
    """The tools of the MCP server behind `session` (a `ClientSession` or an entered `mcp.Client`).

    Each tool keeps the server's input JSON Schema (validated locally before each call), its
    output schema (unwrapped when the server wrapped a non-object output), its title, and its
    annotations and `_meta` as `meta` (`readOnlyHint` -> `read_only`, ...; the `_meta` this
    package writes restores the original meta exactly). The session must stay open while the
    tools are used; calls from other event loops are forwarded to the session's loop.

    - `rename`: new names (string, mapping or function); the remote name is still what is called.
    - `request_meta`: maps a call's neutral `context` to the request `_meta` (e.g. a trace id).
    - `read_timeout`: seconds to wait for each call's result.
    """
    out: list[StandardTool[Any, Any, Any]] = []
    for descriptor in await _list_all(session):
        name = resolve_name(descriptor.name, "mcp", rename)
        input_schema = as_schema(descriptor.input_schema)
        output_schema = None
        unwrap = False
        if descriptor.output_schema is not None:
            inner, unwrap = unwrap_output_schema(descriptor.output_schema, descriptor.name)
            output_schema = as_schema(inner)
        remote = _Remote(
            session,
            descriptor.name,
            name,
            input_schema.__standard_schema__.validate,
            unwrap,
            request_meta,
            read_timeout,
        )
        title = descriptor.title or (descriptor.annotations.title if descriptor.annotations else None)
        tool: StandardTool[Any, Any, Any] = StandardTool(
            name=name,
            description=descriptor.description or "",
            execute=remote.execute,
            input_schema=input_schema,
            output_schema=output_schema,
            title=title,
            meta=meta_from_mcp(descriptor),
        )
        set_origin(tool, descriptor)
        out.append(tool)
    return out


@asynccontextmanager
async def mcp_tools(
    source: Any,
    *,
    rename: Rename = None,
    request_meta: RequestMeta | None = None,
    read_timeout: float | None = None,
    **client_options: Any,
) -> AsyncIterator[list[StandardTool[Any, Any, Any]]]:
    """Connect to an MCP server and yield its tools as neutral tools; disconnect on exit.

    `source` is what `mcp.Client` takes: `StdioServerParameters` (starts the server as a
    subprocess), a URL (streamable HTTP), a `Transport`, or an in-process `Server`/`MCPServer`.
    One session serves every call while the block runs. `client_options` go to `mcp.Client`
    (e.g. `mode="legacy"` to force the initialize handshake). Other options as in `from_mcp`.

        async with mcp_tools(StdioServerParameters(command="python", args=["-m", "mcp_server_time"])) as tools:
            agent = Agent(model, tools=[to_pydantic_ai(t) for t in tools])
    """
    async with Client(source, read_timeout_seconds=read_timeout, **client_options) as client:
        yield await from_mcp(client, rename=rename, request_meta=request_meta, read_timeout=read_timeout)
