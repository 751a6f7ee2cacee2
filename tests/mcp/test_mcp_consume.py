"""Consuming MCP servers as neutral tools: `from_mcp` and `mcp_tools`, against real SDK servers."""

from __future__ import annotations

import asyncio
import base64
import warnings

import mcp.types as mt
import pytest
from mcp import Client
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp_sample_server import CALLS, PNG, TOOLS, add, place_order

import interop
from interop import (
    StandardToolValidationError,
    ToolError,
    ToolNameError,
    input_json_schema,
    output_json_schema,
    tool,
)
from interop.bridge import get_origin
from interop.mcp import build_server, from_mcp, mcp_tools, mcp_tools_sync

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_served_tool_comes_back_with_its_meta_and_schemas(mode: str) -> None:
    async with mcp_tools(build_server(TOOLS), mode=mode) as tools:
        back = {t.name: t for t in tools}
        for original in TOOLS:
            t = back[original.name]
            assert t.title == original.title
            assert t.description == original.description
            assert t.meta == original.meta
            assert input_json_schema(t) == input_json_schema(original)
            assert output_json_schema(t) == output_json_schema(original)
            assert isinstance(get_origin(t), mt.Tool)  # the MCP descriptor it came from
        assert back["add"].meta == {
            "read_only": True,
            "idempotent": True,
            "open_world": False,
            "tags": ["math"],
            "com.example/owner": "qa",
        }
        # calls: structured results come back as values (unwrapped when the server wrapped them)
        assert await interop.acall(back["add"], {"a": 2, "b": 3}) == 5
        assert await interop.acall(back["place_order"], {"items": [{"sku": "a", "qty": 2}]}) == {
            "total": 2,
            "skus": ["a"],
        }


async def test_arguments_are_validated_locally_before_the_call() -> None:
    CALLS.clear()
    async with mcp_tools(build_server([place_order])) as (order,):
        with pytest.raises(StandardToolValidationError) as info:
            await interop.acall(order, {"items": [{"sku": 3, "qty": 0}]})
        assert info.value.tool_name == "place_order" and info.value.target == "input"
        assert {".".join(map(str, i.path)) for i in info.value.issues} == {"items.0.qty", "items.0.sku"}
        assert CALLS == []
        assert (await interop.acall(order, {"items": [{"sku": "x", "qty": 1}]}))["total"] == 1
        assert CALLS == ["place_order"]


async def test_iserror_results_raise_tool_error_with_the_server_text() -> None:
    async with mcp_tools(build_server(TOOLS)) as tools:
        t = {x.name: x for x in tools}
        with pytest.raises(ToolError) as info:
            await interop.acall(t["place_order"], {"items": [{"sku": "discontinued", "qty": 1}]})
        # the server's text, without the "Error from tool ..." prefix (the next adapter adds its own)
        assert str(info.value) == "sku 'discontinued' is no longer sold; pick another"
        with pytest.raises(ToolError, match="internal error"):
            await interop.acall(t["crash"])
        assert await interop.acall(t["add"], {"a": 1, "b": 1}) == 2  # the session is still fine


async def test_rich_content_comes_back_as_neutral_content_values() -> None:
    async with mcp_tools(build_server(TOOLS)) as tools:
        picture = next(t for t in tools if t.name == "picture")
        result = await interop.acall(picture, {"caption": "a cat"})
    assert result == ["a cat", interop.Image(base64.b64decode(PNG), "image/png")]


async def test_a_consumed_tool_served_again_keeps_everything() -> None:
    """MCP -> neutral -> MCP: a proxy server exposes the same descriptor and the same content."""
    async with mcp_tools(build_server(TOOLS)) as tools:
        async with Client(build_server(tools), mode="legacy") as proxy:
            listed = {t.name: t for t in (await proxy.list_tools()).tools}
            assert listed["add"].annotations == mt.ToolAnnotations(
                title="Add numbers", read_only_hint=True, idempotent_hint=True, open_world_hint=False
            )
            r = await proxy.call_tool("picture", {"caption": "c"})
            assert [c.type for c in r.content] == ["text", "image"]
            r = await proxy.call_tool("add", {"a": 1, "b": 2})
            assert r.structured_content == {"result": 3}
            r = await proxy.call_tool("add", {"a": "x"})
            assert r.is_error and "Invalid arguments for tool 'add'" in r.content[0].text


async def test_sdk_mcpserver_tools_annotations_meta_and_wrapped_outputs() -> None:
    server = MCPServer("native")

    @server.tool(
        title="Multiply",
        annotations=mt.ToolAnnotations(read_only_hint=True, destructive_hint=False),
        meta={"com.example/cost": 2},
    )
    def mul(a: int, b: int) -> int:
        """Multiply two numbers."""
        return a * b

    @server.tool()
    def fail(x: int) -> str:
        """Fails on purpose."""
        raise ValueError("x must be even")

    async with mcp_tools(server) as tools:
        t = {x.name: x for x in tools}
        m = t["mul"]
        assert m.title == "Multiply" and m.description == "Multiply two numbers."
        assert m.meta == {"read_only": True, "destructive": False, "com.example/cost": 2}
        assert output_json_schema(m) == {
            "type": "integer",
            "title": "Result",
        }  # the SDK wraps as {"result": int}
        assert await interop.acall(m, {"a": 6, "b": 7}) == 42
        with pytest.raises(ToolError, match="Error executing tool fail"):
            await interop.acall(t["fail"], {"x": 1})


@tool(context="ctx")
def whoami(ctx: ServerRequestContext) -> str:
    """Who is calling (what the client put in the request `_meta`)."""
    return (ctx.meta or {}).get("com.example/user", "nobody")


