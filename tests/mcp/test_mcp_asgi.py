"""`asgi_app`: mounted the plain way, with auth (static bearer token, OAuth resource server),
identity in the context hook, on both protocol generations; real uvicorn on 127.0.0.1."""

from __future__ import annotations

import anyio
import httpx
import httpx2
import mcp.types as mt
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp_sample_server import TOOLS, free_port, http_server_thread
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route
from test_mcp_transports import check_server

import interop
from interop import tool
from interop.mcp import (
    StaticTokenVerifier,
    access_token,
    asgi_app,
    context_from_meta,
    context_meta,
    mcp_tools,
)

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]


@tool(context="ctx", meta={"read_only": True})
def whoami(ctx: object) -> dict:
    """Who is calling (from the context the hook built)."""
    return ctx if isinstance(ctx, dict) else {"caller": None}


def caller(ctx) -> dict:
    """A context hook acting as the caller: the verified token's identity."""
    token = access_token(ctx)
    if token is None:
        return {"caller": None}
    return {"caller": token.subject or token.client_id, "scopes": token.scopes}


def with_token(url: str, token: str | None):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers))


def ping(request) -> PlainTextResponse:
    return PlainTextResponse("pong")


@pytest.mark.parametrize("stateless", [False, True])
async def test_mounted_the_plain_way_serves_both_generations(stateless: bool) -> None:
    """`Mount("/tools", app=asgi_app(tools))`: the parent never runs the sub-app's lifespan."""
    parent = Starlette(
        routes=[Route("/ping", ping), Mount("/tools", app=asgi_app(TOOLS, stateless=stateless))]
    )
    with http_server_thread(parent, free_port()) as url:
        base = url.removesuffix("/mcp")
        assert httpx.get(f"{base}/ping").text == "pong"
        for mode in MODES:
            async with Client(f"{base}/tools/mcp", mode=mode) as client:
                await check_server(client)
                assert client.server_info is None or client.server_info.version == interop.__version__
        async with mcp_tools(f"{base}/tools/mcp") as tools:
            add = next(t for t in tools if t.name == "add")
            assert await interop.acall(add, {"a": 1, "b": 2}) == 3


async def test_mounted_app_with_a_parent_lifespan_and_approval_on_both_generations() -> None:
    @tool(meta={"requires_approval": True})
    def wipe(path: str) -> str:
        """Delete."""
        return f"wiped {path}"

    sub = asgi_app([wipe])
    parent = Starlette(routes=[Mount("/t", app=sub)], lifespan=sub.lifespan)

    async def yes(context, params):
        return mt.ElicitResult(action="accept", content={"approve": True})

    with http_server_thread(parent, free_port()) as url:
        for mode in MODES:
            async with Client(url.replace("/mcp", "/t/mcp"), mode=mode, elicitation_callback=yes) as client:
                r = await client.call_tool("wipe", {"path": "/x"})
                assert not r.is_error and r.content[0].text == "wiped /x"


@pytest.mark.parametrize("mode", MODES)
async def test_static_bearer_token_401_and_identity(mode: str) -> None:
    app = asgi_app([whoami], token_verifier=StaticTokenVerifier("s3cret", client_id="ci-bot"), context=caller)
    with http_server_thread(app, free_port()) as url:
        body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        r = httpx.post(url, json=body)  # no credentials: a plain challenge, no error code (RFC 6750 3.1)
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = httpx.post(url, json=body, headers={"Authorization": "Basic dXNlcjpwdw=="})  # another scheme
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = httpx.post(url, json=body, headers={"Authorization": "Bearer wrong"})
        assert r.status_code == 401 and 'error="invalid_token"' in r.headers["www-authenticate"]
        with pytest.raises(Exception):  # the SDK raises its own error for a 401 (differs per generation)
            async with Client(with_token(url, "wrong"), mode=mode) as client:
                await client.list_tools()
        async with Client(with_token(url, "s3cret"), mode=mode) as client:
            r = await client.call_tool("whoami", {})
        assert r.structured_content == {"caller": "ci-bot", "scopes": []}


class Tokens:
    """An OAuth-style verifier: opaque tokens -> identities with subjects, scopes and claims."""

    def __init__(self, port: int) -> None:
        self.known = {
            "tok-ada": AccessToken(token="tok-ada", client_id="app", scopes=["tools"], subject="ada",
                                   claims={"iss": "https://auth.example.com"}),
            "tok-bob": AccessToken(token="tok-bob", client_id="app", scopes=["tools"], subject="bob"),
            "tok-noscope": AccessToken(token="tok-noscope", client_id="app", scopes=[], subject="eve"),
        }  # fmt: skip

    async def verify_token(self, token: str) -> AccessToken | None:
        return self.known.get(token)


