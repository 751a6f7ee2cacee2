"""Copying JSON-like values (dicts, lists, scalars) fast: the one place that does it."""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["copy_json", "copy_value"]

_ATOMIC = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value, several times faster than `copy.deepcopy`."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def copy_value(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """`copy.deepcopy(value, memo)`, with the JSON data in it (dicts with string keys, lists,
    scalars) copied fast: what a result's snapshot copies (`ToolResultText.__deepcopy__`). Anything
    else is left to `copy.deepcopy`. The value is one that encoded as JSON (no cycles); a list or
    dict it holds twice is copied twice."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if kind is dict:
        out: dict[str, Any] = {}
        for k, v in value.items():
            if type(k) is not str:
                return copy.deepcopy(value, memo)
            out[k] = v if type(v) in _ATOMIC else copy_value(v, memo)
        return out
    if kind is list:
        return [v if type(v) in _ATOMIC else copy_value(v, memo) for v in value]
    return copy.deepcopy(value, memo)
