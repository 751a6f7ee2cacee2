"""Middleware and policies on Temporal, on a real dev server: the worker's tools are wrapped
(`interop.with_middleware`), the chain runs in the worker's activity with the context the worker
built, a policy's refusal is a model-facing result (not an activity failure to retry), an explicit
`Timeout` answers before Temporal's start-to-close, and an `OutputBudget` applied in the worker is
what the model in the workflow reads, even when the workflow's tools were built from the unwrapped
ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("temporalio")

from recording_middleware import Recorder
from tt_calls import CallToolsRunner, running_worker
from tt_tools import TOOLS, AppContext, executions

import interop
from interop import policies

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]


def wrapped(recorder: Recorder) -> list[Any]:
    """The worker's tools: every one recorded, `add` limited to 2 calls in all, `slow` under an
    explicit 0.3 s Timeout, `numbers` cut to a budget of 100 characters."""
    by_name = {t.name: t for t in TOOLS}
    out = []
    for tool in TOOLS:
        chain: list[Any] = [recorder]
        if tool.name == "add":
            chain.append(policies.CallLimit(2, key=lambda call: "all"))
        if tool.name == "slow":
            chain.append(policies.Timeout(0.3))
        out.append(interop.with_middleware(by_name[tool.name], *chain))
    budget = policies.OutputBudget(100, strategy="head")
    return [interop.with_middleware(t, budget) if t.name == "numbers" else t for t in out]


async def test_the_chain_runs_in_the_worker_and_refusals_are_results(
    call_tools: CallToolsRunner, secret: str, ledger: Path
) -> None:
    recorder = Recorder()
    # the workflow's activity tools come from the unwrapped TOOLS; the worker's are wrapped
    async with running_worker(call_tools.client, call_tools.task_queue, wrapped(recorder)):
        out = await call_tools.run(
            [
                {"name": "add", "arguments": {"a": 1, "b": 2}},
                {"name": "add", "arguments": {"a": "x", "b": 2}},  # invalid: never reaches the chain
                {"name": "add", "arguments": {"a": 3, "b": 4}},
                {"name": "add", "arguments": {"a": 5, "b": 6}},  # past the limit
                {"name": "slow", "arguments": {"seconds": 5}},
                {"name": "numbers", "arguments": {"n": 100}},
            ]
        )
    ok1, bad, ok2, limited, slow, numbers = out
    assert (ok1["text"], ok2["text"]) == ("3", "7")
    assert bad["kind"] == "arguments"
    assert limited["status"] == "error" and limited["kind"] == "tool"
    assert "the limit of 2 calls for this run is reached" in limited["text"]
    assert slow["status"] == "error" and "did not finish within 0.3 s" in slow["text"]  # not Temporal's 1 s
    # the budget applied in the worker is what the workflow's model reads
    assert numbers["status"] == "ok"
    assert numbers["text"].startswith("[0,1,2,") and "characters removed" in numbers["text"]
    assert len(numbers["text"]) <= 100
    # the chain ran in the worker, once per valid call, with the context the worker built
    assert [c[0] for c in recorder.calls] == ["add", "add", "add", "slow", "numbers"]
    assert all(isinstance(c[2], AppContext) and c[2].api_key == secret for c in recorder.calls[:4])
    assert sorted((r["a"], r["b"]) for r in executions(ledger, "add")) == [(1, 2), (3, 4)]
    assert len(executions(ledger, "slow")) == 1  # one attempt: the refusal is a result, not retried
