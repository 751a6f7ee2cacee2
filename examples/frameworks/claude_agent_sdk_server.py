"""acme_tools served to the Claude Agent SDK as an in-process MCP server.

The real agent loop needs the `claude` CLI and the Anthropic API, so this script plays the CLI's
side with a small fake on the SDK's public `Transport` (what the CLI sends: the permission
request, then the MCP `tools/call`): the SDK's own control loop, `can_use_tool` dispatch and MCP
bridge run for real.
"""

import asyncio
import itertools
import json
from typing import Any

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ClaudeSDKClient,
    McpServerConfig,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    Transport,
)

from interop.claude_agent_sdk import permission_callback, run_context, to_claude_agent_sdk_server
from interop.examples.acme_tools import TOOLS

USES = [("get_weather", {"city": "Oslo"}), ("delete_file", {"path": "/tmp/a.txt"}), ("whoami", {})]
USES.append(("get_weather", {"city": "Oslo", "units": "K"}))  # bad arguments: the error names the field


class FakeCLI(Transport):
    """The CLI side of one turn: ask permission, call the tool over MCP, report the results."""

    def __init__(self):
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.pending: dict[str, Any] = {}
        self.ids = itertools.count(1)

    async def connect(self): ...
    def is_ready(self): return True  # fmt: skip

    async def end_input(self): ...
    async def close(self): await self.queue.put(None)  # fmt: skip

    async def read_messages(self):
        while (message := await self.queue.get()) is not None:
            yield message

    async def ask(self, request):
        rid = f"cli_{next(self.ids)}"
        self.pending[rid] = asyncio.get_running_loop().create_future()
        await self.queue.put({"type": "control_request", "request_id": rid, "request": request})
        return (await self.pending[rid])["response"]

    async def mcp(self, method, params):
        message = {"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params}
        answer = await self.ask({"subtype": "mcp_message", "server_name": "acme", "message": message})
        return answer["mcp_response"]

    async def write(self, data):
        for message in map(json.loads, filter(None, data.split("\n"))):
            if message["type"] == "control_response":
                self.pending.pop(message["response"]["request_id"]).set_result(message["response"])
            elif message["type"] == "control_request":  # initialize
                response = {"subtype": "success", "request_id": message["request_id"], "response": {}}
                await self.queue.put({"type": "control_response", "response": response})
            elif message["type"] == "user":
                asyncio.get_running_loop().create_task(self.turn())

    async def turn(self):
        await self.mcp(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "cli", "version": "0"},
            },
        )
        listed = await self.mcp("tools/list", {})
        print("tools listed:", [t["name"] for t in listed["result"]["tools"]])
        lines = []
        for i, (name, args) in enumerate(USES):
            request = {
                "subtype": "can_use_tool",
                "tool_name": f"mcp__acme__{name}",
                "input": args,
                "tool_use_id": f"t{i}",
            }
            decision = await self.ask(request)
            if decision["behavior"] != "allow":
                lines.append(f"{name}: denied ({decision['message']})")
                continue
            result = await self.mcp("tools/call", {"name": name, "arguments": decision["updatedInput"]})
            lines.append(f"{name}: {result['result']['content'][0]['text']}")
        text = "\n".join(lines)
        await self.queue.put(
            {"type": "assistant", "message": {"model": "fake", "content": [{"type": "text", "text": text}]}}
        )
        await self.queue.put(
            {
                "type": "result",
                "subtype": "success",
                "duration_ms": 1,
                "duration_api_ms": 1,
                "is_error": False,
                "num_turns": 1,
                "session_id": "s",
                "result": text,
            }
        )


async def decide(tool_name, tool_input, context):
    """The SDK's permission callback: here a human who refuses every deletion."""
    if tool_name == "mcp__acme__delete_file":
        return PermissionResultDeny(message="not today")
    return PermissionResultAllow()


async def main():
    servers: dict[str, McpServerConfig] = {"acme": to_claude_agent_sdk_server(TOOLS, name="acme")}
    options = ClaudeAgentOptions(mcp_servers=servers, can_use_tool=permission_callback(servers, decide))
    with run_context({"user": "ann"}):  # the neutral context for this session's tool calls
        async with ClaudeSDKClient(options=options, transport=FakeCLI()) as client:
            await client.query("Weather in Oslo? Delete /tmp/a.txt. Who am I?")
            async for message in client.receive_response():
                if isinstance(message, ResultMessage):
                    print(message.result)


asyncio.run(main())
