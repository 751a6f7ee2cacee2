"""Tools under policies, for the playground's policy tests (served as `pg_policy_tools:TOOLS`)."""

from __future__ import annotations

import asyncio
from typing import Any

import interop
from interop import policies


class Audit:
    """A user's own middleware (no repr of its own: the page shows its class name)."""

    async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
        return await call_next(call)


@interop.tool(meta={"read_only": True})
def catalogue(n: int) -> list[str]:
    """List the catalogue."""
    return [f"item {i:04d}" for i in range(n)]


@interop.tool(meta={"timeout": 0.3})
async def crawl(url: str) -> str:
    """Fetch a page (slow ones never finish)."""
    await asyncio.sleep(30 if url == "slow" else 0)
    return f"page {url}"


@interop.tool
def plain(x: int) -> int:
    """No policy."""
    return x


guarded = interop.with_middleware(
    catalogue, Audit(), policies.Timeout(5), policies.Cache(ttl=60), policies.OutputBudget(max_chars=100)
)

TOOLS = [guarded, crawl, plain]
