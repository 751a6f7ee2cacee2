"""Serving neutral tools over MCP, checked with the SDK's real client against an in-process server.

Both protocol eras: `mode="legacy"` (initialize handshake over memory streams, 2025-11-25) and the
default `mode="auto"` (2026-07-28, direct in-process dispatch).
"""

from __future__ import annotations

import asyncio
import time

import anyio
import mcp.types as mt
import pytest
from mcp import Client
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_sample_server import CALLS, PNG, TOOLS, add, aecho, crash, echo, picture, place_order

from interop import standard_tool, tool
from interop.errors import ToolNameError
from interop.mcp import META_KEY, WRAP_MARKER, add_tools, build_server, to_mcp

pytestmark = pytest.mark.anyio

ERAS = [("legacy", "2025-11-25"), ("auto", "2026-07-28")]


def wire(model: mt.Tool | mt.CallToolResult) -> dict:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_listing_carries_every_descriptor_field(mode: str, version: str) -> None:
    async with Client(build_server(TOOLS), mode=mode) as client:
        assert client.protocol_version == version
        tools = {t.name: wire(t) for t in (await client.list_tools()).tools}
    assert list(tools) == ["add", "place_order", "echo", "aecho", "crash", "picture"]
    a = tools["add"]
    assert a["title"] == "Add numbers"
    assert a["description"] == "Add two integers."
    assert a["inputSchema"] == {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    }
    assert a["annotations"] == {
        "title": "Add numbers",
        "readOnlyHint": True,
        "idempotentHint": True,
        "openWorldHint": False,
    }
    # namespaced keys go to _meta as they are; the rest travels under our key
    assert a["_meta"] == {"com.example/owner": "qa", META_KEY: {"tags": ["math"]}}
    if version == "2025-11-25":  # object roots required: the int output is wrapped
        assert a["outputSchema"] == {
            "type": "object",
            "properties": {"result": {"type": "integer"}},
            "required": ["result"],
            WRAP_MARKER: True,
        }
    else:  # 2026-07-28 allows any schema
        assert a["outputSchema"] == {"type": "integer"}
    order = tools["place_order"]
    assert order["annotations"] == {"title": "Place order", "readOnlyHint": False, "destructiveHint": False}
    assert order["inputSchema"]["properties"]["items"]["description"] == "what to order"
    assert order["inputSchema"]["$defs"]["Item"]["properties"]["qty"]["exclusiveMinimum"] == 0
    assert order["outputSchema"]["properties"]["total"] == {"type": "integer"}  # object output: never wrapped
    assert "_meta" not in order and "annotations" not in tools["echo"]
    assert "outputSchema" not in tools["picture"]


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_calls_return_text_and_structured_content(mode: str, version: str) -> None:
    async with Client(build_server(TOOLS), mode=mode) as client:
        r = await client.call_tool("add", {"a": 2, "b": 40})
        assert not r.is_error
        assert [c.text for c in r.content if isinstance(c, mt.TextContent)] == ["42"]
        assert r.structured_content == ({"result": 42} if version == "2025-11-25" else 42)

        r = await client.call_tool("place_order", {"items": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 3}]})
        assert r.structured_content == {"total": 5, "skus": ["a", "b"]}
        assert r.content[0].text == '{"total":5,"skus":["a","b"]}'  # JSON text, never a repr

        r = await client.call_tool("picture", {"caption": "a cat"})
        assert [c.type for c in r.content] == ["text", "image"]
        assert r.content[1].data == PNG and r.structured_content is None


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_bad_arguments_are_iserror_results_and_the_session_stays_usable(
    mode: str, version: str
) -> None:
    CALLS.clear()
    async with Client(build_server(TOOLS), mode=mode) as client:
        r = await client.call_tool("place_order", {"items": [{"sku": "a", "qty": 0}], "note": 5})
        assert r.is_error
        text = r.content[0].text
        assert "Invalid arguments for tool 'place_order'" in text
        assert "items.0.qty" in text and "note" in text
        assert CALLS == []  # the function never ran

        r = await client.call_tool("add", {"a": "one"})
        assert r.is_error and "a:" in r.content[0].text and "b: Field required" in r.content[0].text
        assert CALLS == []

        r = await client.call_tool("place_order", {"items": [{"sku": "discontinued", "qty": 1}]})
        assert r.is_error
        assert (
            r.content[0].text
            == "Error from tool 'place_order': sku 'discontinued' is no longer sold; pick another"
        )

        r = await client.call_tool("crash", {})
        assert r.is_error and "internal error" in r.content[0].text and "hunter2" not in r.content[0].text

        with pytest.raises(MCPError, match="Unknown tool"):  # a protocol error, as the spec says
            await client.call_tool("no_such_tool", {})

        r = await client.call_tool("add", {"a": 1, "b": 1})  # still usable
        assert not r.is_error and "2" in r.content[0].text
        assert CALLS == ["place_order", "add"]  # the ToolError call ran; the bad-argument ones never did


