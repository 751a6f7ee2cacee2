"""`interop.code_mode` through every target of the matrix: the code tool converted with each `to_X`
(served, for MCP) and called through that framework's native path: a program's result, the
caller's context reaching the inner tool (never the program), and a failing program as an error in
the framework's own error channel."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from _harness import FRAMEWORKS, call_target, convert, mcp_target

import interop

pytest.importorskip("pydantic_monty")

SEEN: list[Any] = []


@interop.tool(context="caller")
def whose(item: str, caller: Any = None) -> str:
    """Whose an item is."""
    SEEN.append(caller)
    return f"{item} of {caller['user']}"


@interop.tool
async def double(n: int) -> int:
    """Twice n."""
    return 2 * n


CODE = "import asyncio\nxs = await asyncio.gather(double(2), double(19))\nprint(await whose('book'))\nsum(xs)"


@pytest.mark.anyio
@pytest.mark.parametrize("target", FRAMEWORKS)
async def test_code_mode_through_each_target(target: str) -> None:
    SEEN.clear()
    code_tool = interop.code_mode([whose, double])
    context = {"user": "ada"}
    manager = mcp_target([code_tool]) if target == "mcp" else contextlib.nullcontext(None)
    async with manager as mcp:
        native = "run_code" if target == "mcp" else convert(target, code_tool)
        ok = await call_target(target, native, {"code": CODE}, context, mcp)
        assert not ok.error, ok.text
        assert "book of ada" in ok.text and "42" in ok.text
        assert SEEN == [context]
        bad = await call_target(target, native, {"code": "await double(n='many')"}, context, mcp)
        assert bad.error
        assert "Invalid arguments for tool 'double'" in bad.text or "Invalid arguments for tool" in str(bad.raised)
