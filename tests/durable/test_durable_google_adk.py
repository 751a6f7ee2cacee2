"""Google ADK: a converted tool's confirmation pending in ADK's SQL session service
(`DatabaseSessionService`, on SQLite through aiosqlite and on PostgreSQL through psycopg), answered
with the `adk_request_confirmation` function response by a new runner over the same store.

Fast (in `make test`): two `Runner`s in this process, each with its own session service (engine,
connections), agent and converted tool from the same tool list; the second reads the pending
request back from the stored session. Heavy: the same with two processes, the first killed with
SIGKILL while the confirmation is pending. Approve runs the tool once (in the resuming runner; a
repeated answer runs nothing), reject never runs it; the context's secret (rebuilt by the `context=` hook from the user id in the
session state) is in no table. ADK does store the session state: a secret put there is in the
database (shown below), which is why the state holds a reference, not the context.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("google.adk")

from adk_model import answer, close, make_runner, resume, start
from durable_harness import calls, kill_at, run_to_end
from durable_pg import PostgresCluster, sqlite_find_text, sqlite_rows

pytestmark = pytest.mark.timeout(600)

PAYMENT = {"id": "call_1", "name": "send_payment", "args": {"to": "bob", "amount": 500}}
SENT = {"sent": 500, "to": "bob"}
REJECTED = {"error": "This tool call is rejected."}


def _stores(request: pytest.FixtureRequest, tmp_path: Path, kind: str) -> tuple[str, Any]:
    """(ADK database URL, scan(needle) -> hits, rows). Only the Postgres kind needs the cluster."""
    if kind == "postgres":
        postgres: PostgresCluster = request.getfixturevalue("postgres")
        pg_db: str = request.getfixturevalue("pg_db")
        url = postgres.url(pg_db, driver="postgresql+psycopg")
        return url, lambda needle: (postgres.find_text(pg_db, needle), postgres.rows(pg_db))
    path = tmp_path / "sessions.sqlite"
    return f"sqlite+aiosqlite:///{path}", lambda needle: (sqlite_find_text(path, needle), sqlite_rows(path))


async def _pause(url: str, counter: Path, state: dict[str, Any], *, hook: bool = True) -> list[Any]:
    """The first runner: until the confirmation request is stored; then closed."""
    runner = make_runner(url, str(counter), hook=hook)
    try:
        return await start(runner, state)
    finally:
        await close(runner)


async def _resume(url: str, counter: Path, confirmed: bool, *, hook: bool = True) -> Any:
    """A second runner over the same store: reads the pending request, answers it, runs on."""
    runner = make_runner(url, str(counter), hook=hook)
    try:
        return await resume(runner, confirmed)
    finally:
        await close(runner)


def _original(requests: list[Any]) -> list[Any]:
    return [(r.args or {}).get("originalFunctionCall") for r in requests]


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_confirmation_resumes_from_the_session_store(request, tmp_path, counter, secret, kind, decision):
    url, scan = _stores(request, tmp_path, kind)
    requests = asyncio.run(_pause(url, counter, {"user_id": "u1"}))
    assert _original(requests) == [PAYMENT] and calls(counter) == []

    pending, responses, final = asyncio.run(_resume(url, counter, decision == "approve"))
    assert _original(pending) == [PAYMENT]  # read back from the stored session
    if decision == "approve":
        assert responses == [SENT] and final == f"done: {json.dumps(SENT, sort_keys=True)}"
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert responses == [REJECTED] and final == f"done: {json.dumps(REJECTED)}"
        assert calls(counter) == []
    hits, rows = scan(secret)
    assert rows > 0 and hits == []


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_secret_in_the_session_state_is_written_to_the_store(request, tmp_path, counter, secret, kind):
    """Why the state holds a reference: ADK persists the session state (the default context of a
    converted tool is a snapshot of it), so a credential put there is in the database."""
    url, scan = _stores(request, tmp_path, kind)
    state = {"user_id": "u1", "api_key": os.environ["INTEROP_DURABLE_SECRET"]}
    asyncio.run(_pause(url, counter, state, hook=False))
    _, responses, _ = asyncio.run(_resume(url, counter, True, hook=False))
    assert responses == [SENT] and [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    hits, _ = scan(secret)
    assert any("state" in h for h in hits), hits


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_a_repeated_answer_does_not_run_the_tool_again(request, tmp_path, counter, secret, kind):
    """The same approval sent again (a retried webhook, a second click) by a third runner: ADK finds
    the confirmation already answered in the stored session and runs nothing."""
    url, scan = _stores(request, tmp_path, kind)
    (confirmation,) = asyncio.run(_pause(url, counter, {"user_id": "u1"}))
    _, responses, _ = asyncio.run(_resume(url, counter, True))
    assert responses == [SENT] and len(calls(counter)) == 1

    async def again() -> Any:
        runner = make_runner(url, str(counter))
        try:
            return await answer(runner, [confirmation.id], True)
        finally:
            await close(runner)

    assert asyncio.run(again()) == ([], "")
    assert len(calls(counter)) == 1
    hits, _ = scan(secret)
    assert hits == []


# ---- two processes, the first killed with SIGKILL -------------------------------------------------


@pytest.mark.heavy
@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_confirmation_survives_sigkill(request, tmp_path, counter, secret, kind, decision):
    url, scan = _stores(request, tmp_path, kind)
    paused = kill_at("adk_child.py", ["start", url, str(counter)], "paused")
    assert paused["requests"] == [PAYMENT] and calls(counter) == []

    done = run_to_end("adk_child.py", [decision, url, str(counter)])
    assert done["pending"] == [PAYMENT]  # what the killed process left in the store
    if decision == "approve":
        assert done["responses"] == [SENT]
        assert [(c["pid"], c["context_ok"]) for c in map(json.loads, calls(counter))] == [(done["pid"], True)]
    else:
        assert done["responses"] == [REJECTED] and done["final"] == f"done: {json.dumps(REJECTED)}"
        assert calls(counter) == []
    hits, rows = scan(secret)
    assert rows > 0 and hits == []
