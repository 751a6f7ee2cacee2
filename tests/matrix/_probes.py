"""Probes the security suites share: a tool that waits until it is cancelled, the check that
cancelling a run cancels the tool it is running, and the check that a model cannot set a native
tool's context through its arguments."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from _corpus import CALLS

import interop


def slow_tool() -> tuple[Any, dict[str, Any]]:
    """An async tool that sets `state["started"]` and waits 30 s, recording a cancellation."""
    state: dict[str, Any] = {"started": asyncio.Event(), "cancelled": False}

    @interop.tool
    async def slow(n: int) -> int:
        """Takes a long time."""
        state["started"].set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            state["cancelled"] = True
            raise
        return n

    return slow, state


async def cancel_when_started(run: Any, state: dict[str, Any]) -> None:
    """Start `run`, cancel it once the slow tool has started, and check the tool was cancelled."""
    task = asyncio.ensure_future(run)
    await asyncio.wait_for(state["started"].wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for _ in range(200):
        if state["cancelled"]:
            break
        await asyncio.sleep(0.01)
    assert state["cancelled"]


async def model_cannot_set_the_context(neutral: Any, native_ctx_names: list[str]) -> None:
    """Call `neutral` (from the corpus's native `greet_ctx`) with each of `native_ctx_names` as an
    extra argument: refused by the schema before the tool runs, or dropped (the tool runs with
    the caller's context, never the model's)."""
    for key in native_ctx_names:
        before = len(CALLS)
        try:
            out = await interop.acall(neutral, {"name": "Bo", key: {"user": "attacker"}}, {"user": "ada"})
        except interop.StandardToolValidationError as e:  # the schema forbids unknown keys
            assert key in str(e) and CALLS[before:] == []
        else:  # the schema allows unknown keys (LangChain, MCP SDK, Agent Framework): dropped
            assert out == "hi Bo from ada" and [c[2] for c in CALLS[before:]] == [{"user": "ada"}]
