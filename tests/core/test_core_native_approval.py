"""Native approval in frameworks that approve per tool inside their own loop (Agno, Agent
Framework): which tools the framework gates (`bridge.native_approval_mode`) and whether one call
was approved (`bridge.loop_approval`). The frameworks' own runs are in tests/agno and
tests/agent_framework; this is the one algorithm they share."""

from __future__ import annotations

from typing import Any

import pytest

import interop
from interop import bridge
from interop.errors import ApprovalRequiredError


def _tool(requires_approval: Any = None) -> interop.StandardTool[Any, Any, Any]:
    meta = {} if requires_approval is None else {"requires_approval": requires_approval}
    return interop.standard_tool(name="wipe", description="Wipe a path.", execute=lambda i: "ok", meta=meta)


def _mode(tool: Any, given: bool | None = None, **options: Any) -> bool:
    return bridge.native_approval_mode(
        tool, bridge.Options(**options), given, framework="Agno", option="requires_confirmation=True"
    )


def test_the_framework_gates_a_tool_that_always_needs_approval_unless_something_else_asks() -> None:
    gated = _tool(True)
    assert _mode(gated) is True
    assert _mode(gated, approval=lambda request: True) is False  # the callback asks instead
    assert _mode(gated, allow_unapproved=True) is False
    assert _mode(_tool()) is False and _mode(_tool(False)) is False
    assert _mode(_tool(), given=True) is True  # the adapter's option wins
    assert _mode(gated, given=False) is False


def test_a_predicate_cannot_be_served_by_a_per_tool_gate() -> None:
    predicate = _tool(lambda args: args.get("path") == "/")
    with pytest.raises(ApprovalRequiredError, match="per tool, not per call") as err:
        _mode(predicate)
    assert "requires_confirmation=True (Agno asks about every call)" in str(err.value)
    assert _mode(predicate, approval=lambda request: True) is False
    assert _mode(predicate, given=True) is True


def _request(arguments: Any) -> bridge.ApprovalRequest:
    return bridge.ApprovalRequest(_tool(True), arguments, None, tool_call_id="call_1")


def test_only_the_frameworks_loop_approves_and_only_the_recorded_call() -> None:
    args = {"path": "/tmp", "force": True}
    assert bridge.loop_approval(False, lambda: True)(_request(args)) is False  # a direct call
    assert bridge.loop_approval(True, lambda: True)(_request(args)) is True  # no record on this path
    assert bridge.loop_approval(True, lambda: None)(_request(args)) is False  # nothing approves it
    # the record approves this very call: as the model's JSON text (any key order) or as a value
    assert bridge.loop_approval(True, lambda: '{"force": true, "path": "/tmp"}')(_request(args)) is True
    assert bridge.loop_approval(True, lambda: dict(args))(_request(args)) is True
    # ... and no other
    assert bridge.loop_approval(True, lambda: '{"path": "/etc", "force": true}')(_request(args)) is False
    assert bridge.loop_approval(True, lambda: "not json")(_request(args)) is False
    assert bridge.loop_approval(True, lambda: {})(_request(args)) is False


def test_a_record_that_cannot_be_read_approves_nothing() -> None:
    def broken() -> Any:
        raise ValueError("unparsable approval")

    assert bridge.loop_approval(True, broken)(_request({"path": "/tmp"})) is False
