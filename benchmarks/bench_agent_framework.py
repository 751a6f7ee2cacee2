"""Microsoft Agent Framework: a converted neutral tool vs a native `@tool` on the same function.

- call: both through `FunctionTool.invoke(arguments=..., context=FunctionInvocationContext)`,
  what Agent Framework's function-invocation loop calls for each function call, with the
  arguments as the loop parses them. The native tool validates with its pydantic input model;
  ours with the neutral schema (its result encoded as JSON text, as Agent Framework does).
- conversion: `interop.tool` + `to_agent_framework` of 1,000 functions vs `@tool` on them, each
  described as the chat clients send it (`to_json_schema_spec()`).
- import: `import interop.agent_framework` vs `from agent_framework import tool, FunctionTool`.

Run: `.venv/bin/python benchmarks/bench_agent_framework.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import show, tool_rows
from benchmarks._fixtures import ARGS


def run() -> list[dict[str, object]]:
    from agent_framework import FunctionInvocationContext, tool

    from interop.agent_framework import CONTEXT_KEY, to_agent_framework

    def invoker(fn: Any) -> Any:
        def call() -> Any:
            ctx = FunctionInvocationContext(function=fn, arguments=dict(ARGS), kwargs={CONTEXT_KEY: None})
            return fn.invoke(arguments=dict(ARGS), context=ctx, tool_call_id="c1")

        return call

    def describe(fn: Any) -> Any:
        return fn.to_json_schema_spec()

    return tool_rows(
        "agent-framework FunctionTool.invoke",
        "agent_framework",
        tool,
        to_agent_framework,
        invoker,
        describe,
        call_note="vs @tool (its pydantic input model); ours validates with the neutral schema",
        conversion_note="each described as a chat client sends it",
        native_import="from agent_framework import tool, FunctionTool",
        framework="Agent Framework",
    )


if __name__ == "__main__":
    show(run())