async def test_unexpected_errors_can_be_shown() -> None:
    async with Client(build_server([crash], mask_errors=False)) as client:
        r = await client.call_tool("crash", {})
    assert r.is_error and "RuntimeError: database password is hunter2" in r.content[0].text


async def test_default_context_is_the_request_context_and_the_hook_maps_it() -> None:
    seen: list[object] = []

    @tool(context="ctx")
    def who(ctx: object) -> str:
        """Report the caller."""
        seen.append(ctx)
        return "ok"

    async with Client(build_server([who]), mode="legacy") as client:
        await client.call_tool("who", {}, meta={"com.example/user": "ada"})
    assert isinstance(seen[0], ServerRequestContext)
    assert seen[0].meta is not None and seen[0].meta.get("com.example/user") == "ada"

    def user_from_meta(ctx: ServerRequestContext) -> str | None:
        return (ctx.meta or {}).get("com.example/user")

    async with Client(build_server([who], context=user_from_meta)) as client:
        await client.call_tool("who", {}, meta={"com.example/user": "grace"})
    assert seen[1] == "grace"


async def test_requires_approval_is_never_dropped() -> None:
    @tool(meta={"requires_approval": True, "destructive": True})
    def wipe(path: str) -> str:
        """Delete a directory."""
        return f"wiped {path}"

    # served by default: a client that cannot ask its user is refused, and the tool does not run
    async with Client(build_server([wipe])) as client:
        refused = await client.call_tool("wipe", {"path": "/tmp/x"})
    assert refused.is_error and "cannot ask its user" in refused.content[0].text

    asked: list[dict] = []

    def approve(request) -> bool:
        asked.append(request.input)
        return request.input["path"] != "/"

    async with Client(build_server([wipe], approval=approve)) as client:
        ok = await client.call_tool("wipe", {"path": "/tmp/x"})
        denied = await client.call_tool("wipe", {"path": "/"})
        listed = (await client.list_tools()).tools[0]
    assert ok.structured_content == "wiped /tmp/x"
    assert denied.is_error and "not approved" in denied.content[0].text
    assert asked == [{"path": "/tmp/x"}, {"path": "/"}]
    # the flag travels in _meta, so an interop-based client can ask its own user
    assert listed.meta == {META_KEY: {"requires_approval": True}}
    assert listed.annotations is not None and listed.annotations.destructive_hint is True

    async with Client(build_server([wipe], allow_unapproved=True)) as client:
        assert not (await client.call_tool("wipe", {"path": "/"})).is_error


async def test_add_tools_to_an_existing_mcpserver_keeps_its_own_tools() -> None:
    server = MCPServer("existing")

    @server.tool()
    def native_mul(a: int, b: int) -> int:
        """Multiply."""
        return a * b

    add_tools(server, [add, echo])
    async with Client(server) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        assert names == ["add", "echo", "native_mul"]
        assert (await client.call_tool("native_mul", {"a": 3, "b": 4})).structured_content == {"result": 12}
        assert (await client.call_tool("echo", {"value": "x"})).structured_content == {"value": "x"}
        assert (await client.call_tool("add", {"a": "bad"})).is_error


