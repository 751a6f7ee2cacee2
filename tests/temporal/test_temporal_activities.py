"""Tools as Temporal activities on a real dev server: results, content values, model-facing
errors, timeouts, crashes, the context built in the worker and never in the history."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("temporalio")

from devserver import DevServer
from temporalio.client import WorkflowFailureError
from temporalio.exceptions import ActivityError, ApplicationError
from tt_calls import CallToolsRunner
from tt_tools import TOOLS, executions

from interop.temporal import tool_activities

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]

FRESH = Path(__file__).resolve().parent / "fresh_workflow_child.py"


async def test_tool_calls_run_as_activities(tools_worker: CallToolsRunner, ledger: Path) -> None:
    out = await tools_worker.run(
        [
            {"name": "add", "arguments": {"a": 2, "b": 40}},
            {"name": "whoami", "arguments": {}},
            {"name": "picture", "arguments": {"label": "cat"}},
            {"name": "report", "arguments": {"n": 3}},
        ]
    )
    assert out[3] == {"status": "ok", "kind": None, "text": "3 rows"}  # the tool's own model output
    assert out[0] == {"status": "ok", "kind": None, "text": "42"}
    assert (
        out[1]["status"] == "ok"
        and '"user":"ann"' in out[1]["text"]
        and '"authorised":"True"' in out[1]["text"]
    )
    assert out[2]["status"] == "ok"
    assert out[2]["text"] == "picture of cat\n[image: image/png, 12 bytes]"  # the Image came back as content
    assert [r["tool"] for r in executions(ledger)] == ["add", "whoami"]


async def test_model_facing_errors_are_results_not_failures(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    out = await tools_worker.run(
        [
            {"name": "add", "arguments": {"a": "two", "b": 1, "c": 3}},
            {"name": "refuse", "arguments": {"why": "no budget"}},
            {"name": "opaque", "arguments": {}},
        ]
    )
    bad_args, refused, opaque = out
    assert bad_args["status"] == "error" and bad_args["kind"] == "arguments"
    assert bad_args["text"].startswith("Invalid arguments for tool 'add':")
    assert "a:" in bad_args["text"] and "c:" in bad_args["text"]  # each bad field named
    assert refused == {
        "status": "error",
        "kind": "tool",
        "text": "Error from tool 'refuse': refused: no budget",
    }
    # a result Temporal's converter could not carry: a clear model-facing error naming the tool
    assert opaque["status"] == "error" and opaque["kind"] == "output"
    assert opaque["text"].startswith("Tool 'opaque' produced an invalid result:")
    assert "Opaque" in opaque["text"]
    # the function never ran with invalid input; the others ran once each (no retry of a result)
    assert [r["tool"] for r in executions(ledger)] == ["opaque"]


async def test_activity_timeout_is_a_model_facing_error(tools_worker: CallToolsRunner, ledger: Path) -> None:
    out = await tools_worker.run([{"name": "slow", "arguments": {"seconds": 5}}])
    assert out == [
        {
            "status": "error",
            "kind": "tool",
            "text": "Error from tool 'slow': the call timed out (its start-to-close timeout is 1 s) and did not complete",
        }
    ]
    assert len(executions(ledger, "slow")) == 1  # meta timeout 1 s, not the 10 s default; not retried


async def test_an_unexpected_exception_is_an_activity_failure_not_retried(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    with pytest.raises(WorkflowFailureError) as failed:
        await tools_worker.run([{"name": "crash", "arguments": {}}])
    cause = failed.value.cause
    assert isinstance(cause, ActivityError)
    assert isinstance(cause.cause, ApplicationError) and cause.cause.message == "disk on fire"
    assert cause.cause.type == "RuntimeError"
    assert len(executions(ledger, "crash")) == 1  # not idempotent: one attempt


async def test_an_idempotent_tools_failure_is_retried_by_temporal(
    tools_worker: CallToolsRunner, ledger: Path
) -> None:
    out = await tools_worker.run([{"name": "flaky", "arguments": {"key": "k"}}])
    assert out == [{"status": "ok", "kind": None, "text": "got k"}]
    assert len(executions(ledger, "flaky")) == 2  # the first attempt failed, Temporal's retry ran it again


async def test_the_context_never_reaches_the_history(
    tools_worker: CallToolsRunner, secret: str, ledger: Path
) -> None:
    handle = await tools_worker.start(
        [{"name": "whoami", "arguments": {}}, {"name": "add", "arguments": {"a": 7, "b": 1111}}]
    )
    out = await handle.result()
    assert out[0]["status"] == "ok" and out[1]["text"] == "1118"
    history = await handle.fetch_history()
    raw = b"".join(event.SerializeToString() for event in history.events)
    assert b"1111" in raw and b"whoami" in raw  # the arguments and the calls are there...
    assert secret.encode() not in raw  # ...the worker's credential never is
    assert secret not in history.to_json()
    assert executions(ledger, "whoami")[0]["key_len"] == len(secret)  # the tool did use it


async def test_parallel_calls_in_one_turn(tools_worker: CallToolsRunner, ledger: Path) -> None:
    out = await tools_worker.run(
        [{"name": "add", "arguments": {"a": i, "b": 1}} for i in range(8)], parallel=True
    )
    assert [o["text"] for o in out] == [str(i + 1) for i in range(8)]
    assert sorted(r["a"] for r in executions(ledger, "add")) == list(range(8))


def test_bad_use_is_refused_clearly() -> None:
    from interop.errors import ToolNameError
    from interop.temporal import activity_tools

    with pytest.raises(ToolNameError):
        tool_activities([TOOLS[0], TOOLS[0]])
    with pytest.raises(ValueError, match="start_to_close_timeout"):
        activity_tools(TOOLS, start_to_close_timeout=0)
    with pytest.raises(TypeError, match="context_factory"):
        tool_activities(TOOLS, context_factory="nope")  # type: ignore[arg-type]
    [add] = activity_tools(TOOLS[:1], start_to_close_timeout=5)
    assert add.name == "add" and add.description == TOOLS[0].description
    assert add.input_schema is TOOLS[0].input_schema and add.meta["temporal"] is False


def test_activity_tools_built_inside_a_workflow_in_a_fresh_process(
    temporal_server: DevServer, task_queue: str
) -> None:
    """Inside a workflow, Temporal's sandbox refuses what a module's import does (it hung CI once):
    `activity_tools` called in `run` must import nothing there. A fresh worker process whose tools
    use no `with_model_output` of their own (an earlier version reached the lazy
    `interop.with_model_output` there: the workflow task failed on `threading.Lock`; found by the
    OpenAI Agents example)."""
    done = subprocess.run(
        [sys.executable, str(FRESH), temporal_server.address, task_queue],
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "ok 42"
