"""Haystack: a converted neutral tool vs a native `@tool` on the same function.

- call: both through the `Agent`'s own tool step (`_run_tool` for `Agent.run`, `_run_tool_async`
  for `Agent.run_async`): resolve the model's tool call, inject `State` arguments, invoke the
  tool (sync tools on Haystack's worker threads), turn the result into the tool-result
  `ChatMessage`. Haystack validates no argument and makes the model's text from the result
  itself; ours validates the arguments and hands Haystack the JSON text. The bare
  `Tool.invoke` row (no agent step) is information: it compares unlike work (native: the bare
  function call; ours: validation and JSON encoding that the native tool leaves undone or to the
  agent step).
- conversion: `to_haystack` of 1,000 neutral tools vs `@tool` on 1,000 functions, each side
  describing every tool once as a chat generator does (`tool_spec`); CPU time per tool.
- import: `import interop.haystack` vs Haystack's own tool import, each in a fresh interpreter.

The functions are written without `from __future__ import annotations` (string annotations
would make Haystack's per-call `get_type_hints` of a native tool's function slower still).

Run: `.venv/bin/python benchmarks/bench_haystack.py` (prints only).
"""

import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")

from haystack.components.agents.state import State
from haystack.components.agents.tool_calling import _run_tool, _run_tool_async
from haystack.dataclasses import ChatMessage, ToolCall
from haystack.tools import tool as hs_tool

import interop
from interop.haystack import state_schema, to_haystack

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


def _step_sync(tool: Any) -> Callable[[], Any]:
    messages = [
        ChatMessage.from_assistant(tool_calls=[ToolCall(tool_name=tool.name, arguments=ARGS, id="c1")])
    ]
    state = State(schema=state_schema(), data={"interop_context": {"user": "u"}})

    def step() -> Any:
        out, _ = _run_tool(messages=messages, state=state, tools=[tool], raise_on_failure=False)
        assert not out[0].tool_call_result.error, out
        return out

    return step


def _step_async(tool: Any) -> Callable[[], Awaitable[Any]]:
    messages = [
        ChatMessage.from_assistant(tool_calls=[ToolCall(tool_name=tool.name, arguments=ARGS, id="c1")])
    ]
    state = State(schema=state_schema(), data={"interop_context": {"user": "u"}})

    async def step() -> Any:
        out, _ = await _run_tool_async(messages=messages, state=state, tools=[tool], raise_on_failure=False)
        assert not out[0].tool_call_result.error, out
        return out

    return step


def _call_row(
    name: str, base: Callable[[], Any], ours: Callable[[], Any], target: float | None, note: str
) -> Any:
    for _ in range(30):  # warm up both
        base(), ours()
    result = compare(lambda: per_call(base, CALLS), lambda: per_call(ours, CALLS), SAMPLES, warmup=0)
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


def call_rows() -> list[dict[str, object]]:
    native, ours = hs_tool(add), to_haystack(interop.tool(add))
    anative, aours = hs_tool(aadd), to_haystack(interop.tool(aadd))
    loop = asyncio.new_event_loop()
    try:
        abase, aour = _step_async(anative), _step_async(aours)
        return [
            _call_row(
                "haystack Agent tool step (Agent.run path), sync fn",
                _step_sync(native),
                _step_sync(ours),
                1.05,
                "vs @tool through the Agent's own tool step (`_run_tool`); both invoked on Haystack's worker "
                "thread pool",
            ),
            _call_row(
                "haystack Agent tool step (Agent.run_async path), async fn",
                lambda: loop.run_until_complete(abase()),
                lambda: loop.run_until_complete(aour()),
                1.05,
                "vs @tool through `_run_tool_async`; Haystack resolves a native function's type hints on every "
                "call (`_get_func_params`), the converted tool's signature is two parameters",
            ),
            _call_row(
                "haystack bare Tool.invoke, sync fn (unlike work)",
                lambda: native.invoke(**ARGS),
                lambda: ours.invoke(**ARGS),
                None,
                "native: the bare function call; ours also validates and encodes JSON",
            ),
        ]
    finally:
        loop.close()


def conversion_rows() -> list[dict[str, object]]:
    def build_native(fns: list[Callable[..., Any]]) -> list[Any]:
        tools = [hs_tool(fn) for fn in fns]
        for t in tools:
            t.tool_spec  # noqa: B018 - what a chat generator sends the model
        return tools

    def convert(neutral: list[Any]) -> list[Any]:
        tools = [to_haystack(t) for t in neutral]
        for t in tools:
            t.tool_spec  # noqa: B018
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
            "haystack: to_X of 1,000 neutral tools vs 1,000 @tool builds", target=1.0, unit="us/tool"
        ),
        Comparison(base, full).row(
            "haystack: interop.tool + to_X of 1,000 functions vs 1,000 @tool builds",
            target=None,
            unit="us/tool",
        ),
    ]


PRELUDE = "import os; os.environ['HAYSTACK_TELEMETRY_ENABLED'] = 'False'; "


def import_rows() -> list[dict[str, object]]:
    base = PRELUDE + "from haystack.tools import Tool, Toolset, tool"
    ours = PRELUDE + "import interop.haystack"
    result = compare(lambda: import_ms(base), lambda: import_ms(ours), IMPORT_REPEATS)
    return [
        result.row(
            "import interop.haystack vs from haystack.tools import Tool, Toolset, tool",
            target=1.1,
            unit="ms",
            note="CPU time in a fresh interpreter; the adapter loads no Haystack module the baseline "
            "does not (`ComponentTool` and the confirmation types load on first use)",
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
