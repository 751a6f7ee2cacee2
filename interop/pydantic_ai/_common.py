"""What both directions share: the metadata namespace and a `RunContext` for calls outside a run."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from pydantic_ai import RunContext
from pydantic_ai.models import Model
from pydantic_ai.usage import RunUsage

from interop.bridge import approved_call

__all__ = ["CURRENT_CALL", "INITIAL_APPROVAL", "METADATA_KEY", "offline_run_context"]

METADATA_KEY = "interop"
"""The key under which `ToolDefinition.metadata` carries what pydantic-ai has no field for (the title)."""

INITIAL_APPROVAL = "__interop_initial_approval__"
"""Attribute of a `to_pydantic_ai` tool: its `(requires_approval, prepare)` when it was made, so
`from_pydantic_ai` sees approval added on the pydantic-ai side since."""

CURRENT_CALL: ContextVar[RunContext[Any] | None] = ContextVar("interop_pydantic_ai_call", default=None)
"""The `RunContext` of the pydantic-ai tool call running now (set by `to_pydantic_ai` tools): a
native pydantic-ai tool running inside it (wrapped as a neutral tool) then defers natively and
sees that call's approval."""

_offline_model: Model | None = None


def _model() -> Model:
    """The model a `RunContext` made outside a run points at (pydantic-ai's offline `TestModel`)."""
    global _offline_model
    if _offline_model is None:
        from pydantic_ai.models.test import TestModel

        _offline_model = TestModel()
    return _offline_model


def offline_run_context(context: Any, *, tool_name: str) -> RunContext[Any]:
    """The `RunContext` a native tool gets when called through the neutral `execute`.

    A neutral `context` that already is a `RunContext` (a call made from inside a pydantic-ai run)
    is used as it is; anything else becomes `deps` of a fresh context, since `ctx.deps` is where a
    pydantic-ai tool reads its per-call data. `tool_call_approved` says whether the running call
    was approved (by whatever mechanism the calling framework used, pydantic-ai's own included).
    """
    if isinstance(context, RunContext):
        return context
    outer = CURRENT_CALL.get()
    return RunContext(
        deps=context,
        model=_model(),
        usage=RunUsage(),
        tool_name=tool_name,
        tool_call_approved=approved_call() or (outer is not None and outer.tool_call_approved),
    )
