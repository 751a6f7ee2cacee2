"""The Temporal example programs (examples/temporal/*.py) run as written: each pays bob 500 for ann
once, after an approval it waits for, and prints no secret."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "temporal"


def assert_example_pays_once_after_approval(example: Path, cwd: Path, timeout: float) -> None:
    """Run `example` (in `cwd`) to its end: it waits for the payment's approval, then pays once."""
    done = subprocess.run(
        [sys.executable, str(example)], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "waiting for approval: send_payment {'to': 'bob', 'amount': 500} (send_payment#2)" in out
    assert out.count("sending payment: 500 to bob for ann") == 1  # after the approval, once
    assert out.index("waiting for approval") < out.index("sending payment")
    assert "result: Done: 1200; ann paid 500 to bob" in out
    assert "sk-live" not in out
