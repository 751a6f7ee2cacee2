"""The guard in front of every request: Host, Origin, the per-run token, and safe headers.

- Host must be this server's own loopback address (no DNS rebinding);
- Origin, when a browser sends one, must be this server's own origin, and `/api/` requests from
  another site (`Sec-Fetch-Site: cross-site`/`same-site`) are refused;
- `/api/...` needs the token in the `X-Playground-Token` header (a custom header another origin
  can only send after a CORS preflight this server never grants); the page `/` needs it in the
  URL (`?token=`), which is what `interop playground` prints;
- `/static/...` (the page's own code, no data) needs no token;
- responses carry a strict Content-Security-Policy, no referrer (the URL holds the token), no
  framing and no caching.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["TOKEN_HEADER", "Guard", "new_token"]

TOKEN_HEADER = "x-playground-token"

_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; media-src 'self' data: blob:; connect-src 'self'; "
    "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", _CSP.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def new_token() -> str:
    """A fresh random token (192 bits)."""
    return secrets.token_urlsafe(24)


class Guard:
    """ASGI middleware enforcing the rules above for an app served on 127.0.0.1:`port`."""

    def __init__(self, app: ASGIApp, *, token: str, hosts: Iterable[str]) -> None:
        self.app = app
        self.token = token
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        if headers.get("host", "").lower() not in self.hosts:
            return (
                403,
                "refused: unexpected Host header (the playground answers only on its loopback address)",
            )
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, "refused: cross-origin request"
        path: str = scope["path"]
        if path.startswith("/static/"):
            return None
        if path.startswith("/api/"):
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return 403, "refused: cross-site request"
            given = headers.get(TOKEN_HEADER, "")
        else:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            given = (query.get("token") or [""])[0]
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return 401, (
                "refused: missing or wrong token. Open the URL `interop playground` printed "
                "(it ends with ?token=...)."
            )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            status, text = refusal
            response: Any = PlainTextResponse(text, status_code=status)
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
