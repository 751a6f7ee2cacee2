"""mypy over what users copy: every Python block of README.md and docs/ (as the tests run it) and
every program under examples/. Not strict (users' code is not): a call our annotations reject, or
a name that does not exist, fails here before it fails a reader.

Usage: python .ci/typecheck_docs.py   (run by `make typecheck-docs`, part of `make test`)
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from snippets import blocks  # noqa: E402

OUT = ROOT / "build" / "typecheck-docs"
EXAMPLE_DIRS = ("frameworks", "approval", "durable", "temporal")
OWN_ENVIRONMENT = {"crewai", "strands", "semantic_kernel", "temporalio.openai_agents"}
"""Frameworks that live in an environment of their own: their blocks and examples are checked there
(make test-crewai / test-strands / test-semantic-kernel run mypy over their adapters), not here."""

CONFIG = """[mypy]
python_version = 3.11
check_untyped_defs = True
warn_unused_ignores = False
no_implicit_optional = True
# what a reader's code meets: a call our annotations (or a framework's) reject, a name or an
# attribute that does not exist. Not checked: narrowing a framework's Optional results (examples
# read fields they know are set) and frameworks that ship no type information.
disable_error_code = union-attr, index, import-untyped
# the snippets are separate programs: each a module of its own
explicit_package_bases = True
"""


def _needs_own_environment(code: str) -> bool:
    return any(re.search(rf"^\s*(from|import) {fw}\b", code, re.M) for fw in OWN_ENVIRONMENT)


def main() -> int:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    files: list[str] = []
    for page in pages:
        page_blocks = blocks(page)
        for block in page_blocks:
            if block.lang != "python" or "skip" in block.marks or _needs_own_environment(block.source()):
                continue
            if block.included and not re.sub(r"^[ \t]*--8<--.*$", "", block.code, flags=re.M).strip():
                continue  # a whole file from examples/: checked below, once
            rel = block.page.removesuffix(".md").replace("/", "_").replace("-", "_").replace(".", "_")
            folder = OUT / f"{rel}_{block.line}"
            folder.mkdir()
            for saved in (b for b in page_blocks if "file" in b.marks and b.line < block.line):
                (folder / saved.marks["file"]).write_text(saved.source(), encoding="utf-8")
            name = block.marks.get("file", "snippet.py")
            (folder / name).write_text(block.source(), encoding="utf-8")
            files.append(str(folder / name))
    examples = [
        str(p)
        for d in EXAMPLE_DIRS
        for p in sorted((ROOT / "examples" / d).glob("*.py"))
        if not _needs_own_environment(p.read_text(encoding="utf-8")) and "prefect" not in p.name
    ]
    (OUT / "mypy.ini").write_text(CONFIG, encoding="utf-8")
    print(f"mypy over {len(files)} documentation blocks and {len(examples)} example programs")
    failed = 0
    # one run per folder of blocks (each is its own program; names repeat across them), the
    # examples in one run per directory (examples/approval's programs import its _tools.py)
    groups = [[f] for f in files] + [
        [e for e in examples if Path(e).parent.name == d] for d in EXAMPLE_DIRS
    ]
    for group in groups:
        if not group:
            continue
        cwd = Path(group[0]).parent
        r = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(OUT / "mypy.ini"), "--cache-dir",
             str(ROOT / ".mypy_cache" / "docs"), *group],
            cwd=cwd, capture_output=True, text=True,
        )  # fmt: skip
        if r.returncode != 0:
            failed += 1
            where = cwd.name if cwd.parent == OUT else f"examples/{cwd.name}"
            print(f"--- {where}\n{r.stdout.rstrip()}")
    print("typecheck-docs:", "ok" if not failed else f"{failed} program(s) with type errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
