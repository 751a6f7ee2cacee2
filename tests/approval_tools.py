"""Neutral tools behind an approval rule that several framework tests convert: `wipe` (and `awipe`,
the same as a coroutine) always needs an approval, `pay` only above 100 (the rule reads the validated input). Both record their runs in
`RAN`; a test empties it before it looks at it, and its own gated tools may record there too."""

from __future__ import annotations

from typing import Any

import interop

RAN: list[Any] = []
"""What ran, in order: `wipe`'s path, ("pay", amount, the context it was given)."""


@interop.tool(meta={"requires_approval": True})
def wipe(path: str) -> str:
    """Delete everything under a path."""
    RAN.append(path)
    return f"wiped {path}"


@interop.tool(meta={"requires_approval": True})
async def awipe(path: str) -> str:
    """Delete everything under a path, asynchronously."""
    return wipe(path)


def over_100(input: Any, context: Any) -> bool:
    return bool(input.amount > 100)  # the validated input


@interop.tool(context="caller", meta={"requires_approval": over_100})
def pay(amount: int, caller: Any = None) -> dict[str, Any]:
    """Pay an amount."""
    RAN.append(("pay", amount, caller))
    return {"paid": amount}
