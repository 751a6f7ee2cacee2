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

The functions (`_fixtures.add_typed`, `add_async_typed`) carry their annotations as types, as
written without `from __future__ import annotations` (string annotations would make Haystack's
per-call `get_type_hints` of a native tool's function slower still).

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
from benchmarks._compare import show
from benchmarks._fixtures import ARGS, add_async_typed, add_typed
from benchmarks._fw_rows import call_row, import_row
from benchmarks.bench_conversion import measure, versus_rows

ROUNDS = 3


def _step_sync(tool: Any) -> Callable[[], Any]:
    messages = [
        ChatMessage.from_assistant(tool_calls=[ToolCall(tool_name=tool.name, arguments=dict(ARGS), id="c1")])
    ]
    state = State(schema=state_schema(), data={"interop_context": {"user": "u"}})

    def step() -> Any:
        out, _ = _run_tool(messages=messages, state=state, tools=[tool], raise_on_failure=False)
        assert not out[0].tool_call_result.error, out
        return out

    return step


def _step_async(tool: Any) -> Callable[[], Awaitable[Any]]:
    messages = [
        ChatMessage.from_assistant(tool_calls=[ToolCall(tool_name=tool.name, arguments=dict(ARGS), id="c1")])
    ]
    state = State(schema=state_schema(), data={"interop_context": {"user": "u"}})

    async def step() -> Any:
        out, _ = await _run_tool_async(messages=messages, state=state, tools=[tool], raise_on_failure=False)
        assert not out[0].tool_call_result.error, out
        return out

    return step


def call_rows() -> list[dict[str, object]]:
    native, ours = hs_tool(add_typed), to_haystack(interop.tool(add_typed))
    anative, aours = hs_tool(add_async_typed), to_haystack(interop.tool(add_async_typed))
    loop = asyncio.new_event_loop()
    try:
        abase, aour = _step_async(anative), _step_async(aours)
        return [
            call_row(
                "haystack Agent tool step (Agent.run path), sync fn",
                _step_sync(native),
                _step_sync(ours),
                "vs @tool through the Agent's own tool step (`_run_tool`); both invoked on Haystack's worker "
                "thread pool",
            ),
            call_row(
                "haystack Agent tool step (Agent.run_async path), async fn",
                lambda: loop.run_until_complete(abase()),
                lambda: loop.run_until_complete(aour()),
                "vs @tool through `_run_tool_async`; Haystack resolves a native function's type hints on every "
                "call (`_get_func_params`), the converted tool's signature is two parameters",
            ),
            call_row(
                "haystack bare Tool.invoke, sync fn (unlike work)",
                lambda: native.invoke(**ARGS),
                lambda: ours.invoke(**ARGS),
                "native: the bare function call; ours also validates and encodes JSON",
                target=None,
            ),
        ]
    finally:
        loop.close()


def conversion_rows() -> list[dict[str, object]]:
    def describe(tool: Any) -> Any:
        return tool.tool_spec  # what a chat generator sends the model

    measured = measure("haystack", (hs_tool, to_haystack, None, describe), ROUNDS)
    return versus_rows("haystack", "@tool builds", measured, "interop.tool + to_X")


PRELUDE = "import os; os.environ['HAYSTACK_TELEMETRY_ENABLED'] = 'False'; "


def import_rows() -> list[dict[str, object]]:
    base, ours = "from haystack.tools import Tool, Toolset, tool", "import interop.haystack"
    note = (
        "CPU time in a fresh interpreter; the adapter loads no Haystack module the baseline "
        "does not (`ComponentTool` and the confirmation types load on first use)"
    )
    return [import_row(f"{ours} vs {base}", PRELUDE + base, PRELUDE + ours, note)]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    show(run())
