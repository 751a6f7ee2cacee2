"""Every Python block of docs/concepts/code-mode.md runs as written, in a fresh interpreter; where
the page shows what a block prints ("prints" and a plain block right after it), the output is that."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pydantic_monty")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "concepts" / "code-mode.md"
_BLOCK = re.compile(r"```python\n(.*?)```\n(?:\nprints[^\n]*\n\n```\n(.*?)```\n)?", re.S)
BLOCKS = [(m.group(1), m.group(2)) for m in _BLOCK.finditer(PAGE.read_text())]


def test_the_page_has_blocks_with_their_output() -> None:
    assert len(BLOCKS) >= 6
    assert sum(1 for _, shown in BLOCKS if shown) >= 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_runs(index: int, tmp_path: Path) -> None:
    code, shown = BLOCKS[index]
    for module in re.findall(r"^(?:from|import) (\w+)", code, flags=re.M):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"needs {module}, not installed here")
    script = tmp_path / f"block{index}.py"
    script.write_text(code)
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip(), "the block printed nothing"
    if shown is not None:
        assert run.stdout.strip() == shown.strip()
