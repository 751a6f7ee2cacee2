"""docs/durable/temporal.md: its program (examples/temporal/two_workers.py, included whole) runs as
written and prints what the page says; the page's other python blocks are the rule's business."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("temporalio")
pytest.importorskip("pydantic_ai.durable_exec.temporal")

from tt_examples import EXAMPLES, assert_example_pays_once_after_approval

PAGE = Path(__file__).resolve().parents[2] / "docs" / "durable" / "temporal.md"

pytestmark = pytest.mark.timeout(300)


def test_the_page_shows_the_whole_example() -> None:
    assert '--8<-- "examples/temporal/two_workers.py"' in PAGE.read_text(encoding="utf-8")


def test_two_workers_example_runs(tmp_path: Path) -> None:
    assert_example_pays_once_after_approval(EXAMPLES / "two_workers.py", tmp_path, timeout=240)
