"""`add` and `aadd`: the same plain tool (no meta, no context) sync and async, that the pipeline's
call-path tests (invoker, entry points, observer) call."""

from __future__ import annotations

import interop


@interop.tool
def add(a: int, b: int = 1) -> int:
    """Add."""
    return a + b


@interop.tool
async def aadd(a: int, b: int = 1) -> int:
    """Add."""
    return a + b
