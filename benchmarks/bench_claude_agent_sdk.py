"""Claude Agent SDK: a converted neutral tool vs a native `@tool` on the same function.

- call: each served the way its users serve it (the native `@tool` by the SDK's
  `create_sdk_mcp_server`, which checks the arguments with `jsonschema` first; ours by
  `to_claude_agent_sdk_server`, where the neutral tool validates) and called with MCP `tools/call`
  over an open in-process client session of its own (the path the CLI's requests take). The
  native handler returns JSON text of the dict.
- conversion: `to_claude_agent_sdk` of 1,000 neutral tools vs 1,000 `@tool` definitions with the
  SDK's `{name: type}` schema shorthand, each side then served (`create_sdk_mcp_server` builds
  every tool's wire descriptor).
- import: `import interop.claude_agent_sdk` vs `from claude_agent_sdk import tool, create_sdk_mcp_server`.

Run: `.venv/bin/python benchmarks/bench_claude_agent_sdk.py`
"""

from __future__ import annotations

import asyncio
import inspect
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._compare import acompare, aper_call
from benchmarks._fw_rows import CALLS, SAMPLES, conversion_row, import_row, show


def add(a: int, b: int, label: str = "result") -> dict[str, Any]:
    """Add two integers."""
    return {label: a + b}


def _native(fn: Any) -> Any:
    from claude_agent_sdk import tool

    params = inspect.signature(fn).parameters
    shorthand = {name: p.annotation for name, p in params.items()}

    async def handler(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": json.dumps(fn(**args))}]}

    return tool(fn.__name__, fn.__doc__ or "", shorthand)(handler)


async def _calls() -> dict[str, object]:
    from claude_agent_sdk import create_sdk_mcp_server
    from mcp.client.client import Client

    import interop
    from interop.claude_agent_sdk import to_claude_agent_sdk_server

    server = create_sdk_mcp_server("bench", tools=[_native(add)])
    ours = to_claude_agent_sdk_server([interop.tool(add, name="add_ours")], name="bench")
    args = {"a": 2, "b": 3, "label": "sum"}
    async with Client(server["instance"]) as client, Client(ours["instance"]) as ours_client:
        for _ in range(30):
            await client.call_tool("add", args)
            await ours_client.call_tool("add_ours", args)
        result = await acompare(
            lambda: aper_call(lambda: client.call_tool("add", args), CALLS),
            lambda: aper_call(lambda: ours_client.call_tool("add_ours", args), CALLS),
            SAMPLES,
            warmup=0,
        )
    return result.row(
        "claude-agent-sdk tools/call (in-process server), sync fn",
        target=1.05,
        unit="us/call",
        scale=1e6,
        note=(
            "vs @tool with a JSON-text handler on create_sdk_mcp_server (its jsonschema check); ours on "
            "to_claude_agent_sdk_server (the neutral tool validates; no jsonschema pre-check)"
        ),
    )


def run() -> list[dict[str, object]]:
    from claude_agent_sdk import create_sdk_mcp_server

    from interop.claude_agent_sdk import to_claude_agent_sdk

    def native_build(fns: list[Any]) -> Any:
        return create_sdk_mcp_server("bench", tools=[_native(fn) for fn in fns])

    def convert(neutral: list[Any]) -> Any:
        return create_sdk_mcp_server("bench", tools=[to_claude_agent_sdk(t) for t in neutral])

    return [
        asyncio.run(_calls()),
        conversion_row(
            "claude-agent-sdk: to_claude_agent_sdk of 1,000 neutral tools vs 1,000 @tool definitions",
            native_build,
            convert,
            "both served by create_sdk_mcp_server (wire descriptors built)",
        ),
        import_row(
            "import interop.claude_agent_sdk vs from claude_agent_sdk import tool, create_sdk_mcp_server",
            "from claude_agent_sdk import tool, create_sdk_mcp_server",
            "import interop.claude_agent_sdk",
            "the adapter imports the SDK too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
