"""Every code block of the documentation site (docs/) runs as written; the rule is in tests/snippets.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from snippets import ROOT, Block, blocks, problems, run, runs_here, saved_files

TESTED_ELSEWHERE = {
    "docs/concepts/code-mode.md": "tests/code_mode/test_docs_code_mode.py",
    "docs/concepts/tool-search.md": "tests/shaping/test_docs_tool_search.py",
    "docs/durable/temporal.md": "tests/temporal/test_temporal_docs.py",
}
"""Pages whose blocks a test of their own runs (with more checks of what they print)."""

PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md"))
BLOCKS = [b for page in PAGES for b in blocks(page)]
RUN = [b for b in BLOCKS if runs_here(b) and b.page not in TESTED_ELSEWHERE]


def test_the_site_has_runnable_blocks_and_the_other_page_tests_exist() -> None:
    assert len(RUN) >= 40
    for page, test in TESTED_ELSEWHERE.items():
        if (ROOT / page).is_file():
            assert page.removeprefix("docs/") in (ROOT / test).read_text(encoding="utf-8").replace(
                '" / "', "/"
            )


@pytest.mark.parametrize("block", BLOCKS, ids=[b.name for b in BLOCKS])
def test_block_follows_the_rule(block: Block) -> None:
    text = (ROOT / block.page).read_text(encoding="utf-8")
    assert not problems(block, text), f"{block.name}: " + "; ".join(problems(block, text))


@pytest.mark.parametrize("block", RUN, ids=[b.name for b in RUN])
def test_block_runs(block: Block, tmp_path: Path) -> None:
    reason = block.skip_reason()
    if reason:
        pytest.skip(reason)
    r = run(block, tmp_path, saved_files(block, blocks(ROOT / block.page)))
    assert r.returncode == 0, f"{block.name} failed:\n{r.stdout[-3000:]}\n{r.stderr[-4000:]}"
    if block.prints is not None:
        assert r.stdout == block.prints, f"{block.name} printed:\n{r.stdout}\nthe page says:\n{block.prints}"
