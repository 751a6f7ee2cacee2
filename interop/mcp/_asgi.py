"""`asgi_app(tools)`: neutral tools as a streamable-HTTP MCP endpoint to mount or run anywhere.

    from starlette.applications import Starlette
    from starlette.routing import Mount

    app = Starlette(routes=[Mount("/tools", app=asgi_app(TOOLS))])   # POST /tools/mcp

Starlette does not run a mounted app's lifespan, and the SDK's session manager must run before
the first request: the app starts it itself on its first request (in a task with a fresh context,
so no request's context variables leak into later sessions), or at startup when it is the
top-level app (uvicorn sends it the lifespan events). `app.lifespan()` hands a parent the same
start/stop for a clean shutdown.

Stateless mode (`stateless=True`) keeps nothing between requests, so several worker processes
serve one endpoint with no session affinity (`uvicorn pkg.mod:app --workers 4`); approval rounds
of 2026-07-28 clients then need one `approval_secret` shared by the workers.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from mcp.server.auth.middleware.auth_context import AuthContextMiddleware
from mcp.server.auth.middleware.bearer_auth import BearerAuthBackend, RequireAuthMiddleware
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.routes import build_resource_metadata_url, create_protected_resource_routes
from mcp.server.auth.settings import AuthSettings
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send
from typing_extensions import Unpack

from interop import StandardToolV0
from interop.bridge import exception_text

from ._server import BuildServerOptions, build_server

__all__ = ["MCPApp", "asgi_app", "host_security", "loopback_security"]

logger = logging.getLogger("interop.mcp")

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")
_LOOPBACK_HOSTS = ("127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", "[::1]", "[::1]:*")


def loopback_security() -> TransportSecuritySettings:
    """DNS-rebinding protection for a server bound to the loopback interface (the SDK's default)."""
    return host_security()


def _origins(hosts: Sequence[str]) -> list[str]:
    return [f"{scheme}://{host}" for host in hosts for scheme in ("http", "https")]


def host_security(
    bind: str | None = None,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
) -> TransportSecuritySettings:
    """The Host/Origin (DNS-rebinding) protection of an app: requests whose `Host` header is not an
    allowed host get HTTP 421, and browser requests from another origin HTTP 403.

    `allowed_hosts` (`"api.example.com"`, `"api.example.com:*"` for any port): by default the
    loopback names, plus `bind` itself when the server binds one address. `allowed_origins`
    (`"https://app.example.com"`): by default `http://` and `https://` of each allowed host. A
    server bound to every interface (`0.0.0.0`, `::`) with no `allowed_hosts` cannot know its
    names: it checks nothing (`serve` warns about such a server without authentication).
    """
    if allowed_hosts is None:
        if bind is not None and bind in WILDCARD:
            return TransportSecuritySettings(enable_dns_rebinding_protection=False)
        hosts = list(_LOOPBACK_HOSTS)
        if bind is not None and bind not in LOOPBACK:
            name = f"[{bind}]" if ":" in bind else bind
            hosts += [name, f"{name}:*"]
    else:
        hosts = list(allowed_hosts)
    origins = list(allowed_origins) if allowed_origins is not None else _origins(hosts)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


class MCPApp:
    """An ASGI app serving MCP over streamable HTTP at `path`; starts its session manager itself.

    Attributes: `server` (the low-level MCP `Server`), `session_manager`, `starlette` (the inner
    app), `well_known_routes` (the OAuth protected-resource metadata routes: add them to the
    parent's root routes when mounted, since clients look for them at the host root).
    """

    def __init__(self, server: Server[Any], manager: StreamableHTTPSessionManager, starlette: Starlette,
                 well_known_routes: list[BaseRoute]) -> None:  # fmt: skip
        self.server = server
        self.session_manager = manager
        self.starlette = starlette
        self.well_known_routes = well_known_routes
        self._lock = asyncio.Lock()
        self._started: asyncio.Event | None = None
        self._stop: asyncio.Event | None = None
        self._holder: asyncio.Task[None] | None = None
        self._failure: BaseException | None = None

    async def _hold(self, started: asyncio.Event, stop: asyncio.Event) -> None:
        try:
            async with self.session_manager.run():
                started.set()
                await stop.wait()
        except BaseException as e:
            self._failure = e
            started.set()
            raise

    async def start(self) -> None:
        """Start the session manager (once); later calls return at once."""
        if self._started is not None and self._started.is_set():
            self._raise_failure()
            return
        async with self._lock:
            if self._started is None:
                self._started, self._stop = asyncio.Event(), asyncio.Event()
                loop = asyncio.get_running_loop()
                # a fresh context: the sessions the manager spawns must not inherit this request's
                # context variables (an authenticated user, say)
                self._holder = contextvars.Context().run(
                    loop.create_task, self._hold(self._started, self._stop)
                )
            await self._started.wait()
        self._raise_failure()

    def _raise_failure(self) -> None:
        if self._failure is not None:
            raise RuntimeError("the MCP session manager failed to start") from self._failure

    async def stop(self) -> None:
        """Stop the session manager (ends open sessions)."""
        if self._stop is not None and self._holder is not None:
            self._stop.set()
            try:
                await self._holder
            except Exception as e:  # already reported when it happened
                logger.debug("MCP session manager stopped with %r", e)

    @asynccontextmanager
    async def lifespan(self, app: Any = None) -> AsyncIterator[None]:
        """For a parent app: `Starlette(routes=[Mount(...)], lifespan=mcp_app.lifespan)`."""
        await self.start()
        try:
            yield
        finally:
            await self.stop()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._serve_lifespan(receive, send)
            return
        await self.start()
        await self.starlette(scope, receive, send)

    async def _serve_lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    await self.start()
                except Exception as e:
                    await send({"type": "lifespan.startup.failed", "message": exception_text(e)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _has_bearer(scope: Scope) -> bool:
    """Whether the request sent bearer credentials at all (an `Authorization: Bearer ...` header)."""
    for key, value in scope.get("headers") or ():
        if key.lower() == b"authorization" and value[:7].lower() == b"bearer ":
            return True
    return False


class _Challenge:
    """The 401 of a request that sent no bearer credentials (RFC 6750 §3.1): `WWW-Authenticate:
    Bearer` with no error code (plus `resource_metadata` when configured); a request that sent a
    token goes on to the SDK's check (`invalid_token`, `insufficient_scope`)."""

    def __init__(self, app: RequireAuthMiddleware, metadata_url: Any) -> None:
        self.app = app
        challenge = "Bearer" if metadata_url is None else f'Bearer resource_metadata="{metadata_url}"'
        self.challenge = challenge.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _has_bearer(scope):
            await self.app(scope, receive, send)
            return
        body = b'{"error_description": "Authentication required: send Authorization: Bearer <token>"}'
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"www-authenticate", self.challenge),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def asgi_app(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    path: str = "/mcp",
    stateless: bool = False,
    token_verifier: TokenVerifier | None = None,
    auth: AuthSettings | None = None,
    json_response: bool = False,
    transport_security: TransportSecuritySettings | None = None,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    **options: Unpack[BuildServerOptions],
) -> MCPApp:
    """An ASGI app serving `tools` over MCP streamable HTTP at `path` (both protocol generations).

    - `stateless`: no session state between requests (several workers, no affinity).
    - `token_verifier`: the MCP SDK's `TokenVerifier`; requests without a valid
      `Authorization: Bearer` token get HTTP 401 (`WWW-Authenticate: Bearer` when they sent none,
      `error="invalid_token"` when theirs is wrong, as RFC 6750 says). `auth` (`AuthSettings`) adds the OAuth 2.1
      resource-server parts: required scopes (403 without them), the token's resource check, and
      the protected-resource metadata (RFC 9728) the `WWW-Authenticate` header points to.
      The verified identity is `interop.mcp.access_token(ctx)` in the context hook.
    - `allowed_hosts` / `allowed_origins`: the Host/Origin (DNS-rebinding) protection, on by
      default: only loopback hosts (`127.0.0.1`, `localhost`, `[::1]`, any port) are served until
      you name yours (`allowed_hosts=["api.example.com"]`); browser origins default to `http://`
      and `https://` of each allowed host (see `host_security`). `transport_security` (the SDK's
      settings) replaces both, e.g. `TransportSecuritySettings(enable_dns_rebinding_protection=False)`
      behind a proxy that checks `Host` itself.
    - other options: `build_server`'s (`name`, `version`, `title`, `instructions`, `icons`;
      `lifespan` / `context_factory`, one context for the app's lifetime, entered when the session
      manager starts) and so `add_tools`' (`context`, `approval`, `allow_unapproved`, `errors`,
      `approval_secret`, ...): see `BuildServerOptions`.
    """
    server = build_server(tools, **options)
    if transport_security is None:
        transport_security = host_security(None, allowed_hosts, allowed_origins)
    elif allowed_hosts is not None or allowed_origins is not None:
        raise ValueError("pass allowed_hosts/allowed_origins or transport_security, not both")
    manager = StreamableHTTPSessionManager(
        app=server, json_response=json_response, stateless=stateless, security_settings=transport_security
    )
    endpoint: Any = StreamableHTTPASGIApp(manager)
    middleware: list[Middleware] = []
    well_known: list[BaseRoute] = []
    if auth is not None and token_verifier is None:
        raise ValueError("auth= needs token_verifier= (the verifier checks each request's bearer token)")
    if token_verifier is not None:
        resource = auth.resource_server_url if auth is not None else None
        middleware = [
            Middleware(
                AuthenticationMiddleware,
                backend=BearerAuthBackend(
                    token_verifier,
                    resource_server_url=resource
                    if auth is not None and auth.validate_token_resource
                    else None,
                ),
            ),
            Middleware(AuthContextMiddleware),
        ]
        metadata_url = build_resource_metadata_url(resource) if resource is not None else None
        scopes = list(auth.required_scopes or []) if auth is not None else []
        endpoint = _Challenge(RequireAuthMiddleware(endpoint, scopes, metadata_url), metadata_url)
        if auth is not None and resource is not None:
            well_known = list(
                create_protected_resource_routes(
                    resource_url=resource,
                    authorization_servers=[auth.issuer_url],
                    scopes_supported=auth.required_scopes,
                )
            )
    routes: list[BaseRoute] = [Route(path, endpoint=endpoint), *well_known]
    return MCPApp(server, manager, Starlette(routes=routes, middleware=middleware), well_known)
