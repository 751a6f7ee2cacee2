"""Every ```python block of README.md runs, offline, as a reader would run it.

The convention (CONTRIBUTING.md has it for authors), an HTML comment on the line before a block:

- no comment: the block is a whole program, run on its own in a fresh interpreter;
- `<!-- readme-test: setup=NAME -->`: `tests/readme_setup/NAME.py` runs first (offline stand-ins for
  what the reader brings, such as a chat model `model` or an `llm`);
- `<!-- readme-test: continue -->`: the block continues the previous one (same program, run after it);
- `<!-- readme-test: skip reason="..." -->`: not run (a network, an API key, a server that never
  returns); the reason is shown in the test report.

Blocks may use top-level `await` (run as `python -m asyncio` would); `test_*` functions a block
defines are called after it runs, as pytest would. Each program runs in a fresh subprocess from a
temporary directory, with no API keys.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SETUPS = Path(__file__).resolve().parent / "readme_setup"

_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
_MARK = re.compile(r"<!--\s*readme-test:\s*(.*?)\s*-->\s*$", re.S)

# Runs one program: top-level await allowed, then any test_* functions it defines.
_RUNNER = textwrap.dedent(
    """
    import ast, asyncio, inspect, sys
    source = open(sys.argv[1], encoding="utf-8").read()
    namespace = {"__name__": "__main__"}
    code = compile(source, sys.argv[2], "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(code, namespace)
    if inspect.iscoroutine(result):
        asyncio.run(result)
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value):
            outcome = value()
            if inspect.iscoroutine(outcome):
                asyncio.run(outcome)
    """
)


@dataclass
class Block:
    line: int  # where the block's code starts in README.md
    code: str
    marks: dict[str, str]


def _marks(text_before: str) -> dict[str, str]:
    """The `readme-test:` marks on the line right before a block: `{"setup": "NAME", "skip": "", ...}`."""
    lines = text_before.rstrip().splitlines()
    m = _MARK.search(lines[-1]) if lines else None
    if m is None:
        return {}
    return {k: v1 or v2 for k, v1, v2 in re.findall(r'(\w+)(?:=(?:"([^"]*)"|(\S+)))?', m.group(1))}


def readme_blocks(text: str) -> list[Block]:
    blocks = []
    for m in _FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        blocks.append(Block(line, m.group(1), _marks(text[: m.start()])))
    return blocks


@dataclass
class Program:
    name: str
    parts: list[Block]
    skip: str | None


def programs(blocks: list[Block]) -> list[Program]:
    out: list[Program] = []
    for block in blocks:
        if "continue" in block.marks and out:
            out[-1].parts.append(block)
            out[-1].name += f"+{block.line}"
            if "skip" in block.marks:
                out[-1].skip = block.marks.get("reason") or "skipped"
            continue
        skip = block.marks.get("reason", "skipped") if "skip" in block.marks else None
        out.append(Program(f"README.md:{block.line}", [block], skip))
    return out


def _source(program: Program) -> str:
    chunks = []
    for block in program.parts:
        setup = block.marks.get("setup")
        if setup:
            chunks.append((SETUPS / f"{setup}.py").read_text())
        chunks.append(block.code)
    return "\n".join(chunks)


PROGRAMS = programs(readme_blocks(README.read_text(encoding="utf-8")))


def test_the_readme_has_python_blocks_and_every_setup_exists() -> None:
    assert len(PROGRAMS) >= 8
    for program in PROGRAMS:
        for block in program.parts:
            if "setup" in block.marks:
                assert (SETUPS / f"{block.marks['setup']}.py").is_file(), block.marks


def test_marks_are_read() -> None:
    text = (
        "a\n<!-- readme-test: setup=langchain_model -->\n```python\nx = 1\n```\n"
        "<!-- readme-test: continue -->\n```python\ny = x\n```\n"
        '<!-- readme-test: skip reason="needs an API key" -->\n```python\nz\n```\n'
    )
    got = programs(readme_blocks(text))
    assert [(p.name, p.skip) for p in got] == [("README.md:4+8", None), ("README.md:12", "needs an API key")]
    assert got[0].parts[0].marks == {"setup": "langchain_model"}


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_readme_block_runs(program: Program, tmp_path: Path) -> None:
    if program.skip:
        pytest.skip(program.skip)
    script = tmp_path / "snippet.py"
    script.write_text(_source(program), encoding="utf-8")
    runner = tmp_path / "run_snippet.py"
    runner.write_text(_RUNNER, encoding="utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.endswith(("_API_KEY", "_TOKEN")) and k not in ("PYTHONPATH", "PYTHONSTARTUP")
    }
    env["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    r = subprocess.run(
        [sys.executable, str(runner), str(script), program.name],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 0, f"{program.name} failed:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}"
