"""The test suite on the other supported Pythons and dependency resolutions (run by `make test`).

`make test` runs the whole suite on the development environment (Python 3.11, the versions pinned
in constraints.txt). This script adds, each in a fresh virtual environment built with uv:

  lowest-core  Python 3.10 (the oldest supported), the core alone at the lowest allowed version of
               every direct dependency (pydantic, jsonschema, typing-extensions, test tools):
               the core tests
  lowest-all   Python 3.11 (the oldest every extra supports: LangChain 1.x and pydantic-ai 2.x need
               it), every extra at its lowest allowed version: the core tests and each framework's
               real agent loop
  highest      Python 3.13 (the newest supported), every extra at the highest allowed version:
               the core tests and each framework's real agent loop

Interpreters come from PATH or pyenv (~/.pyenv/versions); nothing is downloaded but packages. A
missing interpreter fails the run under CI (CI=true) and is reported as skipped elsewhere.

Usage: python .ci/matrix.py [--jobs N] [STAGE ...]   (default: every stage; --list shows them)
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".venv-matrix"

CORE_TESTS = (
    "tests/core",
    "tests/cli/test_cli.py",
    "tests/cli/test_cli_docs.py",
    "tests/demo/test_demo_inputs.py",
)
LOOP_TESTS = ("tests/demo/test_demo.py::test_each_framework_loop_finishes",)


@dataclass(frozen=True)
class Stage:
    name: str
    python: str
    resolution: str
    target: str  # what to install: "." or ".[all]"
    tests: tuple[str, ...]
    about: str


STAGES = {
    s.name: s
    for s in (
        Stage(
            "lowest-core", "3.10", "lowest-direct", ".", CORE_TESTS, "Python 3.10, core at lowest versions"
        ),
        Stage(
            "lowest-all",
            "3.11",
            "lowest-direct",
            ".[all]",
            CORE_TESTS + LOOP_TESTS,
            "Python 3.11, every extra at lowest versions",
        ),
        Stage(
            "highest",
            "3.13",
            "highest",
            ".[all]",
            CORE_TESTS + LOOP_TESTS,
            "Python 3.13, every extra at highest versions",
        ),
    )
}


@dataclass
class Result:
    stage: Stage
    status: str = "ok"  # ok, FAILED, skipped
    detail: str = ""
    install_s: float = 0.0
    test_s: float = 0.0
    log: list[str] = field(default_factory=list)


def find_python(version: str) -> str | None:
    """An interpreter for `version` ("3.10"): `python3.10` on PATH if it runs, else pyenv's newest patch."""
    candidates = [shutil.which(f"python{version}") or ""]
    root = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    found = glob.glob(f"{root}/versions/{version}.*/bin/python{version}")
    found.sort(key=lambda p: [int(x) for x in re.findall(r"\d+", Path(p).parents[1].name)], reverse=True)
    candidates += found
    for exe in candidates:
        if not exe:
            continue
        r = subprocess.run(
            [exe, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
        )
        if r.returncode == 0 and r.stdout.strip() == str(tuple(int(x) for x in version.split("."))):
            return exe
    return None


def _run(cmd: list[str], log: list[str], env: dict[str, str], timeout: float) -> bool:
    log.append("$ " + " ".join(cmd))
    try:
        r = subprocess.run(
            cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired:
        log.append(f"timed out after {timeout:.0f}s")
        return False
    log.append((r.stdout + r.stderr).rstrip())
    return r.returncode == 0


def run_stage(stage: Stage) -> Result:
    result = Result(stage)
    python = find_python(stage.python)
    if python is None:
        result.status = "FAILED" if os.environ.get("CI") else "skipped"
        result.detail = f"no Python {stage.python} found on PATH or in pyenv"
        return result
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["UV_PYTHON_DOWNLOADS"] = "never"  # an interpreter is found, never fetched
    env["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    venv = WORK / stage.name
    exe = str(venv / "bin" / "python")
    uv = [sys.executable, "-m", "uv"]
    started = time.perf_counter()
    ok = _run([*uv, "venv", "--quiet", "--clear", "--python", python, str(venv)], result.log, env, 120)
    ok = ok and _run(
        [
            *uv,
            "pip",
            "install",
            "--quiet",
            "--python",
            exe,
            "--resolution",
            stage.resolution,
            "-e",
            stage.target,
            "--group",
            "test",
            "-e",
            "examples/acme_tools",
        ],
        result.log,
        env,
        900,
    )
    result.install_s = time.perf_counter() - started
    if not ok:
        result.status, result.detail = "FAILED", "install failed"
        return result
    _run([*uv, "pip", "list", "--python", exe], result.log, env, 60)
    started = time.perf_counter()
    ok = _run([exe, "-m", "pytest", "-m", "not heavy", *stage.tests], result.log, env, 1800)
    result.test_s = time.perf_counter() - started
    tail = result.log[-1].strip().splitlines()
    result.detail = tail[-1].strip("= ") if tail else ""
    if not ok:
        result.status = "FAILED"
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("stages", nargs="*", metavar="STAGE", help=f"any of: {', '.join(STAGES)}")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="stages run at once")
    parser.add_argument("--list", action="store_true", help="list the stages")
    args = parser.parse_args(argv)
    if args.list:
        for s in STAGES.values():
            print(f"{s.name:12} {s.about}")
        return 0
    unknown = [n for n in args.stages if n not in STAGES]
    if unknown:
        parser.error(f"unknown stage {unknown[0]!r} (choose from {', '.join(STAGES)})")
    stages = [STAGES[n] for n in args.stages] or list(STAGES.values())
    WORK.mkdir(exist_ok=True)
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run_stage, stages))
    for r in results:
        if r.status == "FAILED":
            print(f"\n---- {r.stage.name}: {r.stage.about} ----")
            print("\n".join(r.log)[-20000:])
    print(f"\nmatrix ({time.perf_counter() - started:.0f}s):")
    totals = dict.fromkeys(("passed", "failed", "skipped"), 0)
    for r in results:
        timing = f"install {r.install_s:.0f}s, tests {r.test_s:.0f}s"
        print(f"  {r.stage.name:12} {r.status:8} {r.stage.about}: {r.detail} ({timing})")
        for count, word in re.findall(r"(\d+) (passed|failed|skipped|errors?)", r.detail):
            key = "failed" if word.startswith("error") else word
            totals[key] += int(count)
    print(f"matrix: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
    return 1 if any(r.status == "FAILED" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
