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
from benchmarks._compare import Comparison, acompare, aper_call, compare  # noqa: E402
from benchmarks.bench_conversion import N, _per_tool_us, builders, functions  # noqa: E402
from benchmarks.bench_imports import import_ms  # noqa: E402
from interop.google_adk import from_google_adk, to_google_adk  # noqa: E402

ARGS = {"a": 2, "b": 3, "label": "sum"}
CALLS = 400
SAMPLES = 15
ROUNDS = 3
IMPORT_REPEATS = 11
CLOCK = time.process_time
"""CPU time of the process (worker threads included): other load on this small machine does not count."""


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


async def add_async(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


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
    assert await baseline.run_async(args=dict(ARGS), tool_context=tc) == await ours.run_async(
        args=dict(ARGS), tool_context=tc
    )
    for _ in range(50):  # warm up both
        await baseline.run_async(args=dict(ARGS), tool_context=tc)
        await ours.run_async(args=dict(ARGS), tool_context=tc)
    result = await acompare(
        lambda: aper_call(lambda: baseline.run_async(args=dict(ARGS), tool_context=tc), CALLS, CLOCK),
        lambda: aper_call(lambda: ours.run_async(args=dict(ARGS), tool_context=tc), CALLS, CLOCK),
        SAMPLES,
        warmup=0,
    )
    return result.row(name, target=target, unit="us/call", scale=1e6, note=note)


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
    build_native, build_ours, convert = builders("google-adk", parts)
    warm = functions(8)
    build_native(warm)
    build_ours(warm)
    base, full, conv, frm = [], [], [], []
    for _ in range(rounds):
        b, natives = _per_tool_us(build_native, functions())
        f, _ = _per_tool_us(build_ours, functions())
        c, _ = _per_tool_us(convert, [interop.tool(fn) for fn in functions()])
        r, _ = _per_tool_us(lambda tools: [from_google_adk(t) for t in tools], natives)
        base.append(b)
        full.append(f)
        conv.append(c)
        frm.append(r)
    label = f"google-adk: {{}} of {N:,} {{}} vs {N:,} FunctionTool(fn) + declaration"
    return [
        Comparison(base, conv).row(label.format("to_X", "neutral tools"), target=1.0, unit="us/tool"),
        Comparison(base, full).row(label.format("@tool + to_X", "functions"), target=None, unit="us/tool"),
        Comparison(base, frm).row(label.format("from_X", "native tools"), target=None, unit="us/tool"),
    ]


def import_rows(repeats: int = IMPORT_REPEATS) -> list[dict[str, object]]:
    base, ours = "from google.adk.tools import FunctionTool", "import interop.google_adk"
    result = compare(lambda: import_ms(base), lambda: import_ms(ours), repeats)
    return [result.row(f"{ours} vs {base}", target=1.1, unit="ms")]


def run() -> list[dict[str, object]]:
    return call_rows() + conversion_rows() + import_rows()


if __name__ == "__main__":
    for row in run():
        print(
            f"{row['name']}: baseline {row['baseline']:.4g}, ours {row['ours']:.4g} {row['unit']}, "
            f"ratio {row['ratio']:.3f} (target {row['target']}, IQR {row['spread']})"
        )
