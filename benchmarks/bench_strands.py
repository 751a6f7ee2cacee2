"""Strands Agents: a converted neutral tool vs a native `@tool` on the same function.

- call: both through `AgentTool.stream(tool_use, invocation_state)`, the path Strands' tool
  executor runs each tool use on (the tool use as the event loop decoded it). The native tool
  validates with the pydantic model `@tool` built and returns a text block; ours validates with
  the neutral schema and returns a `json` block.
- conversion: `to_strands` of 1,000 neutral tools vs `@tool` on 1,000 functions, each described
  as Strands sends it (`tool_spec`).
- import: `import interop.strands` vs `from strands import tool`.

Strands cannot share the main environment (mcp<2.2): where it is not installed, `run()` runs this
file in the Strands venv (`.venv-strands`, built by `make test-strands`) and reads its rows.

Run: `.venv-strands/bin/python benchmarks/bench_strands.py`
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._agents_rows import in_own_env, main, tool_rows  # noqa: E402
from benchmarks._fixtures import ARGS  # noqa: E402


def _rows() -> list[dict[str, object]]:
    os.environ.setdefault("OTEL_SDK_DISABLED", "true")
    from strands import Agent, tool

    from interop.strands import to_strands

    use = {"toolUseId": "t1", "name": "add", "input": dict(ARGS)}
    state = {"agent": Agent(tools=[], callback_handler=None)}  # the executor passes the agent

    def caller(agent_tool: Any) -> Any:
        async def call() -> Any:
            async for event in agent_tool.stream(dict(use), dict(state)):
                last = event
            return last

        return call

    def describe(t: Any) -> Any:
        return t.tool_spec

    return tool_rows(
        "strands AgentTool.stream",
        "strands",
        tool,
        to_strands,
        caller,
        describe,
        call_note="vs @tool; ours validates with the neutral schema and returns a json block",
        conversion_note="each described as Strands sends it (tool_spec)",
        native_import="from strands import tool",
        framework="Strands",
    )


def run() -> list[dict[str, object]]:
    return in_own_env("strands-agents", ".venv-strands", __file__, _rows, "`make test-strands`")


if __name__ == "__main__":
    main(_rows)
