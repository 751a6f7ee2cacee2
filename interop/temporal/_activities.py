"""The worker side: one Temporal activity per tool, each call through the pipeline.

`tool_activities(tools, context_factory=...)` gives activity functions (activity name = tool
name) to register on a `temporalio.worker.Worker`. Each call:

1. builds the context in the worker: `context_factory(activity.info())` (a value, an awaitable, or a
   sync/async context manager entered around the call); the context is never serialised;
2. runs the tool through the pipeline (`interop.bridge.Invoker`): argument validation, the approval
   rule (with the real context: a predicate may look at it), execution (a sync tool on a thread),
   result encoding;
3. returns a JSON result (`_wire`): a model-facing error (bad arguments, a bad or unserialisable
   result, `ToolError`) is a result, not an activity failure to retry; any other exception is an
   activity failure, retried by the workflow's retry policy (`activity_tools` retries only
   idempotent or read-only tools by default).

An approval-required call runs only when its input carries `approval: {"approved": true}`: the
workflow side (`activity_tools`) sends it only after a human's decision arrived by the
`interop_approval` Update. Without it the activity answers `pending` and the tool does not run.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from temporalio import activity

from interop import StandardToolV0
from interop.bridge import PENDING, ApprovalRequest, Invoker, Options, check_unique_names

from ._wire import encode_outcome

__all__ = ["ContextFactory", "tool_activities"]

ContextFactory = Callable[[activity.Info], Any]
"""`context_factory(info) -> context`: called in the worker for each call, with the activity's
`temporalio.activity.Info` (workflow id, attempt, ...). May return an awaitable or a (sync or
async) context manager, which is entered around the call."""

_OPTIONS = Options()


def _asker(approval: Any) -> Callable[[ApprovalRequest], Any]:
    """The pipeline's approval asker for one activity run: approved only by the human's `True`
    (carried by the input after the Update arrived); anything else is `pending` (the tool does not
    run, the workflow waits for a decision)."""
    approved = isinstance(approval, Mapping) and approval.get("approved") is True
    return lambda _request: True if approved else PENDING


def _arguments(payload: Any, name: str) -> tuple[Any, str | None, Any]:
    if not isinstance(payload, Mapping):
        raise TypeError(
            f"tool activity {name!r} takes one object {{'arguments': ..., 'call_id': ...}}, "
            f"got {type(payload).__name__}"
        )
    call_id = payload.get("call_id")
    return payload.get("arguments"), call_id if isinstance(call_id, str) else None, payload.get("approval")


async def _with_context(
    factory: ContextFactory | None, invoker: Invoker, arguments: Any, call_id: str | None, approval: Any
) -> dict[str, Any]:
    ask = _asker(approval)
    if factory is None:
        outcome = await invoker.ainvoke(arguments, None, call_id=call_id, ask=ask)
        return encode_outcome(outcome)
    made = factory(activity.info())
    if hasattr(made, "__aenter__") and hasattr(made, "__aexit__"):
        async with made as context:
            outcome = await invoker.ainvoke(arguments, context, call_id=call_id, ask=ask)
    elif hasattr(made, "__enter__") and hasattr(made, "__exit__"):
        with made as context:
            outcome = await invoker.ainvoke(arguments, context, call_id=call_id, ask=ask)
    else:
        if inspect.isawaitable(made):
            made = await made
        outcome = await invoker.ainvoke(arguments, made, call_id=call_id, ask=ask)
    return encode_outcome(outcome)


def _activity(tool: StandardToolV0[Any, Any, Any], factory: ContextFactory | None) -> Callable[..., Any]:
    name = tool.name
    invoker = Invoker(
        tool, name=name, target="Temporal", options=_OPTIONS, native_approval=True, engine_timeout=True
    )  # meta `timeout` is the activity's start-to-close timeout (activity_tools): Temporal enforces it

    async def run_tool(call: dict[str, Any]) -> dict[str, Any]:  # an `ActivityInput`
        arguments, call_id, approval = _arguments(call, name)
        return await _with_context(factory, invoker, arguments, call_id, approval)

    run_tool.__name__ = run_tool.__qualname__ = f"run_tool_{name}"
    run_tool.__doc__ = f"Temporal activity running the tool {name!r} through the interop pipeline."
    defined: Callable[..., Any] = activity.defn(name=name)(run_tool)
    return defined


def tool_activities(
    tools: Sequence[StandardToolV0[Any, Any, Any]], *, context_factory: ContextFactory | None = None
) -> list[Callable[..., Any]]:
    """One Temporal activity per tool (activity name = tool name), for `Worker(activities=...)`.

    `context_factory(info)` builds each call's context in the worker (see `ContextFactory`); without
    it the tool gets `context=None`. Duplicate names raise `ToolNameError`.
    """
    tools = list(tools)
    check_unique_names([t.name for t in tools], "Temporal")
    if context_factory is not None and not callable(context_factory):
        raise TypeError(f"context_factory= must be a function, got {type(context_factory).__name__}")
    return [_activity(tool, context_factory) for tool in tools]
