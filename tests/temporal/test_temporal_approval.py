"""Approval inside a workflow on a real dev server: a call waits durably for the interop_approval
Update; denied never runs, approved runs exactly once; an unknown call id is rejected by the
Update's validator; the worker process killed (SIGKILL) while the workflow waits, a new worker
started, the approval delivered: the tool ran exactly once. Two worker processes on one task
queue share the calls."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("temporalio")

from devserver import DevServer
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from tt_calls import CallToolsRunner, wait_pending
from tt_tools import executions

from interop.temporal import APPROVAL_UPDATE, decide, pending_approvals

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]

CHILD = Path(__file__).resolve().parent / "worker_child.py"


async def test_denied_never_runs_approved_runs_once(tools_worker: CallToolsRunner, ledger: Path) -> None:
    denied = await tools_worker.start([{"name": "send_payment", "arguments": {"to": "eve", "amount": 900}}])
    [pending] = await wait_pending(denied)
    assert pending == {
        "call_id": "send_payment#1",
        "tool": "send_payment",
        "arguments": {"to": "eve", "amount": 900},
    }
    assert executions(ledger) == []  # waiting: nothing ran
    await decide(denied, pending["call_id"], False, reason="not a known payee")
    assert await denied.result() == [
        {
            "status": "denied",
            "kind": "denied",
            "text": "The call to tool 'send_payment' was not approved: not a known payee. It did not run.",
        }
    ]
    assert executions(ledger) == []

    approved = await tools_worker.start([{"name": "send_payment", "arguments": {"to": "bob", "amount": 5}}])
    [pending] = await wait_pending(approved)
    await decide(approved, pending["call_id"], True)
    assert await approved.result() == [{"status": "ok", "kind": None, "text": "ann paid 5 to bob"}]
    assert await pending_approvals(approved) == []
    assert [(r["tool"], r["to"]) for r in executions(ledger)] == [("send_payment", "bob")]


async def test_bad_decisions_are_rejected_and_nothing_runs(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    payments = [{"name": "send_payment", "arguments": {"to": "bob", "amount": n}} for n in (5, 6)]
    handle = await tools_worker.start(payments)
    [pending] = await wait_pending(handle)
    with pytest.raises(WorkflowUpdateFailedError) as unknown:
        await decide(handle, "send_payment#99", True)
    assert isinstance(unknown.value.cause, ApplicationError)
    assert "no call 'send_payment#99' is waiting for approval (waiting: 'send_payment#1')" in str(
        unknown.value.cause
    )
    for bad in (
        {"call_id": pending["call_id"], "approved": "yes"},
        {"call_id": pending["call_id"], "approved": True, "reason": 3},
        {"call_id": pending["call_id"], "approved": True, "by": "mallory"},
        ["send_payment#1", True],
    ):
        with pytest.raises(WorkflowUpdateFailedError):
            await handle.execute_update(APPROVAL_UPDATE, bad)
    assert executions(ledger) == []  # nothing ran for any of them
    assert [p["call_id"] for p in await pending_approvals(handle)] == ["send_payment#1"]
    await decide(handle, pending["call_id"], True)
    [second] = await wait_pending(handle, "send_payment#2")  # the workflow goes on, and waits again
    with pytest.raises(WorkflowUpdateFailedError) as again:  # decided already: refused
        await decide(handle, pending["call_id"], False)
    assert "no call 'send_payment#1' is waiting" in str(again.value.cause)
    await decide(handle, second["call_id"], True)
    assert [o["status"] for o in await handle.result()] == ["ok", "ok"]
    assert [r["amount"] for r in executions(ledger, "send_payment")] == [5, 6]


async def test_a_predicate_decides_with_the_worker_context(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    handle = await tools_worker.start(
        [
            {"name": "refund", "arguments": {"amount": 50}},
            {"name": "refund", "arguments": {"amount": 500}},
        ]
    )
    [pending] = await wait_pending(handle)
    assert pending["arguments"] == {"amount": 500}  # the small refund did not ask
    assert [r["amount"] for r in executions(ledger, "refund")] == [50]
    await decide(handle, pending["call_id"], True)
    out = await handle.result()
    assert [o["text"] for o in out] == ["refunded 50", "refunded 500"]
    assert [r["amount"] for r in executions(ledger, "refund")] == [50, 500]


async def test_invalid_arguments_are_never_sent_for_approval(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    out = await tools_worker.run([{"name": "send_payment", "arguments": {"to": "bob", "amount": "lots"}}])
    assert out[0]["kind"] == "arguments" and "amount" in out[0]["text"]
    assert executions(ledger) == []


@contextmanager
def worker_process(server: DevServer, task_queue: str) -> Iterator[subprocess.Popen[str]]:
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), server.address, task_queue],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == "ready", (line, proc.stderr.read() if proc.poll() is not None else "")
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


async def test_worker_killed_while_waiting_then_approved_runs_once(
    call_tools: CallToolsRunner, temporal_server: DevServer, task_queue: str, secret: str, ledger: Path
) -> None:
    with worker_process(temporal_server, task_queue) as first:
        handle = await call_tools.start(
            [
                {"name": "add", "arguments": {"a": 1, "b": 2}},
                {"name": "send_payment", "arguments": {"to": "bob", "amount": 5}},
            ]
        )
        [pending] = await wait_pending(handle)
        os.kill(first.pid, signal.SIGKILL)  # no shutdown: the worker is gone while the workflow waits
        first.wait(timeout=30)
    assert [r["tool"] for r in executions(ledger)] == ["add"]
    with worker_process(temporal_server, task_queue) as second:
        assert await wait_pending(handle) == [pending]  # the new worker rebuilt the wait by replay
        await decide(handle, pending["call_id"], True)
        out = await handle.result()
    assert [o["text"] for o in out] == ["3", "ann paid 5 to bob"]
    runs = executions(ledger)
    assert [r["tool"] for r in runs] == ["add", "send_payment"]  # add was not run again; payment once
    assert runs[0]["pid"] == first.pid and runs[1]["pid"] == second.pid


async def test_two_worker_processes_share_one_task_queue(
    call_tools: CallToolsRunner, temporal_server: DevServer, task_queue: str, secret: str, ledger: Path
) -> None:
    with worker_process(temporal_server, task_queue) as a, worker_process(temporal_server, task_queue) as b:
        out = await call_tools.run(
            [{"name": "work", "arguments": {"item": i}} for i in range(12)], parallel=True
        )
    assert [o["status"] for o in out] == ["ok"] * 12
    runs = executions(ledger, "work")
    assert sorted(r["item"] for r in runs) == list(range(12))  # each call ran once
    by_worker = {r["pid"] for r in runs}
    assert by_worker == {a.pid, b.pid}  # both processes took calls (2 slots each, 12 calls of 0.2 s)
