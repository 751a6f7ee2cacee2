"""pydantic-ai durable execution on DBOS (PostgreSQL) with converted tools.

Each call of a converted tool inside a DBOS workflow is a DBOS step (no opt-in), for a toolset
(`to_pydantic_ai_toolset(tools, id=...)`) and a single tool (`to_pydantic_ai(tool)`), under the
`DBOSDurability` capability and the deprecated `DBOSAgent` wrapper.

Fast: in one process, the tool call is recorded as the step `interop.tool.<name>`; forking the
workflow from the next step (DBOS copies the recorded steps) replays the result without calling
the tool; `meta["idempotent"]` turns DBOS step retries on; model-facing errors are recorded, not
retried; the context's secret is in no table (the workflow input is a user id), except when it is
passed as `DBOSAgent` deps (which DBOS records as workflow inputs).
Heavy: the first process is killed with SIGKILL after the tool's step and before the next model
step; a new process recovers the workflow; the tool is not called again (a plain pydantic-ai
function tool, the control, is).
"""

from __future__ import annotations

import asyncio
import json
import warnings
from typing import Any

import pytest
from durable_common import load_context, make_tool
from durable_harness import calls, kill_at, run_to_end

import interop

dbos = pytest.importorskip("dbos")

from dbos import DBOS, SetWorkflowID  # noqa: E402
from pai_payments import context_from_deps, converted, pay_model  # noqa: E402
from pydantic_ai import Agent  # noqa: E402
from pydantic_ai.durable_exec.dbos import DBOSAgent, DBOSDurability  # noqa: E402

pytestmark = pytest.mark.timeout(600)
STEP = "interop.tool.send_payment"


@pytest.fixture
def dbos_app(postgres, pg_db):
    """A DBOS instance on a fresh database (launched by the test once its workflows exist)."""
    DBOS.destroy(destroy_registry=True)
    DBOS(
        config={
            "name": "interop-durable",
            "system_database_url": postgres.url(pg_db),
            "application_version": "interop-durable-tests",
            "log_level": "WARNING",
        }
    )
    yield postgres, pg_db
    DBOS.destroy(destroy_registry=True)


def _agent(flavor: str, tool: Any, *, deps_context: bool = False) -> tuple[Any, Any]:
    """(agent, run(user) coroutine function) for a flavor: capability|wrapper x toolset|tool."""
    hook = {} if deps_context else {"context": context_from_deps}
    durable_kind, shape = flavor.split("-")
    tools = converted(shape, tool, **hook)
    if durable_kind == "durability":
        agent = Agent(pay_model(), name="payments", capabilities=[DBOSDurability()], **tools)

        @DBOS.workflow()
        async def pay(user: Any) -> str:
            return str((await agent.run("pay bob 5 euros", deps=user)).output)

        return agent, pay
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapper = DBOSAgent(Agent(pay_model(), name="payments", **tools))

    async def run(user: Any) -> str:
        return str((await wrapper.run("pay bob 5 euros", deps=user)).output)

    return wrapper, run


@pytest.mark.parametrize("flavor", ["durability-toolset", "durability-tool", "agent-toolset", "agent-tool"])
def test_tool_call_is_a_recorded_step_replayed_by_a_fork(dbos_app, counter, secret, flavor):
    postgres, db = dbos_app
    _, run = _agent(flavor, make_tool(str(counter), requires_approval=False))
    DBOS.launch()
    with SetWorkflowID("w1"):
        output = asyncio.run(run("u1"))
    assert output == 'done [success]: {"sent":500,"to":"bob"}'
    assert len(calls(counter)) == 1

    steps = DBOS.list_workflow_steps("w1")
    names = [s["function_name"] for s in steps]
    assert names.count(STEP) == 1, names
    (tool_step,) = [s for s in steps if s["function_name"] == STEP]
    assert tool_step["output"] == {"sent": 500, "to": "bob"}
    next_step = tool_step["function_id"] + 1
    assert names[[s["function_id"] for s in steps].index(next_step)].endswith("model.request")

    forked = DBOS.fork_workflow("w1", next_step).get_result()  # steps before `next_step` are copied
    if flavor.startswith("agent"):
        forked = str(forked.output)
    assert forked == output
    assert len(calls(counter)) == 1  # the recorded result went to the model again; the tool did not run
    assert postgres.rows(db) > 0 and postgres.find_text(db, secret) == []


