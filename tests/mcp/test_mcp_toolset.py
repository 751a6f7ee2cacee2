"""`interop.ToolSet` served over MCP (issue 37 item 2), with the official SDK client in memory: the
server prepares each tool as every `to_X` does, a duplicate name raises `ToolNameError` (as every
`to_X_tools` and the providers' toolsets do; it was a bare `ValueError`), and the set's own options
(errors, approval) apply unless `build_server`/`add_tools` is given them."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from toolset_tools import add, boom, wipe

import interop
from interop.errors import ToolNameError
from interop.mcp import add_tools, build_server

pytestmark = pytest.mark.anyio


def _text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def test_duplicates_are_a_tool_name_error() -> None:
    with pytest.raises(ToolNameError, match="'add'"):
        build_server([add, add])
    with pytest.raises(ToolNameError, match="'add'"):  # colliding only after the rename
        build_server(interop.ToolSet([add, boom]), rename={"boom": "add"})
    with pytest.raises(ToolNameError):  # the name rule, as to_mcp checks it
        build_server(interop.ToolSet([add]), rename="bad name!")
    server = build_server([add])
    with pytest.raises(ToolNameError, match="'add'"):  # served already by an earlier add_tools
        add_tools(server, interop.ToolSet([add]))


async def test_a_served_set_brings_its_errors_and_approval() -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input)
        return True

    tools = interop.ToolSet(
        [add, boom, wipe], errors=lambda e: f"failed: {type(e).__name__}", approval=approve
    )
    async with Client(build_server(tools)) as client:
        assert [t.name for t in (await client.list_tools()).tools] == ["add", "boom", "wipe"]
        assert _text(await client.call_tool("add", {"a": 2, "b": 3})) == "5"
        failed = await client.call_tool("boom", {"x": 1})
        assert failed.is_error and _text(failed) == "failed: RuntimeError"
        # the set's approval callback answers, not an elicitation (this client declares none)
        wiped = await client.call_tool("wipe", {"path": "/tmp/x"})
        assert not wiped.is_error and _text(wiped) == "wiped /tmp/x"
        assert asked == [{"path": "/tmp/x"}]
    # the server's own options win: errors given to build_server mask the failure
    async with Client(build_server(tools, errors="masked")) as client:
        masked = await client.call_tool("boom", {"x": 1})
        assert masked.is_error and "secret" not in _text(masked) and "internal error" in _text(masked)
    # a plain list of the same tools keeps the server default (masked) and asks through elicitation
    async with Client(build_server(list(tools))) as client:
        masked = await client.call_tool("boom", {"x": 2})
        assert masked.is_error and "secret" not in _text(masked)
        refused = await client.call_tool("wipe", {"path": "/tmp/y"})
        assert refused.is_error and asked == [{"path": "/tmp/x"}]


SERVED_SET = """
import interop
from interop.mcp import serve


@interop.tool
def boom(x: int) -> int:
    '''Always fails.'''
    raise RuntimeError(f"secret detail {x}")


serve(interop.ToolSet([boom], errors=lambda e: f"failed: {type(e).__name__}"))
"""


async def test_serve_over_stdio_keeps_the_sets_options(tmp_path: Any) -> None:
    import sys

    from mcp import StdioServerParameters

    from interop.errors import ToolError
    from interop.mcp import mcp_tools

    script = tmp_path / "served_set.py"
    script.write_text(SERVED_SET, encoding="utf-8")
    async with mcp_tools(StdioServerParameters(command=sys.executable, args=[str(script)])) as tools:
        with pytest.raises(ToolError, match="failed: RuntimeError") as raised:
            await interop.acall(tools[0], {"x": 1})
        assert "secret" not in str(raised.value)
