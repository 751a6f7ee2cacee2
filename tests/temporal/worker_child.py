"""A worker process for the Temporal tests: `python worker_child.py ADDRESS TASK_QUEUE`.

Runs the test workflows and the tools' activities (the context from this process's environment)
until it is killed; prints `ready` once it polls."""

from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from temporalio.client import Client
from temporalio.worker import Worker
from tt_tools import TOOLS, context_from_env
from tt_workflows import CallTools

from interop.temporal import tool_activities


async def main(address: str, task_queue: str) -> None:
    client = await Client.connect(address)
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[CallTools],
        activities=tool_activities(TOOLS, context_factory=context_from_env),
        max_concurrent_activities=2,
        sticky_queue_schedule_to_start_timeout=timedelta(seconds=1),
    ):
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
