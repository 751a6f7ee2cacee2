"""Strands tests run in Strands' own environment (`make test-strands`: `.venv-strands`, built from
`constraints-strands.txt`, since Strands needs mcp<2.2); elsewhere this folder is not collected.

OpenTelemetry's SDK stays off (Strands traces every agent run), set before Strands is imported."""

from __future__ import annotations

import importlib.metadata
import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

try:
    importlib.metadata.version("strands-agents")
except importlib.metadata.PackageNotFoundError:
    collect_ignore_glob = ["*.py"]
