"""Serving and consuming details, with real SDK clients and servers on both protocol generations:
logging (`logging/setLevel`, the 2026-07-28 opt-in), progress from sync and async tools, the
descriptor (`$schema`, title, icons, `execution`, `serverInfo.version`), consumed content as
neutral values served again as the same blocks, task-required tools, exceptions out of
`mcp_tools`, and per-call context to a remote server."""

from __future__ import annotations

import asyncio
import base64

import mcp.types as mt
import pytest
from conformance_fixture import png_pixel, wav_silence
from mcp import Client
from mcp.server.lowlevel import Server
from mcp_sample_server import TOOLS, free_port, http_server_thread

import interop
from interop import Audio, File, Image, InteropError, ToolError, standard_tool, tool
from interop.mcp import (
    EXECUTION_KEY,
    ResourceLink,
    asgi_app,
    build_server,
    context_from_meta,
    context_meta,
    mcp_tools,
)

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]


@tool
async def chatty(items: int = 2) -> str:
    """Logs at two levels and reports progress."""
    interop.log("starting", level="debug")
    for i in range(items):
        interop.progress(i + 1, items, f"item {i + 1}")
        interop.log("item done", level="info", item=i + 1)
        await asyncio.sleep(0)
    interop.log("almost out of quota", level="warning")
    return "done"


@tool
def chatty_sync(items: int = 3) -> str:
    """The same from a sync tool (it runs on a worker thread)."""
    for i in range(items):
        interop.progress(i + 1, items)
        interop.log(f"step {i + 1}", level="notice")
    return "done"


class Logs:
    def __init__(self) -> None:
        self.entries: list[tuple[str, object]] = []

    async def __call__(self, params: mt.LoggingMessageNotificationParams) -> None:
        self.entries.append((params.level, params.data))


async def test_set_level_filters_log_notifications_on_2025_11_25() -> None:
    logs = Logs()
    async with Client(build_server([chatty]), mode="legacy", logging_callback=logs) as client:
        assert (await client.call_tool("chatty", {"items": 1})).content[0].text == "done"
        everything = list(logs.entries)
        logs.entries.clear()
        assert (await client.set_logging_level("warning")).model_dump(exclude_none=True) == {}
        await client.call_tool("chatty", {"items": 1})
    assert [level for level, _ in everything] == ["debug", "info", "warning"]
    assert everything[1][1] == {"message": "item done", "item": 1}
    assert logs.entries == [("warning", "almost out of quota")]


async def test_logs_need_the_request_opt_in_on_2026_07_28() -> None:
    quiet, opted = Logs(), Logs()
    async with Client(build_server([chatty]), logging_callback=quiet) as client:
        await client.call_tool("chatty", {"items": 1})
    async with Client(build_server([chatty]), logging_callback=opted, log_level="info") as client:
        await client.call_tool("chatty", {"items": 1})
    assert quiet.entries == []
    assert [level for level, _ in opted.entries] == ["info", "warning"]


@pytest.mark.parametrize("where", ["inproc", "http"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["chatty", "chatty_sync"])
async def test_progress_reaches_the_caller_in_order(where: str, mode: str, name: str) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    server = build_server([chatty, chatty_sync])
    if where == "inproc":
        async with Client(server, mode=mode) as client:
            r = await client.call_tool(name, {"items": 3}, progress_callback=on_progress)
    else:
        with http_server_thread(asgi_app([chatty, chatty_sync]), free_port()) as url:
            async with Client(url, mode=mode) as client:
                r = await client.call_tool(name, {"items": 3}, progress_callback=on_progress)
                await asyncio.sleep(0.1)
    assert r.content[0].text == "done"
    assert [(p, t) for p, t, _ in seen] == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["chatty", "chatty_sync"])
