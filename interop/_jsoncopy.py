"""Copying JSON-like values (dicts, lists, scalars) fast: the one place that does it."""

from __future__ import annotations

from typing import Any

__all__ = ["copy_json"]


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value, several times faster than `copy.deepcopy`."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value
