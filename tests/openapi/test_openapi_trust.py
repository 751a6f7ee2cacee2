"""OpenAPI tools against a real local HTTP server: what a model's arguments and a hostile (or
compromised) API can and cannot do.

- a path argument `.` or `..` never reaches the server (HTTP clients remove dot segments: the
  request would hit the parent resource);
- a cookie argument cannot add a cookie of its own;
- credentials (`headers=`, `auth=`, the client's own) never follow a redirect to another origin,
  and a body is never re-sent there (307/308);
- a response body is read up to `max_response_bytes`, decoded (a gzip bomb stops there);
- a HEAD call shows declared and harmless headers only (never `Set-Cookie` or internal tokens);
- a YAML alias bomb is refused before it is built.
"""

from __future__ import annotations

import gzip
import http.server
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

import interop
from interop.openapi import OpenAPIError, ToolRequestError, from_openapi

pytestmark = pytest.mark.anyio

BOMB = gzip.compress(b"0" * (32 * 2**20), compresslevel=9)  # 32 MiB of zeros in ~32 KB


class Seen:
    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], bytes]] = []


def _handler(seen: Seen, other: list[str]) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _record(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            seen.requests.append(
                (self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )

        def _send(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            if self.command != "HEAD":
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self) -> None:
            self._record()
            if self.path == "/redirect-away":
                self._send(302, headers={"Location": f"{other[0]}/landing"})
            elif self.path == "/redirect-home":
                self._send(302, headers={"Location": "/landing"})
            elif self.path == "/bomb":
                self._send(200, BOMB, {"Content-Type": "application/json", "Content-Encoding": "gzip"})
            else:
                self._send(200, b'{"ok": true}', {"Content-Type": "application/json"})

        def do_DELETE(self) -> None:
            self._record()
            self._send(200, b'{"deleted": true}', {"Content-Type": "application/json"})

        def do_POST(self) -> None:
            self._record()
            if self.path == "/pay":
                self._send(307, headers={"Location": f"{other[0]}/steal"})
            else:
                self._send(200, b'{"ok": true}', {"Content-Type": "application/json"})

        def do_HEAD(self) -> None:
            self._record()
            self._send(
                200,
                headers={
                    "Set-Cookie": "session=s3cr3t; HttpOnly",
                    "X-Internal-Token": "tok-internal-9",
                    "ETag": '"v1"',
                    "X-RateLimit-Remaining": "41",
                    "Content-Type": "application/json",
                },
            )

    return Handler


@contextmanager
def _server(seen: Seen, other: list[str]) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(seen, other))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _spec() -> dict[str, Any]:
    ok = {"200": {"description": "ok", "content": {"application/json": {"schema": {}}}}}
    path_param = {"in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/projects/{p}/files/{file}": {
                "delete": {
                    "operationId": "delete_file",
                    "parameters": [{"name": "p", **path_param}, {"name": "file", **path_param}],
                    "responses": ok,
                }
            },
            "/repos/{path}": {
                "get": {
                    "operationId": "get_path",
                    "parameters": [{"name": "path", **path_param, "x-multi-segment": True}],
                    "responses": ok,
                }
            },
            "/lang": {
                "get": {
                    "operationId": "set_lang",
                    "parameters": [
                        {"name": "lang", "in": "cookie", "schema": {"type": "string"}},
                        {"name": "prefs", "in": "cookie", "explode": True, "schema": {"type": "object"}},
                    ],
                    "responses": ok,
                }
            },
            "/redirect-away": {"get": {"operationId": "away", "responses": ok}},
            "/redirect-home": {"get": {"operationId": "home", "responses": ok}},
            "/bomb": {"get": {"operationId": "bomb", "responses": ok}},
            "/pay": {
                "post": {
                    "operationId": "pay",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "responses": ok,
                }
            },
            "/thing": {
                "head": {
                    "operationId": "check_thing",
                    "responses": {
                        "200": {"description": "ok", "headers": {"X-RateLimit-Remaining": {"schema": {}}}}
                    },
                }
            },
        },
    }


@contextmanager
def _api(**options: Any) -> Iterator[tuple[dict[str, Any], Seen, Seen]]:
    seen, elsewhere = Seen(), Seen()
    other: list[str] = []
    with _server(elsewhere, other) as other_url, _server(seen, [other_url]) as url:
        other.append(other_url)
        tools = {t.name: t for t in from_openapi(_spec(), base_url=url, **options)}
        yield tools, seen, elsewhere


