"""`to_crewai`: a neutral tool as a CrewAI `BaseTool` that agents call natively (or in ReAct text).

- **Schema.** CrewAI takes a tool's schema only from a pydantic `args_schema` class, and rewrites
  its JSON Schema for the model in OpenAI strict form (refs inlined, every object closed, every
  property required, unsupported `format`s dropped, `"strict": true`). The `args_schema` here is
  a model whose JSON Schema is interop's strict compilation of the neutral schema: nested
  objects, enums and constraints as they are, an optional property required-but-nullable (its
  default noted in its description), so CrewAI's rewrite changes nothing else. The `null`s a
  model sends for optional properties it did not mean to set are dropped before validation (the
  pipeline's strict restore): an unset optional never reaches the tool. A schema that cannot be
  strict (an open map) is given as it is, and CrewAI closes it (its own rewrite).
- **Validation once.** The model accepts any arguments (no fields of its own), so CrewAI passes
  them through unchanged and the neutral tool validates them.
- **Results.** JSON text (CrewAI would `str()` anything else); images, audio and files as short
  placeholders (a CrewAI tool message is text). Bad arguments, `ToolError` and denials are
  returned as CrewAI's `ToolFailure` (the model reads the text naming the tool and the fields;
  the run goes on under the default `tool_failure_policy`). Other exceptions follow `errors=`
  (default: raised, and CrewAI shows `Error executing tool: ...`, as for a native tool).
  `meta["return_direct"]` is `result_as_answer`. Results are not cached (each call runs the
  tool; `cache=True` lets CrewAI cache them).
- **Context.** CrewAI passes a tool nothing per call; its before-tool-call hook sees the call
  (`ToolCallHookContext`: agent, task, crew, input). The adapter registers one hook (`gate`),
  which hands that context to the call it precedes. The neutral context is the object bound
  with `run_context(obj)` around `crew.kickoff(...)`, else the crew's kickoff `inputs`, else
  None; `context=` receives the `ToolCallHookContext` (None outside an agent run).
- **Approval.** CrewAI's native confirmation is a before-tool-call hook: for a call that needs
  approval, `gate` asks the human through `ToolCallHookContext.request_human_input` (answer
  `y`/`yes` to approve) and raises `HookAborted` otherwise (CrewAI tells the model the call was
  blocked). Hooks are process-global and a hook that fails lets the tool run, so the tool itself
  also checks: a gated call runs only when `gate` recorded an approval for exactly that call;
  anything else (hooks cleared, called outside a run, a raising hook) is a denial and the tool
  does not run. `approval=` asks a callback inside the call instead.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from crewai.hooks import (
    HookAborted,
    ToolCallHookContext,
    get_before_tool_call_hooks,
    register_before_tool_call_hook,
)
from crewai.tools import BaseTool
from crewai.tools.tool_failure import ToolFailure, ToolFailureReason
from pydantic import BaseModel, PrivateAttr
from typing_extensions import Unpack

from interop import StandardToolV0
from interop._kit import ToolResultText, convert_tools
from interop.bridge import (
    ApprovalRequest,
    BoundContext,
    Invoker,
    Outcome,
    ToolOptions,
    input_json_schema,
    meta_flag,
    output_json_schema,
    prepare,
    schema_model,
    set_origin,
)
from interop.jsonschema import resolve_strict

ContextHook = Callable[["ToolCallHookContext | None"], Any]
"""Maps CrewAI's `ToolCallHookContext` of a call (None outside an agent run) to the neutral context."""

_UNSET: Any = object()
_BOUND = BoundContext("crewai")

_APPROVE = frozenset({"y", "yes", "approve", "approved"})

__all__ = [
    "ContextHook",
    "CrewAIOptions",
    "StandardCrewAITool",
    "default_context",
    "gate",
    "run_context",
    "to_crewai",
    "to_crewai_tools",
]


class CrewAIOptions(ToolOptions, total=False):
    """`to_crewai` options: the shared ones (see `interop.bridge.Options`) plus:"""

    cache: bool
    """Let CrewAI cache results by arguments (default False: every call runs the tool)."""


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give the converted tools `value` as their neutral context for the runs started inside this
    block: `with run_context(deps): crew.kickoff()` (by identity: a DB handle or a client works;
    CrewAI copies it into its agent and tool threads)."""
    return _BOUND.bind(value)


def default_context(hook: ToolCallHookContext | None) -> Any:
    """The object bound with `run_context(...)`, else the crew's kickoff `inputs`, else None."""
    bound = _BOUND.get(_UNSET)
    if bound is not _UNSET:
        return bound
    crew = getattr(hook, "crew", None)
    inputs = getattr(crew, "_inputs", None) if crew is not None else None
    return inputs if inputs else None


def _args_model(name: str, schema: dict[str, Any]) -> type[BaseModel]:
    """A pydantic class whose JSON Schema is `schema` and which passes any arguments through
    unchanged (no fields: CrewAI's `_validate_kwargs` and ReAct parser leave the call as sent)."""
    return schema_model(f"{name}_arguments", schema, module=__name__)


def _result_model(name: str, schema: dict[str, Any] | None) -> type[BaseModel] | None:
    return None if schema is None else _args_model(f"{name}_result", schema)


def _strict(tool: StandardToolV0[Any, Any, Any], name: str) -> tuple[dict[str, Any], Any]:
    """(the schema the args model shows, the restore for the nulls its optional fields get).
    CrewAI makes every schema strict itself, so ours is compiled whenever it can be (the tool's
    `meta["strict"]` cannot switch CrewAI's rewrite off, and is not read)."""
    schema = input_json_schema(tool)
    compiled = resolve_strict(schema, None, tool_name=name, default="if-possible")
    if compiled is None:
        return schema, None
    return compiled.schema, compiled.restorer


