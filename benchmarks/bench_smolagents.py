"""smolagents: a converted neutral tool vs a native `@tool` on the same function.

- call: both through `ToolCallingAgent.execute_tool_call` (smolagents' own argument check, then
  `tool(**args, sanitize_inputs_outputs=True)`), plus the `str()` the agent makes of the result.
  The native tool checks top-level types only and returns the dict; ours validates the whole
  call with the neutral schema and returns JSON text.
- conversion: `to_smolagents` of 1,000 neutral tools vs `@tool` on 1,000 functions, each then
  described as smolagents sends it (`get_tool_json_schema`).
- import: `import interop.smolagents` vs `from smolagents import Tool, tool`.

Run: `.venv/bin/python benchmarks/bench_smolagents.py`
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._fixtures import ARGS, add
from benchmarks._fw_rows import call_row, conversion_row, import_row, show
from benchmarks.bench_conversion import builders


def run() -> list[dict[str, object]]:
    from smolagents import Model, ToolCallingAgent, tool
    from smolagents.models import get_tool_json_schema

    import interop
    from interop.smolagents import to_smolagents

    native = tool(add)
    ours = to_smolagents(interop.tool(add, name="add_ours"))
    agent = ToolCallingAgent(tools=[native, ours], model=Model(model_id="unused"), verbosity_level=-1)

    args = dict(ARGS)
    native_build, _, convert = builders("smolagents", (tool, to_smolagents, None, get_tool_json_schema))

    return [
        call_row(
            "smolagents execute_tool_call, sync fn",
            lambda: str(agent.execute_tool_call("add", args)),
            lambda: str(agent.execute_tool_call("add_ours", args)),
            "vs @tool; ours validates the whole call and encodes JSON, the native tool does neither",
        ),
        conversion_row(
            "smolagents: to_smolagents of 1,000 neutral tools vs 1,000 @tool builds",
            native_build,
            convert,
            "both described once (get_tool_json_schema)",
        ),
        import_row(
            "import interop.smolagents vs from smolagents import Tool, tool",
            "from smolagents import Tool, tool",
            "import interop.smolagents",
            "the adapter imports smolagents too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
