"""Telemetry on Temporal, on a real dev server: each tool call is recorded once where it runs (the
workflow's call and the worker's activity), and a workflow replaying its history (a worker that
lost its cached workflow, a new worker after a crash or deploy, the SDK's `Replayer`) records no
second span for the calls it re-runs: `interop.temporal` registers a replay check that the
OpenTelemetry observer reads (the core imports nothing of Temporal)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("temporalio")
pytest.importorskip("opentelemetry.sdk")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telemetry"))

from otel_kit import Exported, configured
from temporalio.client import Client
from temporalio.worker import Replayer
from tt_calls import running_worker
from tt_tools import executions
from tt_workflows import CallTools

from interop import _observe

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]

CALLS = [{"name": "add", "arguments": {"a": i, "b": 1}} for i in range(3)]


@pytest.fixture
def otel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Exported]:
    """The SDK exporting to memory, telemetry configured, the exporter empty (as tests/telemetry)."""
    yield from configured(monkeypatch)


def add_spans(otel: Exported) -> list[Any]:
    return [s for s in otel.tool_spans() if s.name == "execute_tool add"]


async def test_a_replayed_workflow_records_no_second_span(
    client: Client, task_queue: str, secret: str, ledger: Path, otel: Exported
) -> None:
    async with running_worker(client, task_queue):
        handle = await client.start_workflow(
            CallTools.run, args=[CALLS, False], id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
        out = await handle.result()
    assert [o["text"] for o in out] == ["1", "2", "3"]
    live = add_spans(otel)
    # each call twice: the workflow's (activity_tools behind the pipeline) and the worker's activity
    assert len(live) == 6, [s.name for s in live]
    assert all(s.status.is_ok for s in live)

    history = await handle.fetch_history()
    replayed = await Replayer(workflows=[CallTools]).replay_workflow(history)
    assert replayed.replay_failure is None
    assert len(add_spans(otel)) == 6  # the replay re-ran the three calls and recorded none of them


async def test_an_evicted_workflow_records_no_failed_or_repeated_span(
    client: Client, task_queue: str, secret: str, ledger: Path, otel: Exported
) -> None:
    # No cache: the worker evicts the workflow after each task (Temporal ends its waiting calls
    # with an eviction error) and replays the whole history at the next one. Without the check,
    # 12 spans: 3 calls "failed" with _WorkflowBeingEvictedError and 6 replayed ones besides.
    async with running_worker(client, task_queue, max_cached_workflows=0):
        out = await client.execute_workflow(
            CallTools.run, args=[CALLS, False], id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
    assert [o["text"] for o in out] == ["1", "2", "3"]
    assert sorted(r["a"] for r in executions(ledger, "add")) == [0, 1, 2]  # each tool ran once
    spans = add_spans(otel)
    assert [s.attributes.get("error.type") for s in spans] == [None] * 3, [
        (s.name, s.status.status_code, s.attributes.get("error.type")) for s in spans
    ]  # the activities' spans; each workflow-side call was evicted while waiting: not recorded


def test_the_check_is_false_outside_a_workflow() -> None:
    import interop.temporal  # noqa: F401  (registers the check)

    assert _observe._replaying is not None
    assert _observe.replaying() is False
