"""The `interop` command run as a real subprocess (`python -m interop ...`), as every cli test runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def interop_cli(
    *args: str,
    stdin: str | None = None,
    cwd: Path = ROOT,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run `interop ARGS` in `cwd` (the checkout unless said), `stdin` as its input (none if None),
    `env` added to this process's environment; the output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "interop", *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )
