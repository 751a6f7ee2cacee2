"""Core benchmarks: the per-call cost of a validated tool and JSON Schema emission caching (import
time is in bench_imports.py).

Run as `python benchmarks/bench_core.py`. Each row compares our figure with a baseline measured in
the same process (median of repeated, interleaved runs; `spread` is the interquartile range of the
ratio). A row meets its target when `ratio <= target`. Times are CPU time of the measuring thread
(`time.thread_time`), so other load on the machine does not skew them.
"""

from __future__ import annotations

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
from benchmarks._compare import compare, per_call  # noqa: E402
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


def _compare(name: str, base: Callable[[], Any], ours: Callable[[], Any], target: float) -> dict[str, object]:
    n = 20_000
    for _ in range(2000):  # warm up both
        base(), ours()
    clock = time.thread_time
    result = compare(lambda: per_call(base, n, clock), lambda: per_call(ours, n, clock), 21, warmup=0)
    return result.row(name, target=target, unit="ns/call", scale=1e9)


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

    def first() -> float:
        converter = PydanticSchema(Order).__standard_schema__.json_schema  # a fresh cache
        start = time.thread_time()
        converter.input(target=target)
        cached[0] = converter
        return time.thread_time() - start

    def second() -> float:
        return per_call(lambda: cached[0].input(target=target), 200, time.thread_time)

    rows = []
    cached: list[Any] = [None]
    for target in ("draft-2020-12", "openapi-3.0"):
        result = compare(first, second, repeats, warmup=0)  # `second` reuses the converter `first` made
        rows.append(
            result.row(
                f"json_schema.input({target}): cached vs first emission", target=0.02, unit="us", scale=1e6
            )
        )  # target 0.02: the cached emission is at least 50x faster
    return rows


def run() -> list[dict[str, object]]:
    """All core benchmark rows."""
    return [*bench_calls(), *bench_emission()]


def main() -> None:
    rows = run()
    for row in rows:
        ok = "ok  " if float(row["ratio"]) <= float(row["target"]) else "MISS"  # type: ignore[arg-type]
        print(
            f"{ok} {row['name']}\n     baseline {row['baseline']:.4g} {row['unit']}, ours {row['ours']:.4g} {row['unit']}, "
            f"ratio {row['ratio']:.3f} (IQR {row['spread']}), target <= {row['target']}"
        )


if __name__ == "__main__":
    main()
