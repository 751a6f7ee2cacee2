"""A middleware that records every call it is given (name, arguments, context) and passes it on:
what the code mode pipeline and Temporal middleware tests check the chain saw."""

from __future__ import annotations

from typing import Any


class Recorder:
    """A middleware that records what it is given and passes the call on."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, Any]] = []

    async def on_call(self, call: Any, call_next: Any) -> Any:
        self.calls.append((call.name, call.arguments, call.context))
        return await call_next(call)
