"""`to_genkit`: a neutral tool as a Genkit `Tool`, usable in `ai.generate(tools=[...])`.

What the converted tool does:

- **Described.** Its input schema is the neutral input JSON Schema, verbatim (a dict
  `input_schema`: Genkit sends it as it is and validates nothing, so the neutral tool validates
  once). The output schema the model is told about is the neutral output schema: Genkit reads it
  from the action's metadata key `originalOutputSchema` (the only place its model requests take
  it from; `Tool.output_schema` reports the same). The title and the JSON-safe meta live in the
  action's metadata under `"interop"` (Genkit has no other slot; its Dev UI shows action
  metadata). Given a `Genkit` instance `ai`, the tool is registered on it (referable by name,
  visible in its tooling); without one it is an ephemeral tool for `tools=[...]`.
- **Results.** JSON data as the tool response's `output`; images, audio and files as media parts
  of the response (`genkit.response(output, parts=[...])`).
- **Errors.** Genkit fails the whole `generate` when a tool raises, so bad arguments, bad
  results, `ToolError` and denials come back as a result the model reads: `output` is the error
  text (naming the tool and the fields) and the response part's metadata has `"isError": true`.
  Other exceptions propagate as from any Genkit tool (the `generate` fails) unless
  `errors="all"`/`"masked"`.
- **Context.** By default the neutral context is Genkit's tool-run context dict
  (`generate(context={...})`, `ctx.context`); `context=` maps the `ToolRunContext` otherwise.
- **Approval.** `requires_approval` (static or a predicate) is a Genkit interrupt: the first pass
  raises `Interrupt` (the `generate` ends with `finish_reason="interrupted"`), and the decision is
  read on `resume_restart`: `restart_tool(interrupt=..., resumed_metadata={"approved": True})` runs
  the tool (`approve(interrupt)` builds it); anything else is a denial the model reads
  (`deny(interrupt, reason)`). `resume_respond` answers for the tool without running it, as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from genkit import ActionKind, Genkit, Interrupt, Media, Part, Tool, ToolRunContext, response, restart_tool
from genkit import tool as ephemeral_tool
from genkit._ai._tools import ORIGINAL_OUTPUT_SCHEMA_KEY  # the key Genkit's model requests read
from genkit._core._error import GenkitInterrupt
from pydantic import RootModel
from typing_extensions import Unpack

from interop import ApprovalDeniedError, StandardToolV0
from interop._kit import toolset_options
from interop.bridge import (
    PENDING,
    ApprovalRequest,
    Invoker,
    Outcome,
    ToolOptions,
    check_unique_names,
    input_json_schema,
    json_safe_meta,
    output_json_schema,
    prepare,
    register_control_flow,
    resolve_name,
    set_origin,
    to_jsonable,
)

register_control_flow(Interrupt, GenkitInterrupt)

META_KEY = "interop"
"""The action-metadata key holding the title and the meta (`{"title": ..., "meta": {...}}`)."""

APPROVAL_KEY = "approved"
"""The `resumed_metadata` key a human's decision is read from (only the value `True` approves)."""

ContextHook = Callable[[ToolRunContext], Any]
"""Maps Genkit's `ToolRunContext` to the neutral context (or an awaitable of it)."""

__all__ = [
    "APPROVAL_KEY",
    "META_KEY",
    "ContextHook",
    "approve",
    "default_context",
    "deny",
    "to_genkit",
    "to_genkit_tools",
]


def default_context(ctx: ToolRunContext) -> Any:
    """The neutral context: the `generate(context=...)` dict of this run."""
    return ctx.context


def _whole_context(ctx: ToolRunContext) -> ToolRunContext:
    return ctx


def approve(interrupt: Part) -> Part:
    """The `resume_restart` part approving an interrupted call (the tool then runs)."""
    return restart_tool(interrupt=interrupt, resumed_metadata={APPROVAL_KEY: True})


def deny(interrupt: Part, reason: str | None = None) -> Part:
    """The `resume_restart` part refusing an interrupted call (the model is told it did not run)."""
    decision: dict[str, Any] = {APPROVAL_KEY: False}
    if reason is not None:
        decision["reason"] = reason
    return restart_tool(interrupt=interrupt, resumed_metadata=decision)


def approval_interrupt(request: ApprovalRequest) -> Interrupt:
    """The interrupt a call waiting for approval raises (its metadata never holds the context)."""
    return Interrupt(
        {
            "type": "tool_approval",
            "tool": request.tool_name,
            "description": f"Tool {request.tool_name!r} requires approval before it runs.",
        }
    )