async def test_a_consumed_tools_progress_passes_through_a_proxy(mode: str, name: str) -> None:
    """A consumed tool reports the server's progress notifications as its own progress: served
    again, its caller sees them (the proxy kept them to itself before)."""
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with mcp_tools(build_server([chatty, chatty_sync]), mode=mode) as tools:
        assert await interop.acall(tools[0], {"items": 2}) == "done"  # nobody listening: dropped
        async with Client(build_server(tools), mode=mode) as proxy:
            r = await proxy.call_tool(name, {"items": 3}, progress_callback=on_progress)
    assert r.content[0].text == "done"
    messages = ["item 1", "item 2", "item 3"] if name == "chatty" else [None] * 3
    assert seen == [(1, 3, messages[0]), (2, 3, messages[1]), (3, 3, messages[2])]


def test_progress_and_log_outside_a_served_call_do_nothing() -> None:
    assert interop.progress(1, 2) is False and interop.log("x") is False
    assert interop.call(chatty_sync, {"items": 1}) == "done"


raw = standard_tool(
    name="raw",
    title="Raw schema",
    description="A raw 2020-12 JSON Schema input.",
    execute=lambda input: input,
    input_schema={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"x": {"type": "integer"}},
    },
    meta={
        "icons": [{"src": "data:image/png;base64,AAAA", "mimeType": "image/png", "sizes": ["16x16"]}],
        EXECUTION_KEY: {"taskSupport": "optional"},
    },
)

draft7 = standard_tool(
    name="draft7",
    description="A draft-07 schema, served as 2020-12.",
    execute=lambda input: input,
    input_schema={
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "definitions": {"n": {"type": "integer"}},
        "properties": {"x": {"$ref": "#/definitions/n"}},
    },
)


