"""The approval safety rule: a conversion never silently drops `requires_approval`.

Targets with a native mechanism map the flag to it (adapters do that). Targets without one call
`ensure_approval`, which refuses the conversion unless the caller gives an approval callback
(then every call asks it first) or explicitly opts out.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ._errors import ApprovalRequiredError, ToolError
from ._meta import meta_flag
from ._protocols import StandardToolV0
from ._tool import StandardTool, _derive, is_async_tool

__all__ = ["ApprovalCallback", "ApprovalRequest", "ensure_approval", "requires_approval", "with_approval"]

_ENFORCED = "__interop_approval__"


@dataclass(frozen=True)
class ApprovalRequest:
    """What an approval callback is asked about: one call of one tool."""

    tool: StandardToolV0[Any, Any, Any]
    input: Any
    context: Any


ApprovalCallback = Callable[[ApprovalRequest], bool | Awaitable[bool]]


def requires_approval(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether the tool's meta asks for human approval of each call."""
    return meta_flag(tool.meta, "requires_approval")


def with_approval(
    tool: StandardToolV0[Any, Any, Any], approve: ApprovalCallback
) -> StandardTool[Any, Any, Any]:
    """A tool that asks `approve` before each call and raises `ToolError` when it says no."""
    inner = tool.execute

    def denied() -> ToolError:
        return ToolError(f"the call to {tool.name!r} was not approved")

    if is_async_tool(tool) or inspect.iscoroutinefunction(approve):

        async def execute_async(input: Any = None, context: Any = None) -> Any:
            ok = approve(ApprovalRequest(tool, input, context))
            if inspect.isawaitable(ok):
                ok = await ok
            if not ok:
                raise denied()
            result = inner(input, context)
            return await result if inspect.isawaitable(result) else result

        execute: Callable[..., Any] = execute_async
    else:

        def execute_sync(input: Any = None, context: Any = None) -> Any:
            if not approve(ApprovalRequest(tool, input, context)):
                raise denied()
            return inner(input, context)

        execute = execute_sync
    wrapped = _derive(tool, execute)
    object.__setattr__(wrapped, _ENFORCED, approve)
    return wrapped


def ensure_approval(
    tool: StandardToolV0[Any, Any, Any],
    *,
    target: str,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
) -> StandardToolV0[Any, Any, Any]:
    """For a target with no native approval: the tool itself, or one that asks `approval` first.

    Raises `ApprovalRequiredError` when the tool requires approval and the caller gave neither a
    callback nor `allow_unapproved=True`.
    """
    if not requires_approval(tool) or allow_unapproved or hasattr(tool, _ENFORCED):
        return tool
    if approval is None:
        raise ApprovalRequiredError(
            f"tool {tool.name!r} requires approval (meta requires_approval=True) and {target} has no "
            f"native approval mechanism: pass approval=<callback> to ask before each call, or "
            f"allow_unapproved=True to convert it without approval"
        )
    return with_approval(tool, approval)
