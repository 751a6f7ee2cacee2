"""`interop.code_mode` served over MCP, checked with the SDK's real client: in process (both
protocol generations, the request context reaching inner tools, errors as isError results, images
as image content) and as a stdio subprocess (the sandbox's workers under a served process)."""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from mcp import Client, StdioServerParameters
from mcp.server.context import ServerRequestContext

import interop
from interop import Image, ToolError
from interop.mcp import build_server, mcp_tools

pytest.importorskip("pydantic_monty")

pytestmark = pytest.mark.anyio

ERAS = [("legacy", "2025-11-25"), ("auto", "2026-07-28")]
PNG = b"\x89PNG\r\n\x1a\n" + b"\x02" * 16
SERVER_SCRIPT = str(Path(__file__).with_name("code_mode_server.py"))

SEEN: list[Any] = []


@interop.tool(context="ctx")
def whoami(ctx: Any) -> str:
    """Who is calling."""
    SEEN.append(ctx)
    return ctx if isinstance(ctx, str) else type(ctx).__name__


@interop.tool
def price(item: str) -> float:
    """The price of an item."""
    return {"tea": 3.5, "cake": 4.25}[item]


@interop.tool
def photo(item: str) -> Image:
    """A photo of an item."""
    return Image(PNG, "image/png")


def texts(result: mt.CallToolResult) -> list[str]:
    return [c.text for c in result.content if isinstance(c, mt.TextContent)]


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_served_code_tool_lists_and_runs(mode: str, version: str) -> None:
    SEEN.clear()
    async with Client(build_server([interop.code_mode([whoami, price])]), mode=mode) as client:
        assert client.protocol_version == version
        (listed,) = (await client.list_tools()).tools
        assert listed.name == "run_code"
        assert "async def price(item: str) -> float:" in (listed.description or "")
        assert listed.input_schema["required"] == ["code"]
        program = "import asyncio\nps = await asyncio.gather(price('tea'), price('cake'))\nprint(await whoami())\nsum(ps)"
        r = await client.call_tool("run_code", {"code": program})
        assert not r.is_error
        assert texts(r) == ["ServerRequestContext\nResult: 7.75"]
    assert isinstance(SEEN[0], ServerRequestContext)


async def test_the_servers_context_hook_reaches_inner_tools() -> None:
    def user(ctx: ServerRequestContext) -> str | None:
        return (ctx.meta or {}).get("com.example/user")

    server = build_server([interop.code_mode([whoami])], context=user)
    async with Client(server) as client:
        r = await client.call_tool("run_code", {"code": "await whoami()"}, meta={"com.example/user": "ada"})
    assert texts(r) == ["ada"]


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_errors_are_iserror_results_and_the_session_goes_on(mode: str, version: str) -> None:
    async with Client(build_server([interop.code_mode([price], timeout=1)]), mode=mode) as client:
        r = await client.call_tool("run_code", {"code": "await price(item=3)"})
        assert r.is_error
        assert (
            "ValueError: Invalid arguments for tool 'price': item: Input should be a valid string"
            in texts(r)[0]
        )
        r = await client.call_tool("run_code", {"code": "while True:\n    pass"})
        assert r.is_error and "time limit (1 s)" in texts(r)[0]
        r = await client.call_tool("run_code", {"code": "open('/etc/passwd').read()"})
        assert r.is_error and "PermissionError" in texts(r)[0]
        r = await client.call_tool("run_code", {"source": "1"})
        assert r.is_error and "code" in texts(r)[0]
        r = await client.call_tool("run_code", {"code": "await price('tea')"})
        assert not r.is_error and texts(r) == ["3.5"]


async def test_an_image_from_the_program_is_image_content() -> None:
    async with Client(build_server([interop.code_mode([photo])])) as client:
        r = await client.call_tool("run_code", {"code": "[await photo('cake'), 'a cake']"})
    assert not r.is_error
    images = [c for c in r.content if isinstance(c, mt.ImageContent)]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    assert base64.b64decode(images[0].data) == PNG
    assert texts(r) == ['["[image: image/png, 24 bytes]","a cake"]']


async def test_stdio_subprocess_through_mcp_tools() -> None:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_SCRIPT])
    async with mcp_tools(params) as tools:
        (run_code,) = tools
        assert "async def file_size(path: str) -> int:" in run_code.description
        program = (
            "import asyncio\nfiles = await list_files('reports')\n"
            "sizes = await asyncio.gather(*[file_size('reports/' + f) for f in files])\n"
            "dict(zip(files, sizes))"
        )
        assert await interop.acall(run_code, {"code": program}) == '{"q1.txt":1200,"q2.txt":3400}'
        pid = int(await interop.acall(run_code, {"code": "await server_pid()"}))
        assert pid != __import__("os").getpid()
        with pytest.raises(ToolError, match="time limit"):
            await interop.acall(run_code, {"code": "while True:\n    pass"})
        assert await interop.acall(run_code, {"code": "await list_files('notes')"}) == '["todo.txt"]'
