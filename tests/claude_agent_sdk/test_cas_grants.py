"""A Claude Agent SDK grant is for the tool use `can_use_tool` allowed: that `tool_use_id`, those
arguments, one call, for a short time. Driven through the SDK's real control loop (fake CLI)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk")

from claude_agent_sdk import PermissionResultAllow
from fake_cli import Use, options, run_session, texts

import interop
from interop.claude_agent_sdk import HANDLERS_ATTR, to_claude_agent_sdk_server
from interop.claude_agent_sdk import _to as cas_to

PAID: list[int] = []


@interop.tool(meta={"requires_approval": True})
def pay(amount: int) -> str:
    """Pay."""
    PAID.append(amount)
    return f"paid {amount}"


@pytest.fixture(autouse=True)
def _clear() -> None:
    PAID.clear()


def _options(servers: dict[str, Any], asked: list[str]) -> Any:
    """Options whose `can_use_tool` allows every use, recording the ids it was asked for."""

    async def allow(name: str, input: dict[str, Any], context: Any) -> Any:
        asked.append(context.tool_use_id)
        return PermissionResultAllow()

    return options(servers, allow)


@pytest.mark.anyio
async def test_an_allowed_call_never_made_is_not_consumed_by_a_never_asked_one() -> None:
    servers = {"w": to_claude_agent_sdk_server([pay], name="w")}
    asked: list[str] = []
    turns = [
        [Use("w", "pay", {"amount": 100}, abort=True, id="toolu_aborted")],  # allowed, then the turn aborted
        [Use("w", "pay", {"amount": 100}, ask=False, id="toolu_unasked")],  # pre-allowed: nobody asked
    ]
    seen, _ = await run_session(_options(servers, asked), turns)
    aborted, unasked = seen.results
    assert aborted == {"aborted": "toolu_aborted"} and asked == ["toolu_aborted"]
    assert unasked["isError"] and "not approved" in texts(unasked) and PAID == []


@pytest.mark.anyio
async def test_a_grant_runs_its_own_tool_use_once() -> None:
    servers = {"w": to_claude_agent_sdk_server([pay], name="w")}
    asked: list[str] = []
    seen, _ = await run_session(
        _options(servers, asked),
        [[Use("w", "pay", {"amount": 5}, id="toolu_a"), Use("w", "pay", {"amount": 5}, id="toolu_b")]],
    )
    assert [texts(r) for r in seen.results] == ["paid 5", "paid 5"] and PAID == [5, 5]
    handler = getattr(servers["w"]["instance"], HANDLERS_ATTR)["pay"]
    assert handler._grants == []  # both used
    # the same tool use sent again (a replayed tools/call) finds no grant
    again = await handler({"amount": 5}, tool_use_id="toolu_a")
    assert again["is_error"] and PAID == [5, 5]


@pytest.mark.anyio
async def test_a_grant_lapses(monkeypatch: pytest.MonkeyPatch) -> None:
    servers = {"w": to_claude_agent_sdk_server([pay], name="w")}
    handler = getattr(servers["w"]["instance"], HANDLERS_ATTR)["pay"]
    clock = [1000.0]
    monkeypatch.setattr(cas_to.time, "monotonic", lambda: clock[0])
    handler.grant({"amount": 7}, "toolu_late")
    clock[0] += cas_to.GRANT_TTL + 1
    late = await handler({"amount": 7}, tool_use_id="toolu_late")
    assert late["is_error"] and PAID == []
    handler.grant({"amount": 8}, "toolu_other")
    assert handler._grants[0].tool_use_id == "toolu_other" and len(handler._grants) == 1  # the lapsed one is gone
    wrong_use = await handler({"amount": 8}, tool_use_id="toolu_x")
    wrong_args = await handler({"amount": 9}, tool_use_id="toolu_other")
    assert wrong_use["is_error"] and wrong_args["is_error"] and PAID == []
    assert not (await handler({"amount": 8}, tool_use_id="toolu_other")).get("is_error") and PAID == [8]
