"""AutoGen 0.7: a converted neutral tool vs a native `FunctionTool` on the same function.

- call: both through `StaticWorkbench.call_tool(...)`, the path `AssistantAgent` runs a tool call
  on (`run_json`, then `return_value_as_string`). The native tool validates with the pydantic model
  AutoGen derives from the signature and `str()`s the dict; ours validates with the neutral schema
  and encodes JSON. A sync function runs on AutoGen's executor / our worker thread.
- conversion: `interop.tool` + `to_autogen` of 1,000 functions vs `FunctionTool` on them, each
  described as the agent hands it to its model client (`tool.schema`).
- import: `import interop.autogen` vs `from autogen_core.tools import FunctionTool`.

Run: `.venv/bin/python benchmarks/bench_autogen.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show


def run() -> list[dict[str, object]]:
    from autogen_core import CancellationToken
    from autogen_core.tools import FunctionTool, StaticWorkbench

    import interop
    from interop.autogen import to_autogen

    args = {"a": 2, "b": 3, "label": "sum"}

    def native(fn: Any) -> Any:
        return FunctionTool(fn, description=fn.__doc__ or "")

    bench = StaticWorkbench([native(add), native(add_async)])
    ours_bench = StaticWorkbench([to_autogen(interop.tool(add)), to_autogen(interop.tool(add_async))])

    def calling(workbench: Any, name: str) -> Any:
        async def one() -> Any:
            return await workbench.call_tool(name, dict(args), CancellationToken())

        return one

    return [
        call_row(
            "autogen StaticWorkbench.call_tool, sync fn",
            calling(bench, "add"),
            calling(ours_bench, "add"),
            "vs FunctionTool (pydantic model, executor thread); ours: neutral schema, worker thread, JSON",
        ),
        call_row(
            "autogen StaticWorkbench.call_tool, async fn",
            calling(bench, "add_async"),
            calling(ours_bench, "add_async"),
            "vs FunctionTool on an async function",
        ),
        *conversion_rows("autogen", native, to_autogen, lambda t: t.schema, "each described as tool.schema"),
        import_row(
            "import interop.autogen vs from autogen_core.tools import FunctionTool",
            "from autogen_core.tools import FunctionTool",
            "import interop.autogen",
            "the adapter imports autogen_core too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
