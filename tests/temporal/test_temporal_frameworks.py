"""Framework loops inside a workflow calling converted activity tools, on a real dev server."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

pytest.importorskip("temporalio")
pytest.importorskip("pydantic_ai.durable_exec.temporal")

from devserver import DevServer
from tt_calls import approve_the_payment, scheduled_activities
from tt_tools import TOOLS, context_from_env, executions
from tt_worker import serving

from interop.temporal import tool_activities

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]


async def test_pydantic_ai_temporal_agent_with_converted_tools(
    temporal_server: DevServer, task_queue: str, secret: str, ledger: Path
) -> None:
    from pydantic_ai.durable_exec.temporal import AgentPlugin, PydanticAIPlugin
    from tt_pydantic_ai import PayerWorkflow, temporal_agent

    activities = tool_activities(TOOLS, context_factory=context_from_env)
    async with serving(
        temporal_server.address,
        task_queue,
        [PayerWorkflow],
        activities,
        plugins=[PydanticAIPlugin()],
        worker_plugins=[AgentPlugin(temporal_agent)],
    ) as client:
        handle = await client.start_workflow(
            PayerWorkflow.run, "pay bob 5 and add", id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
        output = await approve_the_payment(handle, ledger)
    assert "add=42" in output and "send_payment=ann paid 5 to bob" in output and "add=3" in output
    # the bad argument reached the model as pydantic-ai's structured retry, naming the field
    assert "unable to parse string as an integer" in output and '"loc":["a"]' in output
    assert [r["tool"] for r in executions(ledger)].count("send_payment") == 1
    assert sorted((r["a"], r["b"]) for r in executions(ledger, "add")) == [(2, 1), (2, 40)]
    # our tools were not wrapped in pydantic-ai's own tool activity: only the tools' activities ran them
    scheduled, raw = await scheduled_activities(handle)
    assert "add" in scheduled and "send_payment" in scheduled
    assert not [n for n in scheduled if "call_tool" in n], scheduled
    assert secret.encode() not in raw
