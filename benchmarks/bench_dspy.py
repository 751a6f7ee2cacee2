"""DSPy: a converted neutral tool vs a native `dspy.Tool` on the same function.

- call: both through the calls `dspy.ReAct` makes with the model's tool arguments:
  `tool(**args)` (the `forward` path) and `await tool.acall(**args)` (the `aforward` path), with
  DSPy's callback wrapper on both. DSPy checks each argument against its JSON Schema and parses
  it with pydantic; ours validates the arguments once and returns the JSON text the model reads
  (DSPy's chat adapter formats a native tool's raw value later, outside the tool call).
  A sync function on the `aforward` path is information: DSPy runs it inline on the event loop,
  ours on a worker thread (as every adapter runs a sync tool from async code).
- conversion: `to_dspy` of 1,000 neutral tools vs `dspy.Tool(fn)` on 1,000 functions, each side
  describing every tool once as native function calling does
  (`format_as_litellm_function_call()`); CPU time per tool.
- import: `import interop.dspy` vs `from dspy import Tool`, each in a fresh interpreter.

The functions are written without `from __future__ import annotations`.

Run: `.venv/bin/python benchmarks/bench_dspy.py` (prints only).
"""

import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import dspy

import interop
from interop.dspy import to_dspy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # also run as a script
from benchmarks._compare import Comparison, compare, per_call
from benchmarks.bench_conversion import _per_tool_us, functions
from benchmarks.bench_imports import import_ms

CALLS = 300
SAMPLES = 15
ROUNDS = 3
IMPORT_REPEATS = 11
ARGS = {"a": 2, "b": 3, "label": "sum"}


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


async def aadd(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


def _call_row(
    name: str, base: Callable[[], Any], ours: Callable[[], Any], target: float | None, note: str
) -> Any:
    for _ in range(30):  # warm up both
        base(), ours()
    result = compare(lambda: per_call(base, CALLS), lambda: per_call(ours, CALLS), SAMPLES, warmup=0)
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


def call_rows() -> list[dict[str, object]]:
    native, ours = dspy.Tool(add), to_dspy(interop.tool(add))
    anative, aours = dspy.Tool(aadd), to_dspy(interop.tool(aadd))
    loop = asyncio.new_event_loop()

    def on_loop(make: Callable[[], Awaitable[Any]]) -> Callable[[], Any]:
        return lambda: loop.run_until_complete(make())

    try:
        return [
            _call_row(
                "dspy tool(**args) (ReAct.forward path), sync fn",
                lambda: native(**ARGS),
                lambda: ours(**ARGS),
                1.05,
                "vs dspy.Tool(fn) (DSPy checks each argument with `jsonschema.validate`, which builds a "
                "validator and checks the metaschema on every call)",
            ),
            _call_row(
                "dspy await tool.acall(**args) (ReAct.aforward path), async fn",
                on_loop(lambda: anative.acall(**ARGS)),
                on_loop(lambda: aours.acall(**ARGS)),
                1.05,
                "vs dspy.Tool(async fn)",
            ),
            _call_row(
                "dspy await tool.acall(**args), sync fn (unlike work)",
                on_loop(lambda: native.acall(**ARGS)),
                on_loop(lambda: ours.acall(**ARGS)),
                None,
                "DSPy runs a sync function inline on the event loop; ours on a worker thread",
            ),
        ]
    finally:
        loop.close()


def conversion_rows() -> list[dict[str, object]]:
    def build_native(fns: list[Callable[..., Any]]) -> list[Any]:
        tools = [dspy.Tool(fn) for fn in fns]
        for t in tools:
            t.format_as_litellm_function_call()  # what native function calling sends the model
        return tools

    def convert(neutral: list[Any]) -> list[Any]:
        tools = [to_dspy(t) for t in neutral]
        for t in tools:
            t.format_as_litellm_function_call()
        return tools

    def build_ours(fns: list[Callable[..., Any]]) -> list[Any]:
        return convert([interop.tool(fn) for fn in fns])

    warm = functions(8)
    build_native(warm), build_ours(warm)
    base, conv, full = [], [], []
    for _ in range(ROUNDS):
        base.append(_per_tool_us(build_native, functions())[0])
        conv.append(_per_tool_us(convert, [interop.tool(fn) for fn in functions()])[0])
        full.append(_per_tool_us(build_ours, functions())[0])
    return [
        Comparison(base, conv).row(
            "dspy: to_X of 1,000 neutral tools vs 1,000 dspy.Tool(fn) builds", target=1.0, unit="us/tool"
        ),
        Comparison(base, full).row(
            "dspy: interop.tool + to_X of 1,000 functions vs 1,000 dspy.Tool(fn) builds",
            target=None,
            unit="us/tool",
        ),
    ]


PRELUDE = "import os; os.environ['LITELLM_LOCAL_MODEL_COST_MAP'] = 'True'; "


def import_rows() -> list[dict[str, object]]:
    base = PRELUDE + "from dspy import Tool"
    ours = PRELUDE + "import interop.dspy"
    result = compare(lambda: import_ms(base), lambda: import_ms(ours), IMPORT_REPEATS)
    return [
        result.row(
            "import interop.dspy vs from dspy import Tool",
            target=1.1,
            unit="ms",
            note="CPU time in a fresh interpreter (importing anything from dspy loads all of DSPy)",
        )
    ]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    for row in run():
        print(
            f"{row['name']}: baseline {row['baseline']:.2f}, ours {row['ours']:.2f} {row['unit']}, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, IQR {row['spread']})"
        )
