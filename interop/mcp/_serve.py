"""`serve` / `serve_async`: run neutral tools as an MCP server over stdio or streamable HTTP."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Literal

import anyio
from mcp.server.stdio import stdio_server

from interop import StandardToolV0

from ._server import build_server

__all__ = ["serve", "serve_async"]

Transport = Literal["stdio", "streamable-http"]


async def serve_async(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    transport: Transport = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    path: str = "/mcp",
    name: str = "interop",
    version: str = "",
    instructions: str | None = None,
    stateless: bool = False,
    json_response: bool = False,
    log_level: str = "warning",
    **options: Any,
) -> None:
    """Serve `tools` until the transport closes (stdio) or the server is stopped (HTTP).

    `options` are those of `add_tools` (`rename`, `context`, `approval`, `allow_unapproved`,
    `mask_errors`, `wrap_output`, `threaded`). Over HTTP the endpoint is `http://host:port/path`;
    `stateless` and `json_response` are the SDK's streamable-HTTP modes. Bound to 127.0.0.1 the
    SDK enables DNS-rebinding protection.
    """
    server = build_server(tools, name=name, version=version, instructions=instructions, **options)
    if transport == "stdio":
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
        return
    if transport != "streamable-http":
        raise ValueError(f"unknown transport {transport!r}: use 'stdio' or 'streamable-http'")
    import uvicorn  # a dependency of the mcp SDK

    app = server.streamable_http_app(
        streamable_http_path=path, json_response=json_response, stateless_http=stateless, host=host
    )
    await uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level=log_level)).serve()


def serve(tools: Iterable[StandardToolV0[Any, Any, Any]], **kwargs: Any) -> None:
    """Blocking `serve_async` (same arguments): `serve(tools)` is a stdio MCP server,
    `serve(tools, transport="streamable-http", port=8000)` an HTTP one."""
    anyio.run(functools.partial(serve_async, list(tools), **kwargs))
