"""Middleware and policy benchmarks (issue 39): what an empty chain, one pass-through middleware
and each built-in policy add to a call, and what a `Cache` hit costs against the tool's own work.

Run as `python benchmarks/bench_middleware.py`. Calls go through `interop.acall` on one event loop
(a framework's async path; the wrapped tool is async, so its chain runs on the caller's loop).
Times are CPU time of the measuring thread (`time.thread_time`, so other load on the machine does
not skew them), except the sync-tool row, whose tool runs on a thread of its own (wall clock).
Rows:
- the empty chain: `with_middleware(tool)` with no middleware against the tool (target 1.02; it
  returns the tool itself, so it costs nothing);
- one pass-through middleware against none: what the chain's machinery costs (information);
- each policy against that one pass-through middleware (the policy's own cost is the difference,
  in the note), with limits that never refuse;
- a `Cache` hit against the tool's own work (a 5,000-item sort and sum, about a hundred us).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import acompare, aper_call, compare, per_call  # noqa: E402
from interop import policies  # noqa: E402

ARGS = {"a": 2, "b": 3}
N = 4_000
ROUNDS = 15


@interop.tool(meta={"read_only": True})
async def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@interop.tool(meta={"read_only": True})
def add_sync(a: int, b: int) -> int:
    """Add two integers (sync)."""
    return a + b


def _work(n: int) -> int:
    return sum(sorted(range(n, 0, -1))[::2]) + n


@interop.tool(meta={"read_only": True})
async def costly(n: int) -> int:
    """Some work worth caching."""
    return _work(n)


class PassThrough:
    """The least a middleware can be."""

    async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
        return await call_next(call)


def _acall(tool: Any, args: dict[str, Any]) -> Callable[[], Awaitable[Any]]:
    return lambda: interop.acall(tool, args)


async def _arow(
    name: str,
    base: Callable[[], Awaitable[Any]],
    ours: Callable[[], Awaitable[Any]],
    *,
    target: float | None,
    note: str | None = None,
    clock: Callable[[], float] = time.thread_time,
    n: int = N,
) -> dict[str, object]:
    for _ in range(300):  # warm up both
        await base(), await ours()
    result = await acompare(
        lambda: aper_call(base, n, clock), lambda: aper_call(ours, n, clock), ROUNDS, warmup=0
    )
    row = result.row(name, target=target, unit="us/call", scale=1e6)
    if note is not None:
        row["note"] = note.format(diff=float(row["ours"]) - float(row["baseline"]))  # type: ignore[arg-type]
    return row


def _policies() -> list[tuple[str, Any, dict[str, Any]]]:
    return [
        ("Timeout(60)", policies.Timeout(60), ARGS),
        ("Retry(3)", policies.Retry(3), ARGS),
        ("RateLimit(1,000,000 per 60 s)", policies.RateLimit(1_000_000, 60), ARGS),
        ("ConcurrencyLimit(64)", policies.ConcurrencyLimit(64), ARGS),
        ("Cache(ttl=60), hit", policies.Cache(ttl=60), ARGS),
        ("OutputBudget(max_chars=1,000), under the budget", policies.OutputBudget(max_chars=1000), ARGS),
        ("CallLimit(10**9)", policies.CallLimit(10**9), ARGS),
    ]


async def bench_chain() -> list[dict[str, object]]:
    rows = []
    empty = interop.with_middleware(add)
    rows.append(
        await _arow(
            "acall: with_middleware(tool) with no middleware vs the tool",
            _acall(add, ARGS),
            _acall(empty, ARGS),
            target=1.02,
            note="an empty chain returns the tool itself" if empty is add else "an empty chain is a layer",
        )
    )
    one = interop.with_middleware(add, PassThrough())
    rows.append(
        await _arow(
            "acall: one pass-through middleware vs none (async tool)",
            _acall(add, ARGS),
            _acall(one, ARGS),
            target=None,
            note="the chain's machinery: +{diff:.1f} us/call",
        )
    )
    for label, policy, args in _policies():
        wrapped = interop.with_middleware(add, PassThrough(), policy)
        rows.append(
            await _arow(
                f"acall: {label} vs a pass-through middleware",
                _acall(one, args),
                _acall(wrapped, args),
                target=None,
                note=f"{label.split('(')[0]}'s own cost: {{diff:+.1f}} us/call",
            )
        )
    rows.append(
        await _arow(
            "acall: a sync tool under one pass-through middleware (a reused worker thread) vs none (wall clock)",
            _acall(add_sync, ARGS),
            _acall(interop.with_middleware(add_sync, PassThrough()), ARGS),
            target=None,
            note="a wrapped sync tool runs on a worker thread: +{diff:.0f} us/call",
            clock=time.perf_counter,
            n=500,
        )
    )
    cache = policies.Cache(ttl=60)
    cached = interop.with_middleware(costly, cache)
    work = {"n": 5_000}
    await interop.acall(cached, work)
    row = await _arow(
        "a Cache hit through acall vs the tool's own work (a 5,000-item sort and sum)",
        lambda: _direct(work["n"]),
        _acall(cached, work),
        target=None,
        n=200,
        note="a hit costs {diff:+.0f} us against the work",
    )
    assert cache.misses == 1 and cache.hits > 0
    rows.append(row)
    return rows


async def _direct(n: int) -> int:
    return _work(n)


def bench_sync_call() -> list[dict[str, object]]:
    """`interop.call` from sync code: the empty chain there too."""
    empty = interop.with_middleware(add_sync)
    for _ in range(2000):
        interop.call(add_sync, ARGS), interop.call(empty, ARGS)
    clock = time.thread_time
    result = compare(
        lambda: per_call(lambda: interop.call(add_sync, ARGS), 20_000, clock),
        lambda: per_call(lambda: interop.call(empty, ARGS), 20_000, clock),
        ROUNDS,
        warmup=0,
    )
    return [
        result.row(
            "call: with_middleware(sync tool) with no middleware vs the tool",
            target=1.02,
            unit="us/call",
            scale=1e6,
        )
    ]


def run() -> list[dict[str, object]]:
    """All middleware benchmark rows."""
    return [*asyncio.run(bench_chain()), *bench_sync_call()]


def main() -> None:
    for row in run():
        target = row["target"]
        verdict = "info" if target is None else ("ok  " if float(row["ratio"]) <= float(target) else "MISS")  # type: ignore[arg-type]
        print(
            f"{verdict} {row['name']}\n     baseline {row['baseline']:.4g} {row['unit']}, ours {row['ours']:.4g} "
            f"{row['unit']}, ratio {row['ratio']:.3f} (IQR {row['spread']}), target {target}"
            + (f"; {row['note']}" if row.get("note") else "")
        )


if __name__ == "__main__":
    main()
