"""The Anthropic tool runner: a converted neutral tool vs a native `@beta_tool` on the same function.

- call: both through `tool.call(input)` (`await` for the async kinds), what the runner runs for
  each `tool_use` block. The native tool validates with pydantic's `validate_call` and returns the
  text; ours validates with the neutral schema and returns JSON text.
- conversion: `to_anthropic` of 1,000 neutral tools vs `@beta_tool` on the functions, each
  described as the runner sends it (`to_dict()`).
- import: `import interop.anthropic` vs `from anthropic.lib.tools import beta_tool`.

Run: `.venv/bin/python benchmarks/bench_anthropic.py`
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show


def add_text(a: int, b: int, label: str = "result") -> str:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return json.dumps(add(a, b, label))


async def add_text_async(a: int, b: int, label: str = "result") -> str:
    """Add two integers.

    Args:
        a: The first.
        b: The second.
        label: The key of the result.
    """
    return json.dumps(await add_async(a, b, label))


def run() -> list[dict[str, object]]:
    from anthropic.lib.tools import beta_async_tool, beta_tool

    import interop
    from interop.anthropic import to_anthropic

    args = {"a": 2, "b": 3, "label": "sum"}
    native_sync, ours_sync = beta_tool(add_text), to_anthropic(interop.tool(add))
    native_async, ours_async = beta_async_tool(add_text_async), to_anthropic(interop.tool(add_async))

    async def sync_call(tool: Any) -> Any:
        return tool.call(dict(args))

    async def async_call(tool: Any) -> Any:
        return await tool.call(dict(args))

    return [
        call_row(
            "anthropic BetaFunctionTool.call, sync fn",
            lambda: sync_call(native_sync),
            lambda: sync_call(ours_sync),
            "vs @beta_tool (pydantic validate_call); ours validates with the neutral schema and encodes JSON",
        ),
        call_row(
            "anthropic BetaAsyncFunctionTool.call, async fn",
            lambda: async_call(native_async),
            lambda: async_call(ours_async),
            "vs @beta_async_tool on an async function",
        ),
        *conversion_rows(
            "anthropic",
            beta_tool,
            to_anthropic,
            lambda t: t.to_dict(),
            "each described as the runner sends it (to_dict)",
        ),
        import_row(
            "import interop.anthropic vs from anthropic.lib.tools import beta_tool",
            "from anthropic.lib.tools import beta_tool",
            "import interop.anthropic",
            "the adapter imports the Anthropic SDK too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
