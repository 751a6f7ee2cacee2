"""Genkit: a converted neutral tool vs a tool defined with Genkit's own `@ai.tool()`.

- Call (CPU time of the process, worker threads included): both through `tool.action().run(input, context=...)`, the call Genkit's `generate` makes
  for a tool request. The native tool is what Genkit teaches: an async handler taking a pydantic
  input model (Genkit validates the input against it); ours has the neutral JSON Schema as a dict
  (Genkit sends it, validates nothing) and validates once itself. Genkit handlers are async, so a
  sync function is called inline by the native handler; the targeted sync row is ours with
  `threaded=False` (the same inline call); our default (a worker thread) is information.
- Conversion: `to_genkit` of 1,000 neutral tools vs 1,000 `ai.tool()(handler)` over a pydantic
  input model built from each function's signature (what `@ai.tool()` needs from a plain
  function), each side asked once for the tool definition a model request carries; registered
  on a `Genkit` instance on both sides; CPU time per tool. The sides (and `@tool` + `to_genkit`)
  take turns every 50 tools (`CHUNKS`): a registration is ~19 ms a tool on either side.
- Import: `import interop.genkit` vs `from genkit import Genkit, ToolRunContext` (fresh
  interpreters, CPU time).

Run: `.venv/bin/python benchmarks/bench_genkit.py`
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import os
import sys
import time
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from genkit import Genkit, ToolRunContext  # noqa: E402
from genkit._ai._generate import to_tool_definition  # noqa: E402  (what a model request carries)
from pydantic import BaseModel, create_model  # noqa: E402

import interop  # noqa: E402
from benchmarks._compare import Comparison, show  # noqa: E402
from benchmarks._fixtures import ARGS, add, add_async  # noqa: E402
from benchmarks._fw_rows import acall_row, import_row  # noqa: E402
from benchmarks.bench_conversion import N, _per_tool_us, functions, versus_rows  # noqa: E402
from interop.genkit import from_genkit, to_genkit  # noqa: E402

CONTEXT = {"user": "u"}
CALLS = 400
ROUNDS = 3


class AddInput(BaseModel):
    a: int
    b: int
    label: str = "result"


def natives(ai: Genkit) -> tuple[Any, Any, Any]:
    """The native tools, as a Genkit user writes them (async handlers, a pydantic input model)."""

    @ai.tool(name="add_native_async")
    async def add_native_async(input: AddInput) -> dict[str, Any]:
        """Add two integers."""
        return await add_async(input.a, input.b, input.label)

    @ai.tool(name="add_native_sync")
    async def add_native_sync(input: AddInput) -> dict[str, Any]:
        """Add two integers."""
        return add(input.a, input.b, input.label)

    @ai.tool(name="add_native_ctx")
    async def add_native_ctx(input: AddInput, ctx: ToolRunContext) -> dict[str, Any]:
        """Add two integers (a handler that takes Genkit's tool-run context, as ours does)."""
        assert ctx.context is not None
        return await add_async(input.a, input.b, input.label)

    return add_native_async, add_native_sync, add_native_ctx


async def _call_row(
    name: str, baseline: Any, ours: Any, target: float | None, note: str
) -> dict[str, object]:
    base_action, our_action = baseline.action(), ours.action()

    async def base_call() -> Any:
        return (await base_action.run(dict(ARGS), context=dict(CONTEXT))).response

    async def our_call() -> Any:
        return (await our_action.run(dict(ARGS), context=dict(CONTEXT))).response

    assert (await base_call()).output == (await our_call()).output == {"sum": 5}
    return await acall_row(
        name, base_call, our_call, note, calls=CALLS, target=target, clock=time.process_time
    )


def call_rows() -> list[dict[str, object]]:
    ai = Genkit()
    native_async, native_sync, native_ctx = natives(ai)

    async def main() -> list[dict[str, object]]:
        return [
            await _call_row(
                "genkit action.run, async fn",
                native_async,
                to_genkit(interop.tool(add_async), ai),
                1.05,
                "vs @ai.tool() with a pydantic input model (Genkit validates it)",
            ),
            await _call_row(
                "genkit action.run, async fn, native handler takes ctx",
                native_ctx,
                to_genkit(interop.tool(add_async), ai),
                None,
                "vs @ai.tool() whose handler takes (input, ctx: ToolRunContext) like ours (Genkit builds the ctx)",
            ),
            await _call_row(
                "genkit action.run, sync fn inline",
                native_sync,
                to_genkit(interop.tool(add), ai, threaded=False),
                1.05,
                "both call the function on the event loop (a Genkit handler is async)",
            ),
            await _call_row(
                "genkit action.run, sync fn in a worker thread",
                native_sync,
                to_genkit(interop.tool(add), ai),
                None,
                "ours by default runs a sync function in a worker thread; the native handler calls it inline",
            ),
        ]

    return asyncio.run(main())


def native_tool(ai: Genkit, fn: Callable[..., Any]) -> Any:
    """`@ai.tool()` over a plain function: its parameters as a pydantic input model."""
    hints = typing.get_type_hints(fn)
    fields: dict[str, Any] = {
        p.name: (hints[p.name], ... if p.default is inspect.Parameter.empty else p.default)
        for p in inspect.signature(fn).parameters.values()
    }
    model = create_model(f"{fn.__name__}_input", **fields)

    async def handler(input: Any) -> Any:
        return fn(**dict(input))

    handler.__name__ = fn.__name__
    handler.__doc__ = fn.__doc__
    handler.__annotations__ = {"input": model, "return": hints.get("return", Any)}
    return ai.tool()(handler)


CHUNKS = 20
"""Each round builds its 1,000 tools a side in this many slices, the sides taking turns slice by
slice: a Genkit registration costs ~19 ms a tool on either side (its own output schema, generated
per tool), and measured as two 20-second blocks the ratio drifted by +-15% with the machine;
taking turns every 50 tools puts both sides under the same conditions."""


def conversion_rows(rounds: int = ROUNDS) -> list[dict[str, object]]:
    def describe(tools: list[Any]) -> list[Any]:
        for t in tools:
            to_tool_definition(t.action())
        return tools

    def build_native(ai: Genkit, fns: list[Callable[..., Any]]) -> list[Any]:
        return describe([native_tool(ai, fn) for fn in fns])

    def convert(ai: Genkit, neutral: list[Any]) -> list[Any]:
        return describe([to_genkit(t, ai) for t in neutral])

    def build_ours(ai: Genkit, fns: list[Callable[..., Any]]) -> list[Any]:
        return convert(ai, [interop.tool(fn) for fn in fns])

    warm = functions(8)
    build_native(Genkit(), warm)
    build_ours(Genkit(), warm)
    base: list[float] = []
    full: list[float] = []
    conv: list[float] = []
    frm: list[float] = []
    step = N // CHUNKS
    for _ in range(rounds):
        sides = [
            (build_native, functions(), Genkit(), []),
            (convert, [interop.tool(fn) for fn in functions()], Genkit(), []),
            (build_ours, functions(), Genkit(), []),
        ]
        spent = [0, 0, 0]
        gc.collect()
        for k in range(CHUNKS):
            for j in range(3):
                side = (j + k) % 3  # each side goes first, second and third in turn
                build, inputs, ai, built = sides[side]
                start = time.thread_time_ns()
                built.extend(build(ai, inputs[k * step : (k + 1) * step]))
                spent[side] += time.thread_time_ns() - start
        base.append(spent[0] / N / 1000)
        conv.append(spent[1] / N / 1000)
        full.append(spent[2] / N / 1000)
        native_tools = sides[0][3]
        del sides
        frm.append(_per_tool_us(lambda tools: [from_genkit(t) for t in tools], native_tools)[0])
    measured = {"conv": Comparison(base, conv), "full": Comparison(base, full), "from": Comparison(base, frm)}
    return versus_rows("genkit", "@ai.tool() (input model) + definition", measured)


def import_rows() -> list[dict[str, object]]:
    base, ours = "from genkit import Genkit, ToolRunContext", "import interop.genkit"
    return [import_row(f"{ours} vs {base}", base, ours)]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    show(run())
