"""`interop.call` / `interop.acall`: a tool run from application code, under the pipeline's rules.

Application code calling a tool is one more path, so it keeps the same guarantees as every
framework path: a call that needs approval (`meta["requires_approval"]`, static or a predicate on
the validated input) runs only when `approval=` (a callback) answers `True`, or when the caller
says it is the human (`allow_unapproved=True`); with neither it fails closed
(`ApprovalDeniedError`), before anything runs. A tool that asks its own callback (`with_approval`)
is asked once, by itself. A call made inside an approved call is not approved by it. A tool that
runs other tools (code mode) lends them `approval=` to ask about their own calls (only it:
`allow_unapproved=True` covers the outer call, never the inner ones). The installed
observer (telemetry) sees the call. Unlike a framework path, the result and the tool's exceptions
reach the caller as they are (no model-facing encoding).
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from . import _channel, _observe
from ._approval import (
    APPROVED,
    ApprovalCallback,
    ApprovalRequest,
    ask_approval,
    call_rule,
    input_needs_approval,
    run_approved,
)
from ._channel import CHANNEL, asks_through_caller, lend
from ._errors import ApprovalDeniedError
from ._middleware import with_meta_timeout
from ._protocols import StandardToolV0
from ._run import Run, StepGen, drive_async, drive_sync, is_async_tool
from ._run import acall as run_adirect
from ._run import call as run_direct

__all__ = ["acall", "call"]

OutputT = TypeVar("OutputT")


def _call_steps(
    tool: StandardToolV0[Any, Any, Any],
    input: Any,
    context: Any,
    approval: ApprovalCallback | None,
    allow_unapproved: bool,
    call_id: str | None,
) -> StepGen[Any] | None:
    """The call's steps (`_steps`), or None when it has none of its own and the tool runs as it
    is: no approval rule (or the caller is the human), no meta timeout, no approved call around
    it to hide, no channel to lend (the common call, kept to a few lookups)."""
    meta = tool.meta
    if (
        not (
            meta
            and (
                meta.get("timeout") is not None
                or not (allow_unapproved or meta.get("requires_approval") in _NO_RULE)
            )
        )
        and APPROVED.get() is None
        and not asks_through_caller(tool)
    ):
        return None
    return _steps(tool, input, context, call_rule(tool, approval, allow_unapproved), approval, call_id)


_NO_RULE = (None, False)
"""`meta["requires_approval"]` values that are certainly no rule (`approval_rule` decides the rest)."""


def _steps(
    tool: StandardToolV0[Any, Any, Any],
    input: Any,
    context: Any,
    rule: Any,
    approval: ApprovalCallback | None,
    call_id: str | None,
) -> StepGen[Any]:
    # a tool running other tools (code mode): their approval asks `approval` too, and only it
    lent = CHANNEL.set(lend(approval, None, "interop.call", tool.name)) if asks_through_caller(tool) else None
    try:
        run = with_meta_timeout(tool)
        if rule is not False:
            schema = tool.input_schema
            check = schema.__standard_schema__.validate if schema is not None else None
            if (yield from input_needs_approval(rule, check, input, context, tool.name)):
                if approval is None:
                    raise ApprovalDeniedError(
                        tool.name,
                        "it requires approval and nobody was asked: pass approval=<callback>, or "
                        "allow_unapproved=True where the calling code is the human",
                    )
                request = ApprovalRequest(tool, input, context, tool_call_id=call_id)
                if (yield from ask_approval(approval, request)) is not True:
                    raise ApprovalDeniedError(request.tool_name)
                return (yield from run_approved(run, input, context))
        if APPROVED.get() is None:
            return (yield Run(run, input, context))
        token = APPROVED.set(None)  # inside another approved call: this one was not approved
        try:
            return (yield Run(run, input, context))
        finally:
            APPROVED.reset(token)
    finally:
        if lent is not None:
            CHANNEL.reset(lent)


def _ended(tool: StandardToolV0[Any, Any, Any], value: Any) -> Any:
    """The ok `Outcome` an observer is told of (its model parts made only if asked for)."""
    from ._invoke import Outcome

    outcome = object.__new__(Outcome)
    outcome.status, outcome.name, outcome.value = "ok", tool.name, value
    outcome._parts, outcome.error, outcome.request, outcome.shaped = None, None, None, False
    return outcome


def call(
    tool: StandardToolV0[Any, OutputT, Any],
    input: Any = None,
    context: Any = None,
    *,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
    call_id: str | None = None,
) -> OutputT:
    """Run any conforming tool from sync code, whether its `execute` is sync or async (inside a
    running event loop too: the coroutine then runs on a worker thread), typed by the tool's
    output type.

    A call that needs approval runs only when `approval` answers `True` (else
    `ApprovalDeniedError`), or with `allow_unapproved=True` (this code is the human). The tool's
    result and exceptions reach you as they are.
    """
    steps = (
        None  # the common call, without a function call: no meta, nothing around it, no channel
        if not tool.meta and APPROVED.get() is None and not _channel.any_marked
        else _call_steps(tool, input, context, approval, allow_unapproved, call_id)
    )
    observer = _observe._observer
    if observer is None:
        return run_direct(tool, input, context) if steps is None else drive_sync(steps)
    record = observer.begin(tool, tool.name, call_id, input)
    try:
        result = run_direct(tool, input, context) if steps is None else drive_sync(steps)
    except BaseException as e:
        record.end(None, e)
        raise
    record.end(_ended(tool, result), None)
    return cast(OutputT, result)


async def acall(
    tool: StandardToolV0[Any, OutputT, Any],
    input: Any = None,
    context: Any = None,
    *,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
    threaded: bool = False,
    call_id: str | None = None,
) -> OutputT:
    """`call` from async code. A sync `execute` runs inline, or, with `threaded=True`, on a
    worker thread (carrying the caller's context variables) so a slow tool does not block the
    event loop."""
    steps = (
        None  # the common call, without a function call: no meta, nothing around it, no channel
        if not tool.meta and APPROVED.get() is None and not _channel.any_marked
        else _call_steps(tool, input, context, approval, allow_unapproved, call_id)
    )
    threaded = threaded and not is_async_tool(tool)
    observer = _observe._observer
    if observer is None:
        if steps is None:
            return await run_adirect(tool, input, context, threaded=threaded)
        return cast(OutputT, await drive_async(steps, threaded=threaded))
    record = observer.begin(tool, tool.name, call_id, input)
    result: Any
    try:
        if steps is None:
            result = await run_adirect(tool, input, context, threaded=threaded)
        else:
            result = await drive_async(steps, threaded=threaded)
    except BaseException as e:
        record.end(None, e)
        raise
    record.end(_ended(tool, result), None)
    return cast(OutputT, result)