async def test_oauth_resource_server_scopes_metadata_and_per_request_identity() -> None:
    port = free_port()
    resource = f"http://127.0.0.1:{port}/mcp"
    auth = AuthSettings(
        issuer_url="https://auth.example.com",
        resource_server_url=resource,
        required_scopes=["tools"],
        validate_token_resource=False,
    )
    app = asgi_app([whoami], token_verifier=Tokens(port), auth=auth, context=caller)
    with http_server_thread(app, port) as url:
        r = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert r.status_code == 401
        metadata_url = f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp"
        assert r.headers["www-authenticate"] == f'Bearer resource_metadata="{metadata_url}"'
        r = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                       headers={"Authorization": "Bearer unknown"})  # fmt: skip
        assert r.status_code == 401 and 'error="invalid_token"' in r.headers["www-authenticate"]
        assert f'resource_metadata="{metadata_url}"' in r.headers["www-authenticate"]
        metadata = httpx.get(metadata_url).json()
        assert metadata["resource"] == resource
        assert metadata["authorization_servers"] == ["https://auth.example.com"]
        assert metadata["scopes_supported"] == ["tools"]
        r = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                       headers={"Authorization": "Bearer tok-noscope"})  # fmt: skip
        assert r.status_code == 403

        seen: dict[str, list] = {"ada": [], "bob": []}

        async def one(user: str, mode: str) -> None:
            async with Client(with_token(url, f"tok-{user}"), mode=mode) as client:
                for _ in range(5):
                    seen[user].append((await client.call_tool("whoami", {})).structured_content["caller"])

        async with anyio.create_task_group() as tg:  # concurrent sessions never see each other's identity
            for mode in MODES:
                tg.start_soon(one, "ada", mode)
                tg.start_soon(one, "bob", mode)
        assert seen == {"ada": ["ada"] * 10, "bob": ["bob"] * 10}


async def test_auth_needs_a_verifier() -> None:
    with pytest.raises(ValueError, match="token_verifier"):
        asgi_app([whoami], auth=AuthSettings(issuer_url="https://a.example", resource_server_url=None))


INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


async def test_dns_rebinding_protection_is_on_by_default() -> None:
    """A page on attacker.example whose name now resolves to 127.0.0.1 sends its own Host and Origin."""
    with http_server_thread(asgi_app(TOOLS), free_port()) as url:
        port = url.split(":")[2].split("/")[0]
        ok = httpx.post(url, json=INIT, headers=MCP_HEADERS)
        assert ok.status_code == 200
        rebound = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Host": f"attacker.example:{port}"})
        assert rebound.status_code == 421
        cross = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": "http://attacker.example"})
        assert cross.status_code == 403
        same = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": f"http://127.0.0.1:{port}"})
        assert same.status_code == 200


async def test_allowed_hosts_and_origins_name_the_deployment() -> None:
    app = asgi_app(TOOLS, allowed_hosts=["tools.example.com"], allowed_origins=["https://app.example.com"])
    with http_server_thread(app, free_port()) as url:
        named = {**MCP_HEADERS, "Host": "tools.example.com"}
        assert httpx.post(url, json=INIT, headers=named).status_code == 200
        assert httpx.post(url, json=INIT, headers=MCP_HEADERS).status_code == 421  # 127.0.0.1 is not named
        page = {**named, "Origin": "https://app.example.com"}
        assert httpx.post(url, json=INIT, headers=page).status_code == 200
        other = {**named, "Origin": "https://tools.example.com.attacker.example"}
        assert httpx.post(url, json=INIT, headers=other).status_code == 403
    with pytest.raises(ValueError, match="not both"):
        asgi_app(TOOLS, allowed_hosts=["x"], transport_security=interop.mcp._asgi.loopback_security())


def test_host_security_defaults() -> None:
    from interop.mcp._asgi import host_security

    loop = host_security()
    assert loop.enable_dns_rebinding_protection and "localhost:*" in loop.allowed_hosts
    assert "https://localhost:*" in loop.allowed_origins and "http://127.0.0.1:*" in loop.allowed_origins
    one = host_security("10.1.2.3")
    assert {"10.1.2.3", "10.1.2.3:*", "127.0.0.1:*"} <= set(one.allowed_hosts)
    assert "[fd00::1]:*" in host_security("fd00::1").allowed_hosts
    assert not host_security("0.0.0.0").enable_dns_rebinding_protection
    named = host_security("0.0.0.0", ["mcp.internal"])
    assert named.allowed_hosts == ["mcp.internal"] and named.allowed_origins == [
        "http://mcp.internal",
        "https://mcp.internal",
    ]


def token_and_hints(ctx) -> dict:
    """docs/serving/production.md's hook: the caller from the token, hints from the client's `_meta`."""
    token = access_token(ctx)
    sent = context_from_meta(ctx) or {}
    return {"user": token.client_id if token else None, "locale": sent.get("locale", "en")}


@tool(context="ctx")
def whoami_full(ctx: object) -> dict:
    """The whole context the hook built."""
    return ctx if isinstance(ctx, dict) else {}


@pytest.mark.parametrize("mode", MODES)
async def test_client_meta_adds_hints_and_never_replaces_the_token_identity(mode: str) -> None:
    """`context_from_meta` is what the client writes: a client claiming to be someone else in
    `_meta` is still the token's caller (issue 38, item 13)."""
    app = asgi_app(
        [whoami_full], token_verifier=StaticTokenVerifier("s3cret", client_id="ci-bot"), context=token_and_hints
    )
    forged = context_meta({"user": "admin", "locale": "fr"})
    with http_server_thread(app, free_port()) as url:
        async with Client(with_token(url, "s3cret"), mode=mode) as client:
            r = await client.call_tool("whoami_full", {}, meta=forged)
    assert r.structured_content == {"user": "ci-bot", "locale": "fr"}
