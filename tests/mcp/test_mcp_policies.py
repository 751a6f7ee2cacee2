"""Policies served over MCP, checked with the SDK's real client (issue 39 Show; both protocol eras):
a wrapped tool is listed as the tool itself, a timeout is an `isError` result and the session goes
on, the client's cancellation cancels the tool's task, and an output budget cuts the text content
while `structuredContent` keeps the whole value."""

from __future__ import annotations

import asyncio

import anyio
import mcp.types as mt
import pytest
from mcp import Client

import interop
from interop import policies
from interop.mcp import build_server, mcp_tools

pytestmark = pytest.mark.anyio

ERAS = [("legacy", "2025-11-25"), ("auto", "2026-07-28")]
EVENTS: list[str] = []


@interop.tool(meta={"read_only": True})
async def crawl(url: str) -> str:
    """Fetch a page."""
    try:
        await asyncio.sleep(30 if url.startswith("slow") else 0)
    except asyncio.CancelledError:
        EVENTS.append(f"cancelled {url}")
        raise
    EVENTS.append(f"fetched {url}")
    return f"page {url}"


@interop.tool(meta={"read_only": True})
def catalogue(n: int) -> dict[str, list[str]]:
    """List the catalogue."""
    return {"items": [f"item {i:04d}" for i in range(n)]}


def wire(model: mt.Tool) -> dict:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


@pytest.fixture(autouse=True)
def _reset() -> None:
    EVENTS.clear()


async def _wait_for_events(n: int) -> None:
    for _ in range(200):
        if len(EVENTS) >= n:
            return
        await asyncio.sleep(0.01)


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_a_wrapped_tool_is_listed_as_the_tool_itself(mode: str, version: str) -> None:
    async with Client(build_server([crawl, catalogue]), mode=mode) as client:
        bare = [wire(t) for t in (await client.list_tools()).tools]
    wrapped = interop.with_middleware(
        [crawl, catalogue], policies.Timeout(5), policies.OutputBudget(max_chars=100)
    )
    async with Client(build_server(wrapped), mode=mode) as client:
        assert [wire(t) for t in (await client.list_tools()).tools] == bare


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_a_timeout_is_an_iserror_result_and_the_session_goes_on(mode: str, version: str) -> None:
    server = build_server([interop.with_middleware(crawl, policies.Timeout(0.3))])
    async with Client(server, mode=mode) as client:
        r = await client.call_tool("crawl", {"url": "slow"})
        assert r.is_error
        assert r.content[0].text == (
            "Error from tool 'crawl': the call did not finish within 0.3 s and was stopped; "
            "try a smaller request"
        )
        r = await client.call_tool("crawl", {"url": "fast"})
        assert not r.is_error and r.content[0].text == "page fast"
    assert EVENTS == ["cancelled slow", "fetched fast"]  # the timed-out call's task was cancelled


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_meta_timeout_is_honoured_when_served(mode: str, version: str) -> None:
    @interop.tool(meta={"timeout": 0.3})
    async def nap(url: str) -> str:
        """Fetch a page, slowly."""
        return await crawl.execute({"url": url})

    async with Client(build_server([nap]), mode=mode) as client:
        r = await client.call_tool("nap", {"url": "slow"})
    assert r.is_error and "did not finish within 0.3 s" in r.content[0].text
    assert EVENTS == ["cancelled slow"]


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_the_clients_cancellation_cancels_the_tools_task(mode: str, version: str) -> None:
    """The client gives up on a call (its own time limit): the server cancels the running tool,
    under a policy that would have waited far longer, and the session serves the next call."""
    server = build_server(
        [interop.with_middleware(crawl, policies.Timeout(60), policies.ConcurrencyLimit(1))]
    )
    async with Client(server, mode=mode) as client:
        with anyio.move_on_after(0.3) as scope:
            await client.call_tool("crawl", {"url": "slow-1"})
        assert scope.cancelled_caught
        await _wait_for_events(1)
        assert EVENTS == ["cancelled slow-1"]
        # the concurrency slot was given back: the next call runs at once
        r = await client.call_tool("crawl", {"url": "fast"})
        assert not r.is_error and r.content[0].text == "page fast"
    assert EVENTS == ["cancelled slow-1", "fetched fast"]


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_a_consumed_tools_local_timeout_cancels_the_served_call(mode: str, version: str) -> None:
    """A timeout on the client side (a policy around the consumed tool) cancels the server's work."""
    async with mcp_tools(build_server([crawl]), mode=mode) as tools:
        timed = interop.with_middleware(tools[0], policies.Timeout(0.3))
        with pytest.raises(interop.ToolError, match=r"did not finish within 0\.3 s"):
            await interop.acall(timed, {"url": "slow-2"})
        await _wait_for_events(1)
        assert EVENTS == ["cancelled slow-2"]
        assert await interop.acall(tools[0], {"url": "fast"}) == "page fast"


@pytest.mark.parametrize(("mode", "version"), ERAS)
async def test_output_budget_cuts_the_text_and_structured_content_keeps_the_value(
    mode: str, version: str
) -> None:
    server = build_server([interop.with_middleware(catalogue, policies.OutputBudget(max_chars=200))])
    async with Client(server, mode=mode) as client:
        r = await client.call_tool("catalogue", {"n": 500})
        assert not r.is_error
        (text,) = [c.text for c in r.content if isinstance(c, mt.TextContent)]
        assert len(text) == 200 and "characters removed to fit the output budget" in text
        assert text.startswith('{"items":["item 0000"') and text.endswith('"item 0499"]}')
        assert r.structured_content == {"items": [f"item {i:04d}" for i in range(500)]}
        small = await client.call_tool("catalogue", {"n": 2})
        assert small.content[0].text == '{"items":["item 0000","item 0001"]}'
