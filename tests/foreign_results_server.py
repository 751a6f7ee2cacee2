"""An MCP server whose four tools each return one kind of foreign result every `from_X` must read
alike: the text "42", a JSON object as text, an image, a resource link. `COMMAND` serves it over
stdio (for the frameworks' own MCP clients: tests/matrix/test_mx_inbound_decode.py,
tests/agent_framework/test_af_foreign_results.py); `server()` is the same server in process."""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp.types as mt
from mcp.server.lowlevel import Server

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg=="
)
OBJECT_TEXT = '{"n": 42, "unit": "answers"}'
LINK = {"uri": "file:///reports/q3.pdf", "name": "q3.pdf", "title": "Q3 report", "mimeType": "application/pdf"}

BLOCKS: dict[str, dict[str, Any]] = {
    "text_42": {"type": "text", "text": "42"},
    "object_text": {"type": "text", "text": OBJECT_TEXT},
    "image": {"type": "image", "data": base64.b64encode(PNG).decode(), "mimeType": "image/png"},
    "resource_link": {"type": "resource_link", **LINK},
}
"""Each tool's one content block, as MCP wire dicts (what a Claude Agent SDK handler returns)."""
COMMAND = [sys.executable, str(Path(__file__).resolve())]
"""The command that serves it over stdio."""


def server() -> Server[Any]:
    async def list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        empty = {"type": "object", "properties": {}}
        return mt.ListToolsResult(tools=[mt.Tool(name=n, description=n, input_schema=empty) for n in BLOCKS])

    async def call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        block = mt.CallToolResult.model_validate({"content": [BLOCKS[params.name]]}).content[0]
        return mt.CallToolResult(content=[block])

    return Server("decode", on_list_tools=list_tools, on_call_tool=call_tool)


async def _main() -> None:
    from mcp.server.stdio import stdio_server

    app = server()
    async with stdio_server() as (read, write):
        await app.run(read, write, app.create_initialization_options())


if __name__ == "__main__":
    anyio.run(_main)
