"""Two neutral tools the policy tests drive through real agent loops (LangChain, pydantic-ai): a
read that fails once with a dropped connection (for `Retry`), and a fetch that records how many of
its calls run at the same time (for `ConcurrencyLimit`)."""

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
