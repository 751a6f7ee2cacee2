"""MCP both ways, on the official `mcp` SDK (2.x).

Serving: `serve(tools)` runs an MCP server over stdio or streamable HTTP; `build_server(tools)`
returns the SDK's low-level `Server`; `add_tools(server, tools)` adds neutral tools to a server
you already have (`Server` or `MCPServer`); `to_mcp(tool)` gives the `mcp.types.Tool` descriptor.

Consuming: `await from_mcp(session)` turns the tools of any MCP server into neutral tools that
call it through that session; `async with mcp_tools(source) as tools:` connects first (stdio
parameters, a URL, or an in-process server) and keeps the session open while you use them;
`with mcp_tools_sync(source) as tools:` does the same for sync code (session on a background loop).
"""

from __future__ import annotations

try:
    import mcp  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `mcp` to use `interop.mcp`: `pip install "interop[mcp]"`'
    ) from _import_error

from ._client import RequestMeta, from_mcp, mcp_tools
from ._descriptor import META_KEY, WRAP_MARKER, to_mcp
from ._result import MCPResult
from ._serve import serve, serve_async
from ._server import ContextHook, add_tools, build_server, default_context
from ._sync import mcp_tools_sync

__all__ = [
    "META_KEY",
    "WRAP_MARKER",
    "ContextHook",
    "MCPResult",
    "RequestMeta",
    "add_tools",
    "build_server",
    "default_context",
    "from_mcp",
    "mcp_tools",
    "mcp_tools_sync",
    "serve",
    "serve_async",
    "to_mcp",
]
