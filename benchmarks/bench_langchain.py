"""Invoking a converted neutral tool vs the native `StructuredTool.from_function` on the same
function, in the same process: `.invoke(dict)` and `.invoke(ToolCall)` (sync) and `.ainvoke`."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langchain_core.tools import StructuredTool

import interop
from interop.langchain import to_langchain

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # also run as a script
from benchmarks._compare import aper_call, compare, per_call
from benchmarks._fixtures import add_ints, add_ints_async

ROUNDS = 9
CALLS = 500


def _per_call(fn: Callable[[], Any]) -> float:
    return per_call(fn, CALLS)


def _per_call_async(fn: Callable[[], Any]) -> float:
    return asyncio.run(aper_call(fn, CALLS))


def _compare(
    name: str, base: Callable[[], Any], ours: Callable[[], Any], measure: Callable[..., float]
) -> dict[str, object]:
    result = compare(lambda: measure(base), lambda: measure(ours), ROUNDS)
    return result.row(name, target=1.05, unit="us/call", scale=1e6)


def run() -> list[dict[str, object]]:
    native = StructuredTool.from_function(add_ints)
    converted = to_langchain(interop.tool(add_ints))
    args = {"a": 2, "b": 3}
    call = {"name": "add_ints", "args": args, "id": "call_1", "type": "tool_call"}
    assert native.invoke(args) == 5 and converted.invoke(args) == "5"
    assert native.invoke(call).content == converted.invoke(call).content == "5"
    anative = StructuredTool.from_function(coroutine=add_ints_async)
    aconverted = to_langchain(interop.tool(add_ints_async))
    acall_ = {**call, "name": "add_ints_async"}
    return [
        _compare(
            "langchain invoke(dict)", lambda: native.invoke(args), lambda: converted.invoke(args), _per_call
        ),
        _compare(
            "langchain invoke(ToolCall)",
            lambda: native.invoke(call),
            lambda: converted.invoke(call),
            _per_call,
        ),
        _compare(
            "langchain ainvoke(ToolCall)",
            lambda: native.ainvoke(call),
            lambda: converted.ainvoke(call),
            _per_call_async,
        ),
        _compare(
            "langchain ainvoke(ToolCall), async tool",
            lambda: anative.ainvoke(acall_),
            lambda: aconverted.ainvoke(acall_),
            _per_call_async,
        ),
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
