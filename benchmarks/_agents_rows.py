"""Rows shared by the agent framework benchmarks (Strands, Agno, Agent Framework, AG2, AutoGen,
Semantic Kernel, ...): a call through the framework's own call path on a fresh event loop, 1,000
conversions vs 1,000 native builds, and the adapter's import time; `tool_rows` makes all of them
for a framework whose native tool is a decorator on a plain function, `in_own_env` runs a suite in
its framework's own environment.

Every row interleaves baseline and ours (`_compare`); the ratio is the median per-round ratio and
the spread its interquartile range.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks._compare import Comparison
from benchmarks._fixtures import add, add_async
from benchmarks._fw_rows import acall_row, import_row, show
from benchmarks.bench_conversion import _per_tool_us, functions

__all__ = [
    "add",
    "add_async",
    "call_row",
    "conversion_rows",
    "import_row",
    "in_own_env",
    "main",
    "show",
    "tool_rows",
]

ROOT = Path(__file__).resolve().parent.parent

CALLS = 300
N = 1000
ROUNDS = 5


def call_row(
    name: str, native: Callable[[], Awaitable[Any]], ours: Callable[[], Awaitable[Any]], note: str
) -> dict[str, object]:
    """Per-call time of one call through the framework's own call path, on a fresh event loop (1.05)."""
    return asyncio.run(acall_row(name, native, ours, note, calls=CALLS))


def conversion_rows(
    label: str,
    native: Callable[[Callable[..., Any]], Any],
    to_x: Callable[[Any], Any],
    describe: Callable[[Any], Any],
    note: str,
) -> list[dict[str, object]]:
    """`to_X` of 1,000 prebuilt neutral tools vs 1,000 native builds (target 1.0, the tool library
    case: its `@tool` ran at its import, as a native library's decorators would), and `interop.tool`
    + `to_X` of the plain functions (information); each side describes every tool once, as the
    framework sends it to a model."""
    import interop

    def build_native(fns: list[Any]) -> None:
        for fn in fns:
            describe(native(fn))

    def build_ours(fns: list[Any]) -> None:
        for fn in fns:
            describe(to_x(interop.tool(fn)))

    def convert(tools: list[Any]) -> None:
        for t in tools:
            describe(to_x(t))

    base, ours, conv_base, conv = [], [], [], []
    build_native(functions(50)), build_ours(functions(50))  # warm up
    for i in range(ROUNDS):
        pair = [(build_native, base), (build_ours, ours)]
        for build, out in pair if i % 2 == 0 else pair[::-1]:
            out.append(_per_tool_us(build, functions(N))[0])
        neutral = [interop.tool(fn) for fn in functions(N)]
        conv_base.append(_per_tool_us(build_native, functions(N))[0])
        conv.append(_per_tool_us(convert, neutral)[0])
    return [
        Comparison(conv_base, conv).row(
            f"{label}: to_{label} of 1,000 neutral tools vs 1,000 native builds",
            target=1.0,
            unit="us/tool",
            note=note,
        ),
        Comparison(base, ours).row(
            f"{label}: interop.tool + to_{label} of 1,000 functions vs 1,000 native builds",
            target=None,
            unit="us/tool",
        ),
    ]


def tool_rows(
    title: str,
    label: str,
    native: Callable[[Callable[..., Any]], Any],
    to_x: Callable[[Any], Any],
    caller: Callable[[Any], Callable[[], Awaitable[Any]]],
    describe: Callable[[Any], Any],
    *,
    call_note: str,
    conversion_note: str,
    native_import: str,
    framework: str,
) -> list[dict[str, object]]:
    """The rows of a framework whose native tool is a decorator (`native`) on a plain function:
    `title`'s call of `add` and of `add_async` through `caller(tool)`, the conversion rows, and
    `import interop.<label>` vs `native_import`."""
    import interop

    ours_import = f"import interop.{label}"
    return [
        call_row(f"{title}, sync fn", caller(native(add)), caller(to_x(interop.tool(add))), call_note),
        call_row(
            f"{title}, async fn",
            caller(native(add_async)),
            caller(to_x(interop.tool(add_async))),
            "vs @tool on an async function",
        ),
        *conversion_rows(label, native, to_x, describe, conversion_note),
        import_row(
            f"{ours_import} vs {native_import}",
            native_import,
            ours_import,
            f"the adapter imports {framework} too: the ratio is interop's own cost",
        ),
    ]


def in_own_env(
    distribution: str, venv: str, script: str, rows: Callable[[], list[dict[str, object]]], hint: str
) -> list[dict[str, object]]:
    """`rows()` where `distribution` is installed; elsewhere the rows `script --json` prints when run
    by the Python of `venv` (the framework's own environment, built by `hint`)."""
    try:
        metadata.version(distribution)
    except metadata.PackageNotFoundError:
        python = ROOT / venv / "bin" / "python"
        if not python.exists():
            raise RuntimeError(f"{distribution} is not installed here: run {hint} (builds {venv})") from None
        out = subprocess.run(
            [str(python), script, "--json"], capture_output=True, text=True, check=True, cwd=ROOT
        )
        return list(json.loads(out.stdout.strip().splitlines()[-1]))
    return rows()


def main(rows: Callable[[], list[dict[str, object]]]) -> None:
    """A suite run as a script: its rows printed, or as JSON with `--json` (for `in_own_env`)."""
    if "--json" in sys.argv:
        print(json.dumps(rows()))
    else:
        show(rows())
