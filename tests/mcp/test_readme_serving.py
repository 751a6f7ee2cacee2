"""docs/serving/production.md (the README's "Serving in production" until the README was cut)
runs as written: each Python block is written to the file its first line names (or run as is),
its app is served by uvicorn on 127.0.0.1 and called with a real MCP client; the shell lines and
the Claude-Desktop-style config are run too."""

from __future__ import annotations

import importlib
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_sample_server import free_port, http_server_thread, wait_for_port

import interop

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
SECTION = (ROOT / "docs" / "serving" / "production.md").read_text()  # the README section moved here
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", SECTION, re.S)


def python_blocks() -> dict[str, str]:
    """File name (or `snippet-N`) -> code."""
    out: dict[str, str] = {}
    for i, (lang, code) in enumerate(BLOCKS):
        if lang == "python":
            named = re.match(r"# (\w+)\.py", code)
            out[named.group(1) if named else f"snippet-{i}"] = code
    return out


@pytest.fixture
def modules(tmp_path, monkeypatch):
    """Import a named snippet as the module its first line names."""
    monkeypatch.syspath_prepend(str(tmp_path))
    blocks = python_blocks()

    def load(name: str):
        (tmp_path / f"{name}.py").write_text(blocks[name])
        sys.modules.pop(name, None)
        return importlib.import_module(name)

    return load


def test_the_section_has_the_snippets_it_promises() -> None:
    names = set(python_blocks())
    assert {"mcp_auth_app", "mcp_oauth_app", "service", "mcp_app"} <= names
    assert [lang for lang, _ in BLOCKS].count("json") == 1 and "sh" in [lang for lang, _ in BLOCKS]


async def test_static_token_app(modules, monkeypatch) -> None:
    monkeypatch.setenv("ACME_MCP_TOKEN", "tok-README")
    module = modules("mcp_auth_app")
    with http_server_thread(module.app, free_port()) as url:
        assert httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"}).status_code == 401
        client = httpx2.AsyncClient(headers={"Authorization": "Bearer tok-README"})
        async with Client(streamable_http_client(url, http_client=client)) as mcp:
            r = await mcp.call_tool("whoami", {})
    assert r.structured_content["user"] == "static-token"  # the caller's identity became the context


async def test_oauth_app(modules) -> None:
    module = modules("mcp_oauth_app")
    with http_server_thread(module.app, free_port()) as url:
        r = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert r.status_code == 401 and "resource_metadata=" in r.headers["www-authenticate"]
        base = url.removesuffix("/mcp")
        assert httpx.get(f"{base}/.well-known/oauth-protected-resource/mcp").json()["scopes_supported"] == [
            "tools"
        ]
        client = httpx2.AsyncClient(headers={"Authorization": "Bearer token-from-the-authorization-server"})
        async with Client(streamable_http_client(url, http_client=client)) as mcp:
            assert "get_weather" in [t.name for t in (await mcp.list_tools()).tools]


async def test_mounted_service(modules) -> None:
    module = modules("service")
    with http_server_thread(module.app, free_port()) as url:
        base = url.removesuffix("/mcp")
        assert httpx.get(f"{base}/health").text == "ok"
        async with Client(f"{base}/tools/mcp") as mcp:
            r = await mcp.call_tool("get_weather", {"city": "Oslo"})
    assert r.structured_content["conditions"] == "rain"


async def test_workers_app_and_its_shell_lines(tmp_path, modules, monkeypatch) -> None:
    monkeypatch.setenv("MCP_APPROVAL_SECRET", "x" * 64)
    module = modules("mcp_app")
    assert module.app.session_manager.stateless
    shell = next(code for lang, code in BLOCKS if lang == "sh")
    lines = [line.split("#")[0].strip() for line in shell.splitlines() if line.strip()]
    secret_line, uvicorn_line, interop_line = lines
    secret = subprocess.run(
        ["bash", "-c", secret_line + ' && echo "$MCP_APPROVAL_SECRET"'],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert len(secret) == 64
    bindir = Path(sys.executable).parent
    env = {**os.environ, "MCP_APPROVAL_SECRET": secret, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    for line in (uvicorn_line, interop_line):
        port = free_port()
        argv = shlex.split(line.replace("--port 8000", f"--port {port}"))
        if "--port" not in argv:
            argv += ["--port", str(port)]
        proc = subprocess.Popen(
            argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            wait_for_port(port, timeout=90)
            async with Client(f"http://127.0.0.1:{port}/mcp") as mcp:
                r = await mcp.call_tool("get_weather", {"city": "Rome"})
                assert r.structured_content["city"] == "Rome"
        finally:
            proc.terminate()
            proc.wait(timeout=30)


async def test_progress_snippet_and_context_snippet() -> None:
    blocks = [code for name, code in python_blocks().items() if name.startswith("snippet-")]
    progress_code, context_code = blocks
    scope: dict = {}
    exec(progress_code, scope)
    seen: list = []

    async def on_progress(progress, total, message) -> None:
        seen.append((progress, total, message))

    from interop.mcp import build_server, mcp_tools

    async with Client(build_server([scope["export"]])) as mcp:
        r = await mcp.call_tool("export", {"rows": 2}, progress_callback=on_progress)
    assert r.content[0].text == "ok" and seen == [(1, 2, "exporting"), (2, 2, "exporting")]

    scope = {}
    exec(context_code, scope)
    with http_server_thread(scope["app"], free_port()) as url:
        transport = streamable_http_client(
            url, http_client=httpx2.AsyncClient(headers={"Authorization": "Bearer a-long-random-token"})
        )
        async with mcp_tools(transport, native_context=scope["send_locale"]) as tools:
            whoami = next(t for t in tools if t.name == "whoami")
            # the caller is the token's identity; the client's context adds only the locale hint
            sent = {"user": "mallory", "locale": "de-DE", "password": "x"}
            assert await interop.acall(whoami, {}, sent) == {"user": "static-token", "locale": "de-DE"}


async def test_claude_desktop_style_config_starts_the_server() -> None:
    config = json.loads(next(code for lang, code in BLOCKS if lang == "json"))
    server = config["mcpServers"]["acme"]
    command = str(Path(sys.executable).parent / "interop")  # "/path/to/venv/bin/interop"
    params = StdioServerParameters(command=command, args=server["args"], cwd=str(ROOT))
    async with Client(params, mode="legacy") as mcp:
        assert "delete_file" in [t.name for t in (await mcp.list_tools()).tools]
