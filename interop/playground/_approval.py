"""Approval on the page, enforced by the server: the calls awaiting it.

Whether a call needs approval is the pipeline's rule (`meta["requires_approval"]`: `True`, or a
predicate on the validated input). A call that needs approval is parked under a random,
single-use id; only an explicit "approve" of that id runs it, with the very arguments that were
parked (the page cannot swap them), and nothing else ever does.
"""

from __future__ import annotations

import copy
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["PendingApprovals", "PendingCall", "approval_kind"]


def approval_kind(meta: Mapping[str, Any]) -> Literal["always", "conditional", "never"]:
    """How a tool asks for approval, for the page's badge."""
    flag = meta.get("requires_approval")
    if flag is True:
        return "always"
    if callable(flag):
        return "conditional"
    return "never"


@dataclass(frozen=True)
class PendingCall:
    """A call parked until a person approves or declines it."""

    id: str
    tool_name: str
    input: Any
    created: float


class PendingApprovals:
    """Parked calls by id: single use, expiring after `ttl` seconds, at most `limit` at once."""

    def __init__(self, *, ttl: float = 600.0, limit: int = 100) -> None:
        self._calls: dict[str, PendingCall] = {}
        self._ttl = ttl
        self._limit = limit

    def park(self, tool_name: str, input: Any) -> PendingCall:
        """Park a call (a deep copy of its arguments) under a fresh random id."""
        self._expire()
        while len(self._calls) >= self._limit:
            self._calls.pop(next(iter(self._calls)))
        call = PendingCall(secrets.token_urlsafe(16), tool_name, copy.deepcopy(input), time.monotonic())
        self._calls[call.id] = call
        return call

    def take(self, call_id: str) -> PendingCall | None:
        """Remove and return the parked call (None when unknown, used or expired)."""
        self._expire()
        return self._calls.pop(call_id, None)

    def __len__(self) -> int:
        return len(self._calls)

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, c in self._calls.items() if now - c.created > self._ttl]:
            del self._calls[key]
