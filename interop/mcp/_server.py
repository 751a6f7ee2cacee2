"""Serving neutral tools from an MCP server: `build_server` and `add_tools`.

A call validates once (the neutral `execute`), runs a sync tool on a worker thread so the server
loop keeps serving, and returns JSON text plus `structuredContent`. Bad arguments and `ToolError`
come back as `isError: true` results naming the tool and fields (2025-11-25 spec, SEP-1303), never
as protocol errors; other exceptions too, with a generic message unless `mask_errors=False`.
An unknown tool name is a protocol error, as the spec asks.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import anyio.to_thread
import mcp.types as mt
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from interop import StandardToolV0
from interop.bridge import (
    ApprovalCallback,
    Rename,
    acall,
    call,
    describe_error,
    ensure_approval,
    is_async_tool,
    is_model_facing_error,
    output_json_schema,
    to_json_text,
    to_jsonable,
)

from ._descriptor import is_object_schema, to_mcp
from ._result import MCPResult

__all__ = ["ContextHook", "add_tools", "build_server", "default_context"]

logger = logging.getLogger("interop.mcp")

ContextHook = Callable[[ServerRequestContext[Any, Any]], Any]
"""Maps the MCP request context to the neutral `context` a tool's `execute` receives."""

_CONTENT_BLOCKS = (mt.TextContent, mt.ImageContent, mt.AudioContent, mt.ResourceLink, mt.EmbeddedResource)


def default_context(ctx: ServerRequestContext[Any, Any]) -> Any:
    """The default neutral context: the SDK's `ServerRequestContext` itself.

    It carries the request `_meta` (`ctx.meta`), the negotiated `ctx.protocol_version`, the
    server session, the lifespan state (`ctx.lifespan_context`) and, over HTTP, the Starlette
    request (`ctx.request`, headers included).
    """
    return ctx


@dataclass(frozen=True)
class _Served:
    """One neutral tool as served: its callable form and its two descriptors."""

    tool: StandardToolV0[Any, Any, Any]
    name: str
    wrapped: mt.Tool
    raw: mt.Tool
    has_output: bool
    non_object_output: bool
    is_async: bool


class _ToolHandlers:
    """The `tools/list` and `tools/call` logic for a set of neutral tools."""

    def __init__(
        self,
        tools: Iterable[StandardToolV0[Any, Any, Any]],
        *,
        rename: Rename,
        context: ContextHook | None,
        approval: ApprovalCallback | None,
        allow_unapproved: bool,
        mask_errors: bool,
        wrap_output: bool | Literal["auto"],
        threaded: bool,
    ) -> None:
        self.context = context
        self.mask_errors = mask_errors
        self.wrap_output = wrap_output
        self.threaded = threaded
        self.served: dict[str, _Served] = {}
        for tool in tools:
            runnable = ensure_approval(
                tool, target="MCP", approval=approval, allow_unapproved=allow_unapproved
            )
            wrapped = to_mcp(tool, rename=rename, wrap_output=True)
            if wrapped.name in self.served:
                raise ValueError(f"two tools are served under the name {wrapped.name!r}; pass rename=")
            out = output_json_schema(tool)
            self.served[wrapped.name] = _Served(
                tool=runnable,
                name=wrapped.name,
                wrapped=wrapped,
                raw=to_mcp(tool, rename=rename, wrap_output=False),
                has_output=out is not None,
                non_object_output=out is not None and not is_object_schema(out),
                is_async=is_async_tool(runnable),
            )
        self.input_schemas = {name: s.wrapped.input_schema for name, s in self.served.items()}

    def wraps(self, protocol_version: str | None) -> bool:
        """Whether `{"result": ...}` wrapping applies on a connection at this protocol version."""
        if self.wrap_output == "auto":
            return protocol_version not in MODERN_PROTOCOL_VERSIONS
        return self.wrap_output

    def descriptors(self, protocol_version: str | None) -> list[mt.Tool]:
        wrap = self.wraps(protocol_version)
        return [s.wrapped if wrap else s.raw for s in self.served.values()]

    async def call(
        self, ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams
    ) -> mt.CallToolResult:
        served = self.served[params.name]
        args = params.arguments if params.arguments is not None else {}
        context = self.context(ctx) if self.context is not None else ctx
        try:
            if served.is_async or not self.threaded:
                value = await acall(served.tool, args, context)
            else:
                value = await anyio.to_thread.run_sync(functools.partial(call, served.tool, args, context))
        except MCPError:
            raise
        except Exception as exc:
            return self.error_result(served.name, exc)
        return self.result(served, value, self.wraps(ctx.protocol_version), ctx.protocol_version)

    def error_result(self, name: str, exc: Exception) -> mt.CallToolResult:
        if is_model_facing_error(exc):
            text = describe_error(exc, name)
        else:
            logger.exception("tool %r raised an unexpected exception", name)
            text = (
                f"Error from tool {name!r}: the tool failed with an internal error"
                if self.mask_errors
                else describe_error(exc, name)
            )
        return mt.CallToolResult(content=[mt.TextContent(type="text", text=text)], is_error=True)

    @staticmethod
    def result(served: _Served, value: Any, wrap: bool, protocol_version: str | None) -> mt.CallToolResult:
        if isinstance(value, mt.CallToolResult):
            return value
        if isinstance(value, MCPResult):  # a consumed MCP tool served again: keep its content
            return mt.CallToolResult(
                content=list(value.content),
                structured_content=value.structured_content,
                _meta=dict(value.meta) if value.meta is not None else None,
            )
        if isinstance(value, _CONTENT_BLOCKS):
            return mt.CallToolResult(content=[value])
        if isinstance(value, Sequence) and value and all(isinstance(v, _CONTENT_BLOCKS) for v in value):
            return mt.CallToolResult(content=list(value))
        data = to_jsonable(value)
        text = mt.TextContent(type="text", text=to_json_text(data))
        structured: Any = None
        if served.has_output:
            structured = {"result": data} if served.non_object_output and wrap else data
        elif isinstance(data, dict) or (protocol_version in MODERN_PROTOCOL_VERSIONS and data is not None):
            structured = data
        if structured is None:
            return mt.CallToolResult(content=[text])
        return mt.CallToolResult(content=[text], structured_content=structured)


