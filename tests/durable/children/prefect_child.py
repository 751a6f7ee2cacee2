"""Prefect child: pydantic-ai durable execution on Prefect (a local server, SQLite), converted tools inside.

argv: MODE COUNTER_DIR [FLOW_RUN_IDS]
  MODE   start    run two flows concurrently, one per shape (below); when, in both, the model is
                  asked again after the tool call (the tool has run and its task result is
                  persisted), report both flow run ids and wait to be killed
         recover  in a new process, retry each flow run the killed process left RUNNING
                  (FLOW_RUN_IDS: shape=id,shape=id): mark it CRASHED (what Prefect does when a
                  run's process is gone), then do what `prefect flow-run retry ID --entrypoint ...`
                  does for a flow run without a deployment (force it to SCHEDULED and run the same
                  flow run id here), and report the results
  shapes toolset  `to_pydantic_ai_toolset(tools, id=...)`
         tool     `to_pydantic_ai(tool)` in the agent's own function toolset
Each shape's tool counts its executions in COUNTER_DIR/<shape>.jsonl. A flow gets a user id; the
context is rebuilt from it by a `context=` hook (`ctx.deps`). The Prefect server and the result
storage come from the environment (PREFECT_API_URL, PREFECT_LOCAL_STORAGE_PATH), set by the test.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any
from uuid import UUID

from durable_common import emit, make_tool
from pai_payments import context_from_deps, converted, pay_model
from prefect import flow
from prefect.client.orchestration import get_client
from prefect.flow_engine import run_flow
from prefect.runtime import flow_run as current_flow_run
from prefect.states import Crashed, Scheduled
from pydantic_ai import Agent
from pydantic_ai.durable_exec.prefect import PrefectDurability

warnings.simplefilter("ignore")
MODE, COUNTER_DIR = sys.argv[1:3]
SHAPES = ("toolset", "tool")
at_crash_point: dict[str, str] = {}  # shape -> flow run id, in the start process


def build(shape: str) -> Any:
    async def crash_point() -> None:
        if MODE == "start":  # the tool's task has completed; this model step never does
            at_crash_point[shape] = str(current_flow_run.id)
            if len(at_crash_point) == len(SHAPES):
                emit("crash-point", flow_runs=at_crash_point, pid=os.getpid())
                time.sleep(3600)  # blocks the event loop: nothing more happens until SIGKILL
            await asyncio.Event().wait()

    neutral = make_tool(str(Path(COUNTER_DIR) / f"{shape}.jsonl"), requires_approval=False)
    agent = Agent(
        pay_model(after_tool=crash_point),
        name=f"payments_{shape}",
        deps_type=str,
        capabilities=[PrefectDurability()],
        **converted(shape, neutral, context=context_from_deps),
    )

    @flow(name=f"pay-{shape}")
    async def pay(user_id: str) -> str:
        """Only the user id is a flow parameter (stored by Prefect); the context is not."""
        return str((await agent.run("pay bob 5 euros", deps=user_id)).output)

    return pay


flows = {shape: build(shape) for shape in SHAPES}


async def retry(shape: str, flow_run_id: UUID) -> dict[str, Any]:
    async with get_client() as client:
        run = await client.read_flow_run(flow_run_id)
        assert run.state is not None
        found = run.state.type.value
        if run.state.is_running():  # its process was killed: nothing will ever finish this attempt
            await client.set_flow_run_state(flow_run_id, Crashed(message="process killed"), force=True)
        await client.set_flow_run_state(flow_run_id, Scheduled(message="retried"), force=True)
        run = await client.read_flow_run(flow_run_id)
    output = await run_flow(flows[shape], flow_run=run)  # the same flow run id: persisted task results hit
    async with get_client() as client:
        final = await client.read_flow_run(flow_run_id)
        # task runs reach the database as events, asynchronously: wait (bounded) for the record
        # of this process's tool task (the test asserts that it is there and "Cached")
        deadline = time.monotonic() + 60
        while True:
            task_runs = sorted(
                f"{t.name}: {t.state.name if t.state else None}"
                for t in await client.read_task_runs()
                if t.flow_run_id == flow_run_id
            )
            cached = [
                t for t in task_runs if t.startswith("Call Tool: send_payment") and t.endswith(": Cached")
            ]
            if cached or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.5)
    assert final.state is not None
    return {"found": found, "output": output, "state": final.state.type.value, "task_runs": task_runs}


async def start() -> None:
    await asyncio.gather(*(flows[shape]("u1") for shape in SHAPES))


async def recover(flow_runs: dict[str, str]) -> None:
    results = {shape: await retry(shape, UUID(run_id)) for shape, run_id in flow_runs.items()}
    emit("done", results=results, pid=os.getpid())


if MODE == "start":
    asyncio.run(start())
    sys.exit("the crash point was not reached")
asyncio.run(recover(dict(pair.split("=", 1) for pair in sys.argv[3].split(","))))
