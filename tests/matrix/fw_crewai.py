"""CrewAI in the matrix (its own environment: `make test-crewai`): native tools in CrewAI's own
idiom, what its model is sent, and its native call path (`execute_single_native_tool_call`, the
function CrewAI's executors run for each native tool call: before-tool-call hooks, `tool.run`,
CrewAI's result formatting and failure recording).

- Native idiom: CrewAI's `@tool` decorator on the function (its `args_schema` built by CrewAI
  from the signature). CrewAI has no per-call context, title or meta slot: a context spec's
  native tool gets no context.
- What the model sees: `convert_tools_to_openai_schema` (CrewAI's strict rewrite of the pydantic
  JSON Schema), as sent to `BaseLLM.call(tools=...)`.
- Context for converted tools: `interop.crewai.run_context(ctx)` around the call.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from typing import Any

from installed import module_installed

import interop
from interop.bridge import get_origin

NAME = "crewai"


def available() -> bool:
    return module_installed("crewai.tools")  # a submodule: tests/<name> folders are namespaces of that name


if available() and "CREWAI_TESTING" not in os.environ:  # as tests/crewai/conftest.py, when run alone
    _home = tempfile.mkdtemp(prefix="interop-crewai-")
    os.environ.update(
        HOME=_home,
        XDG_DATA_HOME=os.path.join(_home, "data"),
        XDG_CONFIG_HOME=os.path.join(_home, "config"),
        XDG_CACHE_HOME=os.path.join(_home, "cache"),
        CREWAI_STORAGE_DIR="interop-tests",
        CREWAI_TESTING="true",
        CREWAI_DISABLE_TELEMETRY="true",
        CREWAI_DISABLE_TRACKING="true",
        CREWAI_TRACING_ENABLED="false",
        OTEL_SDK_DISABLED="true",
    )


def native(spec: Any) -> Any:
    from _harness import without_context
    from crewai.tools import tool

    fn = spec.fn
    if spec.context:  # CrewAI has no context to give a tool: it gets None
        fn = without_context(fn, spec.context, lambda: None)
    return tool(fn)


def view(tool: Any) -> Any:
    from _harness import View
    from crewai.utilities.agent_utils import convert_tools_to_openai_schema

    sent = convert_tools_to_openai_schema([tool])[0][0]["function"]
    origin = get_origin(tool)
    if isinstance(origin, interop.StandardToolV0):
        meta, title = dict(origin.meta), origin.title  # no slots: carried on the stash
    else:
        meta, title = ({"return_direct": True} if tool.result_as_answer else {}), None
    return View(sent["name"], sent["description"], title, sent["parameters"], meta)


async def call(tool: Any, args: Any, context: Any) -> Any:
    """One native tool call as CrewAI's executor makes it (sync, on a worker thread)."""
    from _harness import Outcome
    from crewai.tools.tool_failure import tool_failure_collector
    from crewai.utilities.agent_utils import execute_single_native_tool_call

    from interop.crewai import run_context

    text = args if isinstance(args, str) else json.dumps(args)
    call = {"id": "call_1", "type": "function", "function": {"name": tool.name, "arguments": text}}

    def run() -> tuple[Any, list[Any]]:
        with run_context(context), tool_failure_collector() as failures:
            result = execute_single_native_tool_call(
                call,
                available_functions={tool.name: tool.run},
                original_tools=[tool],
                structured_tools=[tool.to_structured_tool()],
                tools_handler=None,
                agent=None,
                task=None,
                crew=None,
                event_source=tool,
            )
        return result, list(failures)

    result, failures = await asyncio.to_thread(run)
    # a CrewAI tool message carries the tool call's id and the tool's name
    return Outcome(bool(failures), result.result, tool_name=tool.name)