async def test_names_are_checked_and_renames_applied() -> None:
    bad = standard_tool(name="has space", description="d", execute=lambda: 1)
    with pytest.raises(ToolNameError, match="not valid for mcp"):
        build_server([bad])
    assert to_mcp(bad, rename="has_space").name == "has_space"
    async with Client(build_server([bad, add], rename={"has space": "fixed", "add": "math.add"})) as client:
        assert [t.name for t in (await client.list_tools()).tools] == ["fixed", "math.add"]
        assert (await client.call_tool("math.add", {"a": 1, "b": 2})).structured_content == 3


async def test_sync_tools_run_off_the_event_loop() -> None:
    """A slow sync tool does not block the server: async calls complete meanwhile."""
    async with Client(build_server([echo, aecho])) as client:
        slow_done: list[float] = []
        fast_done: list[float] = []
        start = time.perf_counter()

        async def slow() -> None:
            await client.call_tool("echo", {"value": "s", "delay_ms": 400})
            slow_done.append(time.perf_counter() - start)

        async def fast() -> None:
            await asyncio.sleep(0.05)
            for i in range(5):
                r = await client.call_tool("aecho", {"value": str(i)})
                assert r.structured_content == {"value": str(i)}
            fast_done.append(time.perf_counter() - start)

        async with anyio.create_task_group() as tg:
            tg.start_soon(slow)
            tg.start_soon(fast)
    assert fast_done[0] < slow_done[0]


async def test_non_object_input_schema_is_refused() -> None:
    scalar = standard_tool(name="square", description="d", execute=lambda x: x * x, input_schema=int)
    with pytest.raises(ValueError, match="object input schema"):
        to_mcp(scalar)


async def test_descriptor_remembers_its_tool_and_wrapping_keeps_defs_resolvable() -> None:
    from interop.bridge import get_origin

    d = to_mcp(place_order)
    assert get_origin(d) is place_order

    @tool
    def items() -> list[dict[str, int]] | None:
        """Items or nothing."""
        return None

    wrapped = to_mcp(items).output_schema
    assert wrapped is not None and wrapped["required"] == ["result"] and wrapped[WRAP_MARKER] is True
    raw = to_mcp(items, wrap_output=False).output_schema
    assert raw is not None and "anyOf" in raw and wrapped["properties"]["result"] == raw
    _ = picture


async def test_context_factory_is_entered_once_for_the_server_lifetime() -> None:
    from acme_tools import whoami
    from mcp_sample_server import OPENED, acme_context

    OPENED.clear()
    server = build_server([whoami], context_factory=acme_context)
    async with Client(server, mode="legacy") as client:
        for _ in range(3):
            r = await client.call_tool("whoami", {})
            assert r.structured_content == {"user": "factory-user", "locale": "de-DE"}
    assert OPENED == ["open", "closed"]
    with pytest.raises(TypeError, match="not both"):
        build_server([whoami], context_factory=acme_context, context=lambda ctx: None)


class Handle:
    """A live object: no JSON form."""


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_a_shaped_tool_whose_value_has_no_json_form_is_served_by_its_model_output(
    mode: str, version: str
) -> None:
    # what our own "cannot be sent as JSON" error advises: `with_model_output` decides what the
    # model sees; the raw value (no JSON form) then has no structuredContent to go to
    from interop import with_model_output

    @tool
    def open_handle(name: str):  # type: ignore[no-untyped-def]  # no output schema: any value
        """Open a handle."""
        return Handle()

    shaped = with_model_output(open_handle, lambda h: f"opened {type(h).__name__}")
    async with Client(build_server([shaped]), mode=mode) as client:
        r = await client.call_tool("open_handle", {"name": "x"})
        assert not r.is_error and r.content[0].text == "opened Handle" and r.structured_content is None

    open_typed = standard_tool(
        name="open_typed",
        description="Open a handle.",
        execute=lambda args: Handle(),
        input_schema={"type": "object", "properties": {"name": {"type": "string"}}},
        output_schema={"description": "anything"},  # an output schema: structured content is promised
    )
    promised = with_model_output(open_typed, lambda h: "opened")
    async with Client(build_server([promised]), mode=mode) as client:
        r = await client.call_tool("open_typed", {"name": "x"})
        assert (
            r.is_error
            and "'open_typed'" in r.content[0].text
            and "cannot be sent as JSON" in r.content[0].text
        )
