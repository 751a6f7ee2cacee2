"""Semantic Kernel tests run in its own environment (`make test-semantic-kernel`: `.venv-semantic-kernel`,
built from `constraints-semantic-kernel.txt`, since Semantic Kernel needs pydantic<2.14 and mcp<2);
elsewhere this folder is not collected."""

from __future__ import annotations

import importlib.metadata

try:
    importlib.metadata.version("semantic-kernel")
except importlib.metadata.PackageNotFoundError:
    collect_ignore_glob = ["*.py"]
