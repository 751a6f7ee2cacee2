"""docs/durable/temporal.md: its program (examples/temporal/two_workers.py, included whole) runs as
written and prints what the page says; the page's other python blocks are the rule's business."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("temporalio")
pytest.importorskip("pydantic_ai.durable_exec.temporal")

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "durable" / "temporal.md"
EXAMPLE = ROOT / "examples" / "temporal" / "two_workers.py"

pytestmark = pytest.mark.timeout(300)


def test_the_page_shows_the_whole_example() -> None:
    assert '--8<-- "examples/temporal/two_workers.py"' in PAGE.read_text(encoding="utf-8")


def test_two_workers_example_runs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], cwd=tmp_path, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "waiting for approval: send_payment {'to': 'bob', 'amount': 500} (send_payment#2)" in out
    assert out.count("sending payment: 500 to bob for ann") == 1  # after the approval, once
    assert out.index("waiting for approval") < out.index("sending payment")
    assert "result: Done: 1200; ann paid 500 to bob" in out
    assert "sk-live" not in out
