"""Every Python block of docs/concepts/tool-search.md runs as written, in a fresh interpreter, and
prints what the page says it prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "concepts" / "tool-search.md"
BLOCKS = re.findall(r"```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", PAGE.read_text(), flags=re.S)


def test_every_block_is_checked() -> None:
    assert len(BLOCKS) == PAGE.read_text().count("```python") == 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_prints_what_the_page_says(index: int, tmp_path: Path) -> None:
    code, printed = BLOCKS[index]
    if "interop.mcp" in code:
        pytest.importorskip("mcp")
    script = tmp_path / f"block{index}.py"
    script.write_text(code)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed
