"""The approval channel of the call running now, lent to the calls a tool makes inside it.

A tool that runs other tools inside its own call (code mode's program) has no human of its own to
ask: an inner call that needs approval asks whoever the outer call could ask. The pipeline
(`Invoker`, `interop.call`) sets `CHANNEL` for the duration of a call of a tool marked
`ask_through_caller`: the conversion's `approval=` callback, else the framework's asker the
adapter passed for that call (MCP elicitation, ...), else none. The inner calls ask through
`nested_asker(CHANNEL.get(), ...)`, with the request saying which call they run `within`.

Rules, once:
- Asking is not approving: an inner call approved through the channel runs under its own
  `Grant`; the outer call's grant never covers it (`interop._approval`).
- Only a channel that answers within the call is asked: a callback, or a framework's asker
  marked `asks_inline` (MCP elicitation on a 2025-11-25 connection). A channel that asks by
  pausing the run (a LangGraph interrupt, pydantic-ai deferred tools, an MCP input round) would
  run the whole program again on resume, its earlier calls twice: the inner call is denied
  without asking, saying why. An answer that still pauses (`PENDING`, a framework's control-flow
  exception) denies too. No channel at all denies: nothing runs unapproved.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from ._approval import PENDING, ApprovalRequest
from ._controlflow import is_control_flow
from ._derive import DerivedTool
from ._errors import ApprovalDeniedError
from ._protocols import StandardToolV0

__all__ = [
    "CHANNEL",
    "Channel",
    "ask_through_caller",
    "asks_inline",
    "asks_through_caller",
    "lend",
    "nested_asker",
]

F = TypeVar("F", bound=Callable[..., Any])

_INLINE = "__interop_asks_inline__"
_THROUGH_CALLER = "__interop_asks_through_caller__"


@dataclasses.dataclass(frozen=True, slots=True)
class Channel:
    """How the call running now can ask a human: `ask(request)`, answered within the call
    (`inline`) or by pausing the run; `where` names it in messages; `name` is the outer tool's
    name as its caller knows it."""

    ask: Callable[[ApprovalRequest], Any]
    inline: bool
    where: str
    name: str


CHANNEL: ContextVar[Channel | None] = ContextVar("interop_approval_channel", default=None)
"""The channel of the running call of a tool marked `ask_through_caller` (None: nobody to ask)."""


def asks_inline(ask: F) -> F:
    """Mark a framework's asker as answering within the call (it awaits the human's answer, it
    never pauses the run): calls made inside the call may ask through it."""
    setattr(ask, _INLINE, True)
    return ask


def ask_through_caller(execute: F) -> F:
    """Mark a tool's `execute` as running other tools whose approval asks the channel of the
    call running it (the pipeline then sets `CHANNEL` around its calls)."""
    global any_marked
    setattr(execute, _THROUGH_CALLER, True)
    any_marked = True
    return execute


any_marked = False
"""Whether any `execute` was marked in this process (until one is, no tool asks through its
caller and every call skips the lookup: it is on each call's path)."""


def asks_through_caller(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether `tool` (or the tool it wraps) was marked with `ask_through_caller`."""
    if not any_marked:
        return False
    while isinstance(tool, DerivedTool):
        tool = tool.base
    return getattr(tool.execute, _THROUGH_CALLER, False) is True


def lend(
    callback: Callable[[ApprovalRequest], Any] | None, ask: Any, where: str, name: str
) -> Channel | None:
    """The channel of one call: the approval callback (inline by nature), else the framework's
    asker (inline only when marked `asks_inline`), else None."""
    if callback is not None:
        return Channel(callback, True, "the approval callback", name)
    if ask is not None:
        return Channel(ask, getattr(ask, _INLINE, False) is True, where, name)
    return None


def nested_asker(channel: Channel | None, within: str) -> Callable[[ApprovalRequest], Any]:
    """The asker of the calls made inside a call of `within` (see the module doc for the rules).

    It returns the channel's answer for the pipeline to judge (`ask_approval`: only `True`
    approves), or raises `ApprovalDeniedError` saying why nobody could be asked."""
    if channel is not None:
        within = channel.name

    async def ask(request: ApprovalRequest) -> Any:
        name = request.tool_name
        if channel is None:
            raise ApprovalDeniedError(
                name,
                f"nobody could be asked: the call of {within!r} that made it came with no way to ask "
                f"(call {within!r} through an approval channel: an MCP client that answers elicitation, "
                f"interop.call(..., approval=...), a conversion's approval=; or give code_mode approval=)",
            )
        if not channel.inline:
            raise ApprovalDeniedError(
                name,
                f"{channel.where} asks for approval by pausing the run, and resuming would run the whole "
                f"program of {within!r} again (give code_mode approval=<callback>, or the conversion "
                f"approval=<callback>, to ask while the program runs)",
            )
        nested = dataclasses.replace(request, within=within)
        try:
            answer = channel.ask(nested)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception as e:
            if is_control_flow(e):  # it paused after all: never replay the program
                raise ApprovalDeniedError(
                    name, f"{channel.where} tried to pause the run to ask, inside the program of {within!r}"
                ) from None
            raise
        if answer is PENDING:
            raise ApprovalDeniedError(
                name, f"{channel.where} can only ask by pausing the run, inside the program of {within!r}"
            )
        return answer

    return ask
