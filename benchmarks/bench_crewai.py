"""CrewAI (its own environment: `.venv-crewai/bin/python benchmarks/bench_crewai.py`): a converted
neutral tool vs CrewAI's `@tool` on the same function.

- call: both through `execute_single_native_tool_call`, the function CrewAI's executors run for
  each native tool call (before/after hooks, the tool's `run`, result formatting, events; the
  console panels of CrewAI's default listener off for both). The native tool validates with its
  pydantic `args_schema` and `str()`s the dict; ours passes the arguments through, drops
  strict-mode nulls, validates with the neutral schema, returns JSON.
- conversion: `to_crewai` of 1,000 neutral tools vs `@tool` on 1,000 functions, each then described
  as CrewAI sends it (`convert_tools_to_openai_schema`).
- import: `import interop.crewai` vs `from crewai.tools import BaseTool, tool`.

Skipped where CrewAI is not installed (the main environment).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._fw_rows import call_row, conversion_row, import_row, show

_HOME = tempfile.mkdtemp(prefix="interop-bench-crewai-")
for _k, _v in {
    "HOME": _HOME,
    "XDG_DATA_HOME": _HOME,
    "XDG_CONFIG_HOME": _HOME,
    "CREWAI_TESTING": "true",
    "CREWAI_DISABLE_TELEMETRY": "true",
    "CREWAI_DISABLE_TRACKING": "true",
    "OTEL_SDK_DISABLED": "true",
}.items():
    os.environ.setdefault(_k, _v)


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


def run() -> list[dict[str, object]]:
    try:
        from crewai.tools import tool
        from crewai.utilities.agent_utils import (
            convert_tools_to_openai_schema,
            execute_single_native_tool_call,
        )
    except ImportError:
        return []

    from crewai.events.event_listener import event_listener

    import interop
    from interop.crewai import to_crewai

    # CrewAI's default listener draws a console panel per tool start and finish, for every tool:
    # both sides would spend most of each call rendering it, so the panels are off for both
    event_listener.formatter.verbose = False
    native = tool(add)
    ours = to_crewai(interop.tool(add))
    arguments = json.dumps({"a": 2, "b": 3, "label": "sum"})

    def call(t: Any) -> Any:
        structured = t.to_structured_tool()
        call = {"id": "c1", "type": "function", "function": {"name": t.name, "arguments": arguments}}
        return lambda: (
            execute_single_native_tool_call(
                call,
                available_functions={t.name: t.run},
                original_tools=[t],
                structured_tools=[structured],
                tools_handler=None,
                agent=None,
                task=None,
                crew=None,
                event_source=t,
            ).result
        )

    def native_build(fns: list[Any]) -> list[Any]:
        tools = [tool(fn) for fn in fns]
        convert_tools_to_openai_schema(tools)
        return tools

    def convert(neutral: list[Any]) -> list[Any]:
        tools = [to_crewai(t) for t in neutral]
        convert_tools_to_openai_schema(tools)
        return tools

    return [
        call_row("crewai native tool call, sync fn", call(native), call(ours), "vs @tool", calls=100),
        conversion_row(
            "crewai: to_crewai of 1,000 neutral tools vs 1,000 @tool builds",
            native_build,
            convert,
            "both described once (convert_tools_to_openai_schema)",
        ),
        import_row(
            "import interop.crewai vs from crewai.tools import BaseTool, tool",
            "from crewai.tools import BaseTool, tool",
            "import interop.crewai",
            "the adapter imports CrewAI too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
