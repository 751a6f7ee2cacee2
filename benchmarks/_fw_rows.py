"""Shared measuring for the framework benchmarks: the three rows each reports (`bench_smolagents`,
`bench_claude_agent_sdk`, `bench_crewai`; the call and import rows of the others too).

- call: the converted tool vs a native tool on the same function, both through the framework's
  own call path (median per-call time, interleaved rounds; target 1.05), sync (`call_row`) or
  awaited on the running loop (`acall_row`);
- conversion: `to_X` of 1,000 neutral tools vs building the same 1,000 tools natively, each side
  describing every tool once the framework's way (CPU time; target 1.0);
- import: `import interop.<adapter>` vs the framework's own tool import, each in a fresh
  interpreter (CPU time; target 1.1).
"""

from __future__ import annotations

import linecache
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interop
from benchmarks._compare import Clock, Comparison, acompare, aper_call, compare, per_call, show
from benchmarks.bench_conversion import _SHAPES, _batch, _per_tool_us
from benchmarks.bench_imports import import_ms

__all__ = ["acall_row", "call_row", "conversion_row", "functions", "import_row", "show"]


def functions(n: int = 1000) -> list[Callable[..., Any]]:
    """`bench_conversion.functions`, with their source findable (smolagents' `@tool` reads it)."""
    batch = next(_batch)
    source = "\n".join(_SHAPES[i % len(_SHAPES)].format(name=f"tool_{batch}_{i}", i=i) for i in range(n))
    filename = f"<bench tools {batch}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), namespace)
    return [namespace[f"tool_{batch}_{i}"] for i in range(n)]


CALLS = 300
SAMPLES = 15
ROUNDS = 9
"""Conversion rounds: 1,000 tools cost tens of milliseconds a side here, and a collector pass
landing in one side's round moves that round's ratio by 10-30%; the median of nine is steady."""
IMPORT_REPEATS = 11


def call_row(
    name: str,
    baseline: Callable[[], Any],
    ours: Callable[[], Any],
    note: str | None,
    *,
    calls: int = CALLS,
    target: float | None = 1.05,
) -> dict[str, object]:
    """Per-call time of one call through the framework's own call path (target 1.05)."""
    for _ in range(30):  # warm up both
        baseline()
        ours()
    result = compare(lambda: per_call(baseline, calls), lambda: per_call(ours, calls), SAMPLES, warmup=0)
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


async def acall_row(
    name: str,
    baseline: Callable[[], Awaitable[Any]],
    ours: Callable[[], Awaitable[Any]],
    note: str | None,
    *,
    calls: int = CALLS,
    samples: int = SAMPLES,
    target: float | None = 1.05,
    clock: Clock = time.perf_counter,
) -> dict[str, object]:
    """`call_row` for a call awaited on the running event loop (`clock`: what a sample measures)."""
    for _ in range(50):  # warm up both
        await baseline()
        await ours()
    result = await acompare(
        lambda: aper_call(baseline, calls, clock), lambda: aper_call(ours, calls, clock), samples, warmup=0
    )
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


def conversion_row(
    name: str,
    native: Callable[[list[Callable[..., Any]]], Any],
    convert: Callable[[list[Any]], Any],
    note: str,
    *,
    rounds: int = ROUNDS,
) -> dict[str, object]:
    warm = functions(8)
    native(warm)
    convert([interop.tool(fn) for fn in warm])
    base: list[float] = []
    ours: list[float] = []
    for i in range(rounds):
        fns = functions()
        neutral = [interop.tool(fn) for fn in functions()]
        if i % 2:
            ours.append(_per_tool_us(convert, neutral)[0])
            base.append(_per_tool_us(native, fns)[0])
        else:
            base.append(_per_tool_us(native, fns)[0])
            ours.append(_per_tool_us(convert, neutral)[0])
    return Comparison(base, ours).row(name, target=1.0, unit="us/tool", note=note)


def import_row(name: str, base_stmt: str, ours_stmt: str, note: str | None = None) -> dict[str, object]:
    """CPU time of the adapter's import vs the framework's own tool import, fresh interpreters (1.1)."""
    result = compare(lambda: import_ms(base_stmt), lambda: import_ms(ours_stmt), IMPORT_REPEATS)
    return result.row(name, target=1.1, unit="ms", note=note)