def _to_crewai(outcome: Outcome) -> Any:
    if outcome.status == "ok":
        return ToolResultText(outcome.text, outcome.value, outcome.parts)
    reason = (
        ToolFailureReason.INVALID_INPUT
        if outcome.error_kind == "arguments"
        else ToolFailureReason.TOOL_REPORTED
    )
    return ToolFailure(message=outcome.text, reason=reason)


@dataclass
class _Call:
    """What `gate` saw of a call, for the call it precedes."""

    tool: Any
    input: dict[str, Any]  # the hook's own dict: later hooks may change it in place
    hook: ToolCallHookContext
    approved: bool


_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("interop_crewai_call", default=None)


def _never_cache(_args: Any = None, _result: Any = None) -> bool:
    return False


class StandardCrewAITool(BaseTool):
    """A CrewAI `BaseTool` running a neutral tool through the invocation pipeline (`to_crewai`)."""

    _invoker: Invoker = PrivateAttr()
    _standard_tool: Any = PrivateAttr()

    @property
    def standard_tool(self) -> StandardToolV0[Any, Any, Any]:
        """The neutral tool this one was converted from."""
        return self._standard_tool  # type: ignore[no-any-return]

    def _take_call(self, kwargs: dict[str, Any]) -> _Call | None:
        call = _CALL.get()
        if call is None or call.tool is not self:
            return None
        _CALL.set(None)
        return call if call.input == kwargs else None

    def _asker(self, call: _Call | None) -> Callable[[ApprovalRequest], bool]:
        if call is None and not _gate_registered():
            register_before_tool_call_hook(gate)  # cleared by someone: back for the next call
        approved = call is not None and call.approved
        return lambda _request: approved  # no recorded approval: fail closed

    def _run(self, *args: Any, **kwargs: Any) -> Any:
        call = self._take_call(kwargs)
        hook = call.hook if call is not None else None
        outcome = self._invoker.invoke(kwargs, hook, ask=self._asker(call))
        return _to_crewai(outcome)

    async def _arun(self, *args: Any, **kwargs: Any) -> Any:
        call = self._take_call(kwargs)
        hook = call.hook if call is not None else None
        outcome = await self._invoker.ainvoke(kwargs, hook, ask=self._asker(call))
        return _to_crewai(outcome)

    def format_output_for_agent(self, raw_result: Any) -> str:
        if isinstance(raw_result, ToolFailure):
            return raw_result.as_agent_message()
        return str(raw_result)


def _ours(hook: ToolCallHookContext) -> StandardCrewAITool | None:
    tool = getattr(hook.tool, "_original_tool", None)
    if isinstance(tool, StandardCrewAITool):
        return tool
    agent_tools = getattr(hook.agent, "tools", None) or []
    for candidate in agent_tools:  # a hook context without the structured tool
        if isinstance(candidate, StandardCrewAITool) and candidate.name == hook.tool_name:
            return candidate
    return None


def _confirm(hook: ToolCallHookContext, name: str) -> bool:
    answer = hook.request_human_input(
        prompt=f"Allow the call to tool {name!r} with arguments {hook.tool_input!r}?",
        default_message="Type 'y' to approve, anything else to refuse:",
    )
    return answer.strip().lower() in _APPROVE


def gate(hook: ToolCallHookContext) -> None:
    """The before-tool-call hook `to_crewai` registers: hands the call's `ToolCallHookContext` to
    the converted tool, and asks the human for a call that needs approval (raising `HookAborted`
    when refused). Other tools' calls pass untouched."""
    tool = _ours(hook)
    if tool is None:
        return
    invoker = tool._invoker
    approved = False
    if invoker.may_need_approval and invoker.callback is None:
        if invoker.needs_approval(dict(hook.tool_input), hook):
            if not _confirm(hook, invoker.name):
                raise HookAborted(f"the call to tool {invoker.name!r} was not approved", source="interop")
            approved = True
    _CALL.set(_Call(tool, hook.tool_input, hook, approved))


def _gate_registered() -> bool:
    return any(h is gate for h in get_before_tool_call_hooks())


def to_crewai(tool: StandardToolV0[Any, Any, Any], **options: Unpack[CrewAIOptions]) -> BaseTool:
    """Convert a neutral tool into a CrewAI tool (a `StandardCrewAITool`) for `Agent(tools=[...])`.

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`) and `cache`. A name CrewAI would rewrite is refused with `ToolNameError`.
    `context=` receives the call's `ToolCallHookContext`; default `default_context`. A tool that
    came from `from_crewai` goes home as the very same object (with no options).
    """
    c = prepare(tool, options, CrewAIOptions, where="to_crewai", rule="crewai", native=BaseTool)
    if c.home is not None:
        return c.home
    name, own = c.name, c.own
    schema, restore = _strict(tool, name)
    invoker = c.invoker(target="CrewAI", context=default_context, native_approval=True, restore=restore)
    converted = StandardCrewAITool(
        name=name,
        description=tool.description,
        args_schema=_args_model(name, schema),
        result_schema=_result_model(name, output_json_schema(tool)),
        result_as_answer=meta_flag(tool.meta, "return_direct"),
    )
    if not own.get("cache"):
        converted.cache_function = _never_cache
    converted._invoker = invoker
    converted._standard_tool = tool
    if not _gate_registered():
        register_before_tool_call_hook(gate)
    set_origin(converted, tool)
    return converted


def to_crewai_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[CrewAIOptions]
) -> list[BaseTool]:
    """Convert several tools for one agent; two tools with the same final name raise
    `ToolNameError` (CrewAI would rename the second one for the model)."""
    return convert_tools(tools, options, to_crewai, "CrewAI")
