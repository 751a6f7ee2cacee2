"""Every code block of README.md (the front page) runs as written; the rule is in tests/snippets.py."""

from __future__ import annotations

import re

from snippets import ROOT, block_tests, blocks, runs_here

README = ROOT / "README.md"
BLOCKS = blocks(README)
RUN = [b for b in BLOCKS if runs_here(b)]


def test_the_front_page_is_short_and_has_runnable_blocks() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 300, f"README.md has {lines} lines: it is the front page, the manual is docs/"
    assert len(RUN) >= 1


def test_the_quick_start_is_two_make_targets_that_exist() -> None:
    """The front page's promise: on a fresh clone, `make demo` and `make test`, nothing else."""
    section = README.read_text(encoding="utf-8").partition("## Quick start")[2].partition("\n## ")[0]
    (block,) = [b for b in BLOCKS if b.lang == "sh" and b.code in section]
    commands = [line.partition("#")[0].strip() for line in block.code.splitlines() if line.strip()]
    assert commands == ["make demo", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("demo", "test"):
        assert re.search(rf"^{target}:", makefile, re.M), target


test_block_follows_the_rule, test_block_runs = block_tests(BLOCKS, RUN)
