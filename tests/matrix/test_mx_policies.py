"""A wrapped tool in every framework (issue 39 Show, the matrix): through each target's native call
path, a `Timeout` refusal is the same tool error the model reads (and an async tool's task is
cancelled), and an `OutputBudget` cut is the same text the model reads, while the application keeps
the whole value where the framework keeps one."""

from __future__ import annotations

import asyncio
import contextlib
import time
import warnings
from typing import Any

import pytest
from _harness import FRAMEWORKS, call_target, canon, convert, mcp_target
from policy_tools import crawler

import interop
from interop import policies

REFUSAL = "the call did not finish within 0.3 s and was stopped; try a smaller request"
EVENTS: list[str] = []
crawl = crawler(EVENTS, record_fetched=False)
"""Records only its cancelled calls: the test waits for the first event, the slow call's."""


@interop.tool
def block(seconds: float) -> str:
    """Block a thread, then answer."""
    time.sleep(seconds)
    return f"blocked {seconds}"


@interop.tool
def catalogue(n: int) -> dict[str, Any]:
    """List the catalogue."""
    return {"items": [f"item {i:04d}" for i in range(n)], "count": n}


KEEPS_VALUE = {"langchain", "llamaindex", "mcp"}
"""Targets whose native result keeps a value apart from the model's text (the harness's
`Outcome.value`): LangChain's artifact, LlamaIndex's raw_output, MCP's structuredContent
(pydantic-ai's `ToolReturnPart.metadata`: tests/pydantic_ai/test_pai_policies.py)."""


def _manager(framework: str, tool: Any) -> Any:
    return mcp_target([tool]) if framework == "mcp" else contextlib.nullcontext(None)


def _native(framework: str, tool: Any) -> Any:
    return tool.name if framework == "mcp" else convert(framework, tool)


@pytest.mark.anyio
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_timeout_is_the_same_tool_error_everywhere(framework: str) -> None:
    EVENTS.clear()
    tool = interop.with_middleware(crawl, policies.Timeout(0.3))
    async with _manager(framework, tool) as mcp:
        native = _native(framework, tool)
        slow = await call_target(framework, native, {"url": "slow"}, {"user": "u"}, mcp)
        fast = await call_target(framework, native, {"url": "fast"}, {"user": "u"}, mcp)
    assert slow.error and REFUSAL in slow.text, slow.text
    assert "crawl" in slow.text or slow.tool_name == "crawl"  # the model knows which call failed
    assert not fast.error and canon(fast.text) == "page fast", fast.text
    for _ in range(100):  # a framework that runs the call on a loop of its own reports it there
        if EVENTS:
            break
        await asyncio.sleep(0.01)
    assert EVENTS == ["cancelled slow"]  # the timed-out call's task was cancelled


@pytest.mark.anyio
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_timeout_of_a_sync_tool_returns_at_the_limit_everywhere(framework: str) -> None:
    tool = interop.with_middleware(block, policies.Timeout(0.3))
    async with _manager(framework, tool) as mcp:
        native = _native(framework, tool)
        started = time.monotonic()
        with warnings.catch_warnings():
            warnings.simplefilter(
                "ignore", RuntimeWarning
            )  # "keeps running on thread ...": checked in tests/core
            out = await call_target(framework, native, {"seconds": 1.5}, {"user": "u"}, mcp)
        waited = time.monotonic() - started
    assert out.error and REFUSAL in out.text, out.text
    assert waited < 1.4  # the caller stopped waiting; the thread finishes in the background


@pytest.mark.anyio
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_output_budget_is_the_same_cut_everywhere(framework: str) -> None:
    budget = policies.OutputBudget(max_chars=200)
    whole = catalogue.execute({"n": 500})
    cut = interop.ToolSet([interop.with_middleware(catalogue, budget)]).run("catalogue", {"n": 500}).text
    assert len(cut) == 200 and cut.startswith('{"items":["item 0000"') and cut.endswith(',"count":500}')
    tool = interop.with_middleware(catalogue, budget)
    async with _manager(framework, tool) as mcp:
        native = _native(framework, tool)
        out = await call_target(framework, native, {"n": 500}, {"user": "u"}, mcp)
        small = await call_target(framework, native, {"n": 2}, {"user": "u"}, mcp)
    assert not out.error and not small.error
    assert canon(small.text) == {"items": ["item 0000", "item 0001"], "count": 2}  # under the budget: as is
    if framework == "neutral":  # interop.acall: the application's own call gets the whole value
        assert out.value == whole
        return
    assert out.text == cut, out.text  # the model reads the same cut in every framework
    if framework in KEEPS_VALUE:  # where the framework keeps the value for the application: whole
        assert canon(out.value) == whole
