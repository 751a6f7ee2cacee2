"""Agno: a converted neutral tool vs a native `@tool` on the same function.

- call: both through `FunctionCall(function, arguments).execute()` / `aexecute()`, the path an
  Agno Agent runs a tool call on, with `Function`s processed as an Agent processes them. The
  native tool validates with pydantic's `validate_call` and returns the dict (Agno `str()`s it);
  ours validates with the neutral schema and returns JSON text.
- conversion: `interop.tool` + `to_agno` of 1,000 functions vs `@tool` on them, each processed
  and described as Agno sends it (`process_entrypoint()` then `to_dict()`).
- import: `import interop.agno` vs `from agno.tools import tool, Function`.

Run: `.venv/bin/python benchmarks/bench_agno.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show
from benchmarks._fixtures import add_async_typed, add_typed


def run() -> list[dict[str, object]]:
    from agno.tools import tool
    from agno.tools.function import FunctionCall

    import interop
    from interop.agno import to_agno

    args = {"a": 2, "b": 3, "label": "sum"}

    def prepared(fn: Any) -> Any:
        fn = fn.model_copy(deep=True)
        fn.process_entrypoint()
        return fn

    def describe(fn: Any) -> Any:
        fn.process_entrypoint()
        return fn.to_dict()

    native_sync, ours_sync = prepared(tool(add)), prepared(to_agno(interop.tool(add)))
    native_async, ours_async = prepared(tool(add_async)), prepared(to_agno(interop.tool(add_async)))
    # Agno reads the entrypoint's type hints on every call: a native function whose annotations
    # are postponed strings pays for evaluating them each time, one with evaluated ones does not
    typed_sync, typed_async = prepared(tool(add_typed)), prepared(tool(add_async_typed))

    async def sync_call(fn: Any) -> Any:
        return FunctionCall(function=fn, arguments=dict(args)).execute()

    async def async_call(fn: Any) -> Any:
        return await FunctionCall(function=fn, arguments=dict(args)).aexecute()

    return [
        call_row(
            "agno FunctionCall.execute, sync fn",
            lambda: sync_call(native_sync),
            lambda: sync_call(ours_sync),
            "vs @tool (pydantic validate_call); ours validates with the neutral schema and encodes JSON",
        ),
        call_row(
            "agno FunctionCall.aexecute, async fn",
            lambda: async_call(native_async),
            lambda: async_call(ours_async),
            "vs @tool on an async function",
        ),
        call_row(
            "agno FunctionCall.execute, sync fn, native annotations evaluated",
            lambda: sync_call(typed_sync),
            lambda: sync_call(ours_sync),
            "vs @tool on the same function with its annotations evaluated (no per-call evaluation)",
        ),
        call_row(
            "agno FunctionCall.aexecute, async fn, native annotations evaluated",
            lambda: async_call(typed_async),
            lambda: async_call(ours_async),
            "vs @tool on the async function with its annotations evaluated",
        ),
        *conversion_rows("agno", tool, to_agno, describe, "each processed and described as an Agent does"),
        import_row(
            "import interop.agno vs from agno.tools import tool, Function",
            "from agno.tools import tool, Function",
            "import interop.agno",
            "the adapter imports Agno too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
