"""Telemetry benchmarks: what `interop.telemetry` costs a tool call (issue 40).

Run as `python benchmarks/bench_telemetry.py`. Each row compares one call through the pipeline
(`Invoker.invoke` / `ainvoke`, the path every `to_X`, MCP and the providers take) with itself in
another telemetry state, measured in the same process (median of 21 interleaved runs; CPU time of
the measuring thread):

- OpenTelemetry absent vs installed with no tracer provider set (the state most installs are in:
  mcp and google-adk depend on `opentelemetry-api`): the first call decides, once, which of the
  two it is (`interop.telemetry._auto`); absent, no observer is left (baseline); installed, no
  observer either, OpenTelemetry armed to install one when a provider is set (ours). Target
  <= 1.03. For information, the per-call watch used where arming is not possible.
- no telemetry vs the SDK configured (a `TracerProvider` whose `SimpleSpanProcessor` hands each
  span, as it ends, to an exporter that drops it, a `MeterProvider` with a reader): the cost of one span and one
  histogram measurement per call, in microseconds (informational).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import compare, per_call  # noqa: E402
from interop import _observe, bridge  # noqa: E402

N = 20_000
ROUNDS = 21


@interop.tool
def forecast(city: str, days: int = 1) -> str:
    """The forecast for a city."""
    return f"{city}:{days}"


@interop.tool
async def aforecast(city: str, days: int = 1) -> str:
    """The forecast for a city."""
    return f"{city}:{days}"


ARGS = {"city": "Paris", "days": 3}


def _invokers() -> tuple[bridge.Invoker, bridge.Invoker]:
    options = bridge.Options()
    return (
        bridge.Invoker(forecast, name="forecast", target="bench", options=options),
        bridge.Invoker(aforecast, name="aforecast", target="bench", options=options),
    )


def _measure(
    name: str,
    base_observer: Any,
    our_observer: Any,
    call: Callable[[], Any],
    target: float | None,
    *,
    n: int = N,
    note: str | None = None,
) -> dict[str, object]:
    def run(observer: Any) -> float:
        _observe.set_observer(observer)
        return per_call(call, n, time.thread_time)

    for observer in (base_observer, our_observer):
        run(observer)  # warm up
    result = compare(lambda: run(base_observer), lambda: run(our_observer), ROUNDS, warmup=0)
    _observe.set_observer(None)
    row = result.row(name, target=target, unit="us/call", scale=1e6, note=note)
    return row


def _async_call(invoker: bridge.Invoker) -> Callable[[], Any]:
    loop = asyncio.new_event_loop()

    async def many() -> None:
        for _ in range(100):
            await invoker.ainvoke(ARGS)

    def call() -> None:
        loop.run_until_complete(many())

    return call


def _decided(importable: bool) -> Any:
    """The observer the first call leaves installed, OpenTelemetry importable or not."""
    from interop.telemetry import _auto

    real = _auto._importable
    _auto._importable = lambda: importable
    try:
        _observe.set_observer(_observe.UNDECIDED)
        _invokers()[0].invoke(ARGS)  # the first call decides
        return _observe.get_observer()
    finally:
        _auto._importable = real


def bench_unconfigured() -> list[dict[str, object]]:
    """Absent vs installed without a provider, each as the first call left it; and the per-call
    watch (`WATCH`, the fallback where OpenTelemetry's provider cannot be armed) for information."""
    import opentelemetry.trace  # the application (or mcp, google-adk) imported it

    from interop.telemetry._auto import WATCH

    assert getattr(opentelemetry.trace, "_TRACER_PROVIDER", None) is None, "no provider may be set yet"
    absent, present = _decided(False), _decided(True)
    assert absent is None and present is None, (absent, present)
    sync_invoker, async_invoker = _invokers()
    rows = []
    for label, ours, target in (
        ("opentelemetry-api installed, no provider set (armed) vs not installed", present, 1.03),
        ("the per-call watch (fallback) vs not installed", WATCH, None),
    ):
        rows.append(
            _measure(f"invoke, sync tool: {label}", absent, ours, lambda: sync_invoker.invoke(ARGS), target)
        )
        row = _measure(
            f"ainvoke x100, async tool: {label}",
            absent,
            ours,
            _async_call(async_invoker),
            target,
            n=N // 100,
        )
        row["baseline"], row["ours"] = float(row["baseline"]) / 100, float(row["ours"]) / 100  # type: ignore[arg-type]
        rows.append(row)
    return rows


class _Drop:
    """A span exporter that drops every batch (the cost measured is ours and the SDK's, not I/O)."""

    def export(self, spans: Sequence[Any]) -> Any:
        from opentelemetry.sdk.trace.export import SpanExportResult

        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        return None

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        return True


def bench_configured() -> list[dict[str, object]]:
    """No telemetry vs the SDK configured with an exporter that drops the spans."""
    from opentelemetry import metrics, trace
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor

    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(_Drop()))  # type: ignore[arg-type]
    trace.set_tracer_provider(provider)
    metrics.set_meter_provider(MeterProvider(metric_readers=[InMemoryMetricReader()]))
    from interop.telemetry._auto import activate

    observer = activate()
    _observe.set_observer(None)
    sync_invoker, async_invoker = _invokers()
    rows = []
    for name, call, per in (
        ("invoke, sync tool", lambda: sync_invoker.invoke(ARGS), 1),
        ("ainvoke x100, async tool", _async_call(async_invoker), 100),
    ):
        row = _measure(
            f"{name}: OpenTelemetry SDK configured (spans dropped) vs none",
            None,
            observer,
            call,
            None,
            n=N // 10 // per,
        )
        row["baseline"], row["ours"] = float(row["baseline"]) / per, float(row["ours"]) / per  # type: ignore[arg-type]
        added = float(row["ours"]) - float(row["baseline"])  # type: ignore[arg-type]
        row["note"] = f"{added:.1f} us added per call"
        rows.append(row)
    provider.shutdown()
    return rows


def run() -> list[dict[str, object]]:
    previous = _observe.get_observer()
    try:
        return bench_unconfigured() + bench_configured()
    finally:
        _observe.set_observer(previous)


def main() -> None:
    for row in run():
        target = row["target"]
        verdict = "" if target is None else ("met" if float(row["ratio"]) <= float(target) else "MISSED")  # type: ignore[arg-type]
        print(
            f"{row['name']}: {float(row['baseline']):.3f} -> {float(row['ours']):.3f} {row['unit']}, "  # type: ignore[arg-type]
            f"ratio {float(row['ratio']):.3f} ({row['spread']}) {verdict} {row.get('note', '')}"  # type: ignore[arg-type]
        )


if __name__ == "__main__":
    main()