def send_user(context: dict[str, str] | None) -> dict[str, str] | None:
    return {"com.example/user": context["user"]} if context else None


async def test_native_context_hook_and_rename() -> None:
    async with mcp_tools(build_server([whoami]), rename=lambda n: f"remote.{n}", native_context=send_user) as (t,):
        assert t.name == "remote.whoami"
        assert await interop.acall(t, {}, {"user": "ada"}) == "ada"
        assert await interop.acall(t, {}) == "nobody"
    async with Client(build_server([whoami])) as client:  # from_mcp itself; an async hook too
        async def later(context: dict[str, str]) -> dict[str, str]:
            return {"com.example/user": context["user"].upper()}

        (plain,) = await from_mcp(client)
        (hooked,) = await from_mcp(client, native_context=later)
        assert await interop.acall(plain, {}, {"user": "bo"}) == "nobody"  # by default nothing is sent
        assert await interop.acall(hooked, {}, {"user": "bo"}) == "BO"


async def test_request_meta_is_the_deprecated_name_of_native_context() -> None:
    server = build_server([whoami])
    with pytest.warns(DeprecationWarning, match="request_meta= is deprecated, use native_context="):
        async with mcp_tools(server, request_meta=send_user) as (t,):
            assert await interop.acall(t, {}, {"user": "ada"}) == "ada"
    async with Client(server) as client:
        with pytest.warns(DeprecationWarning, match="from_mcp: request_meta= is deprecated"):
            (t,) = await from_mcp(client, request_meta=send_user)
        assert await interop.acall(t, {}, {"user": "cy"}) == "cy"
        with pytest.raises(TypeError, match="pass native_context= only"):
            await from_mcp(client, native_context=send_user, request_meta=send_user)
    with pytest.raises(TypeError, match="pass native_context= only"):
        async with mcp_tools(server, native_context=send_user, request_meta=send_user):
            pass
    with warnings.catch_warnings():  # the new name says nothing
        warnings.simplefilter("error", DeprecationWarning)
        async with mcp_tools(server, native_context=send_user) as (t,):
            assert await interop.acall(t, {}, {"user": "di"}) == "di"


def test_mcp_tools_sync_takes_native_context() -> None:
    with mcp_tools_sync(build_server([whoami]), native_context=send_user) as (t,):
        assert interop.call(t, {}, {"user": "eve"}) == "eve"


async def test_two_tools_of_one_name_are_refused_as_every_from_x_tools_refuses_them() -> None:
    with pytest.raises(ToolNameError, match="'sum'"):  # renamed onto one name
        async with mcp_tools(build_server([add, place_order]), rename={"add": "sum", "place_order": "sum"}):
            pass

    async def list_tools(ctx: object, params: object) -> mt.ListToolsResult:  # a server listing one twice
        listed = mt.Tool(name="add", description="Add.", input_schema={"type": "object", "properties": {}})
        return mt.ListToolsResult(tools=[listed, listed])

    async def call_tool(ctx: object, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        return mt.CallToolResult(content=[mt.TextContent(type="text", text="0")])

    twice = Server("twice", on_list_tools=list_tools, on_call_tool=call_tool)
    async with Client(twice) as client:
        with pytest.raises(ToolNameError, match="'add'"):
            await from_mcp(client)
    async with mcp_tools(build_server([add, place_order]), rename={"add": "sum"}) as tools:
        assert sorted(t.name for t in tools) == ["place_order", "sum"]


async def test_one_session_serves_many_concurrent_calls() -> None:
    async with Client(build_server([add])) as client:
        (t,) = await from_mcp(client)
        results = await asyncio.gather(*(interop.acall(t, {"a": i, "b": i}) for i in range(200)))
    assert results == [2 * i for i in range(200)]


async def test_sync_call_from_another_thread_is_forwarded_to_the_session_loop() -> None:
    async with mcp_tools(build_server([add])) as (t,):
        # interop.call from a thread with no loop runs the coroutine on a fresh loop; the call is
        # forwarded to the loop that owns the session
        assert await asyncio.to_thread(interop.call, t, {"a": 20, "b": 22}) == 42


async def test_session_closed_tools_fail_clearly() -> None:
    async with mcp_tools(build_server([add]), mode="legacy") as (t,):
        pass
    with pytest.raises(RuntimeError, match="within an async context manager"):
        await interop.acall(t, {"a": 1, "b": 2})
    assert t.name == add.name


def test_mcp_tools_sync_in_a_sync_program() -> None:
    with mcp_tools_sync(build_server(TOOLS)) as tools:
        t = {x.name: x for x in tools}
        assert interop.call(t["add"], {"a": 1, "b": 2}) == 3
        with pytest.raises(ToolError, match="discontinued"):
            interop.call(t["place_order"], {"items": [{"sku": "discontinued", "qty": 1}]})
        assert interop.call(t["echo"], {"value": "v"}) == {"value": "v"}


async def test_mcp_tools_sync_serves_sync_calls_made_inside_a_running_loop() -> None:
    """The case `mcp_tools` cannot serve: a framework's sync path blocking the caller's loop."""
    with mcp_tools_sync(build_server([add]), mode="legacy") as (t,):
        assert interop.call(t, {"a": 2, "b": 2}) == 4  # blocks this loop; the session's is elsewhere
        assert await interop.acall(t, {"a": 3, "b": 3}) == 6


def test_mcp_tools_sync_connect_failure_is_raised() -> None:
    from mcp import StdioServerParameters

    with pytest.raises(FileNotFoundError):
        with mcp_tools_sync(StdioServerParameters(command="/nonexistent/server"), timeout=20):
            pass
