"""Concurrency and context isolation: many concurrent calls per framework, each with its own
context, through the framework's native call path (async tools gathered on one loop, sync tools
on worker threads): every call sees its own context and returns its own result.

200 calls per framework and kind by default; 1,000 under `-m heavy`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import pytest
from _harness import FRAMEWORKS, call_target, canon, convert, mcp_target

import interop

SEEN: list[tuple[int, Any, str]] = []


@interop.tool(context="caller")
async def conc_async(i: int, caller: Any = None) -> dict[str, Any]:
    """Echo the call number and the caller (async)."""
    await asyncio.sleep(0.001 * (i % 3))  # interleave
    SEEN.append((i, caller, "async"))
    return {"i": i, "user": caller["user"]}


@interop.tool(context="caller")
def conc_sync(i: int, caller: Any = None) -> dict[str, Any]:
    """Echo the call number, the caller and the thread (sync)."""
    SEEN.append((i, caller, threading.current_thread().name))
    return {"i": i, "user": caller["user"]}


async def _run(framework: str, tool: Any, n: int) -> None:
    SEEN.clear()
    manager = mcp_target([tool]) if framework == "mcp" else contextlib.nullcontext(None)
    async with manager as mcp:
        native = tool.name if framework == "mcp" else convert(framework, tool)
        outs = await asyncio.gather(
            *(call_target(framework, native, {"i": i}, {"user": f"u{i}"}, mcp) for i in range(n))
        )
    for i, out in enumerate(outs):
        assert not out.error, out.text
        assert canon(out.text) == {"i": i, "user": f"u{i}"}
    assert sorted((i, c["user"]) for i, c, _ in SEEN) == [(i, f"u{i}") for i in range(n)]


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["async", "sync"])
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_concurrent_calls_keep_their_context(framework: str, kind: str) -> None:
    await _run(framework, conc_async if kind == "async" else conc_sync, 200)
    if kind == "sync" and framework not in ("neutral",):  # sync tools leave the event loop
        assert any(t != "MainThread" for _, _, t in SEEN)


@pytest.mark.heavy
@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["async", "sync"])
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_1000_concurrent_calls(framework: str, kind: str) -> None:
    await _run(framework, conc_async if kind == "async" else conc_sync, 1000)
