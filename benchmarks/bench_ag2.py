"""AG2 v1: a converted neutral tool vs a native `@tool` on the same function.

- call: both through the tool's registered execution (`await tool(ToolCallEvent, context)`, what an
  AG2 agent's tool executor awaits for each call), with a `ConversationContext` on an in-memory
  stream. The native tool validates with its fast_depends model (pydantic) and returns the dict as
  data; ours validates with the neutral schema and encodes JSON text. A sync function runs on a
  worker thread on both sides.
- conversion: `interop.tool` + `to_ag2` of 1,000 functions vs `@tool` on them, each described as
  the agent hands it to its model (`tool.schema.function.parameters`).
- import: `import interop.ag2` vs `from ag2 import tool` (AG2's package imports its provider
  clients: both sides pay that).

Run: `.venv/bin/python benchmarks/bench_ag2.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import show, tool_rows
from benchmarks._fixtures import ARGS_JSON


def run() -> list[dict[str, object]]:
    from ag2 import MemoryStream, tool
    from ag2.context import ConversationContext
    from ag2.events import ToolCallEvent

    from interop.ag2 import to_ag2

    context = ConversationContext(stream=MemoryStream())

    def calling(fn: Any) -> Any:
        async def one() -> Any:
            return await fn(ToolCallEvent(name=fn.name, arguments=ARGS_JSON), context)

        return one

    def describe(t: Any) -> Any:
        return t.schema.function.parameters

    return tool_rows(
        "ag2 FunctionTool execution",
        "ag2",
        tool,
        to_ag2,
        calling,
        describe,
        call_note="vs @tool (fast_depends + pydantic, worker thread); ours: neutral schema, worker thread, JSON",
        conversion_note="each described as the model is sent it",
        native_import="from ag2 import tool",
        framework="ag2",
    )


if __name__ == "__main__":
    show(run())
