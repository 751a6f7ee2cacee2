"""`interop serve MODULE`: a real MCP server (stdio subprocess and streamable HTTP) a real client talks to."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp")
from mcp import StdioServerParameters  # noqa: E402

from interop import ToolError, acall  # noqa: E402
from interop.mcp import mcp_tools  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_serve_refuses_tools_that_need_approval_without_the_opt_in() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "interop", "serve", "acme_tools"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 2
    assert "delete_file" in r.stderr and "requires approval" in r.stderr
    assert "Traceback" not in r.stderr


def test_serve_unknown_module_is_one_line() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "interop", "serve", "no_such_mod"], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 2 and r.stderr.count("\n") == 1


@pytest.mark.anyio
async def test_serve_stdio_lists_and_calls() -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "interop", "serve", "acme_tools:TOOLS", "--allow-unapproved"],
        cwd=str(ROOT),
    )
    async with mcp_tools(params) as tools:
        by_name = {t.name: t for t in tools}
        assert set(by_name) == {
            "get_weather",
            "convert_currency",
            "place_order",
            "search_orders",
            "whoami",
            "delete_file",
        }
        assert by_name["get_weather"].title == "Current weather"
        assert by_name["get_weather"].meta["read_only"] is True
        assert by_name["delete_file"].meta["requires_approval"] is True
        assert await acall(by_name["get_weather"], {"city": "Oslo"}) == {
            "city": "Oslo",
            "temperature": 7.0,
            "units": "C",
            "conditions": "rain",
        }
        with pytest.raises(ToolError, match="unknown city"):
            await acall(by_name["get_weather"], {"city": "Atlantis"})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.anyio
async def test_serve_http() -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "interop",
            "serve",
            "acme_tools",
            "--transport",
            "http",
            "--port",
            str(port),
            "--allow-unapproved",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.1)
        async with mcp_tools(f"http://127.0.0.1:{port}/mcp") as tools:
            convert = next(t for t in tools if t.name == "convert_currency")
            assert await acall(convert, {"amount": 10, "source": "EUR", "target": "USD"}) == {
                "amount": "10.80",
                "currency": "USD",
                "rate": "1.08",
            }
    finally:
        proc.terminate()
        proc.wait(timeout=30)
