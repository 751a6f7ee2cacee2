"""`to_openai_agents`: a neutral tool as an OpenAI Agents SDK `FunctionTool`.

Described: the neutral input JSON Schema verbatim (or its strict compilation, whose injected nulls
the pipeline removes again), `needs_approval` (a static `True`, or a per-call function for
conditional approval), the title (`_mcp_title`) and timeout. Each call goes through the core
invocation pipeline; its `Outcome` maps to the SDK's channel: JSON text (images and files as
`ToolOutputImage` / `ToolOutputFileContent` items), and a descriptive error string for bad JSON,
bad arguments, `ToolError` and denials.

`failure_error_function` is the SDK's spelling of the neutral `errors=`, decided in the pipeline
(nothing is caught after it): a function `(ctx, exc) -> str` (sync or async) is the pipeline's
`errors=` function, called with the call's `ToolContext` and the tool's own exception (`ToolError`
too, as a native tool's function gets whatever it raised; bad arguments keep the pipeline's text
naming the field, so the model can correct them); `None` lets unexpected exceptions end the run
(the SDK raises `UserError`, as for a native tool); left unset, unexpected exceptions read as a
native tool's do (the SDK's default message, `RunConfig.tool_error_formatter` applied). The
function is looked up on the copy of the `FunctionTool` that runs, so a copy given its own policy
(`set_function_tool_failure_error_function`) follows it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from typing import Any

from agents import FunctionTool, RunContextWrapper, Tool
from agents.tool import (
    ToolErrorFunction,
    ToolOutputFileContent,
    ToolOutputImage,
    ToolOutputText,
    maybe_invoke_function_tool_failure_error_function,
    set_function_tool_failure_error_function,
)
from agents.tool_context import ToolContext
from typing_extensions import Unpack

from interop import StandardToolV0
from interop._kit import Asker, convert_tools
from interop.bridge import (
    ApprovalRequest,
    Invoker,
    Options,
    Outcome,
    ToolOptions,
    content_kind,
    input_json_schema,
    prepare,
    set_origin,
)
from interop.jsonschema import resolve_strict

from ._schema import qualifies_as_strict

ContextHook = Callable[[ToolContext[Any]], Any]
"""Maps the SDK's `ToolContext` (run context, `tool_call_id`, `tool_name`...) to the neutral context."""

NeedsApproval = bool | Callable[[RunContextWrapper[Any], dict[str, Any], str], Awaitable[bool]]

_Restore = Callable[[Any], Any]

__all__ = [
    "ContextHook",
    "NeedsApproval",
    "OpenAIAgentsOptions",
    "to_openai_agents",
    "to_openai_agents_tools",
]


class OpenAIAgentsOptions(ToolOptions, total=False):
    """`to_openai_agents` options: the shared ones (see `interop.bridge.Options`) plus:"""

    strict: bool
    """Strict JSON schema mode (default: meta `strict`, else strict only when the SDK would not
    change the schema); `True` compiles a strict schema with the same meaning or raises."""
    needs_approval: NeedsApproval
    """Take over approval with the SDK's own policy (default: from meta `requires_approval`)."""
    failure_error_function: ToolErrorFunction | None
    """The SDK's spelling of `errors=` (not with it): `(ctx, exc) -> str` (may be async) for what
    the tool raises, `ToolError` included; None lets unexpected exceptions end the run; unset, the
    SDK's default message for unexpected ones (see the module doc)."""
    timeout: float
    """Per-call timeout in seconds (the SDK's `timeout_seconds`)."""


def _strict_schema(
    tool: StandardToolV0[Any, Any, Any], name: str, strict: bool | None
) -> tuple[dict[str, Any], bool, _Restore | None]:
    """(params_json_schema, strict_json_schema, restore) for the tool: the core's strict decision,
    where unset is strict only when neither our compiler nor the SDK's own rewrite changes it."""
    schema = input_json_schema(tool)
    compiled = resolve_strict(
        schema, strict, tool_name=name, meta=tool.meta, framework_keeps=qualifies_as_strict
    )
    if compiled is None:
        return schema, False, None
    return compiled.schema, True, compiled.restorer


def _run_context(ctx: ToolContext[Any]) -> Any:
    return ctx.context


def _item(part: Any) -> Any:
    if isinstance(part, str):
        return ToolOutputText(text=part)
    data_url = part.data_url
    if content_kind(part) == "image":
        return ToolOutputImage(image_url=data_url)
    return ToolOutputFileContent(file_data=data_url, filename=getattr(part, "name", None) or "file")


def _to_sdk(outcome: Outcome) -> Any:
    """An `Outcome` as what `on_invoke_tool` returns: text, or output items for content."""
    if outcome.status == "ok" and outcome.has_content:
        return [_item(p) for p in outcome.parts]
    return outcome.text  # JSON text, or the error/denial message for the model


_CALL: ContextVar[tuple[FunctionTool, ToolContext[Any]]] = ContextVar("interop_openai_agents_call")
"""The `FunctionTool` copy running and its `ToolContext`, for the failure policy (the pipeline's
policy function gets the exception only)."""


