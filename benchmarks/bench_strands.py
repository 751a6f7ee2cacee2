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

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show  # noqa: E402

STRANDS_PY = ROOT / ".venv-strands" / "bin" / "python"


def _installed() -> bool:
    from importlib import metadata

    try:
        metadata.version("strands-agents")
    except metadata.PackageNotFoundError:
        return False
    return True


def _rows() -> list[dict[str, object]]:
    os.environ.setdefault("OTEL_SDK_DISABLED", "true")
    from strands import Agent, tool

    import interop
    from interop.strands import to_strands

    use = {"toolUseId": "t1", "name": "add", "input": {"a": 2, "b": 3, "label": "sum"}}
    state = {"agent": Agent(tools=[], callback_handler=None)}  # the executor passes the agent

    def caller(agent_tool: Any) -> Any:
        async def call() -> Any:
            async for event in agent_tool.stream(dict(use), dict(state)):
                last = event
            return last

        return call

    def describe(t: Any) -> Any:
        return t.tool_spec

    return [
        call_row(
            "strands AgentTool.stream, sync fn",
            caller(tool(add)),
            caller(to_strands(interop.tool(add))),
            "vs @tool; ours validates with the neutral schema and returns a json block",
        ),
        call_row(
            "strands AgentTool.stream, async fn",
            caller(tool(add_async)),
            caller(to_strands(interop.tool(add_async))),
            "vs @tool on an async function",
        ),
        *conversion_rows("strands", tool, to_strands, describe, "each described as Strands sends it (tool_spec)"),
        import_row(
            "import interop.strands vs from strands import tool",
            "from strands import tool",
            "import interop.strands",
            "the adapter imports Strands too: the ratio is interop's own cost",
        ),
    ]


def run() -> list[dict[str, object]]:
    if _installed():
        return _rows()
    if not STRANDS_PY.exists():
        raise RuntimeError("Strands is not installed here: run `make test-strands` (builds .venv-strands)")
    out = subprocess.run(
        [str(STRANDS_PY), __file__, "--json"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    if "--json" in sys.argv:
        print(json.dumps(_rows()))
    else:
        show(_rows())
