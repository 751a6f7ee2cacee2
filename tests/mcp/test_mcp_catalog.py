"""Large catalogs over MCP: `tools/list` in pages (cursor) and list-changed notifications when
`add_tools` adds tools to a server already serving, with the official SDK client, both protocol
generations, in memory and over HTTP (uvicorn on 127.0.0.1)."""

from __future__ import annotations

import base64
import json
from typing import Any

import anyio
import mcp.types as mt
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_sample_server import free_port, http_server_thread

import interop
from interop.mcp import add_tools, asgi_app, build_server, from_mcp

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]


def numbered(n: int, prefix: str = "t") -> list[Any]:
    def make(i: int) -> Any:
        @interop.tool(name=f"{prefix}{i:04d}")
        def fn(x: int) -> dict[str, int]:
            """Add the tool's number to x."""
            return {"result": x + i}

        return fn

    return [make(i) for i in range(n)]


async def pages(client: Client) -> list[mt.ListToolsResult]:
    """Every page of the list, following nextCursor."""
    out = [await client.list_tools(cache_mode="bypass")]
    while out[-1].next_cursor is not None:
        out.append(await client.list_tools(cursor=out[-1].next_cursor, cache_mode="bypass"))
    return out


@pytest.mark.parametrize("mode", MODES)
async def test_a_large_catalog_is_listed_in_pages_the_client_follows(mode: str) -> None:
    tools = numbered(2500)
    async with Client(build_server(tools), mode=mode) as client:
        listed = await pages(client)
        assert [len(p.tools) for p in listed] == [1000, 1000, 500]
        assert [t.name for p in listed for t in p.tools] == [t.name for t in tools]
        # our own client follows the cursor too: every tool, callable
        found = await from_mcp(client)
        assert len(found) == 2500
        assert (await client.call_tool("t2499", {"x": 1})).structured_content == {"result": 2500}


async def test_page_size_is_an_option_and_none_lists_everything_at_once() -> None:
    tools = numbered(45)
    async with Client(build_server(tools, page_size=20)) as client:
        assert [len(p.tools) for p in await pages(client)] == [20, 20, 5]
    async with Client(build_server(numbered(1500), page_size=None)) as client:
        whole = await client.list_tools(cache_mode="bypass")
        assert len(whole.tools) == 1500 and whole.next_cursor is None
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError, match="page_size"):
            build_server(tools, page_size=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("cursor", ["nonsense", base64.urlsafe_b64encode(b"o:x").decode(), "", "dDo"])
async def test_an_invalid_cursor_is_an_invalid_params_error(cursor: str) -> None:
    async with Client(build_server(numbered(5), page_size=2)) as client:
        with pytest.raises(MCPError) as info:
            await client.list_tools(cursor=cursor, cache_mode="bypass")
    assert info.value.error.code == mt.INVALID_PARAMS


async def test_a_servers_own_tools_follow_ours_with_their_own_pages() -> None:
    server = MCPServer("mixed")
    for i in range(3):
        server.add_tool(lambda y=i: {"result": y}, name=f"own{i}", description="The server's own tool.")
    server.add_tool(lambda: "theirs", name="t0001", description="Shadowed by ours.")
    add_tools(server, numbered(5), page_size=2)
    async with Client(server) as client:
        listed = await pages(client)
        names = [t.name for p in listed for t in p.tools]
        assert names == ["t0000", "t0001", "t0002", "t0003", "t0004", "own0", "own1", "own2"]
        own = await client.call_tool("own1", {})
        assert json.loads(own.content[0].text) == {"result": 1}
        assert (await client.call_tool("t0001", {"x": 1})).structured_content == {"result": 2}


async def test_adding_tools_tells_a_2025_11_25_session_and_the_list_has_them() -> None:
    server = build_server(numbered(3))
    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, mt.ToolListChangedNotification):
            changed.set()

    async with Client(server, mode="legacy", message_handler=on_message) as client:
        assert client.server_capabilities.tools.list_changed is True
        assert len((await client.list_tools()).tools) == 3  # (kept by the client's cache)
        add_tools(server, numbered(2, prefix="new"))
        with anyio.fail_after(5):
            await changed.wait()
        names = [t.name for t in (await client.list_tools()).tools]  # the change evicted the cache
        assert names == ["t0000", "t0001", "t0002", "new0000", "new0001"]
        assert (await client.call_tool("new0001", {"x": 1})).structured_content == {"result": 2}


async def test_adding_tools_reaches_a_2026_07_28_listen_stream() -> None:
    server = build_server(numbered(3))
    async with Client(server, mode="auto") as client:
        assert len((await client.list_tools()).tools) == 3  # cached for the list's ttl (300 s)
        async with client.listen(tools_list_changed=True) as subscription:
            assert subscription.honored.tools_list_changed is True
            assert client.server_capabilities.tools.list_changed is True
            add_tools(server, numbered(1, prefix="late"))
            with anyio.fail_after(5):
                event = await subscription.__anext__()
        assert type(event).__name__ == "ToolsListChanged"
        names = [t.name for t in (await client.list_tools()).tools]  # the event evicted the cache
        assert names[-1] == "late0000" and len(names) == 4


async def test_a_name_already_served_is_refused_and_nothing_is_announced() -> None:
    server = build_server(numbered(2))
    with pytest.raises(ValueError, match="t0000"):
        add_tools(server, numbered(2))
    async with Client(server) as client:
        assert len((await client.list_tools(cache_mode="bypass")).tools) == 2


@pytest.mark.parametrize("mode", MODES)
async def test_over_http_pages_and_a_change_made_from_another_thread(mode: str) -> None:
    """The server runs in uvicorn's thread; the tools are added from the test's own thread (the
    change is sent on the server's loop), and the client is told on its stream."""
    app = asgi_app(numbered(1200))
    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, mt.ToolListChangedNotification):
            changed.set()

    with http_server_thread(app, free_port()) as url:
        async with Client(url, mode=mode, message_handler=on_message) as client:
            listed = await pages(client)
            assert [len(p.tools) for p in listed] == [1000, 200]
            assert (await client.call_tool("t1199", {"x": 0})).structured_content == {"result": 1199}
            if mode == "legacy":
                add_tools(app.server, numbered(1, prefix="new"))
                with anyio.fail_after(5):
                    await changed.wait()
            else:
                async with client.listen(tools_list_changed=True) as subscription:
                    await anyio.to_thread.run_sync(lambda: add_tools(app.server, numbered(1, prefix="new")))
                    with anyio.fail_after(5):
                        await subscription.__anext__()
            listed = await pages(client)
            assert [len(p.tools) for p in listed] == [1000, 201]
            assert listed[-1].tools[-1].name == "new0000"
