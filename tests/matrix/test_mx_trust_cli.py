"""`interop call` on approval tools, as a real subprocess: without a terminal it refuses unless
`--yes`; on a (pseudo-)terminal it asks y/N and runs only on yes; a conditional tool asks only
for the calls that need it. The tool appends to a marker file, so "never ran" is checked on disk.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

MODULE = textwrap.dedent(
    '''
    import os
    from pathlib import Path

    import interop


    def _mark(path: str) -> str:
        with Path(os.environ["TRUST_MARK"]).open("a") as f:
            f.write(path + "\\n")
        return f"wiped {path}"


    @interop.tool(meta={"requires_approval": True, "destructive": True})
    def wipe(path: str) -> str:
        """Delete everything under a path."""
        return _mark(path)


    @interop.tool(meta={"requires_approval": lambda value, context: value.path.startswith("/etc")})
    def tidy(path: str) -> str:
        """Tidy a path (system paths need approval)."""
        return _mark(path)
    '''
)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "trust_cli_tools.py").write_text(MODULE, encoding="utf-8")
    mark = tmp_path / "ran.txt"
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join([str(tmp_path), environment.get("PYTHONPATH", "")])
    environment["TRUST_MARK"] = str(mark)
    return environment


def ran(env: dict[str, str]) -> list[str]:
    mark = Path(env["TRUST_MARK"])
    return mark.read_text(encoding="utf-8").split() if mark.exists() else []


def call(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`interop call ...` with no terminal (stdin and stderr are pipes)."""
    return subprocess.run(
        [sys.executable, "-m", "interop", "call", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        env=env,
    )


def test_cli_without_a_terminal_refuses_unless_yes(env: dict[str, str]) -> None:
    r = call(env, "trust_cli_tools:wipe", '{"path": "/srv"}')
    assert r.returncode == 1 and ran(env) == []
    assert "--yes" in r.stderr and "no terminal" in r.stderr and "not approved" in r.stderr, r.stderr
    assert "_Fail" not in r.stderr and r.stderr.count("wipe") <= 2, r.stderr  # one clear line
    r = call(env, "trust_cli_tools:wipe", '{"path": "/srv"}', "--yes")
    assert r.returncode == 0, r.stderr
    assert ran(env) == ["/srv"] and '"wiped /srv"' in r.stdout


def test_cli_conditional_tool_asks_only_when_needed(env: dict[str, str]) -> None:
    r = call(env, "trust_cli_tools:tidy", '{"path": "/tmp/b"}')  # not needed: runs, nobody asked
    assert r.returncode == 0 and ran(env) == ["/tmp/b"], r.stderr
    r = call(env, "trust_cli_tools:tidy", '{"path": "/etc/a"}')  # needed, no terminal: refused
    assert r.returncode == 1 and ran(env) == ["/tmp/b"] and "--yes" in r.stderr
    r = call(env, "trust_cli_tools:tidy", '{"path": 7}')  # bad input: refused before anyone is asked
    assert r.returncode == 1 and "path" in r.stderr and "--yes" not in r.stderr


def _on_a_terminal(env: dict[str, str], answer: bytes, *args: str) -> tuple[int, str, str]:
    """Run `interop call` with stdin and stderr on a pseudo-terminal; answer the y/N question."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "interop", "call", *args],
        stdin=slave,
        stderr=slave,
        stdout=subprocess.PIPE,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + 60
    try:
        while b"[y/N]" not in shown and time.monotonic() < deadline and proc.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                shown += os.read(master, 4096)
        os.write(master, answer)
        out, _ = proc.communicate(timeout=60)
        while True:  # what the process wrote on the terminal after the answer
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out.decode(), shown.decode(errors="replace")


@pytest.mark.parametrize("answer", [b"n\n", b"\n", b"yes please\n", b"Y E S\n"])
def test_cli_on_a_terminal_anything_but_yes_refuses(env: dict[str, str], answer: bytes) -> None:
    code, _out, shown = _on_a_terminal(env, answer, "trust_cli_tools:wipe", '{"path": "/srv"}')
    assert "Run tool 'wipe' with" in shown and "/srv" in shown and "[y/N]" in shown, shown
    assert code == 1 and ran(env) == [] and "not approved" in shown, shown


@pytest.mark.parametrize("answer", [b"y\n", b"yes\n", b"Y\n"])
def test_cli_on_a_terminal_yes_runs_once(env: dict[str, str], answer: bytes) -> None:
    code, out, shown = _on_a_terminal(env, answer, "trust_cli_tools:wipe", '{"path": "/srv"}')
    assert code == 0, shown
    assert ran(env) == ["/srv"] and '"wiped /srv"' in out
