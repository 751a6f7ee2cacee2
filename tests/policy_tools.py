"""The neutral tools the policy tests drive through real agent loops (LangChain, LlamaIndex, OpenAI
Agents, pydantic-ai): a crawl that can be slow (for `Timeout`; `nap`, the same behind a timeout in
its meta), a long catalogue (for `OutputBudget`), a payment behind a middleware with a bug (`Buggy`),
a read that fails once with a dropped connection (for `Retry`), and a fetch that records how many of
its calls run at the same time (for `ConcurrencyLimit`). `reset()` empties what they record, before each test."""

from __future__ import annotations

import asyncio
from typing import Any

import interop


def flaky_quote() -> tuple[Any, list[int]]:
    """An idempotent `quote(sku)` whose first call raises `ConnectionError`; and its attempts."""
    attempts: list[int] = []

    @interop.tool(meta={"idempotent": True})
    async def quote(sku: str) -> str:
        """A price."""
        attempts.append(len(attempts) + 1)
        if len(attempts) == 1:
            raise ConnectionError("connection reset")
        return f"{sku}: 10"

    return quote, attempts


def concurrency_probe() -> tuple[Any, list[int]]:
    """`fetch(url)` (50 ms each); and the count of calls running, recorded as each one starts."""
    running = [0]
    peak: list[int] = []

    @interop.tool
    async def fetch(url: str) -> str:
        """Fetch a page."""
        running[0] += 1
        peak.append(running[0])
        await asyncio.sleep(0.05)
        running[0] -= 1
        return f"page {url}"

    return fetch, peak


EVENTS: list[str] = []
"""What `crawl` did, in order (`fetched <url>`, `cancelled <url>`)."""
LEDGER: list[int] = []
"""The amounts `pay` paid."""


def crawler(events: list[str], *, record_fetched: bool = True) -> Any:
    """A `crawl(url)` tool (the url "slow" takes 30 s) recording in `events` each call cancelled
    (`cancelled <url>`) and, with `record_fetched`, each call done (`fetched <url>`)."""

    @interop.tool
    async def crawl(url: str) -> str:
        """Fetch a page."""
        try:
            await asyncio.sleep(30 if url == "slow" else 0)
        except asyncio.CancelledError:
            events.append(f"cancelled {url}")
            raise
        if record_fetched:
            events.append(f"fetched {url}")
        return f"page {url}"

    return crawl


crawl = crawler(EVENTS)


@interop.tool(meta={"timeout": 0.3})
async def nap(url: str) -> str:
    """Fetch a page, slowly."""
    return await crawl.execute({"url": url})  # `crawl` behind its own `timeout` (0.3 s) in `meta`


@interop.tool
def catalogue(n: int) -> list[str]:
    """List the catalogue."""
    return [f"item {i:04d}" for i in range(n)]


@interop.tool
def pay(amount: int) -> str:
    """Pay an amount."""
    LEDGER.append(amount)
    return f"paid {amount}"


class Buggy:
    """A middleware with a bug: it fails before the call, quoting the context."""

    async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
        if call.arguments["amount"] > 100:
            raise KeyError(f"limit for {call.context}")
        return await call_next(call)


def reset() -> None:
    """Empty `EVENTS` and `LEDGER`."""
    EVENTS.clear()
    LEDGER.clear()
