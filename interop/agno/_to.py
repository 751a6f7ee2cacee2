"""`to_agno`: a neutral tool as an Agno `Function` (and `to_agno_tools`: a `Toolkit` of them).

Described: `name`, `description`, `title`, the neutral input JSON Schema as `parameters`, sent
verbatim (`skip_entrypoint_processing=True`: Agno neither rewrites `required` nor adds
`additionalProperties: false`, and wraps nothing around the call), the MCP behaviour hints of
the meta as `annotations`, `requires_confirmation` from meta `requires_approval`, and meta
`return_direct` as `stop_after_tool_call` + `show_result`. Agno has no slot for the output
schema or other meta: they stay on the neutral tool (`from_agno` gives it back).

Each call goes through the core invocation pipeline (Agno validates nothing for such a
`Function`). The `Outcome` maps to Agno's channels: results are JSON text (Agno `str()`s whatever
a tool returns, so a dict would reach the model as a Python repr); images, audio and files go as
a `ToolResult` whose `images` / `audios` / `files` Agno attaches to the tool message (its text
names them; a file type Agno refuses stays a placeholder). Bad arguments, `ToolError` and denials
are raised with the text naming the tool and the fields: Agno's own error channel (the tool
message holds that text, `tool_call_error=True`) and the run goes on. Other exceptions propagate
and Agno treats them as for its own tools (their message to the model, the run goes on).

Context: `run_context.dependencies` (what the caller passes as `agent.run(..., dependencies={...})`;
Agno calls the callables among its values before the run), injected through Agno's collision-free
`_agno_run_context` parameter, or a `context=` hook that gets Agno's `RunContext` (None outside a
run). The model's arguments never reach it: Agno drops model-sent `_agno_*` keys, and every other
key goes to the neutral validator.

Approval: meta `requires_approval=True` becomes `requires_confirmation=True`: the run pauses
(`run_output.is_paused`, `run_output.active_requirements`); `requirement.confirm()` /
`requirement.reject(note)`, then `agent.continue_run(run_response=..., dependencies=...)` runs the
confirmed calls. `continue_run` does not keep the run's `dependencies`: pass them again. Agno
confirms per tool, never per call, so a conditional `requires_approval` predicate needs
`approval=` (a callback asked for the calls the predicate picks), `requires_confirmation=True`
(Agno asks about every call of the tool), or `allow_unapproved=True`: otherwise the conversion
raises `ApprovalRequiredError`. Sync tools run in Agno's sync path (and on its worker thread under
`arun`); async tools need `agent.arun` (Agno refuses async tools in `agent.run`, its own rule).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from agno.media import Audio as AgnoAudio
from agno.media import File as AgnoFile
from agno.media import Image as AgnoImage
from agno.run import RunContext
from agno.tools.function import Function, FunctionCall, ToolResult
from agno.tools.toolkit import Toolkit
from typing_extensions import Unpack

from interop import InteropError, ToolError, bridge
from interop._kit import convert_tools, split_hints
from interop._native_approval import loop_approval, native_approval_mode

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from interop import StandardToolV0
    from interop.bridge import ApprovalRequest, Invoker, Outcome


ContextHook = Callable[["RunContext | None"], Any]
"""Maps Agno's `RunContext` (None outside a run) to the neutral context (or an awaitable of it)."""

_RESERVED = frozenset({"_agno_run_context", "_agno_agent", "_agno_team"})
_UNSET: Any = object()
_ENTRY_HINTS: dict[str, Any] = {
    "_agno_run_context": RunContext | None,
    "fc": Any,
    "kwargs": Any,
    "return": Any,
}
"""The entrypoints' annotations, evaluated: Agno reads them with `get_type_hints` on every call, and
this module's string annotations would be compiled again each time (a third of a call's CPU)."""

__all__ = ["AgnoOptions", "ContextHook", "default_context", "to_agno", "to_agno_tools"]


class AgnoOptions(bridge.ToolOptions, total=False):
    """`to_agno` options: the shared ones (see `interop.bridge.Options`) plus:"""

    requires_confirmation: bool
    """Agno's own confirmation for every call of the tool (default: meta `requires_approval` is
    `True` and no `approval=` callback is given). `True` also serves a conditional
    `requires_approval` predicate (asking about every call); `False` never pauses the run."""


def default_context(run_context: RunContext | None) -> Any:
    """The neutral context: the run's `dependencies` (None outside a run)."""
    return run_context.dependencies if run_context is not None else None


def _whole_run_context(run_context: RunContext | None) -> Any:
    return run_context


def _confirmed(run_context: RunContext | None, call_id: str | None) -> Callable[[ApprovalRequest], bool]:
    """Agno's confirmation of one `requires_confirmation` call (`bridge.loop_approval`): a call of
    Agno's run loop (it passes the run context and the call id), which keeps the run's messages on
    the run context (not in its async `acontinue_run`): one of them holds the call with these
    arguments."""

    def approved_call() -> Any:
        if run_context is None:
            return None
        if run_context.messages is None:
            return True
        for message in run_context.messages:
            for call in getattr(message, "tool_calls", None) or ():
                if isinstance(call, dict) and call.get("id") == call_id:
                    return (call.get("function") or {}).get("arguments")
        return None

    return loop_approval(run_context is not None and bool(call_id), approved_call)