def _ask(ctx: ToolRunContext) -> Callable[[ApprovalRequest], Any]:
    """Genkit's interrupts: pause on the first pass; on `resume_restart`, read the decision."""

    def ask(request: ApprovalRequest) -> Any:
        if not ctx.is_resumed():
            return PENDING
        decision = ctx.resumed_metadata or {}
        if decision.get(APPROVAL_KEY) is True:
            return True
        reason = decision.get("reason")
        raise ApprovalDeniedError(request.tool_name, reason if isinstance(reason, str) else None)

    return ask


class _JSONOutput(RootModel[Any]):
    """A result already made JSON data, as a handler returns it: Genkit dumps a pydantic model
    with `model_dump` (it builds a `TypeAdapter` per call for any other value)."""


def _media(part: Any) -> Part:
    url = f"data:{part.media_type};base64,{part.base64}"
    return Part(media=Media(url=url, content_type=part.media_type))


def _to_genkit(outcome: Outcome) -> Any:
    """An `Outcome` as what a Genkit tool handler returns (or the interrupt it raises)."""
    if outcome.status == "ok":
        if outcome.has_content:
            texts = [p for p in outcome.parts if isinstance(p, str)]
            media = [_media(p) for p in outcome.parts if not isinstance(p, str)]
            return response("\n".join(texts) if texts else None, parts=media)
        if outcome.shows_text:
            return outcome.text
        return _JSONOutput.model_construct(to_jsonable(outcome.value, tool_name=outcome.name))
    if outcome.status == "pending":
        assert outcome.request is not None
        raise approval_interrupt(outcome.request)
    # Genkit would fail the whole generate on an exception: the model reads the error instead
    return response(outcome.text, metadata={"isError": True, "errorKind": outcome.error_kind})


def _handler(invoker: Invoker) -> Callable[..., Any]:
    gated = invoker.may_need_approval

    async def handler(input: Any, ctx: ToolRunContext) -> Any:
        # Genkit's input is the model's JSON decoded (a string there is a string value)
        outcome = await invoker.ainvoke(input, ctx, ask=_ask(ctx) if gated else None, decoded=True)
        return _to_genkit(outcome)

    handler.__name__ = invoker.name
    handler.__doc__ = invoker.tool.description
    return handler


def _metadata(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"meta": json_safe_meta(tool.meta)}
    if tool.title is not None:
        out["title"] = tool.title
    return out


def to_genkit(
    tool: StandardToolV0[Any, Any, Any], ai: Genkit | None = None, **options: Unpack[ToolOptions]
) -> Tool:
    """Convert a neutral tool into a Genkit `Tool` (registered on `ai` when given).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table). Context defaults to the `generate(context=...)`
    dict; the `context=` hook gets the `ToolRunContext`. A call that needs approval interrupts
    the `generate` unless `approval=` gives a callback. A tool that came from Genkit
    (`from_genkit`) goes home as the very same object (registered on `ai` when given).
    """
    c = prepare(tool, options, where="to_genkit", rule="genkit", native=Tool)
    if (native := c.home) is not None:
        if (
            ai is not None
            and ai.registry.registered_action(ActionKind.TOOL, native.name) is not native.action()
        ):
            ai.registry.register_action_from_instance(native.action())
        return native
    name = c.name
    invoker = c.invoker(
        target="Genkit", context=default_context if c.origin is None else _whole_context, native_approval=True
    )
    handler = _handler(invoker)
    schema = input_json_schema(tool)
    if ai is not None:
        defined = ai.tool(name=name, description=tool.description, input_schema=schema)(handler)
    else:
        defined = ephemeral_tool(handler, name=name, description=tool.description, input_schema=schema)
    action = defined.action()
    out_schema = output_json_schema(tool)
    action.metadata[ORIGINAL_OUTPUT_SCHEMA_KEY] = out_schema  # what the model is told (None: nothing)
    action.metadata[META_KEY] = _metadata(tool)
    converted = Tool(action, original_output_schema=out_schema)
    set_origin(converted, tool)
    set_origin(action, tool)
    return converted


def to_genkit_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], ai: Genkit | None = None, **options: Unpack[ToolOptions]
) -> list[Tool]:
    """Convert several tools (registered on `ai` when given); duplicate names raise `ToolNameError`."""
    options = toolset_options(tools, options)
    converted = list(tools)
    check_unique_names((resolve_name(t.name, "genkit", options.get("rename")) for t in converted), "Genkit")
    return [to_genkit(t, ai, **options) for t in converted]
