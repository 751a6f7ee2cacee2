"""A fresh process: `python fresh_workflow_child.py ADDRESS TASK_QUEUE` runs a worker whose
workflow builds its activity tools inside `run` (nothing of the project used beforehand but the
imports), calls one, prints `ok <result>` and exits (1 with the error when the workflow fails)."""

from __future__ import annotations

import asyncio
import sys
import uuid

from temporalio import workflow
from tt_worker import serving  # temporalio only: nothing of the project

with workflow.unsafe.imports_passed_through():
    import interop
    from interop.bridge import Invoker, Options
    from interop.temporal import activity_tools, tool_activities


@interop.tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@workflow.defn
class BuildInside:
    @workflow.run
    async def run(self) -> str:
        [tool] = activity_tools([add], start_to_close_timeout=10)
        outcome = await Invoker(tool, name="add", target="test", options=Options()).ainvoke({"a": 40, "b": 2})
        return f"{outcome.status} {outcome.text}"


async def main(address: str, task_queue: str) -> None:
    async with serving(address, task_queue, [BuildInside], tool_activities([add])) as client:
        handle = await client.start_workflow(
            BuildInside.run, id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
        # a failing workflow task is retried forever: give up after a while and say why
        try:
            print(await asyncio.wait_for(handle.result(), 60))
        except asyncio.TimeoutError:
            sys.exit("the workflow did not complete in 60 s (its workflow task failed: see the log above)")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
