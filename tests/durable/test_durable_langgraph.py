"""LangGraph (`langchain.agents.create_agent`) with real checkpointers: PostgreSQL and SQLite.

Fast (in `make test`): the approval interrupt of a converted tool is written to the store; a
fresh checkpointer connection, agent and converted tool (the same tool list) resume it; the tool
runs once; the context's secret is in no checkpoint table when the context goes through the
runtime `context=`, and is there when it goes through `configurable`.
Heavy: the same with two processes, the first killed with SIGKILL while paused (approve and
reject), and a crash after the tool ran, before the model's next answer (durability="sync").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from durable_common import Ctx, load_context, make_tool
from durable_harness import calls, kill_at, run_to_end
from durable_pg import PostgresCluster, sqlite_find_text, sqlite_rows
from langchain.agents import create_agent
from langchain_core.messages import ToolMessage
from langgraph.types import Command
from lg_model import Scripted

from interop.langchain import approve, reject, to_langchain

pytestmark = pytest.mark.timeout(600)


def _saver(store: str) -> Any:
    if store.startswith("postgresql://"):
        from langgraph.checkpoint.postgres import PostgresSaver

        return PostgresSaver.from_conn_string(store)
    from langgraph.checkpoint.sqlite import SqliteSaver

    return SqliteSaver.from_conn_string(store)


def _run(store: str, counter: Path, payload: Any, via: str) -> dict[str, Any]:
    """One 'process': a new connection, agent and converted tool; invoke; close everything."""
    config: dict[str, Any] = {"configurable": {"thread_id": "t1"}}
    kwargs: dict[str, Any] = {}
    ctx = load_context("u1")
    if via == "context":
        kwargs["context"] = ctx
    else:
        config["configurable"].update(user_id=ctx.user_id, api_key=ctx.api_key)
    with _saver(store) as saver:
        if hasattr(saver, "setup"):
            saver.setup()
        tool = to_langchain(make_tool(str(counter)))
        agent = create_agent(Scripted(), tools=[tool], context_schema=Ctx, checkpointer=saver)
        if callable(payload):  # a decision made from the pending request this process reads back
            payload = payload(agent.get_state(config).interrupts)
        return agent.invoke(payload, config, durability="sync", **kwargs)


def _stores(request: pytest.FixtureRequest, tmp_path: Path, kind: str) -> tuple[str, Any]:
    """(store argument, scan(needle) -> hits, rows). Only the Postgres kind needs the cluster."""
    if kind == "postgres":
        postgres: PostgresCluster = request.getfixturevalue("postgres")
        pg_db: str = request.getfixturevalue("pg_db")
        return postgres.url(pg_db), lambda needle: (postgres.find_text(pg_db, needle), postgres.rows(pg_db))
    path = tmp_path / "checkpoints.sqlite"
    return str(path), lambda needle: (sqlite_find_text(path, needle), sqlite_rows(path))


START = {"messages": [{"role": "user", "content": "pay bob 5 euros"}]}


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_approval_resumes_from_the_store(request, tmp_path, counter, secret, kind, decision):
    store, scan = _stores(request, tmp_path, kind)
    paused = _run(store, counter, START, "context")
    (interrupt,) = paused["__interrupt__"]
    assert interrupt.value["tool"] == "send_payment" and interrupt.value["args"] == {
        "to": "bob",
        "amount": 500,
    }
    assert calls(counter) == []

    def answer(pending: Any) -> Command[Any]:
        (intr,) = pending
        return Command(resume=approve(intr) if decision == "approve" else reject(intr, "not this month"))

    done = _run(store, counter, answer, "context")
    (tool_message,) = [m for m in done["messages"] if isinstance(m, ToolMessage)]
    if decision == "approve":
        assert tool_message.status == "success" and json.loads(tool_message.content) == {
            "sent": 500,
            "to": "bob",
        }
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert tool_message.status == "error" and "not this month" in tool_message.content
        assert calls(counter) == []
    hits, rows = scan(secret)
    assert rows > 0 and hits == []


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_configurable_context_is_copied_into_checkpoint_metadata(request, tmp_path, counter, secret, kind):
    """Why the README steers durable users to `context=`: LangGraph writes `configurable` values
    (str/int/float/bool) into every checkpoint's metadata, i.e. into the database."""
    store, scan = _stores(request, tmp_path, kind)
    _run(store, counter, START, "configurable")
    done = _run(store, counter, lambda pending: Command(resume=approve(pending[0])), "configurable")
    assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    assert "sent" in done["messages"][-1].content
    hits, _ = scan(secret)
    assert hits and all("metadata" in h for h in hits), hits


# ---- two processes, the first killed with SIGKILL -------------------------------------------------


@pytest.mark.heavy
@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_approval_survives_sigkill(request, tmp_path, counter, secret, kind, decision):
    store, scan = _stores(request, tmp_path, kind)
    args = [store, str(counter), "t1", "context"]
    paused = kill_at("lg_child.py", ["start", *args], "paused")
    assert [i["tool"] for i in paused["interrupts"]] == ["send_payment"]
    assert calls(counter) == []

    done = run_to_end("lg_child.py", [decision, *args])
    (tool_message,) = done["tool_messages"]
    if decision == "approve":
        assert tool_message["status"] == "success"
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert tool_message["status"] == "error" and "not this month" in tool_message["content"]
        assert calls(counter) == []
    hits, rows = scan(secret)
    assert rows > 0 and hits == []


@pytest.mark.heavy
@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_completed_tool_call_is_not_rerun_after_sigkill(request, tmp_path, counter, secret, kind):
    """Killed after the tool ran and before the model's next answer: the new process continues from
    the checkpoint written after the tool node (durability="sync"), the tool is not called again."""
    store, scan = _stores(request, tmp_path, kind)
    args = [store, str(counter), "t2", "context"]
    kill_at("lg_child.py", ["crash", *args], "crash-point")
    assert len(calls(counter)) == 1
    done = run_to_end("lg_child.py", ["recover", *args])
    assert done["final"].startswith("done [success]")
    assert len(calls(counter)) == 1
    hits, _ = scan(secret)
    assert hits == []
