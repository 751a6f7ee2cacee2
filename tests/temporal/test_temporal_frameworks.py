"""Framework loops inside a workflow calling converted activity tools, on a real dev server."""

from __future__ import annotations

import uuid
from pathlib import Path

import anyio
import pytest

pytest.importorskip("temporalio")
pytest.importorskip("pydantic_ai.durable_exec.temporal")

from devserver import DevServer
from temporalio.client import Client
from temporalio.worker import Worker
from tt_tools import TOOLS, context_from_env, executions

from interop.temporal import decide, pending_approvals, tool_activities

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]


async def test_pydantic_ai_temporal_agent_with_converted_tools(
    temporal_server: DevServer, task_queue: str, secret: str, ledger: Path
) -> None:
    from pydantic_ai.durable_exec.temporal import AgentPlugin, PydanticAIPlugin
    from tt_pydantic_ai import PayerWorkflow, temporal_agent

    client = await Client.connect(temporal_server.address, plugins=[PydanticAIPlugin()])
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[PayerWorkflow],
        activities=tool_activities(TOOLS, context_factory=context_from_env),
        plugins=[AgentPlugin(temporal_agent)],
    ):
        handle = await client.start_workflow(
            PayerWorkflow.run, "pay bob 5 and add", id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
        with anyio.fail_after(60):
            while not (pending := await pending_approvals(handle)):
                await anyio.sleep(0.1)
        assert [(p["tool"], p["arguments"]) for p in pending] == [
            ("send_payment", {"to": "bob", "amount": 5})
        ]
        assert executions(ledger, "send_payment") == []
        await decide(handle, pending[0]["call_id"], True)
        output = await handle.result()
    assert "add=42" in output and "send_payment=ann paid 5 to bob" in output and "add=3" in output
    # the bad argument reached the model as pydantic-ai's structured retry, naming the field
    assert "unable to parse string as an integer" in output and '"loc":["a"]' in output
    assert [r["tool"] for r in executions(ledger)].count("send_payment") == 1
    assert sorted((r["a"], r["b"]) for r in executions(ledger, "add")) == [(2, 1), (2, 40)]
    # our tools were not wrapped in pydantic-ai's own tool activity: only the tools' activities ran them
    history = await handle.fetch_history()
    scheduled = [
        e.activity_task_scheduled_event_attributes.activity_type.name
        for e in history.events
        if e.HasField("activity_task_scheduled_event_attributes")
    ]
    assert "add" in scheduled and "send_payment" in scheduled
    assert not [n for n in scheduled if "call_tool" in n], scheduled
    raw = b"".join(e.SerializeToString() for e in history.events)
    assert secret.encode() not in raw
