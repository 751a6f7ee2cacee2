"""A worker process for the Temporal tests: `python worker_child.py ADDRESS TASK_QUEUE`.

Runs the test workflows and the tools' activities (the context from this process's environment)
until it is killed; prints `ready` once it polls."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tt_tools import TOOLS, context_from_env
from tt_worker import serving
from tt_workflows import CallTools

from interop.temporal import tool_activities


async def main(address: str, task_queue: str) -> None:
    activities = tool_activities(TOOLS, context_factory=context_from_env)
    async with serving(address, task_queue, [CallTools], activities, max_concurrent_activities=2):
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
