"""MCP both ways, on the official `mcp` SDK (2.x).

Serving: `serve(tools)` runs an MCP server over stdio or streamable HTTP; `asgi_app(tools)` is
the HTTP endpoint as an ASGI app to mount or run under any ASGI server (auth, several workers);
`build_server(tools)` returns the SDK's low-level `Server`; `add_tools(server, tools)` adds neutral tools to a server
you already have (`Server` or `MCPServer`); `to_mcp(tool)` gives the `mcp.types.Tool` descriptor.

Consuming: `await from_mcp(session)` turns the tools of any MCP server into neutral tools that
call it through that session; `async with mcp_tools(source) as tools:` connects first (stdio
parameters, a URL, or an in-process server) and keeps the session open while you use them;
`with mcp_tools_sync(source) as tools:` does the same for sync code (session on a background loop).

Tasks: a tool with `meta["task"] = True` (or `"optional"`) is served as an MCP task; a consumed
task-only tool is driven as one (`tasks_extension()` for a 2026-07-28 `mcp.Client` of your own).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "mcp", "mcp")

from ._approval import APPROVAL_INPUT_KEY, APPROVAL_META_KEY
from ._asgi import MCPApp, asgi_app
from ._client import (
    CONTEXT_META_KEY,
    ClientOptions,
    ElicitationCallback,
    ElicitationRequest,
    MCPToolsOptions,
    RequestMeta,
    context_from_meta,
    context_meta,
    elicitation_callback,
    from_mcp,
    mcp_tools,
)
from ._descriptor import EXECUTION_KEY, ICONS_KEY, META_KEY, WRAP_MARKER, to_mcp
from ._identity import StaticTokenVerifier, access_token
from ._nonces import MemoryNonceStore, NonceStore, SqliteNonceStore
from ._result import MCPResult, ResourceLink
from ._serve import UnprotectedServerWarning, serve, serve_async
from ._server import BuildServerOptions, ContextHook, add_tools, build_server, default_context
from ._sync import mcp_tools_sync
from ._task_client import tasks_extension
from ._tasks import TASKS_EXTENSION

__all__ = [
    "APPROVAL_INPUT_KEY",
    "APPROVAL_META_KEY",
    "CONTEXT_META_KEY",
    "EXECUTION_KEY",
    "ICONS_KEY",
    "META_KEY",
    "TASKS_EXTENSION",
    "WRAP_MARKER",
    "BuildServerOptions",
    "ClientOptions",
    "ContextHook",
    "ElicitationCallback",
    "ElicitationRequest",
    "MCPApp",
    "MCPResult",
    "MCPToolsOptions",
    "MemoryNonceStore",
    "NonceStore",
    "RequestMeta",
    "ResourceLink",
    "SqliteNonceStore",
    "StaticTokenVerifier",
    "UnprotectedServerWarning",
    "access_token",
    "add_tools",
    "asgi_app",
    "build_server",
    "context_from_meta",
    "context_meta",
    "default_context",
    "elicitation_callback",
    "from_mcp",
    "mcp_tools",
    "mcp_tools_sync",
    "serve",
    "serve_async",
    "tasks_extension",
    "to_mcp",
]
