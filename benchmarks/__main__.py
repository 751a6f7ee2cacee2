"""Run every `benchmarks/bench_*.py` and write one table of ratios to BENCHMARKS.md.

Each module exposes `run() -> list[dict]` with rows
`{"name", "baseline", "ours", "ratio", "target", "unit"}` (and optionally "spread", "note").
A row whose target is a lower bound (e.g. cache speedups) sets `"higher_is_better": True`.
A suite whose framework lives in its own environment (CrewAI) runs there when that environment
exists (`make test` builds it), so its rows are in the same table.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "pydantic",
    "langchain-core",
    "langgraph",
    "pydantic-ai-slim",
    "llama-index-core",
    "openai-agents",
    "mcp",
)


SIDE_ENVIRONMENTS = {"bench_crewai": ".venv-crewai", "bench_scale": ".venv-bench"}
"""Suites whose framework cannot share the main environment: run in their own one (`make
test-crewai` builds CrewAI's, `make bench-env` the scale suite's FastMCP peer) when it exists."""


def _in_side_environment(module_name: str) -> list[dict[str, Any]]:
    """The suite's rows, run by its own environment's Python ([] when that environment is absent)."""
    python = ROOT / SIDE_ENVIRONMENTS.get(module_name, "-") / "bin" / "python"
    if not python.exists():
        return []
    code = f"import json, benchmarks.{module_name} as m; print(json.dumps(m.run()))"
    done = subprocess.run(
        [str(python), "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=1800
    )
    rows: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
    return rows


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def _machine() -> str:
    """CPU model and count, memory, OS and Python (what the figures depend on)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        total_kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {total_kb / 1024 / 1024:.1f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{cpu} ({os.cpu_count()} logical CPUs{memory}), {platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def _fmt(value: Any, unit: str) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"
        return f"{text} {unit}".strip()
    return f"{value} {unit}".strip()


def _verdict(row: dict[str, Any]) -> str:
    target = row.get("target")
    if target is None:
        return "info"
    ratio = float(row["ratio"])
    ok = ratio >= float(target) if row.get("higher_is_better") else ratio <= float(target)
    return "met" if ok else "**missed**"


def main(argv: list[str]) -> int:
    # subprocess benchmarks (imports, servers) must use bytecode like an installed package does
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    selected = argv or sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))
    rows: list[tuple[str, dict[str, Any]]] = []
    for name in selected:
        module_name = name if name.startswith("bench_") else f"bench_{name}"
        started = time.perf_counter()
        print(f"== {module_name}", flush=True)
        try:
            module = importlib.import_module(f"benchmarks.{module_name}")
            results = module.run()
            if not results and module_name in SIDE_ENVIRONMENTS:
                results = _in_side_environment(module_name)
        except Exception as e:  # one failing benchmark must not hide the others
            print(f"   failed: {type(e).__name__}: {e}", flush=True)
            rows.append(
                (
                    module_name,
                    {
                        "name": f"{module_name} failed: {e}",
                        "baseline": "",
                        "ours": "",
                        "ratio": float("nan"),
                        "target": None,
                        "unit": "",
                    },
                )
            )
            continue
        for row in results:
            rows.append((module_name, row))
            print(f"   {row['name']}: ratio {row['ratio']:.3f} (target {row.get('target')})", flush=True)
        print(f"   ({time.perf_counter() - started:.1f}s)", flush=True)

    lines = [
        "# Benchmarks",
        "",
        "Ratios of ours to a baseline measured in the same process and run (median of repeated runs;",
        "spread = interquartile range of the ratio where given). Regenerate with `make bench`.",
        "",
        f"Machine: {_machine()}.",
        "",
        "Versions: " + ", ".join(f"{p} {_version(p)}" for p in PACKAGES) + ".",
        "",
        "Rerun: `make bench` (all suites, rewrites this file; about 35 minutes on 2 cores; CrewAI's suite runs in `.venv-crewai` when it exists), or one suite:"
        " `.venv/bin/python -m benchmarks imports` / `.venv/bin/python benchmarks/bench_<suite>.py`"
        " (prints only). The verdict compares the median ratio with the target.",
        "",
        "| suite | measurement | baseline | ours | ratio | spread | target | verdict |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for suite, row in rows:
        target = row.get("target")
        target_text = (
            "" if target is None else (f">= {target}" if row.get("higher_is_better") else f"<= {target}")
        )
        lines.append(
            f"| {suite.removeprefix('bench_')} | {row['name']} | {_fmt(row['baseline'], row.get('unit', ''))} | "
            f"{_fmt(row['ours'], row.get('unit', ''))} | {float(row['ratio']):.3f} | {row.get('spread', '')} | "
            f"{target_text} | {_verdict(row)} |"
        )
    notes = [
        f"- {suite.removeprefix('bench_')}, {row['name']}: {row['note']}"
        for suite, row in rows
        if row.get("note")
    ]
    if notes:
        lines += ["", "Notes:", "", *notes]
    analysis = ROOT / "benchmarks" / "ANALYSIS.md"  # hand-written: method, profiles, misses explained
    if analysis.exists():
        lines += ["", analysis.read_text().rstrip()]
    text = "\n".join(lines) + "\n"
    if not argv:
        (ROOT / "BENCHMARKS.md").write_text(text)
    print()
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
