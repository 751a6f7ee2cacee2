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

The functions (`_fixtures.add_typed`, `add_async_typed`) carry their annotations as types, as
written without `from __future__ import annotations`.

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
from benchmarks._compare import show
from benchmarks._fixtures import ARGS, add_async_typed, add_typed
from benchmarks._fw_rows import call_row, import_row
from benchmarks.bench_conversion import measure, versus_rows

ROUNDS = 3


def call_rows() -> list[dict[str, object]]:
    native, ours = dspy.Tool(add_typed), to_dspy(interop.tool(add_typed))
    anative, aours = dspy.Tool(add_async_typed), to_dspy(interop.tool(add_async_typed))
    loop = asyncio.new_event_loop()

    def on_loop(make: Callable[[], Awaitable[Any]]) -> Callable[[], Any]:
        return lambda: loop.run_until_complete(make())

    try:
        return [
            call_row(
                "dspy tool(**args) (ReAct.forward path), sync fn",
                lambda: native(**ARGS),
                lambda: ours(**ARGS),
                "vs dspy.Tool(fn) (DSPy checks each argument with `jsonschema.validate`, which builds a "
                "validator and checks the metaschema on every call)",
            ),
            call_row(
                "dspy await tool.acall(**args) (ReAct.aforward path), async fn",
                on_loop(lambda: anative.acall(**ARGS)),
                on_loop(lambda: aours.acall(**ARGS)),
                "vs dspy.Tool(async fn)",
            ),
            call_row(
                "dspy await tool.acall(**args), sync fn (unlike work)",
                on_loop(lambda: native.acall(**ARGS)),
                on_loop(lambda: ours.acall(**ARGS)),
                "DSPy runs a sync function inline on the event loop; ours on a worker thread",
                target=None,
            ),
        ]
    finally:
        loop.close()


def conversion_rows() -> list[dict[str, object]]:
    describe = dspy.Tool.format_as_litellm_function_call  # what native function calling sends the model
    measured = measure("dspy", (dspy.Tool, to_dspy, None, describe), ROUNDS)
    return versus_rows("dspy", "dspy.Tool(fn) builds", measured, "interop.tool + to_X")


PRELUDE = "import os; os.environ['LITELLM_LOCAL_MODEL_COST_MAP'] = 'True'; "


def import_rows() -> list[dict[str, object]]:
    base, ours = "from dspy import Tool", "import interop.dspy"
    note = "CPU time in a fresh interpreter (importing anything from dspy loads all of DSPy)"
    return [import_row(f"{ours} vs {base}", PRELUDE + base, PRELUDE + ours, note)]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    show(run())
