"""`interop.code_mode` served over MCP, checked with the SDK's real client: in process (both
protocol generations, the request context reaching inner tools, errors as isError results, images
as image content) and as a stdio subprocess (the sandbox's workers under a served process)."""

from __future__ import annotations

import base64
import dataclasses
import sys
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from mcp import Client, StdioServerParameters
from mcp.server.context import ServerRequestContext

import interop
from interop import Image, ToolError
from interop.mcp import ElicitationRequest, build_server, mcp_tools

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


# ------------------------------------------------------------------------------------ approval


RAN: list[str] = []


@interop.tool(meta={"requires_approval": True})
def cancel_order(order_id: str) -> str:
    """Cancel an order."""
    RAN.append(order_id)
    return f"cancelled {order_id}"


class Answers:
    """An elicitation callback of the real client: scripted answers, and what it was shown."""

    def __init__(self, *answers: mt.ElicitResult) -> None:
        self.answers = list(answers)
        self.seen: list[Any] = []

    async def __call__(self, context: Any, params: Any) -> mt.ElicitResult:
        self.seen.append(params)
        return self.answers.pop(0)


YES = mt.ElicitResult(action="accept", content={"approve": True})
DECLINE = mt.ElicitResult(action="decline")
CANCEL_TWO = (
    "out = []\nfor o in ['o1', 'o2']:\n    try:\n        out.append(await cancel_order(o))\n"
    "    except PermissionError as e:\n        out.append(str(e))\nout"
)


async def test_an_inner_call_asks_the_mcp_client_through_elicitation() -> None:
    RAN.clear()
    answers = Answers(DECLINE, YES)  # o1 declined, o2 approved
    server = build_server([interop.code_mode([cancel_order, price])])
    async with Client(server, mode="legacy", elicitation_callback=answers) as client:
        r = await client.call_tool("run_code", {"code": CANCEL_TWO})
    assert not r.is_error
    assert texts(r) == [
        '["The call to tool \'cancel_order\' was not approved: the user declined. It did not run.","cancelled o2"]'
    ]
    assert RAN == ["o2"]  # the approved one ran exactly once, the declined one never
    first, second = answers.seen
    assert first.message.startswith("While running the tool 'run_code': Allow the tool 'cancel_order'")
    assert '"order_id": "o1"' in first.message and '"order_id": "o2"' in second.message
    marker = first.meta["io.github.interop/approval"]
    assert marker == {"tool": "cancel_order", "arguments": {"order_id": "o1"}, "within": "run_code"}


async def test_a_call_without_approval_needs_asks_nobody() -> None:
    answers = Answers()
    async with Client(
        build_server([interop.code_mode([cancel_order, price])]), mode="legacy", elicitation_callback=answers
    ) as client:
        r = await client.call_tool("run_code", {"code": "await price('tea')"})
    assert texts(r) == ["3.5"] and answers.seen == []


async def test_a_client_without_elicitation_is_denied_and_nothing_runs() -> None:
    RAN.clear()
    async with Client(build_server([interop.code_mode([cancel_order])]), mode="legacy") as client:
        r = await client.call_tool("run_code", {"code": CANCEL_TWO})
    assert "did not declare the elicitation capability" in texts(r)[0] and RAN == []


async def test_an_input_round_channel_fails_closed_inside_the_program() -> None:
    """2026-07-28 asks by returning the call to the client and running it again with the answer:
    the whole program would run twice. The inner call is denied without asking."""
    RAN.clear()
    answers = Answers(YES, YES)
    async with Client(
        build_server([interop.code_mode([cancel_order])]), mode="auto", elicitation_callback=answers
    ) as client:
        assert client.protocol_version == "2026-07-28"
        r = await client.call_tool("run_code", {"code": CANCEL_TWO})
    assert not r.is_error
    (text,) = texts(r)
    assert text.count("MCP asks for approval by pausing the run") == 2
    assert answers.seen == [] and RAN == []


async def test_a_client_that_approved_the_outer_call_still_asks_its_user_for_the_inner_one() -> None:
    """The outer call's approval (a local human approved run_code; the client answers the server's
    question about that call itself) is not an approval of a call made inside it."""
    RAN.clear()
    gated = dataclasses.replace(interop.code_mode([cancel_order]), meta={"requires_approval": True})
    asked: list[Any] = []

    def user(request: ElicitationRequest) -> bool:
        asked.append((request.tool_name, request.arguments))
        return request.arguments == {"order_id": "o2"}

    async with mcp_tools(build_server([gated]), mode="legacy", elicitation=user) as (remote,):
        approved = interop.with_approval(remote, lambda request: True)
        out = await interop.acall(approved, {"code": CANCEL_TWO})
    assert out == [
        "The call to tool 'cancel_order' was not approved: the user declined. It did not run.",
        "cancelled o2",
    ]
    assert asked == [("cancel_order", {"order_id": "o1"}), ("cancel_order", {"order_id": "o2"})]
    assert RAN == ["o2"]
