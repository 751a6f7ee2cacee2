"""Tool lists as 2026-07-28 clients expect them (caching hints, one order) and MCP Apps (`ui://`
resources, `_meta.ui`) both ways, with the real SDK client and MCP Inspector 2.12's `--app-info`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from mcp import Client
from reference_servers import inspector_cli

import interop
from interop.mcp import build_server, from_mcp, mcp_tools

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]
PAGE = "<!doctype html><html><body><div id='chart'></div></body></html>"
UI = {"resourceUri": "ui://sales/chart.html", "visibility": ["model", "app"], "prefersBorder": True}


@interop.tool(meta={"ui": UI, "read_only": True})
def sales_chart(region: str) -> dict[str, Any]:
    """Sales by month for a region, with an interactive chart."""
    return {"region": region, "months": [3, 5, 8]}


def make(name: str) -> Any:
    @interop.tool(name=name)
    def fn(x: int) -> int:
        """A numbered tool."""
        return x

    return fn


MANY = [make(f"t{i:02d}") for i in range(30, 0, -1)]  # given in an order that is not sorted


def counted(server: Any) -> list[str]:
    """Count the server's tools/list handler calls (what reaches the server)."""
    calls: list[str] = []
    entry = server.get_request_handler("tools/list")

    async def handler(ctx: Any, params: Any) -> Any:
        calls.append(ctx.protocol_version)
        return await entry.handler(ctx, params)

    server.add_request_handler("tools/list", mt.PaginatedRequestParams, handler)
    return calls


@pytest.mark.parametrize("mode", MODES)
async def test_tools_are_listed_in_the_given_order_every_time(mode: str) -> None:
    server = build_server(MANY)
    names = [t.name for t in MANY]
    for _ in range(2):  # two sessions
        async with Client(server, mode=mode) as client:
            first = await client.list_tools(cache_mode="bypass")
            again = await client.list_tools(cache_mode="bypass")
        assert [t.name for t in first.tools] == [t.name for t in again.tools] == names


async def test_list_caching_hints_and_the_client_honours_them() -> None:
    server = build_server(MANY)
    calls = counted(server)
    async with Client(server, mode="auto") as client:
        listed = await client.list_tools(cache_mode="bypass")
        assert listed.ttl_ms == 300_000 and listed.cache_scope == "public"
        calls.clear()
        first = await from_mcp(client)
        second = await from_mcp(client)  # within the hint: served from the client's cache
    assert [t.name for t in first] == [t.name for t in second] and len(calls) == 1

    never = build_server(MANY, list_ttl=0)
    calls = counted(never)
    async with Client(never, mode="auto") as client:
        await from_mcp(client)
        await from_mcp(client)
    assert len(calls) == 2  # ttl 0: asked every time
    with pytest.raises(ValueError, match="list_ttl"):
        build_server(MANY, list_ttl=-1)


@pytest.mark.parametrize("mode", MODES)
async def test_mcp_apps_ui_both_ways(mode: str) -> None:
    server = build_server([sales_chart], ui_resources={UI["resourceUri"]: PAGE})
    async with Client(server, mode=mode) as client:
        (listed,) = (await client.list_tools()).tools
        assert listed.meta is not None and listed.meta["ui"] == UI  # `_meta.ui`, not under our key
        (resource,) = (await client.list_resources()).resources
        assert resource.uri == UI["resourceUri"] and resource.mime_type == "text/html;profile=mcp-app"
        read = await client.read_resource(UI["resourceUri"])
        (contents,) = read.contents
        assert isinstance(contents, mt.TextResourceContents) and contents.text == PAGE
        if mode == "auto":
            assert "io.modelcontextprotocol/ui" in (client.server_capabilities.extensions or {})
    async with mcp_tools(server, mode=mode) as tools:
        (consumed,) = tools
        assert consumed.meta["ui"] == UI and consumed.meta["read_only"] is True  # kept for hosts
        assert await interop.acall(consumed, {"region": "emea"}) == {"region": "emea", "months": [3, 5, 8]}
        async with Client(build_server(tools), mode=mode) as proxy:  # served again: passed through
            (again,) = (await proxy.list_tools()).tools
    assert again.meta is not None and again.meta["ui"] == UI


def test_a_malformed_ui_is_refused_naming_the_tool() -> None:
    @interop.tool(meta={"ui": {"resourceUri": "https://example.com/app.html"}})
    def bad() -> str:
        """Bad UI."""
        return ""

    with pytest.raises(ValueError, match="tool 'bad': meta\\['ui'\\] must be a mapping with a 'resourceUri'"):
        build_server([bad])
    with pytest.raises(ValueError, match="ui:// scheme"):
        build_server([sales_chart], ui_resources={"https://x/app.html": PAGE})


APP_SERVER = """
import interop
from interop.mcp import serve

@interop.tool(meta={"ui": {"resourceUri": "ui://sales/chart.html"}})
def sales_chart(region: str) -> dict:
    '''Sales with a chart.'''
    return {"region": region}

page = {"html": "<html><body>chart</body></html>", "csp": {"connectDomains": ["https://api.example.com"]}}
serve([sales_chart], ui_resources={"ui://sales/chart.html": page})
"""


def test_inspector_sees_the_app_of_a_served_tool(tmp_path: Path) -> None:
    script = tmp_path / "app_server.py"
    script.write_text(APP_SERVER)
    run = subprocess.run(
        [*inspector_cli(), "--cli", sys.executable, str(script), "--advertise-apps",
         "--method", "tools/call", "--tool-name", "sales_chart", "--app-info"],
        capture_output=True, text=True, timeout=90, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    info = json.loads(run.stdout.strip().splitlines()[-1])
    assert info["resourceUri"] == "ui://sales/chart.html"
    assert "https://api.example.com" in json.dumps(info)
