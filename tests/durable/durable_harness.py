"""Two processes: the first runs until it reports a pause (or reaches a crash point) and is killed
with SIGKILL; the second resumes from the store. Children print one JSON object per line
(`{"event": ..., ...}`); everything else they print goes to stderr.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

__all__ = [
    "CHILDREN",
    "ChildFailed",
    "assert_decided",
    "calls",
    "kill_at",
    "kill_then_resume",
    "run_to_end",
]

CHILDREN = Path(__file__).resolve().parent / "children"


class ChildFailed(AssertionError):
    pass


class _Child:
    def __init__(self, script: str, args: list[str], env: dict[str, str] | None) -> None:
        full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.argv = [sys.executable, str(CHILDREN / script), *args]
        self.proc = subprocess.Popen(
            self.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=full_env
        )
        self.events: list[dict[str, Any]] = []
        self.stderr: list[str] = []
        self._cond = threading.Condition()
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            line = line.strip()
            if line.startswith("{"):
                with self._cond:
                    self.events.append(json.loads(line))
                    self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    def fail(self, why: str) -> ChildFailed:
        tail = "".join(self.stderr[-60:])
        return ChildFailed(f"{why}\nargv: {self.argv}\nevents: {self.events}\nstderr (tail):\n{tail}")

    def wait_event(self, name: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for event in self.events:
                    if event.get("event") == name:
                        return event
                if self.proc.poll() is not None and not any(e.get("event") == name for e in self.events):
                    time.sleep(0.1)  # let the reader thread drain the pipe
                    for event in self.events:
                        if event.get("event") == name:
                            return event
                    raise self.fail(f"child exited ({self.proc.returncode}) before {name!r}")
                left = deadline - time.monotonic()
                if left <= 0:
                    self.proc.kill()
                    raise self.fail(f"no {name!r} event within {timeout} s")
                self._cond.wait(min(left, 0.5))


def kill_at(
    script: str, args: list[str], event: str, *, env: dict[str, str] | None = None, timeout: float = 120
) -> dict[str, Any]:
    """Run a child until it reports `event`, then SIGKILL it (no clean shutdown); the event's payload."""
    child = _Child(script, args, env)
    try:
        payload = child.wait_event(event, timeout)
    finally:
        if child.proc.poll() is None:
            os.kill(child.proc.pid, signal.SIGKILL)
        child.proc.wait(timeout=30)
    if child.proc.returncode != -signal.SIGKILL:
        raise child.fail(f"expected the child to be killed by SIGKILL, got exit code {child.proc.returncode}")
    return payload


def run_to_end(
    script: str, args: list[str], *, env: dict[str, str] | None = None, timeout: float = 120
) -> dict[str, Any]:
    """Run a child to completion; the payload of its `done` event (the child must exit 0)."""
    child = _Child(script, args, env)
    payload = child.wait_event("done", timeout)
    try:
        child.proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        child.proc.kill()
        raise child.fail("child did not exit after 'done'") from None
    if child.proc.returncode != 0:
        raise child.fail(f"child exited with {child.proc.returncode}")
    return payload


def calls(counter: Path) -> list[str]:
    """The lines a counting tool appended (one per real execution)."""
    return counter.read_text().splitlines() if counter.exists() else []


def kill_then_resume(
    script: str, decision: str, workdir: Path, counter: Path, secret: str, *, pending: str
) -> dict[str, Any]:
    """`script start STATE COUNTER` (STATE: `workdir/state.json`, where the child saves its paused
    run) killed with SIGKILL once it reports `paused` (its `pending` list names `send_payment`,
    nothing has run, the secret is not in STATE), then `script DECISION STATE COUNTER` run to the
    end: the payload of its `done` event."""
    state = workdir / "state.json"
    paused = kill_at(script, ["start", str(state), str(counter)], "paused")
    assert paused[pending] == ["send_payment"]
    assert calls(counter) == []
    assert secret not in state.read_text()
    return run_to_end(script, [decision, str(state), str(counter)])


def assert_decided(counter: Path, decision: str, output: Any, *, approved: Any, refused: Any) -> None:
    """An approved call ran once, with its context re-established, and the run ended with `approved`;
    a refused one never ran, and the run ended with `refused`."""
    if decision == "approve":
        assert output == approved
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert output == refused
        assert calls(counter) == []