def test_dbos_agent_records_deps_as_workflow_inputs(dbos_app, counter, secret):
    """Why the README says: with `DBOSAgent`, pass a reference as deps and rebuild the context in a
    `context=` hook. DBOS records a workflow's inputs (pickled): deps that hold the secret are stored."""
    postgres, db = dbos_app
    _, run = _agent("agent-tool", make_tool(str(counter), requires_approval=False), deps_context=True)
    DBOS.launch()
    with SetWorkflowID("w1"):
        output = asyncio.run(run(load_context("u1")))
    assert "sent" in output and len(calls(counter)) == 1
    assert "dbos.workflow_input.inputs" in postgres.find_text(db, secret)


def _flaky(counter: Any, *, idempotent: bool, error: type[Exception]) -> Any:
    @interop.tool(meta={"idempotent": idempotent})
    def send_payment(to: str, amount: int) -> dict[str, Any]:
        """Send a payment."""
        with open(counter, "a") as f:
            f.write("call\n")
        if error is interop.ToolError or len(calls(counter)) == 1:
            raise error("gateway unavailable")
        return {"sent": amount}

    return send_payment


@pytest.mark.parametrize("idempotent", [True, False])
def test_idempotent_tools_get_dbos_step_retries(dbos_app, counter, secret, idempotent):
    """An exception the tool raises: DBOS retries the step for an idempotent tool; any other tool
    is never retried (the exception ends the workflow, as for a native step)."""
    _, run = _agent("durability-toolset", _flaky(counter, idempotent=idempotent, error=ConnectionError))
    DBOS.launch()
    with SetWorkflowID("w1"):
        if idempotent:
            assert asyncio.run(run("u1")) == 'done [success]: {"sent":500}'
        else:
            with pytest.raises(Exception, match="gateway unavailable"):
                asyncio.run(run("u1"))
    assert len(calls(counter)) == (2 if idempotent else 1)


def test_model_facing_errors_are_recorded_not_retried(dbos_app, counter, secret):
    """`ToolError` reaches the model as a retry; the step records it (no DBOS retry even when idempotent)."""
    _, run = _agent("durability-toolset", _flaky(counter, idempotent=True, error=interop.ToolError))
    DBOS.launch()
    with SetWorkflowID("w1"):
        output = asyncio.run(run("u1"))
    assert output.startswith("done [retried]") and "gateway unavailable" in output
    assert len(calls(counter)) == 1
    (tool_step,) = [s for s in DBOS.list_workflow_steps("w1") if s["function_name"] == STEP]
    assert tool_step["error"] is None  # recorded as the step's result, raised again after the step


# ---- two processes, the first killed with SIGKILL -------------------------------------------------


@pytest.mark.heavy
@pytest.mark.parametrize("flavor", ["durability-toolset", "agent-tool"])
def test_crash_after_tool_call_recovers_without_calling_it_again(postgres, pg_db, counter, secret, flavor):
    args = [postgres.url(pg_db), str(counter), "pay-1", flavor]
    kill_at("dbos_child.py", ["start", *args], "crash-point")
    (first,) = calls(counter)
    done = run_to_end("dbos_child.py", ["recover", *args], timeout=240)
    assert done["output"] == 'done [success]: {"sent":500,"to":"bob"}'
    assert calls(counter) == [first]  # recovery replayed the recorded step
    assert done["steps"].count(STEP) == 1
    assert json.loads(first)["context_ok"]
    assert postgres.find_text(pg_db, secret) == []


@pytest.mark.heavy
def test_control_plain_function_tool_runs_again_on_recovery(postgres, pg_db, counter, secret):
    """The problem the adapter solves: pydantic-ai runs a plain function tool as workflow code, so
    DBOS recovery calls it a second time."""
    args = [postgres.url(pg_db), str(counter), "pay-1", "native-durability"]
    kill_at("dbos_child.py", ["start", *args], "crash-point")
    run_to_end("dbos_child.py", ["recover", *args], timeout=240)
    assert len(calls(counter)) == 2
