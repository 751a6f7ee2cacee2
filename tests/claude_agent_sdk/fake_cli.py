"""A fake `claude` CLI on the SDK's public `Transport` interface, so the SDK's real control loop
(`ClaudeSDKClient`: initialize, `can_use_tool` dispatch, the in-process MCP bridge) runs offline.

The fake plays what the CLI does for each scripted tool use: ask the SDK's `can_use_tool` (unless
the tool is pre-allowed), then send the MCP `tools/call` through the SDK's `mcp_message` control
request with the tool use's id in `_meta["claudecode/toolUseId"]` (as the real CLI does), and
finally emit an assistant message and a result. It records everything it saw.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from claude_agent_sdk import ClaudeAgentOptions, PermissionResultAllow, Transport

from interop.claude_agent_sdk import permission_callback


@dataclass
class Use:
    """One tool use the scripted model makes: `server`'s `tool` with `input`."""

    server: str
    tool: str
    input: Any
    ask: bool = True  # False: the CLI does not ask can_use_tool (tool in allowed_tools)
    abort: bool = False  # True: allowed, but the turn is interrupted before the call is made
    id: str | None = None  # the tool use's id (default toolu_<turn>_<index>)

    @property
    def full_name(self) -> str:
        return f"mcp__{self.server}__{self.tool}"


@dataclass
class Seen:
    listed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # server -> tools/list
    permissions: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)  # one per use: the MCP result or a denial


class FakeCLI(Transport):
    def __init__(self, turns: list[list[Use]]) -> None:
        self.turns = list(turns)
        self.seen = Seen()
        self._q: asyncio.Queue[Any] = asyncio.Queue()
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._servers_ready: set[str] = set()
        self._turn_no = 0

    async def connect(self) -> None:
        pass

    def is_ready(self) -> bool:
        return True

    async def close(self) -> None:
        await self._q.put(None)

    async def end_input(self) -> None:
        pass

    async def read_messages(self) -> AsyncIterator[dict[str, Any]]:
        while (message := await self._q.get()) is not None:
            yield message

    async def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        rid = f"cli_{next(self._ids)}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        await self._q.put({"type": "control_request", "request_id": rid, "request": request})
        return await future

    async def _mcp(self, server: str, method: str, params: Any = None, notify: bool = False) -> Any:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            message["id"] = next(self._ids)
        response = await self._ask({"subtype": "mcp_message", "server_name": server, "message": message})
        return response["response"]["mcp_response"]

    async def write(self, data: str) -> None:
        for line in filter(None, data.split("\n")):
            message = json.loads(line)
            if message["type"] == "control_response":
                self._pending.pop(message["response"]["request_id"]).set_result(message["response"])
            elif message["type"] == "control_request" and message["request"]["subtype"] == "initialize":
                await self._q.put(
                    {
                        "type": "control_response",
                        "response": {
                            "subtype": "success",
                            "request_id": message["request_id"],
                            "response": {},
                        },
                    }
                )
            elif message["type"] == "user":
                asyncio.get_running_loop().create_task(self._turn())

    async def _open(self, server: str) -> None:
        if server in self._servers_ready:
            return
        await self._mcp(
            server,
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "fake", "version": "0"},
            },
        )
        await self._mcp(server, "notifications/initialized", notify=True)
        listed = await self._mcp(server, "tools/list", {})
        self.seen.listed[server] = listed["result"]["tools"]
        self._servers_ready.add(server)

    async def _use(self, i: int, use: Use) -> str:
        await self._open(use.server)
        arguments = use.input
        tool_use_id = use.id or (f"toolu_{i}" if self._turn_no == 1 else f"toolu_{self._turn_no}_{i}")
        if use.ask:
            permission = await self._ask(
                {
                    "subtype": "can_use_tool",
                    "tool_name": use.full_name,
                    "input": use.input,
                    "tool_use_id": tool_use_id,
                    "permission_suggestions": [],
                }
            )
            decision = permission["response"]
            self.seen.permissions.append(decision)
            if decision["behavior"] != "allow":
                self.seen.results.append({"denied": decision.get("message", "")})
                return "denied"
            arguments = decision.get("updatedInput", use.input)
        if use.abort:
            self.seen.results.append({"aborted": tool_use_id})
            return "aborted"
        params = {"name": use.tool, "arguments": arguments, "_meta": {"claudecode/toolUseId": tool_use_id}}
        response = await self._mcp(use.server, "tools/call", params)
        result = response.get("result") or {"protocol_error": response.get("error")}
        self.seen.results.append(result)
        return "error" if result.get("isError") else "ok"

    async def _turn(self) -> None:
        uses = self.turns.pop(0) if self.turns else []
        self._turn_no += 1
        outcomes = [await self._use(i, use) for i, use in enumerate(uses)]
        text = "; ".join(outcomes) or "no tools"
        await self._q.put(
            {"type": "assistant", "message": {"model": "fake", "content": [{"type": "text", "text": text}]}}
        )
        await self._q.put(
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


async def run_session(options: Any, turns: list[list[Use]], prompt: str = "go") -> tuple[Seen, list[Any]]:
    """One `ClaudeSDKClient` session per turn list: send a prompt per turn, read each response."""
    from claude_agent_sdk import ClaudeSDKClient, ResultMessage

    fake = FakeCLI(turns)
    messages: list[Any] = []
    async with ClaudeSDKClient(options=options, transport=fake) as client:
        for _ in range(len(turns)):
            await client.query(prompt)
            async for message in client.receive_response():
                messages.append(message)
                if isinstance(message, ResultMessage):
                    break
    return fake.seen, messages


async def allow_all(name: str, input: dict[str, Any], context: Any) -> Any:
    return PermissionResultAllow()


def options(servers: dict[str, Any], decide: Any = allow_all) -> ClaudeAgentOptions:
    """`ClaudeAgentOptions` with `servers` and our `permission_callback` asking `decide`."""
    return ClaudeAgentOptions(mcp_servers=servers, can_use_tool=permission_callback(servers, decide))


def texts(result: dict[str, Any]) -> str:
    """The text blocks of a `tools/call` result, one a line."""
    return "\n".join(b.get("text", "") for b in result.get("content", []))
