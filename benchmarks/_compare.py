"""Interleaved baseline-vs-ours measurements: the one way every suite compares and reports.

Each round measures the baseline and ours back to back (alternating which goes first), so drift
and load hit both alike; the ratio is the median of the per-round ratios and the spread their
interquartile range.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Comparison", "acompare", "aper_call", "compare", "per_call", "run_row", "show"]

Clock = Callable[[], float]


@dataclass(frozen=True)
class Comparison:
    """The per-round figures of one baseline-vs-ours measurement."""

    baseline: list[float] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return statistics.median(o / b for b, o in zip(self.baseline, self.ours, strict=True))

    @property
    def spread(self) -> str:
        ratios = [o / b for b, o in zip(self.baseline, self.ours, strict=True)]
        if len(ratios) < 2:
            return ""
        q = statistics.quantiles(ratios, n=4)
        return f"{q[0]:.3g}-{q[2]:.3g}"

    def row(
        self, name: str, *, target: float | None, unit: str, scale: float = 1.0, note: str | None = None
    ) -> dict[str, object]:
        """A runner row; `scale` converts the measured unit into `unit` (e.g. 1e6 for seconds -> us)."""
        out: dict[str, object] = {
            "name": name,
            "baseline": statistics.median(self.baseline) * scale,
            "ours": statistics.median(self.ours) * scale,
            "ratio": self.ratio,
            "target": target,
            "unit": unit,
            "spread": self.spread,
        }
        if note:
            out["note"] = note
        return out


def compare(
    base: Callable[[], float], ours: Callable[[], float], rounds: int, *, warmup: int = 1
) -> Comparison:
    """`rounds` interleaved measurements; each callable runs one measurement and returns its figure."""
    for _ in range(warmup):
        base(), ours()
    result = Comparison()
    for i in range(rounds):
        if i % 2:
            result.ours.append(ours())
            result.baseline.append(base())
        else:
            result.baseline.append(base())
            result.ours.append(ours())
    return result


async def acompare(
    base: Callable[[], Awaitable[float]],
    ours: Callable[[], Awaitable[float]],
    rounds: int,
    *,
    warmup: int = 1,
) -> Comparison:
    """`compare` for measurements that must run on an event loop."""
    for _ in range(warmup):
        await base(), await ours()
    result = Comparison()
    for i in range(rounds):
        if i % 2:
            result.ours.append(await ours())
            result.baseline.append(await base())
        else:
            result.baseline.append(await base())
            result.ours.append(await ours())
    return result


def per_call(fn: Callable[[], Any], n: int, clock: Clock = time.perf_counter) -> float:
    """Seconds (of `clock`) per call of `fn`, over `n` calls."""
    start = clock()
    for _ in range(n):
        fn()
    return (clock() - start) / n


async def aper_call(fn: Callable[[], Awaitable[Any]], n: int, clock: Clock = time.perf_counter) -> float:
    """Seconds (of `clock`) per awaited call of `fn`, over `n` calls."""
    start = clock()
    for _ in range(n):
        await fn()
    return (clock() - start) / n


async def run_row(
    name: str,
    baseline: Callable[[], Awaitable[Any]],
    ours: Callable[[], Awaitable[Any]],
    *,
    runs: int,
    samples: int,
    target: float | None,
    note: str,
) -> dict[str, object]:
    """Milliseconds per whole run (a durable workflow) of `baseline()` vs `ours()`: `samples`
    interleaved samples of `runs` runs each, a full collection before each sample."""

    async def sample(run: Callable[[], Awaitable[Any]]) -> float:
        gc.collect()
        return await aper_call(run, runs)

    result = await acompare(lambda: sample(baseline), lambda: sample(ours), samples, warmup=2)
    return result.row(name, target=target, unit="ms", scale=1e3, note=note)


def show(rows: list[dict[str, Any]]) -> None:
    """Print runner rows, one a line: the medians, the ratio, its target and spread, the note."""
    for row in rows:
        note = f" - {row['note']}" if row.get("note") else ""
        print(
            f"{row['name']}: baseline {row['baseline']:.4g}, ours {row['ours']:.4g} {row['unit']}, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, IQR {row.get('spread', '')}){note}"
        )