def _media(part: Any) -> tuple[str, Any] | None:
    kind = bridge.content_kind(part)
    if kind == "image":
        return "images", AgnoImage(content=part.data, mime_type=part.media_type)
    if kind == "audio":
        return "audios", AgnoAudio(content=part.data, mime_type=part.media_type)
    if part.media_type in AgnoFile.valid_mime_types():
        return "files", AgnoFile(
            content=part.data, mime_type=part.media_type, filename=part.name, name=part.name
        )
    return None  # a file type Agno refuses: the placeholder in the text stands for it


def _to_agno(outcome: Outcome) -> Any:
    """What the entrypoint returns (or raises) for an `Outcome`."""
    if outcome.status == "ok":
        if not outcome.has_content:
            return outcome.text
        media: dict[str, list[Any]] = {"images": [], "audios": [], "files": []}
        for part in outcome.parts:
            if not isinstance(part, str):
                found = _media(part)
                if found is not None:
                    media[found[0]].append(found[1])
        return ToolResult(
            content=outcome.text,
            images=media["images"] or None,
            audios=media["audios"] or None,
            files=media["files"] or None,
        )
    raise ToolError(outcome.text) from outcome.error  # Agno: the text, tool_call_error=True


def _split(kwargs: dict[str, Any], fc: Any) -> str | None:
    """The call id (from Agno's `FunctionCall`); a model argument named `fc` goes back into kwargs."""
    if isinstance(fc, FunctionCall):
        return fc.call_id
    if fc is not _UNSET:
        kwargs["fc"] = fc
    return None


def _entrypoint(invoker: Invoker, confirm: bool) -> Callable[..., Any]:
    """The function Agno calls: Agno's run context and call by their injected names, the model's
    arguments as keywords. Async for an async tool (Agno awaits it in `arun`), sync otherwise."""
    if invoker.is_async:

        async def run_async(
            _agno_run_context: RunContext | None = None, fc: Any = _UNSET, **kwargs: Any
        ) -> Any:
            call_id = _split(kwargs, fc)
            ask = _confirmed(_agno_run_context, call_id) if confirm else None
            return _to_agno(await invoker.ainvoke(kwargs, _agno_run_context, call_id=call_id, ask=ask))

        run_async.__name__, run_async.__annotations__ = invoker.name, dict(_ENTRY_HINTS)
        return run_async

    def run(_agno_run_context: RunContext | None = None, fc: Any = _UNSET, **kwargs: Any) -> Any:
        call_id = _split(kwargs, fc)
        ask = _confirmed(_agno_run_context, call_id) if confirm else None
        return _to_agno(invoker.invoke(kwargs, _agno_run_context, call_id=call_id, ask=ask))

    run.__name__, run.__annotations__ = invoker.name, dict(_ENTRY_HINTS)
    return run


def _parameters(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    schema = bridge.object_input_schema(tool, "Agno")
    clash = _RESERVED & set(schema.get("properties") or {})
    if clash:
        raise InteropError(f"tool {tool.name!r}: the argument name {sorted(clash)[0]!r} is reserved by Agno")
    return schema


def to_agno(tool: StandardToolV0[Any, Any, Any], **options: Unpack[AgnoOptions]) -> Function:
    """An Agno `Function` running `tool` (or the very Agno `Function` `tool` came from).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table) and `requires_confirmation`. Context defaults to
    the run's `dependencies`; the `context=` hook gets Agno's `RunContext`. Names follow Agno's
    rule (1-64 characters from `a-z A-Z 0-9 _ -`).
    """
    c = bridge.prepare(tool, options, AgnoOptions, where="to_agno", rule="openai", native=Function)
    if c.home is not None:
        return c.home
    confirm = native_approval_mode(
        tool,
        c.options,
        c.own.get("requires_confirmation"),
        framework="Agno",
        option="requires_confirmation=True",
    )
    invoker = c.invoker(
        target="Agno",
        context=_whole_run_context if c.origin is not None else default_context,
        native_approval=confirm,
    )
    hints = split_hints(tool.meta)[0]
    direct = bridge.meta_flag(tool.meta, "return_direct")
    function = Function(
        name=c.name,
        description=tool.description,
        title=tool.title,
        annotations=hints or None,
        parameters=_parameters(tool),
        entrypoint=_entrypoint(invoker, confirm),
        skip_entrypoint_processing=True,
        requires_confirmation=confirm or None,
        stop_after_tool_call=direct,
        show_result=direct,
    )
    bridge.set_origin(function, tool)
    return function


def to_agno_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    name: str = "interop_tools",
    instructions: str | None = None,
    **options: Unpack[AgnoOptions],
) -> Toolkit:
    """A `Toolkit` of converted tools for `Agent(tools=[toolkit])`; two tools with the same final
    name raise `ToolNameError` (Agno keeps only one). `name` and `instructions` are the toolkit's."""
    functions = convert_tools(tools, options, to_agno, "Agno")
    toolkit = Toolkit(
        name=name, tools=functions, instructions=instructions, add_instructions=instructions is not None
    )
    # the Toolkit registers its own copy of each Function: they remember the neutral tool too
    for registered in (*toolkit.functions.values(), *toolkit.async_functions.values()):
        original = next(f for f in functions if f.name == registered.name)
        bridge.set_origin(registered, bridge.get_origin(original))
    return toolkit
