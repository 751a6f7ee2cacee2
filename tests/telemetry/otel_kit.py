"""The telemetry tests' kit: the OpenTelemetry SDK exporting to memory (one global tracer and meter
provider for the process: OpenTelemetry allows setting them once) and what was exported, read back."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk")

from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

import interop.telemetry
from interop import _observe
from interop.telemetry import _auto

SECRET = "SECRET-ctx-7f3a"
"""A value only ever put in a call's context: no exported span, event, attribute or metric may hold it."""


def providers() -> tuple[InMemorySpanExporter, InMemoryMetricReader]:
    disabled = os.environ.pop("OTEL_SDK_DISABLED", None)  # another test kit may quiet tracing
    try:
        exporter = InMemorySpanExporter()
        current = trace.get_tracer_provider()
        if isinstance(current, TracerProvider):  # set already in this process: add our exporter
            current.add_span_processor(SimpleSpanProcessor(exporter))
        else:
            provider = TracerProvider()
            provider.add_span_processor(SimpleSpanProcessor(exporter))
            trace.set_tracer_provider(provider)
        reader = InMemoryMetricReader()
        metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))
        return exporter, reader
    finally:
        if disabled is not None:
            os.environ["OTEL_SDK_DISABLED"] = disabled


@dataclass
class Exported:
    exporter: InMemorySpanExporter
    reader: InMemoryMetricReader

    def spans(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def tool_spans(self) -> list[ReadableSpan]:
        return [s for s in self.spans() if s.name.startswith("execute_tool ")]

    def named(self, name: str) -> list[ReadableSpan]:
        return [s for s in self.spans() if s.name == name]

    def durations(self) -> list[Any]:
        """The data points of `gen_ai.execute_tool.duration` (cumulative since the process began)."""
        data = self.reader.get_metrics_data()
        points: list[Any] = []
        for rm in data.resource_metrics if data else ():
            for sm in rm.scope_metrics:
                for m in sm.metrics:
                    if m.name == "gen_ai.execute_tool.duration":
                        points.extend(m.data.data_points)
        return points

    def everything(self) -> str:
        """Every exported span (name, attributes, events, status, links) and metric, as text."""
        spans = [
            {
                "name": s.name,
                "attributes": dict(s.attributes or {}),
                "events": [(e.name, dict(e.attributes or {})) for e in s.events],
                "status": [str(s.status.status_code), s.status.description],
                "resource": dict(s.resource.attributes),
            }
            for s in self.spans()
        ]
        data = self.reader.get_metrics_data()
        return json.dumps(spans, default=str) + (data.to_json() if data else "")


_SDK: list[Exported] = []


def sdk() -> Exported:
    """The process's one in-memory SDK (made on first use)."""
    if not _SDK:
        _SDK.append(Exported(*providers()))
    return _SDK[0]


def configured(monkeypatch: pytest.MonkeyPatch) -> Iterator[Exported]:
    """A fixture's body (`yield from configured(monkeypatch)`): the SDK exporting to memory,
    telemetry configured (content capture off), the exporter empty; afterwards the observer and
    telemetry's settings as they were."""
    monkeypatch.delenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", raising=False)
    monkeypatch.delenv("OTEL_SDK_DISABLED", raising=False)
    previous = _observe.get_observer()
    interop.telemetry.configure()
    exported = sdk()
    exported.exporter.clear()
    yield exported
    _observe.set_observer(previous)
    _auto.settings.enabled, _auto.settings.capture_content, _auto.settings.propagation_only = (
        None,
        False,
        False,
    )
