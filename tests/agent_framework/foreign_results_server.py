"""An MCP server (stdio) whose tools return the foreign results every `from_X` must read alike:
a text that says 42, a JSON object as text, an image block, a resource link.

`python foreign_results_server.py` serves it; tests/agent_framework/test_af_foreign_results.py
reads it through `interop.mcp` and through Agent Framework's own MCP client."""

from __future__ import annotations

import base64
from typing import Any

import anyio
import mcp.types as mt
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg=="
)
OBJECT: dict[str, Any] = {"type": "object", "properties": {}}


def blocks(name: str) -> list[Any]:
    if name == "number":
        return [mt.TextContent(type="text", text="42")]
    if name == "record":
        return [mt.TextContent(type="text", text='{"n": 42, "unit": "kg"}')]
    if name == "picture":
        data = base64.b64encode(PNG).decode()
        return [mt.ImageContent(type="image", data=data, mime_type="image/png")]
    return [
        mt.ResourceLink(
            type="resource_link", uri="file:///r/q1.pdf", name="q1.pdf", mime_type="application/pdf"
        )
    ]


def server() -> Server[Any]:
    names = ["number", "record", "picture", "link"]

    async def list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        return mt.ListToolsResult(tools=[mt.Tool(name=n, description=n, input_schema=OBJECT) for n in names])

    async def call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        return mt.CallToolResult(content=blocks(params.name))

    return Server("foreign-results", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    s = server()
    async with stdio_server() as (read, write):
        await s.run(read, write, s.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
