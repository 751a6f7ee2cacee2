"""MCP: a served tool asks an approval= callback for each call that needs it (the client sees isError)."""

import asyncio

import mcp.types as mt
from _tools import DELETED, delete_path
from mcp.client.client import Client

from interop import ApprovalRequest
from interop.mcp import build_server


def ask_a_human(request: ApprovalRequest) -> bool:
    print(f"asks: {request.tool_name} {request.input}")
    return request.input["path"] == "/srv/old"


async def main() -> None:
    server = build_server([delete_path], approval=ask_a_human)
    async with Client(server) as client:
        for i, path in enumerate(["/srv/old", "/etc/passwd", "/tmp/cache"]):
            result = await client.call_tool("delete_path", {"path": path})
            text = " ".join(b.text for b in result.content if isinstance(b, mt.TextContent))
            print(f"c{i} {'error' if result.is_error else 'ok'}: {text}")
    print("deleted:", DELETED)


asyncio.run(main())
