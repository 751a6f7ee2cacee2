"""pydantic-ai on DBOS: a converted tool vs a native one inside a DBOS durable agent.

Both agents use `DBOSDurability` and run inside a `@DBOS.workflow`; a scripted `FunctionModel`
makes 5 tool calls, then answers. Native: a plain pydantic-ai tool whose body is a `@DBOS.step`
(what DBOS asks of a tool that must not run again on recovery). Ours: `to_pydantic_ai(tool)` of
the same function, which runs each call as a DBOS step with no opt-in. Each run is a whole
workflow (its steps are written to DBOS's system database: SQLite in a temp dir here). Median of
interleaved samples.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dbos import DBOS, SetWorkflowID
from pydantic_ai import Agent, Tool
from pydantic_ai.durable_exec.dbos import DBOSDurability
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import interop
from benchmarks._compare import run_row, show
from interop.pydantic_ai import to_pydantic_ai

TARGET = 1.05
CALLS = 5


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@DBOS.step()
async def add_step(a: int, b: int) -> int:
    return add(a, b)


async def add_native(a: int, b: int) -> int:
    """Add two integers."""
    return await add_step(a, b)


def _model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    if any(isinstance(p, ToolReturnPart) for p in messages[-1].parts):
        return ModelResponse(parts=[TextPart("done")])
    return ModelResponse(
        parts=[ToolCallPart("add", {"a": i, "b": 1}, tool_call_id=f"c{i}") for i in range(CALLS)]
    )


native_agent = Agent(
    FunctionModel(_model),
    name="native",
    tools=[Tool(add_native, name="add")],
    capabilities=[DBOSDurability()],
)
ours_agent = Agent(
    FunctionModel(_model),
    name="ours",
    tools=[to_pydantic_ai(interop.tool(add))],
    capabilities=[DBOSDurability()],
)


@DBOS.workflow()
async def run_native() -> str:
    return str((await native_agent.run("go")).output)


@DBOS.workflow()
async def run_ours() -> str:
    return str((await ours_agent.run("go")).output)


async def _checked(workflow: Callable[[], Awaitable[str]], workflow_id: str) -> tuple[str, int]:
    """One run's output and how many tool steps it recorded (both variants must record every call)."""
    with SetWorkflowID(workflow_id):
        output = await workflow()
    steps = await DBOS.list_workflow_steps_async(workflow_id)
    return output, sum(1 for s in steps if "add" in s["function_name"])


async def _run() -> list[dict[str, object]]:
    assert (
        await _checked(run_native, "check-native")
        == await _checked(run_ours, "check-ours")
        == ("done", CALLS)
    )
    return [
        await run_row(
            f"DBOS durable agent run, {CALLS} tool calls (each a step)",
            run_native,
            run_ours,
            runs=3,
            samples=21,
            target=TARGET,
            note="native: a tool whose body is a @DBOS.step; system database SQLite",
        )
    ]


def run() -> list[dict[str, object]]:
    """The benchmark row (median workflow time in milliseconds and the ratio)."""
    directory = tempfile.mkdtemp(prefix="interop-bench-dbos-")
    DBOS(
        config={
            "name": "interop-bench",
            "system_database_url": f"sqlite:///{os.path.join(directory, 'dbos.sqlite')}",
            "log_level": "WARNING",
        }
    )
    try:
        DBOS.launch()
        return asyncio.run(_run())
    finally:
        DBOS.destroy()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    show(run())
