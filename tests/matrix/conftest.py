"""Matrix suite: prints the conversion matrix at the end of a run and writes `MATRIX.md` when
every cell ran."""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

import pytest
from _harness import FRAMEWORKS
from _harness_results import MATRIX_MD, RESULTS, render

collect_ignore = [] if importlib.util.find_spec("langchain_core") else ["test_mx_security.py"]
"""The security suite builds LangChain and LlamaIndex tools: it runs where they are installed (the
Strands environment runs the plugin frameworks' security suite, `test_mx_plugins_security.py`)."""


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Skip parametrized cases naming a framework this environment does not have (Strands, and the
    frameworks missing from the Strands environment)."""
    from _harness import ALL_FRAMEWORKS

    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        missing = [v for v in params.values() if isinstance(v, str) and v in ALL_FRAMEWORKS and v not in FRAMEWORKS]
        if missing:
            item.add_marker(pytest.mark.skip(reason=f"{missing[0]} is not installed in this environment"))


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
    if MATRIX_MD is not None and len(RESULTS) == len(FRAMEWORKS) ** 2:
        MATRIX_MD.write_text(table, encoding="utf-8")
        terminalreporter.write_line(f"written to {MATRIX_MD}")
