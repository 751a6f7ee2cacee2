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
from benchmarks._compare import show
from benchmarks._fixtures import ARGS_JSON, add, add_async
from benchmarks._fw_rows import acall_row

CALLS = 400
SAMPLES = 31


Invoke = Callable[[ToolContext[Any], str], Awaitable[Any]]


async def _compare(
    name: str, baseline: Invoke, ours: Invoke, target: float | None, note: str
) -> dict[str, object]:
    ctx = ToolContext({"user": "u"}, tool_name="add", tool_call_id="call_1", tool_arguments=ARGS_JSON)
    return await acall_row(
        name,
        lambda: baseline(ctx, ARGS_JSON),
        lambda: ours(ctx, ARGS_JSON),
        note,
        calls=CALLS,
        samples=SAMPLES,
        target=target,
    )


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
    show(run())
