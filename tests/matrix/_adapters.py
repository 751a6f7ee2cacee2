"""Each framework's interop adapter, by the framework's name in the matrix: `interop.<x>.to_<x>` and
`from_<x>`, where `<x>` is the name with `_` for `-` (`pydantic-ai`: `interop.pydantic_ai`). The
adapter module is imported on first use (it imports its framework)."""

from __future__ import annotations

import importlib
from typing import Any


def _adapter_function(framework: str, direction: str) -> Any:
    name = framework.replace("-", "_")
    return getattr(importlib.import_module(f"interop.{name}"), f"{direction}_{name}")


def to_framework(framework: str, neutral: Any, **options: Any) -> Any:
    """`to_<framework>(neutral, **options)`."""
    return _adapter_function(framework, "to")(neutral, **options)


def from_framework(framework: str, native: Any) -> Any:
    """`from_<framework>(native)`."""
    return _adapter_function(framework, "from")(native)
