"""Every code block of the documentation site (docs/) runs as written; the rule is in tests/snippets.py."""

from __future__ import annotations

from snippets import ROOT, block_tests, blocks, runs_here

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


test_block_follows_the_rule, test_block_runs = block_tests(BLOCKS, RUN)
