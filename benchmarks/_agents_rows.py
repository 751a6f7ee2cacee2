"""Rows shared by the Strands, Agno and Agent Framework benchmarks: a call through the framework's
own call path, 1,000 conversions vs 1,000 native builds, and the adapter's import time.

Every row interleaves baseline and ours (`_compare`); the ratio is the median per-round ratio and
the spread its interquartile range.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Awaitable, Callable
from typing import Any

from benchmarks._compare import Comparison, acompare, aper_call, compare
from benchmarks.bench_conversion import functions
from benchmarks.bench_imports import import_ms

CALLS = 300
SAMPLES = 15
N = 1000
ROUNDS = 5
IMPORT_REPEATS = 11


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return {label: a + b}


async def add_async(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return {label: a + b}


def call_row(
    name: str, native: Callable[[], Awaitable[Any]], ours: Callable[[], Awaitable[Any]], note: str
) -> dict[str, object]:
    """Per-call time of one call through the framework's own call path (target 1.05)."""

    async def main() -> Comparison:
        for _ in range(50):  # warm up both
            await native()
            await ours()
        return await acompare(lambda: aper_call(native, CALLS), lambda: aper_call(ours, CALLS), SAMPLES, warmup=0)

    return asyncio.run(main()).row(name, target=1.05, unit="us/call", scale=1e6, note=note)


def _per_tool_us(build: Callable[[Any], Any], arg: Any) -> float:
    gc.collect()
    start = time.thread_time_ns()
    build(arg)
    return (time.thread_time_ns() - start) / N / 1000


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
            out.append(_per_tool_us(build, functions(N)))
        neutral = [interop.tool(fn) for fn in functions(N)]
        conv_base.append(_per_tool_us(build_native, functions(N)))
        conv.append(_per_tool_us(convert, neutral))
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


def import_row(name: str, base_stmt: str, ours_stmt: str, note: str) -> dict[str, object]:
    """CPU time of the adapter's import vs the framework's own tool import, fresh interpreters (1.1)."""
    result = compare(lambda: import_ms(base_stmt), lambda: import_ms(ours_stmt), IMPORT_REPEATS)
    return result.row(name, target=1.1, unit="ms", note=note)


def show(rows: list[dict[str, object]]) -> None:
    for row in rows:
        print(
            f"{row['name']}: baseline {row['baseline']:.2f}, ours {row['ours']:.2f} {row['unit']}, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, IQR {row['spread']})"
        )
