"""Approval on the page, enforced by the server: which calls need it, and the calls awaiting it.

`meta["requires_approval"]` is `True`, `False`, or a callable `(input, context) -> bool` (possibly
async) evaluated on the validated input. A call that needs approval is parked under a random,
single-use id; only an explicit "approve" of that id runs it, with the very arguments that were
parked (the page cannot swap them), and nothing else ever does.
"""

from __future__ import annotations

import copy
import inspect
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["ApprovalCheckError", "PendingApprovals", "PendingCall", "approval_kind", "approval_needed"]


class ApprovalCheckError(Exception):
    """A conditional `requires_approval` callable raised; the call does not run."""


def approval_kind(meta: Mapping[str, Any]) -> Literal["always", "conditional", "never"]:
    """How a tool asks for approval, for the page's badge."""
    flag = meta.get("requires_approval")
    if flag is True:
        return "always"
    if callable(flag):
        return "conditional"
    return "never"


async def approval_needed(meta: Mapping[str, Any], validated_input: Any, context: Any) -> bool:
    """Whether this call needs a person's approval first.

    A conditional callable gets the validated input and the context; anything it returns other
    than `False` (after awaiting) asks, so a sloppy predicate errs on the safe side. When it
    raises, `ApprovalCheckError` is raised and the call must not run.
    """
    flag = meta.get("requires_approval")
    if not callable(flag):
        return flag is True
    try:
        answer = flag(validated_input, context)
        if inspect.isawaitable(answer):
            answer = await answer
    except Exception as e:
        raise ApprovalCheckError(f"requires_approval check failed: {type(e).__name__}: {e}") from e
    return answer is not False


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
