"""Code blocks of the README and the documentation site, run as a reader would run them.

The rule (CONTRIBUTING and docs/contributing/index.md have it for authors): every ```python block is
a whole program, shown whole. It runs as `python file.py` would run it, in a fresh interpreter, from
an empty temporary directory, offline, with no API keys: every import visible, no hidden setup, no
chaining to an earlier block, no top-level `await` (use `asyncio.run`). A block that defines
`test_*` functions is a test module and runs under pytest, as the page says to. A line
`--8<-- "examples/..."` (the site's include) stands for that whole file.

An HTML comment on the line right before a block (invisible on the page) says what else to do:

- `<!-- readme-test: skip reason="..." -->`: not run; the reason is shown in the test report. An
  excerpt ("excerpt" in the reason) must name the complete program (`examples/...py`, which the
  example tests run) and the page must link it.
- `<!-- readme-test: needs=MODULE -->`: skipped where MODULE is not importable (a framework that
  lives in an environment of its own, such as CrewAI's or Strands').
- `<!-- readme-test: file=NAME.py -->`: the page tells the reader to save the block as NAME.py (the
  name is in the text right before it); it runs as a program too, and the page's later blocks run
  beside that file, as they would in the reader's directory.
- `<!-- readme-test: env="NAME=value" -->`: the block reads NAME from the environment, as the page
  says to set it (NAME appears in the block); the test sets it to value.
- `<!-- readme-test: run -->` on a ```sh block: its commands run with bash (`set -e`), the
  environment's `interop` first on PATH. Other shell blocks are not run.

A python block followed by a paragraph `prints` (or ending in `prints:`) and a plain ``` block must
print exactly that.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<code>.*?)^(?P=indent)```[ \t]*$", re.S | re.M
)
_MARK = re.compile(r"<!--\s*readme-test:\s*(.*?)\s*-->\s*$", re.S)
_INCLUDE = re.compile(r'^[ \t]*--8<--[ \t]+"([^"]+)"[ \t]*$', re.M)
_PRINTS = re.compile(r"[ \t]*\n(?:[^\n]*\s)?prints:?\s*\n\s*\n```[ \t]*\n(.*?)^```", re.S | re.M)

EXAMPLE_DIRS = (
    "examples/frameworks",
    "examples/approval",
    "examples/durable",
    "examples/temporal",
    "examples/tracing",
)
"""Programs the example tests run (tests/demo/test_examples.py, test_examples_approval.py,
tests/durable/test_durable_examples.py, tests/temporal/test_temporal_docs.py,
tests/telemetry/test_otel_example.py): a block that is one of them, included whole, is not run twice."""


@dataclass
class Block:
    page: str  # the file, relative to the repository's root
    line: int  # where the block's code starts
    lang: str
    code: str
    marks: dict[str, str]
    prints: str | None = None

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def included(self) -> list[str]:
        return _INCLUDE.findall(self.code)

    def source(self) -> str:
        """The program, with each include replaced by the file it names (as the site shows it)."""
        return _INCLUDE.sub(lambda m: (ROOT / m.group(1)).read_text(encoding="utf-8"), self.code)

    def skip_reason(self) -> str | None:
        if "skip" in self.marks:
            return self.marks.get("reason") or "skipped"
        needs = self.marks.get("needs")
        if needs:
            import importlib.util

            try:
                found = importlib.util.find_spec(needs) is not None
            except ModuleNotFoundError:
                found = False
            if not found:
                return f"{needs} is not installed in this environment (it has its own)"
        if (
            self.included
            and all(p.startswith(EXAMPLE_DIRS) for p in self.included)
            and not _INCLUDE.sub("", self.code).strip()
        ):
            return f"{', '.join(self.included)}: run by the example tests"
        return None


def marks(text_before: str) -> dict[str, str]:
    """The `readme-test:` marks on the line right before a block: `{"skip": "", "reason": "..."}`."""
    lines = text_before.rstrip().splitlines()
    m = _MARK.search(lines[-1]) if lines else None
    if m is None:
        return {}
    return {k: v1 or v2 for k, v1, v2 in re.findall(r'(\w+)(?:=(?:"([^"]*)"|(\S+)))?', m.group(1))}


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    page = path.relative_to(ROOT).as_posix()
    found = []
    for m in _FENCE.finditer(text):
        code = m.group("code")
        if m.group("indent"):
            code = re.sub(rf"^{m.group('indent')}", "", code, flags=re.M)
        after = _PRINTS.match(text, m.end())
        found.append(
            Block(
                page=page,
                line=text.count("\n", 0, m.start()) + 2,
                lang=m.group("lang"),
                code=code,
                marks=marks(text[: m.start()]),
                prints=after.group(1) if after else None,
            )
        )
    return found


def problems(block: Block, page_text: str) -> list[str]:
    """What breaks the rule, whether or not the block runs here."""
    out = []
    if "setup" in block.marks or "continue" in block.marks:
        out.append("hidden setup or chaining (setup=/continue): make the block a whole program")
    name = block.marks.get("file")
    if name is not None:
        before = page_text[: page_text.find(block.code)].rstrip().splitlines()[-6:]
        if not any(f"`{name}`" in line for line in before if "readme-test" not in line):
            out.append(f"file={name}: the text right before the block names the file (`{name}`)")
    for pair in filter(None, block.marks.get("env", "").split(",")):
        if pair.partition("=")[0] not in block.code:
            out.append(f"env={pair}: the block does not name {pair.partition('=')[0]}")
    if "skip" in block.marks and not block.marks.get("reason"):
        out.append('a skipped block says why: skip reason="..."')
    reason = block.marks.get("reason", "")
    if "excerpt" in reason:
        programs = re.findall(r"examples/[\w/.-]+\.py", reason)
        if not programs:
            out.append("an excerpt names its complete program (examples/...py) in its reason")
        for program in programs:
            if not (ROOT / program).is_file():
                out.append(f"{program} does not exist")
            stem = Path(program).with_suffix("").as_posix()
            if block.page.startswith("docs/") and f"{stem}.md" not in page_text:
                out.append(f"the page does not link the complete program ({stem}.md)")
            if block.page == "README.md" and program not in page_text.replace(f'skip reason="{reason}"', ""):
                out.append(f"the README does not link the complete program ({program})")
    if block.lang == "python" and not block.skip_reason():
        try:
            compile(block.source(), block.name, "exec")
        except SyntaxError as e:
            out.append(f"not a plain program ({e.msg}, line {e.lineno}): top-level await? use asyncio.run")
    for include in block.included:
        if not (ROOT / include).is_file():
            out.append(f"includes {include}, which does not exist")
    return out


def _env(block: Block, python: str = sys.executable) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.endswith(("_API_KEY", "_TOKEN"))
        and not k.startswith(
            "OTEL_"
        )  # the suite's framework kits switch OpenTelemetry off; a reader's shell does not
        and k not in ("PYTHONPATH", "PYTHONSTARTUP", "VIRTUAL_ENV")
    }
    env["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    env["PATH"] = f"{Path(python).parent}{os.pathsep}{env.get('PATH', '')}"
    for pair in filter(None, block.marks.get("env", "").split(",")):
        name, _, value = pair.partition("=")
        env[name] = value
    return env


def saved_files(block: Block, page_blocks: list[Block]) -> list[Block]:
    """The blocks the page told the reader to save as files before this one."""
    return [b for b in page_blocks if "file" in b.marks and b.line < block.line]


def run(
    block: Block, tmp_path: Path, files: Sequence[Block] = (), python: str = sys.executable
) -> subprocess.CompletedProcess[str]:
    """Run the block as the page says to, in `tmp_path` (beside the files saved before it), with
    `python` (this environment's by default; its `interop` command first on PATH)."""
    for saved in files:
        (tmp_path / saved.marks["file"]).write_text(saved.source(), encoding="utf-8")
    if block.lang in ("sh", "bash", "console", "shell"):
        script = tmp_path / "snippet.sh"
        script.write_text("set -euo pipefail\n" + block.source(), encoding="utf-8")
        cmd = ["bash", str(script)]
    else:
        script = tmp_path / (
            "test_snippet.py" if re.search(r"^def test_", block.code, re.M) else "snippet.py"
        )
        script.write_text(block.source(), encoding="utf-8")
        if script.name.startswith("test_"):
            cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(script)]
        else:
            cmd = [python, str(script)]
    return subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
        env=_env(block, python),
        stdin=subprocess.DEVNULL,
    )


