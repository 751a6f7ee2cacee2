"""Durable steps: inside a DBOS workflow, each call of a converted tool is a DBOS step.

pydantic-ai's DBOS integration (`DBOSAgent`, the `DBOSDurability` capability) makes model requests
and MCP calls DBOS steps but runs function tools as plain workflow code: when DBOS recovers a
workflow after a crash, it replays the recorded steps and runs the workflow code again, so a
function tool that had already run is called a second time. A converted tool therefore runs its
whole call (context hook, approval, execute, result mapping) through `DBOS.run_step_async` when it
is called from DBOS workflow code: the result is recorded, and recovery returns the recorded
result instead of calling the tool again. No option turns this on: a tool inside a durable agent
is durable.

- DBOS is never imported here: it is looked up in `sys.modules`, so a process that has not
  imported DBOS cannot be in a DBOS workflow and pays one dictionary lookup per call.
- Inside a step already (a tool called from another step), the call runs inline: DBOS steps do
  not nest.
- The step is entered before anything is awaited, so concurrent tool calls of one model response
  get their step positions in the order pydantic-ai starts them (deterministic on recovery).
- What the model is told when a call fails (bad arguments, `ToolError`, a denial, an approval
  request) is recorded as the step's *result* and raised again after the step, so recovery
  replays it and DBOS never retries it.
- Retries follow `meta["idempotent"]`: an idempotent tool gets DBOS's step retries (for an
  exception the tool raised: a transient failure), any other tool has retries off. Note that a
  crash *during* a call (before DBOS recorded its result) runs the call again on recovery, as for
  any DBOS step: DBOS steps run at least once.
- The step records the call's result (DBOS pickles it), never its inputs: the neutral context and
  the `RunContext` stay in memory.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from pydantic_ai import ApprovalRequired, CallDeferred, ModelRetry, ToolFailed
from pydantic_core import ValidationError

__all__ = ["STEP_PREFIX", "dbos_workflow", "run_step", "step_options"]

STEP_PREFIX = "interop.tool."
"""DBOS step names are `STEP_PREFIX + tool name` (shown by `DBOS.list_workflow_steps`)."""

# What a tool function raises to tell pydantic-ai something (not a failure of the step).
_MODEL_FACING = (ModelRetry, ToolFailed, ApprovalRequired, CallDeferred, ValidationError)


class _Raised:
    """A step result standing for an exception to raise again after the step (model-facing)."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Raised, (self.error,))


def dbos_workflow() -> Any:
    """DBOS's `DBOS` class when called from DBOS workflow code (not from inside a step), else None."""
    module = sys.modules.get("dbos")
    if module is None:
        return None
    dbos = getattr(module, "DBOS", None)
    if dbos is None or dbos.workflow_id is None or dbos.step_id is not None:
        return None
    return dbos


def step_options(name: str, meta: Mapping[str, Any]) -> dict[str, Any]:
    """The DBOS `StepOptions` for a converted tool: its name, and retries only when idempotent."""
    return {"name": STEP_PREFIX + name, "retries_allowed": meta.get("idempotent") is True}


async def _recorded(call: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    try:
        return await call(*args)
    except _MODEL_FACING as e:
        return _Raised(e)


async def run_step(
    dbos: Any, options: Mapping[str, Any], call: Callable[..., Awaitable[Any]], *args: Any
) -> Any:
    """`await call(*args)` as a DBOS step (`dbos` from `dbos_workflow()`): recorded, replayed on recovery."""
    result = await dbos.run_step_async(options, _recorded, call, *args)
    if isinstance(result, _Raised):
        raise result.error
    return result