async def test_dot_segments_never_reach_the_server() -> None:
    with _api() as (tools, seen, _):
        for bad in ("..", "."):
            with pytest.raises(interop.ToolError, match="path segment"):
                await interop.acall(tools["delete_file"], {"p": "demo", "file": bad})
        with pytest.raises(interop.ToolError, match="path segment"):
            await interop.acall(tools["get_path"], {"path": "docs/../../admin"})
        assert seen.requests == []
        await interop.acall(tools["delete_file"], {"p": "demo", "file": "..hidden"})
        await interop.acall(tools["delete_file"], {"p": "demo", "file": "a/.."})  # one segment: encoded
        await interop.acall(tools["get_path"], {"path": "docs/v1.2/readme.md"})
    assert [r[1] for r in seen.requests] == [
        "/projects/demo/files/..hidden",
        "/projects/demo/files/a%2F..",
        "/repos/docs/v1.2/readme.md",
    ]


async def test_a_cookie_argument_cannot_add_a_cookie() -> None:
    with _api() as (tools, seen, _):
        await interop.acall(tools["set_lang"], {"lang": "en; session=forged", "prefs": {"a; admin": "1"}})
    cookie = seen.requests[0][2]["cookie"]
    names = [part.split("=", 1)[0] for part in cookie.split("; ")]
    assert names == ["lang", "a%3B%20admin"]  # two cookies, as sent: no `session`
    assert cookie.startswith("lang=en%3B%20session=forged; ")


async def test_credentials_never_follow_a_redirect_to_another_origin() -> None:
    secret = {"X-Api-Key": "key-123", "Authorization": "Bearer tok-456"}
    with _api(headers=secret) as (tools, seen, elsewhere):
        assert await interop.acall(tools["home"], {}) == {"ok": True}  # same origin: followed as sent
        assert seen.requests[-1][1] == "/landing" and seen.requests[-1][2]["x-api-key"] == "key-123"
        assert await interop.acall(tools["away"], {}) == {"ok": True}  # another origin: no credential
        (landing,) = elsewhere.requests
        assert landing[1] == "/landing"
        assert not {"x-api-key", "authorization", "cookie"} & set(landing[2]), landing[2]
        with pytest.raises(ToolRequestError, match="another origin"):  # 307: the body would go there
            await interop.acall(tools["pay"], {"body": {"amount": 500}})
    assert len(elsewhere.requests) == 1


async def test_a_clients_own_credentials_never_follow_either() -> None:
    client = httpx.AsyncClient(headers={"Authorization": "Bearer client-tok"}, follow_redirects=True)
    with _api(client=client) as (tools, _, elsewhere):
        await interop.acall(tools["away"], {})
    await client.aclose()
    assert "authorization" not in elsewhere.requests[0][2]


async def test_a_gzip_bomb_stops_at_the_size_limit() -> None:
    with _api() as (tools, _, _):
        start = time.perf_counter()
        with pytest.raises(ToolRequestError, match="more than 10485760 bytes"):
            await interop.acall(tools["bomb"], {})
        assert time.perf_counter() - start < 10
    with _api(max_response_bytes=100) as (tools, _, _):  # the limit is the caller's to set
        assert await interop.acall(tools["home"], {}) == {"ok": True}
        with pytest.raises(ToolRequestError, match="more than 100 bytes"):
            await interop.acall(tools["bomb"], {})


async def test_head_shows_declared_and_harmless_headers_only() -> None:
    with _api() as (tools, _, _):
        result = await interop.acall(tools["check_thing"], {})
    assert result["status_code"] == 200
    headers = {k.lower(): v for k, v in result["headers"].items()}
    assert headers.get("etag") == '"v1"' and headers.get("x-ratelimit-remaining") == "41"
    assert "set-cookie" not in headers and "x-internal-token" not in headers


def test_a_yaml_alias_bomb_is_refused_at_once() -> None:
    bomb = "openapi: 3.1.0\ninfo: {title: x, version: '1'}\na: &a [x, x, x, x, x, x, x, x, x]\n"
    previous = "a"
    for name in "bcdefghi":
        bomb += f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]\n"
        previous = name
    bomb += "paths: {}\n"
    assert len(bomb) < 600
    start = time.perf_counter()
    with pytest.raises(OpenAPIError, match="alias bomb"):
        from_openapi(bomb, base_url="http://x")
    assert time.perf_counter() - start < 1
    with pytest.raises(OpenAPIError, match="cycle"):
        from_openapi("openapi: 3.1.0\nx: &x [1, *x]\npaths: {}\n", base_url="http://x")
    shared = "openapi: 3.1.0\ninfo: &i {title: x, version: '1'}\nx-copy: *i\npaths: {}\n"
    assert from_openapi(shared, base_url="http://x") == []  # ordinary aliases still load
