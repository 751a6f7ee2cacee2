"""pydantic-ai durable execution on Prefect (a local, SQLite-backed Prefect server) with converted tools.

pydantic-ai's `PrefectDurability` runs every tool of a `FunctionToolset` as a Prefect task, and
both `to_pydantic_ai_toolset(tools, id=...)` and `to_pydantic_ai(tool)` (in the agent's own
function toolset) give one: each converted tool call is a task with no opt-in and no code of
ours. Prefect's recovery re-runs the same flow run: tasks whose result was persisted (the default
for pydantic-ai's tasks; the cache key includes the flow run id) return that result instead of
running again.

Two processes (the proof): the first runs the flow until the model is asked again after the tool
call, and is killed with SIGKILL there; a second process retries that flow run (marks it CRASHED,
then does what `prefect flow-run retry ID --entrypoint ...` does: SCHEDULED, the same flow run id
run again) against the same Prefect server, database and result storage. The tool has run once
across both, the run completes with the tool's answer, and the context's secret is in neither
Prefect's database nor its result storage (the flow parameter is a user id; a `context=` hook
rebuilds the context from `ctx.deps`).
One process: a flow run's own retry (`retries=1`) after a failure past the tool call; and the
control: a new flow run of the same flow calls the tool again (the reason recovery retries the
crashed run rather than starting a new one).

A tool is retried by Prefect only when its task config says so (pydantic-ai's default is
`retries=0`): a tool that is not idempotent is never retried implicitly.

The Prefect server is started by the session's `prefect_server` fixture (conftest.py: `prefect
server start`, a free port, SQLite in a temp dir; 10-20 s on an idle machine, over a minute on a
loaded one) and stopped at the end. Prefect 3.9 requires fastapi<0.151 and cachetools<8, which the
main environment's pins exclude: these tests run in `.venv-prefect` (`make test-prefect`, part of
`make test`) and are skipped elsewhere.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from durable_common import make_tool
from durable_harness import calls, kill_at, run_to_end
from durable_pg import contains, sqlite_find_text

pytest.importorskip(
    "prefect",
    reason="Prefect is not installed here (it has its own environment: make test-prefect)",
)

from pai_payments import context_from_deps, converted, pay_model
from prefect import flow
from prefect.logging.handlers import APILogHandler
from prefect.settings import (
    PREFECT_API_URL,
    PREFECT_HOME,
    PREFECT_LOCAL_STORAGE_PATH,
    temporary_settings,
)
from pydantic_ai import Agent
from pydantic_ai.durable_exec.prefect import PrefectDurability

pytestmark = pytest.mark.timeout(600)


# ---- two processes, the first killed with SIGKILL -------------------------------------------------


def test_crash_after_tool_call_recovers_without_calling_it_again(prefect_server, tmp_path, secret):
    """Both shapes (a toolset, a single tool), one flow run each, in the same two processes."""
    env = prefect_server.env()
    crashed = kill_at("prefect_child.py", ["start", str(tmp_path)], "crash-point", env=env, timeout=300)
    assert sorted(crashed["flow_runs"]) == ["tool", "toolset"]
    first = {shape: calls(tmp_path / f"{shape}.jsonl") for shape in crashed["flow_runs"]}
    for (line,) in first.values():
        assert json.loads(line)["pid"] == crashed["pid"] and json.loads(line)["context_ok"]

    runs = ",".join(f"{shape}={run_id}" for shape, run_id in crashed["flow_runs"].items())
    done = run_to_end("prefect_child.py", ["recover", str(tmp_path), runs], env=env, timeout=300)
    assert done["pid"] != crashed["pid"] and sorted(done["results"]) == ["tool", "toolset"]
    for shape, result in done["results"].items():
        assert result["found"] == "RUNNING"  # what SIGKILL left behind
        assert result["output"] == 'done [success]: {"sent":500,"to":"bob"}'
        assert result["state"] == "COMPLETED"
        assert calls(tmp_path / f"{shape}.jsonl") == first[shape]  # not called again
        # the tool call is a Prefect task; the second process got its persisted result (the first
        # process's own task-run records may be lost with it: Prefect sends them as events)
        tool_tasks = [t for t in result["task_runs"] if t.startswith("Call Tool: send_payment")]
        assert any(t.endswith(": Cached") for t in tool_tasks), result["task_runs"]

    assert sqlite_find_text(prefect_server.database, "Call Tool: send_payment")
    assert sqlite_find_text(prefect_server.database, secret) == []
    stored = prefect_server.stored_files()
    assert stored  # the task results Prefect persisted ...
    assert not [p for p in stored if contains(p.read_bytes(), secret)]  # ... hold nothing of the context


# ---- one process: the flow run's own retry ---------------------------------------------------------


def _payment_flow(agent: Agent[str, Any], name: str, **options: Any) -> Any:
    """A flow that runs `agent` for a user id (its only parameter, which Prefect stores)."""

    @flow(name=name, **options)
    async def pay(user_id: str) -> str:
        return str((await agent.run("pay bob 5 euros", deps=user_id)).output)

    return pay


def _run_on(server: Any, pay: Any, runs: int = 1) -> list[str]:
    """Run the flow `runs` times against the test's Prefect server (its API, home, result storage);
    the runs' logs are sent while the server is up (they are searched after)."""
    settings = {
        PREFECT_API_URL: server.api_url,
        PREFECT_HOME: server.home,
        PREFECT_LOCAL_STORAGE_PATH: server.storage,
    }
    with temporary_settings(updates=settings):
        outputs = [asyncio.run(pay("u1")) for _ in range(runs)]
        APILogHandler().flush()
    return outputs


@pytest.mark.parametrize("shape", ["toolset", "tool"])
def test_flow_retry_after_a_failure_does_not_call_the_tool_again(prefect_server, counter, secret, shape):
    tools = converted(shape, make_tool(str(counter), requires_approval=False), context=context_from_deps)
    crash = {"left": 1}

    def fail_once() -> None:
        """The first model step after the tool answered fails (the flow run's first attempt)."""
        if crash["left"] > 0:
            crash["left"] -= 1
            raise ConnectionError("the worker died after the tool call")

    agent = Agent(
        pay_model(after_tool=fail_once),
        name=f"payments_{shape}",
        deps_type=str,
        capabilities=[PrefectDurability()],
        **tools,
    )
    (output,) = _run_on(
        prefect_server, _payment_flow(agent, f"pay-retry-{shape}", retries=1, retry_delay_seconds=0)
    )
    assert output == 'done [success]: {"sent":500,"to":"bob"}'
    assert crash["left"] == 0  # the first attempt did fail after the tool call
    assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]  # once, across the retry

    assert sqlite_find_text(prefect_server.database, secret) == []
    stored = prefect_server.stored_files()
    assert stored and not [p for p in stored if contains(p.read_bytes(), secret)]


def test_a_new_flow_run_calls_the_tool_again(prefect_server, counter, secret):
    """Why recovery must retry the crashed flow run: the task cache key includes the flow run id,
    so a new run of the same flow with the same input is a new payment, not a replay."""
    tool = make_tool(str(counter), requires_approval=False)
    agent = Agent(
        pay_model(),
        name="payments_again",
        deps_type=str,
        capabilities=[PrefectDurability()],
        **converted("toolset", tool, context=context_from_deps),
    )
    outputs = _run_on(prefect_server, _payment_flow(agent, "pay-again"), runs=2)
    assert outputs == ['done [success]: {"sent":500,"to":"bob"}'] * 2
    assert len(calls(counter)) == 2
