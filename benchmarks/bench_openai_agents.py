"""OpenAI Agents SDK: a converted neutral tool vs `@function_tool` on the same function.

Both are called through `on_invoke_tool(ToolContext, json_arguments)`, the path the Runner uses:
parse, validate, call, return. Ours also serializes the result to JSON text (the SDK's own tool
returns the dict and leaves `str()` to the runner). Median per-call time over repeated samples,
baseline and ours interleaved in the same process and event loop.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from agents import function_tool
from agents.tool_context import ToolContext

import interop
from interop.openai_agents import to_openai_agents

ARGS = '{"a": 2, "b": 3, "label": "sum"}'
CALLS = 400
SAMPLES = 15


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


async def add_async(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


Invoke = Callable[[ToolContext[Any], str], Awaitable[Any]]


async def _per_call(invoke: Invoke, ctx: ToolContext[Any]) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        await invoke(ctx, ARGS)
    return (time.perf_counter() - start) / CALLS


async def _compare(baseline: Invoke, ours: Invoke) -> tuple[float, float, float]:
    ctx = ToolContext({"user": "u"}, tool_name="add", tool_call_id="call_1", tool_arguments=ARGS)
    for _ in range(50):  # warm up both
        await baseline(ctx, ARGS)
        await ours(ctx, ARGS)
    base: list[float] = []
    mine: list[float] = []
    for _ in range(SAMPLES):
        base.append(await _per_call(baseline, ctx))
        mine.append(await _per_call(ours, ctx))
    b, o = statistics.median(base), statistics.median(mine)
    spread = statistics.median(abs(m / x - o / b) for m, x in zip(mine, base, strict=True))
    return b, o, spread


def _row(name: str, b: float, o: float, spread: float, target: float | None, note: str) -> dict[str, object]:
    return {
        "name": name,
        "baseline": b * 1e6,
        "ours": o * 1e6,
        "ratio": o / b,
        "target": target,
        "unit": "us/call",
        "spread": spread,
        "note": note,
    }


def run() -> list[dict[str, object]]:
    native_sync = function_tool(add)
    native_async = function_tool(add_async)
    ours_sync = to_openai_agents(interop.tool(add))
    ours_inline = to_openai_agents(interop.tool(add), sync_in_thread=False)
    ours_async = to_openai_agents(interop.tool(add_async))

    async def main() -> list[dict[str, object]]:
        rows = []
        b, o, s = await _compare(native_async.on_invoke_tool, ours_async.on_invoke_tool)
        rows.append(_row("openai-agents on_invoke_tool, async fn", b, o, s, 1.05, "vs @function_tool"))
        b, o, s = await _compare(native_sync.on_invoke_tool, ours_sync.on_invoke_tool)
        rows.append(
            _row(
                "openai-agents on_invoke_tool, sync fn",
                b,
                o,
                s,
                1.05,
                "both run the function in a worker thread",
            )
        )
        b, o, s = await _compare(native_sync.on_invoke_tool, ours_inline.on_invoke_tool)
        rows.append(
            _row(
                "openai-agents on_invoke_tool, sync fn inline",
                b,
                o,
                s,
                None,
                "ours with sync_in_thread=False vs @function_tool's worker thread",
            )
        )
        return rows

    return asyncio.run(main())


if __name__ == "__main__":
    for row in run():
        print(
            f"{row['name']}: baseline {row['baseline']:.2f} us, ours {row['ours']:.2f} us, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, spread {row['spread']:.3f}) - {row['note']}"
        )
