"""The telemetry tests' fixture: the in-memory SDK (`otel_kit`), telemetry configured, the exporter
emptied; restored after the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("opentelemetry.sdk")

from otel_kit import Exported, configured


@pytest.fixture
def otel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Exported]:
    """The SDK exporting to memory, telemetry configured (content capture off), the exporter empty."""
    yield from configured(monkeypatch)
