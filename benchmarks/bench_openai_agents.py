"""OpenAI Agents SDK: a converted neutral tool vs `@function_tool` on the same function.

Both are called through `on_invoke_tool(ToolContext, json_arguments)`, the path the Runner uses:
parse, validate, call, return. Ours also serializes the result to JSON text (the SDK's own tool
returns the dict and leaves `str()` to the runner). Median per-call time over repeated samples,
baseline and ours interleaved in the same process and event loop.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agents import function_tool
from agents.tool_context import ToolContext

import interop
from interop.openai_agents import to_openai_agents

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # also run as a script
from benchmarks._compare import acompare, aper_call

ARGS = '{"a": 2, "b": 3, "label": "sum"}'
CALLS = 400
SAMPLES = 31


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


async def add_async(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


Invoke = Callable[[ToolContext[Any], str], Awaitable[Any]]


async def _compare(
    name: str, baseline: Invoke, ours: Invoke, target: float | None, note: str
) -> dict[str, object]:
    ctx = ToolContext({"user": "u"}, tool_name="add", tool_call_id="call_1", tool_arguments=ARGS)
    for _ in range(50):  # warm up both
        await baseline(ctx, ARGS)
        await ours(ctx, ARGS)
    result = await acompare(
        lambda: aper_call(lambda: baseline(ctx, ARGS), CALLS),
        lambda: aper_call(lambda: ours(ctx, ARGS), CALLS),
        SAMPLES,
        warmup=0,
    )
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


def run() -> list[dict[str, object]]:
    native_sync = function_tool(add)
    native_async = function_tool(add_async)
    ours_sync = to_openai_agents(interop.tool(add))
    ours_inline = to_openai_agents(interop.tool(add), threaded=False)
    ours_async = to_openai_agents(interop.tool(add_async))

    async def main() -> list[dict[str, object]]:
        return [
            await _compare(
                "openai-agents on_invoke_tool, async fn",
                native_async.on_invoke_tool,
                ours_async.on_invoke_tool,
                1.05,
                "vs @function_tool",
            ),
            await _compare(
                "openai-agents on_invoke_tool, sync fn",
                native_sync.on_invoke_tool,
                ours_sync.on_invoke_tool,
                1.05,
                "both run the function in a worker thread",
            ),
            await _compare(
                "openai-agents on_invoke_tool, sync fn inline",
                native_sync.on_invoke_tool,
                ours_inline.on_invoke_tool,
                None,
                "ours with threaded=False vs @function_tool's worker thread",
            ),
        ]

    return asyncio.run(main())


if __name__ == "__main__":
    for row in run():
        print(
            f"{row['name']}: baseline {row['baseline']:.2f} us, ours {row['ours']:.2f} us, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, IQR {row['spread']}) - {row['note']}"
        )