def add_tools(
    server: Server[Any] | MCPServer[Any],
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    rename: Rename = None,
    context: ContextHook | None = None,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
    mask_errors: bool = True,
    wrap_output: bool | Literal["auto"] = "auto",
    threaded: bool = True,
) -> None:
    """Serve neutral `tools` from an MCP server you already have (low-level `Server` or `MCPServer`).

    The server's own tools stay: `tools/list` lists ours first, then its own; `tools/call` runs
    ours and hands any other name to its own handler (a neutral tool shadows a same-named one).

    - `rename`: a new name per tool (string, mapping or function); names follow the MCP rule.
    - `context`: maps the `ServerRequestContext` to the neutral context (default: the context itself).
    - `approval` / `allow_unapproved`: MCP has only hints, so a tool with `requires_approval`
      needs a callback asked before each call, or an explicit opt-out (the flag still travels in
      `_meta`, so an MCP client built on this package can ask its own user).
    - `mask_errors`: hide the text of unexpected exceptions (the default); they are logged.
    - `wrap_output`: `"auto"` wraps non-object outputs as `{"result": ...}` on protocol versions
      that need an object root (up to 2025-11-25) and not on 2026-07-28; `True`/`False` force it.
    - `threaded`: run sync tools on a worker thread (default) so slow tools do not block the loop.
    """
    low: Server[Any] = (
        server._lowlevel_server if isinstance(server, MCPServer) else server
    )  # the SDK itself reaches the low-level server this way
    handlers = _ToolHandlers(
        tools,
        rename=rename,
        context=context,
        approval=approval,
        allow_unapproved=allow_unapproved,
        mask_errors=mask_errors,
        wrap_output=wrap_output,
        threaded=threaded,
    )
    prev_list = low.get_request_handler("tools/list")
    prev_call = low.get_request_handler("tools/call")
    prev_schema = low.get_tool_input_schema

    async def on_list_tools(
        ctx: ServerRequestContext[Any, Any], params: mt.PaginatedRequestParams | None
    ) -> mt.ListToolsResult:
        ours = handlers.descriptors(ctx.protocol_version)
        if prev_list is None:
            return mt.ListToolsResult(tools=ours)
        theirs = await prev_list.handler(ctx, params)
        result = (
            theirs if isinstance(theirs, mt.ListToolsResult) else mt.ListToolsResult.model_validate(theirs)
        )
        if params is None or params.cursor is None:
            result.tools = ours + [t for t in result.tools if t.name not in handlers.served]
        return result

    async def on_call_tool(
        ctx: ServerRequestContext[Any, Any], params: mt.CallToolRequestParams
    ) -> mt.CallToolResult | mt.InputRequiredResult:
        if params.name in handlers.served:
            return await handlers.call(ctx, params)
        if prev_call is None:
            raise MCPError(code=mt.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        result: Any = await prev_call.handler(ctx, params)
        return result  # type: ignore[no-any-return]  # the previous handler's own result, passed through

    low.add_request_handler("tools/list", mt.PaginatedRequestParams, on_list_tools)
    low.add_request_handler("tools/call", mt.CallToolRequestParams, on_call_tool)
    if prev_schema is not None or prev_list is None:

        def input_schema(name: str) -> Any:
            ours = handlers.input_schemas.get(name)
            if ours is not None:
                return ours
            return prev_schema(name) if prev_schema is not None else None

        low.get_tool_input_schema = input_schema


def build_server(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    name: str = "interop",
    version: str = "",
    instructions: str | None = None,
    rename: Rename = None,
    context: ContextHook | None = None,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
    mask_errors: bool = True,
    wrap_output: bool | Literal["auto"] = "auto",
    threaded: bool = True,
) -> Server[Any]:
    """A low-level MCP `Server` serving `tools` (options as in `add_tools`).

    Run it with the SDK (`server.run(...)` on stdio streams, `server.streamable_http_app()` as an
    ASGI app), or use `serve`.
    """
    server: Server[Any] = Server(name, version=version, instructions=instructions)
    add_tools(
        server,
        tools,
        rename=rename,
        context=context,
        approval=approval,
        allow_unapproved=allow_unapproved,
        mask_errors=mask_errors,
        wrap_output=wrap_output,
        threaded=threaded,
    )
    return server
