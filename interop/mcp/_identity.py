"""Who is calling: the verified bearer token of an HTTP request, and a static-token verifier.

`access_token(ctx)` is what a context hook reads to let a tool act as its caller:

    def context(ctx):
        token = access_token(ctx)
        return {"user": token.subject or token.client_id, "scopes": token.scopes} if token else None

    app = asgi_app(tools, token_verifier=MyVerifier(), context=context)
"""

from __future__ import annotations

import hmac
from typing import Any

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.context import ServerRequestContext

__all__ = ["StaticTokenVerifier", "access_token"]


def access_token(ctx: ServerRequestContext[Any, Any]) -> AccessToken | None:
    """The verified `AccessToken` of the request behind `ctx` (client id, scopes, subject, claims).

    `None` on stdio and on HTTP without a `token_verifier`. Read from the HTTP request the
    message came in, so it is this request's caller even on a long-lived session. This, not
    `context_from_meta` (what the client writes in the request `_meta`, unverified), is where a
    caller's identity comes from.
    """
    request = ctx.request
    scope = getattr(request, "scope", None)
    if isinstance(scope, dict):
        user = scope.get("user")
        return user.access_token if isinstance(user, AuthenticatedUser) else None
    return get_access_token()


class StaticTokenVerifier:
    """A `TokenVerifier` accepting one shared secret bearer token (compared in constant time).

    What `interop serve --auth-token-env NAME` uses. The identity it reports is `client_id`
    (default `"static-token"`) with `scopes`.
    """

    def __init__(
        self, token: str, *, client_id: str = "static-token", scopes: list[str] | None = None
    ) -> None:
        if not token:
            raise ValueError("the static bearer token is empty")
        self._token = token.encode()
        self.client_id = client_id
        self.scopes = list(scopes or [])

    async def verify_token(self, token: str) -> AccessToken | None:
        """The identity when `token` is the configured one, else `None` (HTTP 401)."""
        if not hmac.compare_digest(token.encode(), self._token):
            return None
        return AccessToken(token="***", client_id=self.client_id, scopes=list(self.scopes))
