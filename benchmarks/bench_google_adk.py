"""Google ADK: a converted neutral tool vs ADK's own `FunctionTool` on the same function.

- Call (CPU time of the process, worker threads included): both through `run_async(args=..., tool_context=...)`, the call ADK's flow makes for a
  function call, with the same `ToolContext` (over an in-memory session). `FunctionTool` binds
  the arguments (ADK's argument validation is off by default) and calls the function; ours
  validates them with the neutral schema, snapshots the session state as the context and maps
  the outcome. ADK calls a sync function inline on the event loop, so the targeted sync row is
  ours with `threaded=False` (the same inline call); our default (a worker thread) is information.
- Conversion: `to_google_adk` of 1,000 neutral tools vs 1,000 `FunctionTool(fn)`, each side
  asked for its `FunctionDeclaration` once (what ADK sends the model); CPU time per tool.
- Import: `import interop.google_adk` vs `from google.adk.tools import FunctionTool` (fresh
  interpreters, CPU time).

Run: `.venv/bin/python benchmarks/bench_google_adk.py`
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from google.adk.agents.invocation_context import InvocationContext  # noqa: E402
from google.adk.sessions import InMemorySessionService, Session  # noqa: E402
from google.adk.tools import FunctionTool  # noqa: E402
from google.adk.tools.tool_context import ToolContext  # noqa: E402

import interop  # noqa: E402
from benchmarks._compare import show  # noqa: E402
from benchmarks._fixtures import ARGS, add, add_async  # noqa: E402
from benchmarks._fw_rows import acall_row, import_row  # noqa: E402
from benchmarks.bench_conversion import measure, versus_rows  # noqa: E402
from interop.google_adk import from_google_adk, to_google_adk  # noqa: E402

CALLS = 400
ROUNDS = 3


def tool_context() -> ToolContext:
    invocation = InvocationContext(
        session_service=InMemorySessionService(),
        invocation_id="e-1",
        session=Session(id="s-1", app_name="bench", user_id="u", state={"user": "u"}),
    )
    return ToolContext(invocation, function_call_id="call-1")


async def _call_row(
    name: str, baseline: Any, ours: Any, target: float | None, note: str
) -> dict[str, object]:
    tc = tool_context()

    def caller(tool: Any) -> Any:
        return lambda: tool.run_async(args=dict(ARGS), tool_context=tc)

    base_call, our_call = caller(baseline), caller(ours)
    assert await base_call() == await our_call()
    return await acall_row(
        name, base_call, our_call, note, calls=CALLS, target=target, clock=time.process_time
    )


def call_rows() -> list[dict[str, object]]:
    async def main() -> list[dict[str, object]]:
        return [
            await _call_row(
                "google-adk run_async, async fn",
                FunctionTool(add_async),
                to_google_adk(interop.tool(add_async)),
                1.05,
                "vs FunctionTool(fn); ours validates the arguments, ADK's default does not",
            ),
            await _call_row(
                "google-adk run_async, sync fn inline",
                FunctionTool(add),
                to_google_adk(interop.tool(add), threaded=False),
                1.05,
                "both call the function on the event loop (ADK's default for sync functions)",
            ),
            await _call_row(
                "google-adk run_async, sync fn in a worker thread",
                FunctionTool(add),
                to_google_adk(interop.tool(add)),
                None,
                "ours by default runs a sync function in a worker thread; FunctionTool calls it inline",
            ),
        ]

    return asyncio.run(main())


def conversion_rows(rounds: int = ROUNDS) -> list[dict[str, object]]:
    parts = (FunctionTool, to_google_adk, from_google_adk, lambda t: t._get_declaration())
    return versus_rows("google-adk", "FunctionTool(fn) + declaration", measure("google-adk", parts, rounds))


def import_rows() -> list[dict[str, object]]:
    base, ours = "from google.adk.tools import FunctionTool", "import interop.google_adk"
    return [import_row(f"{ours} vs {base}", base, ours)]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    show(run())
