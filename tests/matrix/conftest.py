"""Matrix suite: prints the conversion matrix at the end of a run and writes `MATRIX.md` when
every cell ran."""

from __future__ import annotations

import sys
from typing import Any

from _harness import FRAMEWORKS
from _harness_results import MATRIX_MD, RESULTS, render


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    hostile = sys.modules.get("test_mx_hostile")
    tally = getattr(hostile, "TALLY", None)
    if tally:
        tried = sum(t["tried"] for t in tally.values())
        terminalreporter.write_line(
            f"hostile inputs: {len(hostile.CASES)} kinds x {len(tally)} frameworks: {tried} calls "  # type: ignore[union-attr]
            f"({sum(t['not carried'] for t in tally.values())} not expressible in the channel)"
        )
    if not RESULTS:
        return
    table = render(RESULTS)
    terminalreporter.write_sep("=", "conversion matrix")
    for line in table.splitlines():
        if line.startswith("|"):
            terminalreporter.write_line(line)
    if len(RESULTS) == len(FRAMEWORKS) ** 2:
        MATRIX_MD.write_text(table, encoding="utf-8")
        terminalreporter.write_line(f"written to {MATRIX_MD}")
