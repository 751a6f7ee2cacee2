"""`interop.call` / `interop.acall` keep the approval rule (issue 38 item 7), and an approval is
bound to the call it was given for (item 2): a tool the approved call runs, a task it spawns, or a
second ask in the same call is not approved by it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from approval_tools import RAN, wipe

import interop
from interop import bridge
from interop.errors import ApprovalDeniedError, StandardToolValidationError


def _large(input: Any, context: Any) -> bool:
    amount = input["amount"] if isinstance(input, dict) else input.amount
    return bool(amount > 100)


@interop.tool(meta={"requires_approval": _large})
async def pay(amount: int) -> str:
    """Pay."""
    RAN.append(f"pay {amount}")
    return f"paid {amount}"


@pytest.fixture(autouse=True)
def _clean() -> None:
    RAN.clear()


def test_call_fails_closed_without_an_asker() -> None:
    with pytest.raises(ApprovalDeniedError, match="nobody was asked: pass approval="):
        interop.call(wipe, {"path": "/etc"})
    with pytest.raises(ApprovalDeniedError):
        asyncio.run(interop.acall(wipe, {"path": "/etc"}))
    with pytest.raises(ApprovalDeniedError):
        interop.call(pay, {"amount": 500})
    assert RAN == []


def test_call_asks_the_callback_and_only_true_approves() -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input))
        return bool(request.input["path"] == "/tmp/safe")

    assert interop.call(wipe, {"path": "/tmp/safe"}, approval=approve) == "wiped /tmp/safe"
    with pytest.raises(ApprovalDeniedError):
        interop.call(wipe, {"path": "/etc"}, approval=approve)
    with pytest.raises(ApprovalDeniedError):
        interop.call(wipe, {"path": "/etc"}, approval=lambda request: "yes")  # type: ignore[arg-type,return-value]
    assert asyncio.run(interop.acall(pay, {"amount": 500}, approval=lambda request: True)) == "paid 500"
    assert RAN == ["/tmp/safe", "pay 500"]
    assert asked == [("wipe", {"path": "/tmp/safe"}), ("wipe", {"path": "/etc"})]


def test_allow_unapproved_and_calls_the_rule_does_not_gate_run() -> None:
    assert interop.call(wipe, {"path": "/tmp/x"}, allow_unapproved=True) == "wiped /tmp/x"
    assert interop.call(pay, {"amount": 5}) == "paid 5"  # the predicate says no approval needed
    assert RAN == ["/tmp/x", "pay 5"]


def test_invalid_input_is_refused_before_anyone_is_asked() -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request)
        return True

    with pytest.raises(StandardToolValidationError, match="amount"):
        interop.call(pay, {"amount": "lots"}, approval=approve)
    assert asked == [] and RAN == []


def test_a_tool_asking_its_own_callback_is_asked_once() -> None:
    asked: list[str] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.tool_name)
        return True

    gated = interop.with_approval(wipe, approve)
    assert interop.call(gated, {"path": "/tmp/y"}) == "wiped /tmp/y"
    assert asked == ["wipe"]


def _reader(name: str, seen: list[tuple[str, bool]]) -> interop.StandardTool[Any, Any, Any]:
    """An inbound tool whose framework code asks whether its call was approved (as a consumed MCP
    tool or a pydantic-ai tool does)."""

    def call(arguments: Any, native: Any) -> str:
        seen.append((name, bridge.approved_call()))
        return name

    return bridge.from_native(
        object(),
        framework="Test",
        name=name,
        description=name,
        call=call,
        input_schema={"type": "object", "properties": {}},
        meta={"requires_approval": True},
    )


def test_an_approval_covers_its_own_call_only() -> None:
    seen: list[tuple[str, bool]] = []
    other = _reader("other", seen)
    inner = _reader("inner", seen)

    @interop.tool(meta={"requires_approval": True})
    def outer() -> str:
        """Runs two tools itself: the application's own call (not asked) and a direct execute."""
        interop.call(other, {}, allow_unapproved=True)
        inner.execute({}, None)
        return "outer"

    assert interop.call(outer, {}, approval=lambda request: True) == "outer"
    assert seen == [("other", False), ("inner", False)]
    seen.clear()
    assert interop.call(inner, {}, approval=lambda request: True) == "inner"
    assert seen == [("inner", True)]


def test_a_task_spawned_by_an_approved_call_is_not_approved() -> None:
    seen: list[tuple[str, bool]] = []
    spawned = _reader("spawned", seen)

    @interop.tool(meta={"requires_approval": True})
    async def outer() -> str:
        """Spawns a task running another tool's execute."""
        await asyncio.create_task(asyncio.to_thread(spawned.execute, {}, None))
        return "outer"

    assert asyncio.run(interop.acall(outer, {}, approval=lambda request: True)) == "outer"
    assert seen == [("spawned", False)]


def test_one_approval_is_claimed_once() -> None:
    claims: list[bool] = []

    @interop.tool(meta={"requires_approval": True})
    def twice() -> str:
        """Asks twice."""
        claims.extend([bridge.approved_call(twice.execute), bridge.approved_call(twice.execute)])
        return "ok"

    interop.call(twice, {}, approval=lambda request: True)
    assert claims == [True, False]
