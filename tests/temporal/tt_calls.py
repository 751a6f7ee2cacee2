"""What the Temporal tests share to drive the `CallTools` workflow: a worker running it with every
`tt_tools` tool as an activity (the context built from the environment), a runner that starts it
on a task queue, the wait for a pending approval, and the approval of the one payment the
framework workflows' scripted models ask for."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from temporalio.client import Client, WorkflowHandle
from temporalio.worker import Worker
from tt_tools import TOOLS, context_from_env, executions
from tt_workflows import CallTools

from interop.temporal import decide, pending_approvals, tool_activities


@asynccontextmanager
async def running_worker(
    client: Client, task_queue: str, tools: Sequence[Any] = TOOLS, **kwargs: Any
) -> AsyncIterator[Worker]:
    """A worker in this process for `CallTools` and `tools` as activities (the context from the
    environment); `kwargs` are the worker's options."""
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[CallTools],  # its activity tools are always the unwrapped TOOLS
        activities=tool_activities(tools, context_factory=context_from_env),
        **kwargs,
    ) as worker:
        yield worker


@dataclass
class CallToolsRunner:
    """Starts `CallTools` with a list of calls ({"name", "arguments"}) on a task queue."""

    client: Client
    task_queue: str

    async def start(self, calls: list[dict[str, Any]], parallel: bool = False) -> WorkflowHandle[Any, Any]:
        return await self.client.start_workflow(
            CallTools.run, args=[calls, parallel], id=f"wf-{uuid.uuid4().hex}", task_queue=self.task_queue
        )

    async def run(self, calls: list[dict[str, Any]], parallel: bool = False) -> list[dict[str, Any]]:
        """Each call's outcome: {"status", "kind", "text"}."""
        result: list[dict[str, Any]] = await (await self.start(calls, parallel)).result()
        return result


async def wait_pending(handle: WorkflowHandle[Any, Any], call_id: str | None = None) -> list[dict[str, Any]]:
    """The pending approvals once there is one (or once `call_id` is among them)."""
    with anyio.fail_after(60):
        while True:
            pending = [dict(p) for p in await pending_approvals(handle)]
            if pending and (call_id is None or call_id in [p["call_id"] for p in pending]):
                return pending
            await anyio.sleep(0.1)


async def approve_the_payment(handle: WorkflowHandle[Any, Any], ledger: Path) -> Any:
    """The workflow waits for the approval of one call, `send_payment` to bob of 5, which has not
    run: approve it; the workflow's result."""
    pending = await wait_pending(handle)
    assert [(p["tool"], p["arguments"]) for p in pending] == [("send_payment", {"to": "bob", "amount": 5})]
    assert executions(ledger, "send_payment") == []  # waiting: not run
    await decide(handle, pending[0]["call_id"], True)
    return await handle.result()


async def scheduled_activities(handle: WorkflowHandle[Any, Any]) -> tuple[list[str], bytes]:
    """From the workflow's history: the activity types it scheduled, in order, and the whole
    history serialized (to look for what must never be in it)."""
    history = await handle.fetch_history()
    scheduled = [
        e.activity_task_scheduled_event_attributes.activity_type.name
        for e in history.events
        if e.HasField("activity_task_scheduled_event_attributes")
    ]
    return scheduled, b"".join(e.SerializeToString() for e in history.events)
