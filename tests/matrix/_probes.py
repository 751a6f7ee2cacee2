"""Probes the security suites share: a tool that waits until it is cancelled, and the check that
cancelling a run cancels the tool it is running."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

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
