"""The telemetry tests' fixture: the in-memory SDK (`otel_kit`), telemetry configured, the exporter
emptied; restored after the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("opentelemetry.sdk")

from otel_kit import Exported, sdk

import interop.telemetry
from interop import _observe
from interop.telemetry import _auto


@pytest.fixture
def otel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Exported]:
    """The SDK exporting to memory, telemetry configured (content capture off), the exporter empty."""
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
