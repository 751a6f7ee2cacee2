"""Native approval in frameworks that approve per tool, inside their own run loop (Agno's
`requires_confirmation`, Agent Framework's `approval_mode="always_require"`): one algorithm.

Such a framework marks a tool as gated, pauses its run on each model-made call of it, and runs the
call only after a human approved it. Two decisions follow from that, made here once:

- **Which tools the framework gates** (`native_approval_mode`): an explicit choice wins; else a
  tool that always needs approval (meta `requires_approval: True`) is gated, unless an `approval=`
  callback asks instead or `allow_unapproved=True`; a tool that needs approval only for some calls
  (a predicate) cannot be served by a per-tool gate and is refused (`ApprovalRequiredError`).
- **Whether one call was approved** (`loop_approval`, the `ask` an adapter passes the `Invoker`):
  only a call made by the framework's loop (which hands the tool its per-call object and the
  call's id), and, where the framework keeps a record of what was approved (the run's messages,
  the approval response it passes on), only when that record approves this very call with these
  arguments. A call made any other way (the function called directly, the framework's tool API
  outside a run) was approved by nobody and does not run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._approval import approval_rule
from ._errors import ApprovalRequiredError
from ._results import to_json_text

if TYPE_CHECKING:
    from ._approval import ApprovalRequest
    from ._options import Options
    from ._protocols import StandardToolV0

__all__ = ["loop_approval", "native_approval_mode"]


def native_approval_mode(
    tool: StandardToolV0[Any, Any, Any],
    options: Options,
    given: bool | None,
    *,
    framework: str,
    option: str,
) -> bool:
    """Whether the framework's own per-tool approval gates `tool` (see the module doc).

    `given`: the adapter's own option (`requires_confirmation=`, `approval_mode=`), None when not
    given; `option`: how to spell it turned on, for the refusal's message.
    """
    if given is not None:
        return given
    rule = approval_rule(tool.meta)
    if rule is False or options.approval is not None or options.allow_unapproved:
        return False
    if rule is True:
        return True
    raise ApprovalRequiredError(
        f"tool {tool.name!r} requires approval for some calls (a requires_approval predicate) and "
        f"{framework} approves per tool, not per call: pass approval=<callback> (asked for the calls "
        f"the predicate picks), {option} ({framework} asks about every call), or allow_unapproved=True"
    )


def _same_arguments(approved: Any, arguments: Any) -> bool:
    """Whether the approved arguments (a value, or the model's JSON text) are these."""
    try:
        value = json.loads(approved) if isinstance(approved, str) else approved
        return bool(to_json_text(value) == to_json_text(arguments)) or bool(value == arguments)
    except Exception:
        return False


def loop_approval(from_loop: bool, approved_call: Callable[[], Any]) -> Callable[[ApprovalRequest], bool]:
    """The `Invoker`'s `ask` for one call of a tool the framework gates (see the module doc).

    `from_loop`: whether the framework's loop made this call (it passed its per-call object and
    the call's id). `approved_call()`: what the framework recorded as approved for this call:
    `True` when it keeps no record on this path (its loop runs only approved calls), None when
    nothing approves this call, else the approved arguments (a dict, or the model's JSON text),
    which must be the call's own.
    """

    def ask(request: ApprovalRequest) -> bool:
        if not from_loop:
            return False  # not the framework's loop: nobody approved this call
        try:
            approved = approved_call()
        except Exception:
            return False
        if approved is True:
            return True
        return approved is not None and _same_arguments(approved, request.input)

    return ask
