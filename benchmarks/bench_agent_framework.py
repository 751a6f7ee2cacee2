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

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show


def run() -> list[dict[str, object]]:
    from agent_framework import FunctionInvocationContext, tool

    import interop
    from interop.agent_framework import CONTEXT_KEY, to_agent_framework

    args = {"a": 2, "b": 3, "label": "sum"}

    def invoker(fn: Any) -> Any:
        def call() -> Any:
            ctx = FunctionInvocationContext(function=fn, arguments=dict(args), kwargs={CONTEXT_KEY: None})
            return fn.invoke(arguments=dict(args), context=ctx, tool_call_id="c1")

        return call

    def describe(fn: Any) -> Any:
        return fn.to_json_schema_spec()

    return [
        call_row(
            "agent-framework FunctionTool.invoke, sync fn",
            invoker(tool(add)),
            invoker(to_agent_framework(interop.tool(add))),
            "vs @tool (its pydantic input model); ours validates with the neutral schema",
        ),
        call_row(
            "agent-framework FunctionTool.invoke, async fn",
            invoker(tool(add_async)),
            invoker(to_agent_framework(interop.tool(add_async))),
            "vs @tool on an async function",
        ),
        *conversion_rows(
            "agent_framework", tool, to_agent_framework, describe, "each described as a chat client sends it"
        ),
        import_row(
            "import interop.agent_framework vs from agent_framework import tool, FunctionTool",
            "from agent_framework import tool, FunctionTool",
            "import interop.agent_framework",
            "the adapter imports Agent Framework too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
