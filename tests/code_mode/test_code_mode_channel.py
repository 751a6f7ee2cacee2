"""Approval inside a program through the channel of the call running it (`interop._channel`),
with the real Monty sandbox: `interop.call(run_code, ..., approval=fn)` asks `fn` about each
inner call (naming the inner tool), `code_mode(approval=)` beats the inherited channel, and the
outer call's approval never approves an inner call."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import interop

pytest.importorskip("pydantic_monty")

pytestmark = pytest.mark.anyio

RAN: list[str] = []


@interop.tool(meta={"requires_approval": True})
def wire(account: str) -> str:
    """Wire money to an account."""
    RAN.append(account)
    return f"wired {account}"


TWO = (
    "out = []\nfor a in ['a1', 'a2']:\n    try:\n        out.append(await wire(a))\n"
    "    except PermissionError as e:\n        out.append(str(e))\nout"
)


@pytest.fixture(autouse=True)
def _reset() -> None:
    RAN.clear()


def test_interop_call_lends_its_approval_to_the_inner_calls() -> None:
    asked: list[tuple[str, Any, str | None]] = []

    def only_a2(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input, request.within))
        return request.input == {"account": "a2"}

    out = json.loads(interop.call(interop.code_mode([wire]), {"code": TWO}, approval=only_a2))
    assert out == ["The call to tool 'wire' was not approved. It did not run.", "wired a2"]
    assert asked == [("wire", {"account": "a1"}, "run_code"), ("wire", {"account": "a2"}, "run_code")]
    assert RAN == ["a2"]


async def test_an_async_callback_through_acall_and_a_toolset() -> None:
    async def yes(request: interop.ApprovalRequest) -> bool:
        return request.tool_name == "wire"

    tool = interop.code_mode([wire], name="bank")
    assert await interop.acall(tool, {"code": "await wire('a3')"}, approval=yes) == "wired a3"
    assert (
        await interop.ToolSet([tool], approval=yes).acall("bank", {"code": "await wire('a4')"}) == "wired a4"
    )
    assert RAN == ["a3", "a4"]


def test_explicit_code_mode_approval_beats_the_inherited_channel() -> None:
    inherited: list[str] = []

    def channel(request: interop.ApprovalRequest) -> bool:
        inherited.append(request.tool_name)
        return True

    tool = interop.code_mode([wire], approval=lambda request: False)
    out = json.loads(interop.call(tool, {"code": TWO}, approval=channel))
    assert out == ["The call to tool 'wire' was not approved. It did not run."] * 2
    assert inherited == [] and RAN == []


def test_the_outer_calls_approval_does_not_approve_an_inner_call() -> None:
    asked: list[tuple[str, str | None]] = []

    def outer_only(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.within))
        return request.within is None  # approves the program, never what it runs

    gated = dataclasses.replace(interop.code_mode([wire]), meta={"requires_approval": True})
    out = json.loads(interop.call(gated, {"code": TWO}, approval=outer_only))
    assert out == ["The call to tool 'wire' was not approved. It did not run."] * 2
    assert asked == [("run_code", None), ("wire", "run_code"), ("wire", "run_code")]
    assert RAN == []


def test_a_sync_invoker_path_lends_the_conversions_callback() -> None:
    seen: list[str | None] = []

    def yes(request: interop.ApprovalRequest) -> bool:
        seen.append(request.within)
        return True

    outcome = interop.ToolSet([interop.code_mode([wire])], approval=yes).run(
        "run_code", {"code": "await wire('a5')"}
    )
    assert outcome.ok and outcome.value == "wired a5" and seen == ["run_code"] and RAN == ["a5"]