async def _sdk_failure_text(e: BaseException) -> str:
    """The text the SDK's failure policy of the running `FunctionTool` gives for `e` (the pipeline's
    `errors=`/`failure_text`); declines (raises `e`) when the policy is None."""
    function_tool, ctx = _CALL.get()
    text = await maybe_invoke_function_tool_failure_error_function(
        function_tool=function_tool, context=ctx, error=e
    )
    if text is None:
        raise e
    return text


class _OnInvoke:
    """The `on_invoke_tool` of a converted tool: run the pipeline, map the outcome."""

    __slots__ = ("_function_tool", "_invoker", "initial_needs_approval")

    def __init__(self, invoker: Invoker, needs_approval: NeedsApproval = False) -> None:
        self._invoker = invoker
        self._function_tool: FunctionTool | None = None
        self.initial_needs_approval = needs_approval
        """What `needs_approval` was at conversion (a change made later travels home with the tool)."""

    def __agents_bind_function_tool__(self, function_tool: FunctionTool) -> _OnInvoke:
        """Called by the SDK on construction and on copies: failure policy follows the copy."""
        if self._function_tool is None or self._function_tool is function_tool:
            self._function_tool = function_tool
            return self
        bound = _OnInvoke(self._invoker, self.initial_needs_approval)
        bound._function_tool = function_tool
        return bound

    async def __call__(self, ctx: ToolContext[Any], input: str) -> Any:
        invoker = self._invoker
        ask: Asker | None = None
        if invoker.may_need_approval:
            name = invoker.name

            def ask(request: ApprovalRequest) -> bool:  # the SDK approved (or refused) before calling
                return ctx.is_tool_approved(name, ctx.tool_call_id) is True

        assert self._function_tool is not None
        token = _CALL.set((self._function_tool, ctx))
        try:  # failures are the pipeline's (`_sdk_failure_text`): nothing is caught here
            outcome = await invoker.ainvoke(input, ctx, call_id=ctx.tool_call_id, ask=ask)
        finally:
            _CALL.reset(token)
        return _to_sdk(outcome)


def _needs_approval(invoker: Invoker, options: Options, given: NeedsApproval | None) -> NeedsApproval:
    """The SDK's `needs_approval` for the tool: the caller's, or derived from the approval rule."""
    if given is not None:
        return given
    if options.approval is not None or not invoker.may_need_approval:
        return False  # a callback is asked inside the call; or nothing to approve
    if invoker.always_needs_approval:
        return True

    async def per_call(ctx: RunContextWrapper[Any], args: dict[str, Any], call_id: str) -> bool:
        return await invoker.aneeds_approval(args, ctx)

    return per_call


def to_openai_agents(
    tool: StandardToolV0[Any, Any, Any], **options: Unpack[OpenAIAgentsOptions]
) -> FunctionTool:
    """Convert a neutral tool into an OpenAI Agents SDK `FunctionTool`.

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table), `strict`, `needs_approval`,
    `failure_error_function` and `timeout`. Context defaults to the run context object
    (`Runner.run(..., context=obj)`); the `context=` hook gets the SDK's `ToolContext`. A tool that
    came from `from_openai_agents` goes home as the very same native object (with no options).
    """
    c = prepare(
        tool,
        options,
        OpenAIAgentsOptions,
        where="to_openai_agents",
        rule="openai-agents",
        native=FunctionTool,
    )
    if c.home is not None:
        return c.home
    shared, own, name = c.options, c.own, c.name
    schema, is_strict, restore = _strict_schema(tool, name, own.get("strict"))
    given: NeedsApproval | None = own.get("needs_approval")
    pipeline_options = shared if given is None else dataclasses.replace(shared, allow_unapproved=True)
    if "failure_error_function" in own:
        if shared.errors != "model-facing":
            raise TypeError(
                "to_openai_agents: pass errors= or failure_error_function=, not both "
                "(failure_error_function is the OpenAI Agents SDK's spelling of errors=)"
            )
        if own["failure_error_function"] is not None:  # the pipeline's errors= function
            pipeline_options = dataclasses.replace(pipeline_options, errors=_sdk_failure_text)
    invoker = c.invoker(
        target="the OpenAI Agents SDK",
        context=_run_context,
        native_approval=True,
        restore=restore,
        failure_text=_sdk_failure_text,  # unset: the SDK's default; None: declines (raises)
        options=pipeline_options,
    )
    needs_approval = _needs_approval(invoker, shared, given)
    function_tool = FunctionTool(
        name=name,
        description=tool.description,
        params_json_schema=schema,
        on_invoke_tool=_OnInvoke(invoker, needs_approval),
        strict_json_schema=is_strict,
        needs_approval=needs_approval,
        timeout_seconds=own.get("timeout"),
        _mcp_title=tool.title,
    )
    if "failure_error_function" in own:
        set_function_tool_failure_error_function(function_tool, own["failure_error_function"])
    set_origin(function_tool, tool)
    return function_tool


def to_openai_agents_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[OpenAIAgentsOptions]
) -> list[Tool]:
    """Convert several neutral tools for one `Agent(tools=...)`; duplicate names are an error.
    Typed as `Agent.tools` is (a list is invariant: `list[FunctionTool]` would not type-check there)."""
    out = convert_tools(tools, options, to_openai_agents, "the OpenAI Agents SDK")
    return list(out)
