"""Real transports: stdio (a subprocess running `serve`) and streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_sample_server import TOOLS, free_port, http_server_thread, wait_for_port

import interop
from interop import ToolError
from interop.mcp import META_KEY, build_server, mcp_tools

pytestmark = pytest.mark.anyio

SERVER_SCRIPT = str(Path(__file__).with_name("mcp_sample_server.py"))


async def check_server(client: Client) -> None:
    """What every transport must show: the descriptor, structured results, isError, a usable session."""
    listed = {t.name: t for t in (await client.list_tools()).tools}
    add = listed["add"]
    assert add.title == "Add numbers" and add.description == "Add two integers."
    assert add.input_schema["required"] == ["a", "b"]
    assert add.annotations is not None and add.annotations.read_only_hint is True
    assert add.meta is not None and add.meta[META_KEY] == {"tags": ["math"]}
    r = await client.call_tool("place_order", {"items": [{"sku": "a", "qty": 4}]})
    assert r.structured_content == {"total": 4, "skus": ["a"]}
    r = await client.call_tool("place_order", {"items": [{"sku": "a", "qty": -1}]})
    assert r.is_error and "items.0.qty" in r.content[0].text
    r = await client.call_tool("add", {"a": 1, "b": 2})
    assert not r.is_error and r.content[0].text == "3"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_stdio_subprocess(mode: str) -> None:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_SCRIPT])
    async with Client(params, mode=mode) as client:
        await check_server(client)


async def test_stdio_subprocess_through_mcp_tools() -> None:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_SCRIPT])
    async with mcp_tools(params) as tools:
        t = {x.name: x for x in tools}
        assert t["add"].meta["tags"] == ["math"]
        assert await interop.acall(t["add"], {"a": 40, "b": 2}) == 42
        with pytest.raises(ToolError, match="discontinued"):
            await interop.acall(t["place_order"], {"items": [{"sku": "discontinued", "qty": 1}]})
        assert await interop.acall(t["echo"], {"value": "still here"}) == {"value": "still here"}


@pytest.mark.parametrize("stateless", [False, True])
async def test_streamable_http_in_a_thread(stateless: bool) -> None:
    app = build_server(TOOLS).streamable_http_app(stateless_http=stateless)
    with http_server_thread(app, free_port()) as url:
        for mode in ("legacy", "auto"):
            async with Client(url, mode=mode) as client:
                await check_server(client)
        async with mcp_tools(url) as tools:
            picture = next(t for t in tools if t.name == "picture")
            result = await interop.acall(picture, {"caption": "over http"})
            assert result[0] == "over http" and isinstance(result[1], interop.Image)


async def test_serve_streamable_http_subprocess() -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, SERVER_SCRIPT, "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port)
        async with Client(f"http://127.0.0.1:{port}/mcp") as client:
            await check_server(client)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
