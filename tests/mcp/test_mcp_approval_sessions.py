"""A local approval answers only its own call's question: two real MCP sessions to two servers,
and two calls with the same arguments on one session (both protocol generations)."""

from __future__ import annotations

import asyncio
import threading

import pytest

import interop
from interop import ToolError, tool
from interop.mcp import ElicitationRequest, build_server, mcp_tools

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]


class Slow:
    """A gated `wipe` that holds its first call until released (the approved call is then running)."""

    def __init__(self, name: str) -> None:
        self.ran: list[str] = []
        self.started = threading.Event()
        self.release = threading.Event()

        @tool(name="wipe", meta={"requires_approval": True, "destructive": True})
        def wipe(path: str) -> str:
            """Delete a directory."""
            self.ran.append(path)
            self.started.set()
            self.release.wait(10)
            return f"{name} wiped {path}"

        self.tool = wipe


class Asked:
    """An elicitation callback for a user who says no, recording what they were asked."""

    def __init__(self) -> None:
        self.seen: list[ElicitationRequest] = []

    def __call__(self, request: ElicitationRequest) -> bool:
        self.seen.append(request)
        return False


async def _while_running(approved_call: asyncio.Task[object], server: Slow) -> None:
    await asyncio.to_thread(server.started.wait, 10)
    assert server.started.is_set() and not approved_call.done()


@pytest.mark.parametrize("mode", MODES)
async def test_one_users_approval_never_answers_another_session_to_another_server(mode: str) -> None:
    x, y = Slow("x"), Slow("y")
    ann, bob = Asked(), Asked()
    async with (
        mcp_tools(build_server([x.tool], name="x"), mode=mode, elicitation=ann) as (on_x,),
        mcp_tools(build_server([y.tool], name="y"), mode=mode, elicitation=bob) as (on_y,),
    ):
        approved = interop.with_approval(on_x, lambda request: True)  # ann approved this call locally
        running = asyncio.create_task(interop.acall(approved, {"path": "/shared"}))
        await _while_running(running, x)
        y.release.set()
        with pytest.raises(ToolError, match="not approved"):  # bob's own question, on his session
            await interop.acall(on_y, {"path": "/shared"}, allow_unapproved=True)
        x.release.set()
        assert await running == "x wiped /shared"
    assert x.ran == ["/shared"] and y.ran == []
    assert ann.seen == [] and [(r.tool_name, dict(r.arguments or {})) for r in bob.seen] == [
        ("wipe", {"path": "/shared"})
    ]


@pytest.mark.parametrize("mode", MODES)
async def test_an_approved_call_never_answers_an_identical_unapproved_one_on_its_session(mode: str) -> None:
    x = Slow("x")
    asked = Asked()
    async with mcp_tools(build_server([x.tool]), mode=mode, elicitation=asked) as (remote,):
        approved = interop.with_approval(remote, lambda request: True)
        running = asyncio.create_task(interop.acall(approved, {"path": "/shared"}))
        await _while_running(running, x)
        with pytest.raises(ToolError, match="not approved"):
            await interop.acall(
                remote, {"path": "/shared"}, allow_unapproved=True
            )  # same session, same arguments, not approved
        x.release.set()
        assert await running == "x wiped /shared"
    assert x.ran == ["/shared"] and len(asked.seen) == 1
