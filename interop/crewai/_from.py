"""`from_crewai`: a CrewAI tool (a `BaseTool` subclass, or a `@tool` function) as a neutral tool.

- **Schema.** The input schema is the JSON Schema of the tool's pydantic `args_schema` (what its
  own validation enforces; CrewAI sends a model the strict rewrite of it). The output schema is
  the one of `result_schema`, when the tool has one. `result_as_answer` is `meta["return_direct"]`.
- **Calling.** `tool.run(**input)`, the path CrewAI's agents take (its `args_schema` validation,
  usage limit and `_run`); the neutral tool is sync, and from async code the pipeline runs it on
  a worker thread. An async `@tool` function (or a subclass with an async `_run` and its own
  `_arun`) goes through `await tool.arun(**input)` instead: the neutral tool is async.
- **Results and errors.** The value the tool returns, as it is; a returned `ToolFailure` (the
  tool's own failure report, and CrewAI's usage-limit answer) raises `ToolError` with the text the
  agent would have read. Exceptions pass through.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from crewai.tools import BaseTool
from crewai.tools.base_tool import Tool
from crewai.tools.tool_failure import ToolFailure

from interop import StandardToolV0, ToolError, bridge
from interop._kit import unique_tools

__all__ = ["from_crewai", "from_crewai_tools"]


def _schema(model: Any) -> dict[str, Any] | None:
    if model is None:
        return None
    try:
        return dict(model.model_json_schema())
    except Exception:  # a model pydantic cannot describe: no schema for that slot
        return None


def _is_async(tool: BaseTool) -> bool:
    """An async `@tool` function, or a `BaseTool` subclass with an async `_run` and its own `_arun`:
    run through `arun` (CrewAI's `run` would start a new event loop, which fails inside one)."""
    if type(tool)._arun is BaseTool._arun:
        return False
    func = getattr(tool, "func", None) if isinstance(tool, Tool) else tool._run
    return inspect.iscoroutinefunction(func)


def _checked(result: Any) -> Any:
    """A returned `ToolFailure` is the tool refusing: `ToolError` with the text the agent reads."""
    if isinstance(result, ToolFailure):
        raise ToolError(result.as_agent_message())
    return result


def from_crewai(tool: BaseTool) -> StandardToolV0[Any, Any, Any]:
    """Convert a CrewAI tool into a neutral tool that validates its input. A tool made by
    `to_crewai` comes back as the very neutral tool it was made from."""
    home = bridge.neutral_home(
        tool, kind=BaseTool, refusal="from_crewai converts CrewAI tools (BaseTool, @tool); got "
    )
    if home is not None:
        return home
    native = tool

    async def arun(arguments: Any, _: Any) -> Any:
        return await native.arun(**arguments)

    def run(arguments: Any, _: Any) -> Any:
        return native.run(**arguments)

    return bridge.from_native(
        native,
        framework="CrewAI",
        name=native.name,
        description=native.description,
        input_schema=_schema(native.args_schema),
        output_schema=_schema(native.result_schema),
        meta={"return_direct": True} if native.result_as_answer else None,
        call=arun if _is_async(native) else run,
        decode=_checked,
    )


def from_crewai_tools(tools: Iterable[BaseTool]) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several CrewAI tools (an agent's list); duplicate names raise `ToolNameError`."""
    return unique_tools([from_crewai(t) for t in tools])