@pytest.mark.parametrize("mode", MODES)
async def test_descriptor_keeps_schema_dialect_title_icons_and_execution(mode: str) -> None:
    async with Client(build_server([raw, draft7]), mode=mode) as client:
        assert client.server_info is None or client.server_info.version == interop.__version__
        listed = {
            t.name: t.model_dump(by_alias=True, exclude_none=True, mode="json")
            for t in (await client.list_tools()).tools
        }
    r = listed["raw"]
    assert r["inputSchema"]["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert r["title"] == "Raw schema"
    assert r["icons"] == [{"src": "data:image/png;base64,AAAA", "mimeType": "image/png", "sizes": ["16x16"]}]
    assert "icons" not in r.get("_meta", {}).get("io.github.interop/meta", {})
    if mode == "legacy":
        assert r["execution"] == {"taskSupport": "optional"}
    d = listed["draft7"]["inputSchema"]
    assert d["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert d["properties"]["x"] == {"$ref": "#/$defs/n"}


async def test_server_info_version_over_legacy_initialize() -> None:
    async with Client(build_server(TOOLS), mode="legacy") as client:
        assert client.server_info is not None and client.server_info.version == interop.__version__


async def test_server_info_options_reach_the_client_and_the_rest_are_add_tools_options() -> None:
    icon = mt.Icon(src="data:image/png;base64,AAAA", mime_type="image/png")
    server = build_server(
        TOOLS, name="acme", version="9.1", title="Acme tools", instructions="Add first.", icons=[icon]
    )
    async with Client(server, mode="legacy") as client:
        info = client.server_info
        assert info is not None
        assert (info.name, info.version, info.title, info.icons) == ("acme", "9.1", "Acme tools", [icon])
        assert client.instructions == "Add first."
        assert "add" in {t.name for t in (await client.list_tools()).tools}
    with pytest.raises(TypeError, match="unknown option 'titel'"):
        build_server(TOOLS, titel="Acme tools")  # type: ignore[call-arg]


# ---------------------------------------------------------------------- consumed content values

PNG = png_pixel((0, 128, 255))
WAV = wav_silence()
PDF = b"%PDF-1.4 tiny"


def media_server() -> Server:
    """An SDK low-level server (not ours) whose tools return every kind of content block."""

    async def list_tools(ctx, params) -> mt.ListToolsResult:
        schema = {"type": "object", "properties": {}}
        return mt.ListToolsResult(
            tools=[
                mt.Tool(name="screenshot", description="A PNG.", input_schema=schema),
                mt.Tool(name="report", description="Every kind.", input_schema=schema),
            ]
        )

    async def call_tool(ctx, params) -> mt.CallToolResult:
        image = mt.ImageContent(type="image", data=base64.b64encode(PNG).decode(), mime_type="image/png")
        if params.name == "screenshot":
            return mt.CallToolResult(content=[image])
        return mt.CallToolResult(
            content=[
                mt.TextContent(type="text", text="Quarterly report"),
                image,
                mt.AudioContent(type="audio", data=base64.b64encode(WAV).decode(), mime_type="audio/wav"),
                mt.EmbeddedResource(
                    type="resource",
                    resource=mt.BlobResourceContents(
                        uri="file:///r/report.pdf",
                        mime_type="application/pdf",
                        blob=base64.b64encode(PDF).decode(),
                    ),
                ),
                mt.ResourceLink(
                    type="resource_link", uri="file:///r/raw.csv", name="raw.csv", mime_type="text/csv"
                ),
            ]
        )

    return Server("media", on_list_tools=list_tools, on_call_tool=call_tool)


@pytest.mark.parametrize("mode", MODES)
async def test_consumed_content_blocks_are_neutral_values_and_go_out_as_the_same_blocks(mode: str) -> None:
    async with mcp_tools(media_server(), mode=mode) as tools:
        t = {x.name: x for x in tools}
        shot = await interop.acall(t["screenshot"], {})
        assert shot == Image(PNG, "image/png") and shot.data.startswith(b"\x89PNG")
        report = await interop.acall(t["report"], {})
        assert report[:4] == [
            "Quarterly report",
            Image(PNG, "image/png"),
            Audio(WAV, "audio/wav"),
            File(PDF, "application/pdf", name="file:///r/report.pdf"),
        ]
        link = report[4]
        assert isinstance(link, ResourceLink) and isinstance(link, str)
        assert (link.uri, link.name, link.mime_type) == ("file:///r/raw.csv", "raw.csv", "text/csv")
        assert link == "raw.csv: file:///r/raw.csv (text/csv)"  # what a model reads

        async with Client(build_server(tools), mode=mode) as proxy:  # served again
            r = await proxy.call_tool("report", {})
            assert [c.type for c in r.content] == ["text", "image", "audio", "resource", "resource_link"]
            assert base64.b64decode(r.content[1].data) == PNG
            assert r.content[3].resource.uri == "file:///r/report.pdf"
            assert base64.b64decode(r.content[3].resource.blob) == PDF
            assert r.content[4].uri == "file:///r/raw.csv" and r.content[4].name == "raw.csv"
            assert r.structured_content is None
            r = await proxy.call_tool("screenshot", {})
            assert [c.type for c in r.content] == ["image"]


async def test_a_consumed_screenshot_reaches_a_langchain_model_as_an_image() -> None:
    pytest.importorskip("interop.langchain")
    from langchain_core.messages import ToolMessage

    from interop.langchain import to_langchain

    async with mcp_tools(media_server()) as tools:
        shot = next(t for t in tools if t.name == "screenshot")
        message = await to_langchain(shot).ainvoke(
            {"type": "tool_call", "id": "c1", "name": "screenshot", "args": {}}
        )
    assert isinstance(message, ToolMessage)
    assert message.content == [
        {"type": "image", "base64": base64.b64encode(PNG).decode(), "mime_type": "image/png"}
    ]  # an image block the model sees, not the JSON of MCP blocks
    assert message.artifact == Image(PNG, "image/png")


# ---------------------------------------------------------------------- tasks, exceptions, context


def task_server() -> Server:
    async def list_tools(ctx, params) -> mt.ListToolsResult:
        schema = {"type": "object", "properties": {}}
        return mt.ListToolsResult(
            tools=[
                mt.Tool(name="long_job", description="Only as a task.", input_schema=schema,
                        execution=mt.ToolExecution(task_support="required")),
                mt.Tool(name="maybe_task", description="Task optional.", input_schema=schema,
                        execution=mt.ToolExecution(task_support="optional")),
            ]
        )  # fmt: skip

    async def call_tool(ctx, params) -> mt.CallToolResult:
        return mt.CallToolResult(content=[mt.TextContent(type="text", text=f"ran {params.name}")])

    return Server("tasks", on_list_tools=list_tools, on_call_tool=call_tool)


async def test_task_required_tools_are_refused_clearly_or_skipped_and_execution_survives() -> None:
    with pytest.raises(InteropError, match=r"'long_job' runs only as a task.*task_required='run'"):
        async with mcp_tools(task_server(), mode="legacy", task_required="error"):
            pass
    with pytest.warns(UserWarning, match="'long_job' runs only as a task and is left out"):
        async with mcp_tools(task_server(), mode="legacy", task_required="skip") as tools:
            names = [t.name for t in tools]
    assert names == ["maybe_task"]
    async with mcp_tools(task_server(), mode="legacy", task_required="skip") as tools:
        assert [t.name for t in tools] == ["maybe_task"]
        (maybe,) = tools
        assert maybe.meta[EXECUTION_KEY] == {"taskSupport": "optional"}
        assert await interop.acall(maybe, {}) == "ran maybe_task"
        async with Client(build_server(tools), mode="legacy") as proxy:
            (listed,) = (await proxy.list_tools()).tools
    assert listed.execution == mt.ToolExecution(task_support="optional")


@pytest.mark.parametrize("mode", MODES)
async def test_exceptions_raised_in_the_block_come_out_unwrapped(mode: str) -> None:
    with pytest.raises(ToolError, match="no longer sold"):
        async with mcp_tools(build_server(TOOLS), mode=mode) as tools:
            order = next(t for t in tools if t.name == "place_order")
            await interop.acall(order, {"items": [{"sku": "discontinued", "qty": 1}]})
    with pytest.raises(KeyError):
        async with mcp_tools(build_server(TOOLS), mode=mode):
            raise KeyError("mine")


@tool(context="ctx")
def whoami(ctx: object = None) -> dict:
    """The per-call context the server's hook built."""
    return {"context": ctx}


@pytest.mark.parametrize("where", ["inproc", "http"])
@pytest.mark.parametrize("mode", MODES)
async def test_per_call_context_round_trips_through_request_meta(where: str, mode: str) -> None:
    """Client: `native_context` sends chosen context fields in the request `_meta`; server:
    `context=context_from_meta`."""

    def send(context: dict | None) -> dict | None:
        return context_meta({"user": context["user"], "locale": context["locale"]}) if context else None

    server = build_server([whoami], context=context_from_meta)

    async def run(source) -> None:
        async with mcp_tools(source, mode=mode, native_context=send) as (t,):
            secret = {"user": "ada", "locale": "fi-FI", "db_password": "hunter2"}
            assert await interop.acall(t, {}, secret) == {"context": {"user": "ada", "locale": "fi-FI"}}
            assert await interop.acall(t, {}) == {"context": None}

    if where == "inproc":
        await run(server)
    else:
        with http_server_thread(asgi_app([whoami], context=context_from_meta), free_port()) as url:
            await run(url)


def broken_schema_server(output: bool) -> Server:
    good = {"type": "object", "properties": {"q": {"type": "string"}}}
    bad = {"type": "object", "properties": {"limit": {"type": "integer", "minimum": "ten"}}}

    async def list_tools(ctx, params) -> mt.ListToolsResult:
        return mt.ListToolsResult(
            tools=[
                mt.Tool(name="fine", description="A good tool.", input_schema=good),
                mt.Tool(name="broken", description="A buggy or hostile descriptor.",
                        input_schema=good if output else bad, output_schema=bad if output else None),
            ]
        )  # fmt: skip

    async def call_tool(ctx, params) -> mt.CallToolResult:
        return mt.CallToolResult(content=[mt.TextContent(type="text", text="ran")])

    return Server("broken", on_list_tools=list_tools, on_call_tool=call_tool)


@pytest.mark.parametrize("output", [False, True])
async def test_a_descriptor_whose_schema_is_not_json_schema_is_refused_naming_the_tool_and_place(
    output: bool,
) -> None:
    from interop.errors import SchemaConversionError

    which = "output" if output else "input"
    with pytest.raises(SchemaConversionError) as info:
        async with mcp_tools(broken_schema_server(output), mode="legacy"):
            pass
    assert str(info.value) == (
        f"MCP tool 'broken': its {which} schema is not valid JSON Schema at /properties/limit/minimum: "
        "'ten' is not of type 'number'"
    )
