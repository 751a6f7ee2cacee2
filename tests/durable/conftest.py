"""Fixtures for the durable-run tests: a throwaway PostgreSQL cluster, a fresh database per test,
a unique secret for the context (looked for in every store), a counter file for tool executions."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "children"))

from durable_common import SECRET_ENV
from durable_pg import PostgresCluster, PostgresUnavailable, start_cluster


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL cluster for the whole session (initdb in a temp dir, free port), removed after.

    Skips (with the reason) only when the server binaries are truly absent (see `find_bindir`);
    any other failure to start the cluster fails the tests that need it."""
    try:
        cluster = start_cluster()
    except PostgresUnavailable as e:
        pytest.skip(f"PostgreSQL server binaries not found: {e}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_db(postgres: PostgresCluster) -> str:
    """A new, empty database on the session cluster (its name)."""
    return postgres.create_database("t")


@pytest.fixture
def secret(monkeypatch: pytest.MonkeyPatch) -> str:
    """A unique credential the context carries; children read it from the environment ('the vault')."""
    value = f"sk-live-{uuid.uuid4().hex}"
    monkeypatch.setenv(SECRET_ENV, value)
    return value


@pytest.fixture
def counter(tmp_path: Path) -> Path:
    """The file a counting tool appends one line to per real execution."""
    return tmp_path / "calls.jsonl"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_AGENTS_DISABLE_TRACING", "1")
    monkeypatch.setenv("OPENAI_API_KEY", os.environ.get("OPENAI_API_KEY", "sk-test-offline"))
