"""Fixtures for the durable-run tests: a throwaway PostgreSQL cluster, a fresh database per test,
a local Prefect server (SQLite), a unique secret for the context (looked for in every store), a
counter file for tool executions."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "children"))

from durable_common import SECRET_ENV
from durable_pg import PostgresCluster, PostgresUnavailable, start_cluster
from secret_fixture import secret_fixture


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


@dataclass
class PrefectServer:
    """A running `prefect server start`: its API, its SQLite database, a result storage directory."""

    api_url: str
    home: Path
    database: Path
    storage: Path

    def env(self) -> dict[str, str]:
        """What a process needs to use this server and the result storage."""
        return {
            "PREFECT_API_URL": self.api_url,
            "PREFECT_HOME": str(self.home),
            "PREFECT_LOCAL_STORAGE_PATH": str(self.storage),
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            "PREFECT_LOGGING_LEVEL": "WARNING",
        }

    def stored_files(self) -> list[Path]:
        return [p for p in self.storage.rglob("*") if p.is_file()]


PREFECT_STARTUP = 300  # seconds; a loaded 2-core machine is slow to import Prefect and migrate its database


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


_PREFECT_FILES = {"test_durable_prefect.py", "test_durable_examples.py"}
_prefect: dict[str, tuple[PrefectServer, subprocess.Popen[bytes]]] = {}


def _start_prefect_server() -> tuple[PrefectServer, subprocess.Popen[bytes]]:
    """`prefect server start` (API and its services; no UI, no scheduler) on a free port, with a
    SQLite database in a temp dir; once per session (not waited for here)."""
    if "server" not in _prefect:
        home = Path(tempfile.mkdtemp(prefix="interop-prefect-"))
        port = _free_port()
        server = PrefectServer(
            api_url=f"http://127.0.0.1:{port}/api",
            home=home,
            database=home / "prefect.db",
            storage=home / "storage",
        )
        env = {
            **os.environ,
            "PREFECT_HOME": str(home),
            "PREFECT_SERVER_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{server.database}",
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            "PREFECT_SERVER_UI_ENABLED": "false",
            "PREFECT_SERVER_SERVICES_SCHEDULER_ENABLED": "false",
            "PREFECT_SERVER_SERVICES_LATE_RUNS_ENABLED": "false",
            "PREFECT_SERVER_LOGGING_LEVEL": "WARNING",
        }
        env.pop("PREFECT_API_URL", None)
        command = [
            sys.executable,
            "-m",
            "prefect",
            "server",
            "start",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        with (home / "server.log").open("wb") as log:
            proc = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        _prefect["server"] = (server, proc)
    return _prefect["server"]


def _stop_prefect_server() -> None:
    started = _prefect.pop("server", None)
    if started is not None:
        server, proc = started
        _stop_group(proc)
        shutil.rmtree(server.home, ignore_errors=True)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> None:
    """Start the Prefect server when a file that uses it is collected (where Prefect is
    installed), so that it boots while pytest imports Prefect for the tests: on a loaded 2-core
    machine each takes a minute."""
    if file_path.name in _PREFECT_FILES and importlib.util.find_spec("prefect") is not None:
        _start_prefect_server()


def pytest_unconfigure(config: pytest.Config) -> None:
    _stop_prefect_server()  # started for a file whose Prefect tests were then all deselected


@pytest.fixture(scope="session")
def prefect_server() -> Iterator[PrefectServer]:
    """The Prefect server for the whole session, once it answers; stopped (its process group) and
    its directory removed after. Skips where Prefect is not installed (`make test-prefect`)."""
    if importlib.util.find_spec("prefect") is None:
        pytest.skip("Prefect is not installed here (it has its own environment: make test-prefect)")
    server, proc = _start_prefect_server()
    try:
        deadline = time.monotonic() + PREFECT_STARTUP
        while True:
            try:
                with urllib.request.urlopen(f"{server.api_url}/health", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                _stop_group(proc)
                tail = (server.home / "server.log").read_text(errors="replace")[-3000:]
                pytest.fail(f"the Prefect server did not start (exit {proc.returncode}):\n{tail}")
            time.sleep(0.5)
        yield server
    finally:
        _stop_prefect_server()


secret = secret_fixture(SECRET_ENV)  # children read it from the environment ('the vault')


@pytest.fixture
def counter(tmp_path: Path) -> Path:
    """The file a counting tool appends one line to per real execution."""
    return tmp_path / "calls.jsonl"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_AGENTS_DISABLE_TRACING", "1")
    monkeypatch.setenv("OPENAI_API_KEY", os.environ.get("OPENAI_API_KEY", "sk-test-offline"))
