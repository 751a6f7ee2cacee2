"""`interop serve --timeout SECONDS` with the real MCP client, over stdio and streamable HTTP
(issue 39 item 2): a call past the limit is an `isError` result the client reads, the session goes
on, and a tool's own meta `timeout` still holds when it is the shorter one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")
from interop_cli import interop_cli
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from test_cli_serve import _start, _stop

from interop import ToolError, acall
from interop.mcp import mcp_tools

pytestmark = pytest.mark.anyio

SLOW_TOOLS = '''
import asyncio
import time

import interop


@interop.tool
async def nap(seconds: float) -> str:
    """Sleep, then answer."""
    await asyncio.sleep(seconds)
    return f"rested {seconds}"


@interop.tool
def block(seconds: float) -> str:
    """Sleep on a thread, then answer."""
    time.sleep(seconds)
    return f"blocked {seconds}"


@interop.tool(meta={"timeout": 0.3})
async def quick(seconds: float) -> str:
    """Must answer within 0.3 s, whatever the server allows."""
    await asyncio.sleep(seconds)
    return f"quick {seconds}"
'''


@pytest.fixture
def slow_tools(tmp_path: Path) -> Path:
    (tmp_path / "slow_tools.py").write_text(SLOW_TOOLS, encoding="utf-8")
    return tmp_path


async def _check(tools: list) -> None:
    by_name = {t.name: t for t in tools}
    with pytest.raises(ToolError, match=r"did not finish within 1 s and was stopped"):
        await acall(by_name["nap"], {"seconds": 30})
    assert await acall(by_name["nap"], {"seconds": 0}) == "rested 0.0"  # the session goes on
    with pytest.raises(ToolError, match=r"did not finish within 1 s"):
        await acall(by_name["block"], {"seconds": 3})  # a sync tool: the call returns at the limit
    with pytest.raises(ToolError, match=r"did not finish within 0.3 s"):
        await acall(by_name["quick"], {"seconds": 0.8})  # its own, shorter limit holds
    assert await acall(by_name["quick"], {"seconds": 0}) == "quick 0.0"


async def _check_raw(session: ClientSession) -> None:
    """The same through the bare client session: the limits are the server's (a consumed tool
    also applies its copy of meta["timeout"] on the client side)."""
    await session.initialize()
    r = await session.call_tool("nap", {"seconds": 30})
    assert r.is_error and r.content[0].text == (
        "Error from tool 'nap': the call did not finish within 1 s and was stopped; try a smaller request"
    )
    r = await session.call_tool("quick", {"seconds": 0.8})
    assert r.is_error and "did not finish within 0.3 s" in r.content[0].text
    r = await session.call_tool("quick", {"seconds": 0})
    assert not r.is_error and r.content[0].text == "quick 0.0"


async def test_serve_stdio_timeout(slow_tools: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "interop", "serve", "slow_tools", "--timeout", "1"],
        cwd=str(slow_tools),
    )
    async with mcp_tools(params) as tools:
        await _check(tools)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await _check_raw(session)


async def test_serve_http_timeout(slow_tools: Path) -> None:
    proc, port = _start("slow_tools", "--timeout", "1", env={"PYTHONPATH": str(slow_tools)})
    try:
        async with mcp_tools(f"http://127.0.0.1:{port}/mcp") as tools:
            await _check(tools)
        async with (
            streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write, *_),
            ClientSession(read, write) as session,
        ):
            await _check_raw(session)
    finally:
        _stop(proc)


def test_serve_refuses_a_bad_timeout(slow_tools: Path) -> None:
    r = interop_cli("serve", "slow_tools", "--timeout", "-2", cwd=slow_tools)
    assert r.returncode != 0 and "--timeout must be a positive number of seconds, got -2" in r.stderr
    assert "Traceback" not in r.stderr
