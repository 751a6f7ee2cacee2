"""`serve` / `serve_async`: run neutral tools as an MCP server over stdio or streamable HTTP."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import anyio
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.stdio import stdio_server
from typing_extensions import Unpack

from interop import StandardToolV0, ToolSet
from interop._kit import blocking_twin

from ._asgi import LOOPBACK, asgi_app, host_security
from ._server import BuildServerOptions, build_server

__all__ = ["UnprotectedServerWarning", "serve", "serve_async"]

Transport = Literal["stdio", "streamable-http"]


class UnprotectedServerWarning(UserWarning):
    """An HTTP server reachable beyond this machine serves its tools to anyone (no auth)."""


def unprotected_message(host: str, flag: str = "token_verifier=") -> str:
    """The warning for a non-loopback host without auth (`flag` names the fix)."""
    return (
        f"serving MCP on {host} without authentication: anyone who can reach this port can call every "
        f"tool, destructive ones included; pass {flag} or bind to 127.0.0.1"
    )


async def serve_async(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    transport: Transport = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    path: str = "/mcp",
    stateless: bool = False,
    json_response: bool = False,
    token_verifier: TokenVerifier | None = None,
    auth: AuthSettings | None = None,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    log_level: str = "warning",
    **options: Unpack[BuildServerOptions],
) -> None:
    """Serve `tools` until the transport closes (stdio) or the server is stopped (HTTP).

    `options` are those of `build_server` (`name`, `version`, `title`, `instructions`, `icons`,
    `lifespan`, `context_factory`) and of `add_tools` (`rename`, `context`, `approval`,
    `allow_unapproved`, `errors`, `wrap_output`, `approval_secret`, `threaded`): see
    `BuildServerOptions`. Over HTTP the endpoint is
    `http://host:port/path`; `stateless` and `json_response` are the SDK's streamable-HTTP modes;
    `token_verifier` (and `auth`) require a bearer token (see `asgi_app`). The server checks the
    `Host` and `Origin` headers (DNS-rebinding protection): loopback names, and `host` itself when
    it is one address; `allowed_hosts` / `allowed_origins` name others (bound to `0.0.0.0` it
    checks only what `allowed_hosts` names, nothing without it). Bound elsewhere than loopback
    without `token_verifier` it warns (`UnprotectedServerWarning`).
    """
    if transport == "stdio":
        server = build_server(tools, **options)
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
        return
    if transport != "streamable-http":
        raise ValueError(f"unknown transport {transport!r}: use 'stdio' or 'streamable-http'")
    import uvicorn  # a dependency of the mcp SDK

    if host not in LOOPBACK and token_verifier is None:
        warnings.warn(unprotected_message(host), UnprotectedServerWarning, stacklevel=2)
    app = asgi_app(
        tools,
        path=path,
        stateless=stateless,
        token_verifier=token_verifier,
        auth=auth,
        json_response=json_response,
        transport_security=host_security(host, allowed_hosts, allowed_origins),
        **options,
    )
    await uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level=log_level)).serve()


@blocking_twin(serve_async)
def serve(tools: Iterable[StandardToolV0[Any, Any, Any]], **kwargs: Any) -> None:
    """Blocking `serve_async` (same arguments): `serve(tools)` is a stdio MCP server,
    `serve(tools, transport="streamable-http", port=8000)` an HTTP one."""
    given = tools if isinstance(tools, ToolSet) else list(tools)  # a set keeps its options
    anyio.run(functools.partial(serve_async, given, **kwargs))