def runs_here(block: Block) -> bool:
    if block.lang == "python":
        return True
    return block.lang in ("sh", "bash", "console", "shell") and "run" in block.marks


def block_tests(every: list[Block], runnable: list[Block]) -> tuple[Callable[..., None], Callable[..., None]]:
    """The two parametrized tests a page's test module binds as `test_block_follows_the_rule` (each of
    `every` block keeps the rule: no `problems`) and `test_block_runs` (each of `runnable` runs as its
    page says, unless it is marked to skip or a module it needs is missing, succeeds and prints
    exactly what the page says it prints)."""

    @pytest.mark.parametrize("block", every, ids=[b.name for b in every])
    def test_block_follows_the_rule(block: Block) -> None:
        found = problems(block, (ROOT / block.page).read_text(encoding="utf-8"))
        assert not found, f"{block.name}: " + "; ".join(found)

    @pytest.mark.parametrize("block", runnable, ids=[b.name for b in runnable])
    def test_block_runs(block: Block, tmp_path: Path) -> None:
        reason = block.skip_reason()
        if reason:
            pytest.skip(reason)
        r = run(block, tmp_path, saved_files(block, blocks(ROOT / block.page)))
        assert r.returncode == 0, f"{block.name} failed:\n{r.stdout[-3000:]}\n{r.stderr[-4000:]}"
        if block.prints is not None:
            assert r.stdout == block.prints, (
                f"{block.name} printed:\n{r.stdout}\nthe page says:\n{block.prints}"
            )

    return test_block_follows_the_rule, test_block_runs
