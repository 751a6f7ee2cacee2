"""Core benchmarks: the per-call cost of a validated tool, JSON Schema emission caching, import time.

Run as `python benchmarks/bench_core.py`. Each row compares our figure with a baseline measured in
the same process (median of repeated, interleaved runs; `spread` is the interquartile range of the
ratio). A row meets its target when `ratio <= target`. Times are CPU time of the measuring thread
(`time.thread_time_ns`; `process_time` in the import subprocesses), so other load on the machine
does not skew them.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from interop._schema import PydanticSchema  # noqa: E402

ARGS = {"city": "Paris", "days": 3, "units": "c"}


class WeatherArgs(BaseModel):
    city: str
    days: int = Field(default=1, ge=1, le=14)
    units: str = "c"


def forecast(args: WeatherArgs) -> str:
    return f"{args.city}:{args.days}{args.units}"


def forecast_kw(city: str, days: int = 1, units: str = "c") -> str:
    return f"{city}:{days}{units}"


def baseline_model_call(args: dict[str, Any]) -> str:
    """What a user writes by hand: validate with pydantic, then call the function."""
    return forecast(WeatherArgs.model_validate(args))


def baseline_kw_call(args: dict[str, Any]) -> str:
    m = WeatherArgs.model_validate(args)
    return forecast_kw(city=m.city, days=m.days, units=m.units)


_raw_validate = WeatherArgs.__pydantic_validator__.validate_python


def floor_call(args: dict[str, Any]) -> str:
    """The least anyone can do: pydantic-core's validator called directly, then the function."""
    m = _raw_validate(args)
    return forecast_kw(city=m.city, days=m.days, units=m.units)


standard = interop.standard_tool(
    name="forecast", description="Weather forecast.", execute=forecast, input_schema=WeatherArgs
)


@interop.tool
def decorated(city: str, days: int = 1, units: str = "c") -> str:
    """Weather forecast.

    Args:
        city: The city.
        days: How many days ahead.
        units: c or f.
    """
    return f"{city}:{days}{units}"


def _per_call(fn: Callable[[], Any], n: int) -> float:
    """CPU nanoseconds per call of `fn` over `n` calls."""
    start = time.thread_time_ns()
    for _ in range(n):
        fn()
    return (time.thread_time_ns() - start) / n


def _compare(
    name: str,
    base: Callable[[], Any],
    ours: Callable[[], Any],
    target: float,
    *,
    n: int = 20_000,
    repeats: int = 21,
) -> dict[str, object]:
    for _ in range(2000):  # warm up both
        base()
        ours()
    bases, ourses, ratios = [], [], []
    for _ in range(repeats):  # interleaved, so drift hits both sides alike
        b = _per_call(base, n)
        o = _per_call(ours, n)
        bases.append(b)
        ourses.append(o)
        ratios.append(o / b)
    q = statistics.quantiles(ratios, n=4)
    return {
        "name": name,
        "baseline": round(statistics.median(bases), 1),
        "ours": round(statistics.median(ourses), 1),
        "ratio": round(statistics.median(ratios), 3),
        "target": target,
        "unit": "ns/call",
        "spread": f"{q[0]:.3f}-{q[2]:.3f}",
    }


def bench_calls() -> list[dict[str, object]]:
    assert baseline_model_call(ARGS) == interop.call(standard, ARGS) == interop.call(decorated, ARGS)
    return [
        _compare(
            "call(standard_tool(input_schema=Model)) vs Model.model_validate + fn",
            lambda: baseline_model_call(ARGS),
            lambda: interop.call(standard, ARGS),
            1.2,
        ),
        _compare(
            "call(@tool fn) vs Model.model_validate + fn(**fields)",
            lambda: baseline_kw_call(ARGS),
            lambda: interop.call(decorated, ARGS),
            1.2,
        ),
        _compare(
            "call(@tool fn) vs raw pydantic-core validator + fn (the floor; informational)",
            lambda: floor_call(ARGS),
            lambda: interop.call(decorated, ARGS),
            2.0,
        ),
    ]


def bench_emission(repeats: int = 15) -> list[dict[str, object]]:
    """First emission (generates and converts) vs a cached one (a copy), per target."""

    class Item(BaseModel):
        sku: str
        qty: int = Field(gt=0)
        tags: list[str] = []

    class Order(BaseModel):
        customer: str
        items: list[Item]
        notes: dict[str, Item] | None = None

    rows = []
    for target in ("draft-2020-12", "openapi-3.0"):
        firsts, seconds, ratios = [], [], []
        for _ in range(repeats):
            converter = PydanticSchema(Order).__standard_schema__.json_schema  # fresh cache each time
            start = time.thread_time_ns()
            converter.input(target=target)
            first = time.thread_time_ns() - start
            n = 200
            start = time.thread_time_ns()
            for _ in range(n):
                converter.input(target=target)
            second = (time.thread_time_ns() - start) / n
            firsts.append(first / 1000)
            seconds.append(second / 1000)
            ratios.append(second / first)
        q = statistics.quantiles(ratios, n=4)
        rows.append(
            {
                "name": f"json_schema.input({target}): cached vs first emission",
                "baseline": round(statistics.median(firsts), 2),
                "ours": round(statistics.median(seconds), 2),
                "ratio": round(statistics.median(ratios), 4),
                "target": 0.02,  # the cached emission is at least 50x faster
                "unit": "us",
                "spread": f"{q[0]:.4f}-{q[2]:.4f}",
            }
        )
    return rows


def _import_seconds(module: str) -> float:
    code = f"import time; t = time.process_time(); import {module}; print(time.process_time() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return float(out.stdout.strip())


PYDANTIC_IMPORT = (
    "pydantic; from pydantic import BaseModel, Field, TypeAdapter, create_model; import pydantic.json_schema"
)
"""What any pydantic user pays (`import pydantic` alone is lazy and loads almost nothing)."""


def bench_import(repeats: int = 7) -> list[dict[str, object]]:
    """`import interop` (which imports pydantic) against `import pydantic` alone, in fresh interpreters."""
    bases, ourses, ratios = [], [], []
    for _ in range(repeats):
        b = _import_seconds(PYDANTIC_IMPORT)
        o = _import_seconds("interop")
        bases.append(b * 1000)  # ms
        ourses.append(o * 1000)
        ratios.append(o / b)
    q = statistics.quantiles(ratios, n=4)
    return [
        {
            "name": "import interop vs importing the pydantic parts it needs",
            "baseline": round(statistics.median(bases), 1),
            "ours": round(statistics.median(ourses), 1),
            "ratio": round(statistics.median(ratios), 3),
            "target": 1.5,
            "unit": "ms",
            "spread": f"{q[0]:.3f}-{q[2]:.3f}",
        }
    ]


def run() -> list[dict[str, object]]:
    """All core benchmark rows."""
    return [*bench_calls(), *bench_emission(), *bench_import()]


def main() -> None:
    rows = run()
    for row in rows:
        ok = "ok  " if float(row["ratio"]) <= float(row["target"]) else "MISS"  # type: ignore[arg-type]
        print(
            f"{ok} {row['name']}\n     baseline {row['baseline']} {row['unit']}, ours {row['ours']} {row['unit']}, "
            f"ratio {row['ratio']} (IQR {row['spread']}), target <= {row['target']}"
        )


if __name__ == "__main__":
    main()
