"""`to_ag2`: a neutral tool as an AG2 v1 `FunctionTool` (and `to_ag2_tools`: a `Toolkit` of them).

Described: `name`, `description` and the neutral input JSON Schema as the function's `parameters`
(passed as `@tool(schema=...)` would pass it: AG2 sends it as given, except that it drops a
top-level `title`, and its OpenAI mapper adds `additionalProperties: false` to an object that does
not say), meta `defer_loading` as the schema's `defer_loading`, meta `return_direct` as a
`final` result (AG2 ends the turn with the tool's text as the answer). AG2 has no slot for a
title, an output schema or other meta: they stay on the neutral tool (`from_ag2` gives it back).

Each call goes through the core invocation pipeline, not AG2's fast_depends model: the model's
arguments (the call's JSON text) go to the neutral validator once. The `Outcome` maps to AG2's
events: a `ToolResultEvent` whose `ToolResult` holds the JSON text the model reads (images and
documents as `BinaryInput` parts beside it; other content as placeholders), with the structured
value in its `metadata["value"]`; bad arguments, `ToolError` and denials a `ToolErrorEvent` whose
result is our message naming the tool and the fields (not a Python traceback), and the turn goes
on. Other exceptions follow `errors=` (default: raised, and AG2 reports them as a
`ToolErrorEvent`, as for its own tools). A failing human-input channel (`HumanInputError`) ends
the turn, as AG2 does for its own tools.

Context: the turn's `dependencies` (`agent.ask(..., dependencies={...})`, merged with the agent's
own: what AG2's `Inject` reads) as a dict, without the entries AG2 adds for itself, or a
`context=` hook that gets AG2's `ConversationContext` of the call. The model's arguments never
reach it.

Approval: meta `requires_approval` uses AG2's own human-in-the-loop channel, as its
`approval_required()` middleware does: each call that needs approval (every call for `True`, the
calls a predicate picks) puts a `ToolApprovalRequest` naming the call to the agent's `hitl_hook`
(`y`/`yes`/`1` approves, `always` approves this tool for the rest of the conversation, as AG2's
own grant; anything else denies and the model is told). The question is asked inside the tool's
own execution, so no path reaches the function unasked; with no `hitl_hook` the turn ends with
AG2's `HumanInputNotProvidedError` and the tool does not run. `approval=` asks a callback instead.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ag2 import Context, Toolkit
from ag2.context import ConversationContext
from ag2.events import BinaryInput, ToolApprovalRequest, ToolCallEvent, ToolErrorEvent, ToolResultEvent
from ag2.events.input_events import BinaryType, TextInput
from ag2.exceptions import HumanInputError
from ag2.middleware.builtin.tools.approval import BYPASS_KEY
from ag2.tools import ToolResult
from ag2.tools.final.function_tool import FunctionDefinition, FunctionTool, FunctionToolSchema
from ag2.utils import CONTEXT_OPTION_NAME, build_model
from typing_extensions import Unpack

from interop import ToolError, bridge
from interop._kit import convert_tools

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from interop import StandardToolV0
    from interop.bridge import ApprovalRequest, Invoker, Outcome


ContextHook = Callable[["ConversationContext | None"], Any]
"""Maps AG2's `ConversationContext` of a call (None outside a turn) to the neutral context."""

bridge.register_control_flow(HumanInputError)  # the human-input channel failing ends the turn

_PROMPT = "Agent wants to call the tool:\n`{tool_name}`, {tool_arguments}\nPlease approve or deny this request.\nY/N{always}?\n"
_YES = frozenset({"y", "yes", "1"})
_DOCUMENTS = frozenset({"application/pdf", "text/plain", "text/markdown", "text/html", "text/csv"})

__all__ = ["AG2Options", "ContextHook", "StandardAG2Tool", "default_context", "to_ag2", "to_ag2_tools"]


class AG2Options(bridge.ToolOptions, total=False):
    """`to_ag2` options: the shared ones (see `interop.bridge.Options`) plus:"""

    approval_prompt: str
    """The question put to the human (`{tool_name}` and `{tool_arguments}` are filled in; default:
    the one of AG2's `approval_required()`)."""
    approval_timeout: float
    """Seconds to wait for the human's answer (default: as long as it takes); when it expires the
    turn ends with AG2's `HumanInputTimeoutError` and the tool does not run."""
    allow_always: bool
    """Whether the answer `always` approves the tool for the rest of the conversation (default True,
    as AG2's `approval_required()`)."""


def default_context(context: ConversationContext | None) -> Any:
    """The neutral context: the turn's `dependencies` by name (what `Inject` reads), without the
    entries AG2 adds for itself (`__ag2_agent__`, ... and type-keyed ones); None when there are none."""
    if context is None:
        return None
    own = {k: v for k, v in context.dependencies.items() if isinstance(k, str) and not k.startswith("__ag2_")}
    return own or None


def _whole_context(context: ConversationContext | None) -> Any:
    return context


@dataclasses.dataclass(frozen=True)
class _Asking:
    prompt: str
    timeout: float | None
    allow_always: bool


def _asker(
    asking: _Asking, grant: str, event: ToolCallEvent, context: Any
) -> Callable[[ApprovalRequest], Any]:
    """AG2's own approval question for one call (what `approval_required()` asks), put to the
    turn's human-input channel; only the answers AG2 takes as yes approve."""

    async def ask(request: ApprovalRequest) -> bool:
        if not isinstance(context, ConversationContext):
            return False  # no turn, no human to ask: the call does not run
        if asking.allow_always and context.variables.get(BYPASS_KEY, {}).get(grant):
            return True
        question = ToolApprovalRequest(
            asking.prompt.format(tool_name=request.name, tool_arguments=event.arguments),
            tool_call_id=event.id,
            timeout=asking.timeout,
        )
        answer = (await context.ask(question)).strip().lower()
        if asking.allow_always and answer == "always":
            context.variables[BYPASS_KEY] = {**context.variables.get(BYPASS_KEY, {}), grant: True}
            return True
        return answer in _YES

    return ask


def _binary(part: Any) -> BinaryInput | None:
    kind = bridge.content_kind(part)
    if kind == "image":
        return BinaryInput(part.data, media_type=part.media_type, kind=BinaryType.IMAGE)
    if kind == "file" and part.media_type in _DOCUMENTS:
        return BinaryInput(part.data, media_type=part.media_type, kind=BinaryType.DOCUMENT)
    return None  # audio and other files: the placeholder in the text stands for them


def _result(outcome: Outcome, final: bool) -> ToolResult:
    """The `ToolResult` of an ok `Outcome`: the text, content AG2 carries, the value in `metadata`."""
    metadata = {} if outcome.has_content else {"value": bridge.to_jsonable(outcome.value)}
    if final or not outcome.has_content:
        return ToolResult(TextInput(outcome.text), final=final, metadata=metadata)
    parts: list[Any] = []
    for part in outcome.parts:
        binary = None if isinstance(part, str) else _binary(part)
        if binary is not None:
            parts.append(binary)
        else:
            parts.append(TextInput(part if isinstance(part, str) else bridge.placeholder(part)))
    return ToolResult(parts=parts, metadata=metadata)


def _event(outcome: Outcome, call: ToolCallEvent, final: bool) -> ToolResultEvent:
    if outcome.status == "ok":
        return ToolResultEvent(parent_id=call.id, name=call.name, result=_result(outcome, final))
    error = ToolError(outcome.text)
    error.__cause__ = outcome.error
    return ToolErrorEvent(parent_id=call.id, name=call.name, error=error, result=ToolResult(outcome.text))


class StandardAG2Tool(FunctionTool):
    """An AG2 `FunctionTool` running a neutral tool through the invocation pipeline (`to_ag2`).

    `standard_tool` is the neutral tool it was converted from. AG2 deep-copies a tool it registers
    (and for `with_middleware`): the copies share the neutral tool and its pipeline.
    """

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        invoker: Invoker,
        parameters: dict[str, Any],
        asking: _Asking | None,
        final: bool,
        defer_loading: bool,
    ) -> None:
        self.standard_tool = tool
        self._invoker = invoker
        self._asking = asking
        self._final = final
        super().__init__(
            build_model(self._entry, serialize_result=False),
            name=invoker.name,
            description=tool.description,
            schema=parameters,
        )
        self.schema = FunctionToolSchema(
            function=FunctionDefinition(
                name=invoker.name, description=tool.description, parameters=parameters
            ),
            defer_loading=defer_loading,
        )

    @property
    def source(self) -> str:
        """The implementation behind this tool (what AG2's approval grants are keyed by)."""
        execute = self.standard_tool.execute
        module = getattr(execute, "__module__", None) or type(self.standard_tool).__module__
        qualname = getattr(execute, "__qualname__", None) or type(self.standard_tool).__qualname__
        return f"interop:{module}:{qualname}:{self.name}"

    def __deepcopy__(self, memo: dict[int, Any]) -> StandardAG2Tool:
        clone = copy.copy(self)
        clone.schema = copy.deepcopy(self.schema, memo)
        clone._middleware = copy.deepcopy(self._middleware, memo)
        return clone

    async def _entry(self, ctx: Context, **arguments: Any) -> Any:
        """AG2's model-based entry point (`tool.model.asolve(...)`): the same pipeline."""
        arguments.pop(CONTEXT_OPTION_NAME, None)
        event = ToolCallEvent(name=self.name, arguments=bridge.to_json_text(arguments))
        result = await self(event, ctx)
        if isinstance(result, ToolErrorEvent):
            raise result.error
        return result.result

    async def __call__(self, event: ToolCallEvent, context: ConversationContext) -> ToolResultEvent:
        if isinstance(context, ConversationContext):
            context = dataclasses.replace(context, tool_call_id=event.id)
        ask = _asker(self._asking, self.source, event, context) if self._asking is not None else None
        try:
            outcome = await self._invoker.ainvoke(event.arguments, context, call_id=event.id, ask=ask)
        except HumanInputError:
            raise  # the human-input channel failed: AG2 ends the turn
        except Exception as e:  # as AG2 reports its own tools' exceptions
            return ToolErrorEvent.from_call(event, error=e)
        return _event(outcome, event, self._final)

    def __repr__(self) -> str:
        return f"StandardAG2Tool(name={self.name!r})"


def _asking(tool: StandardToolV0[Any, Any, Any], c: Any) -> _Asking | None:
    """How the human is asked (None: no native question: no rule, a callback, or opted out)."""
    shared = c.options
    if bridge.approval_rule(tool.meta) is False or shared.approval is not None or shared.allow_unapproved:
        return None
    always = c.own.get("allow_always", True)
    prompt = c.own.get("approval_prompt")
    if prompt is None:
        prompt = _PROMPT.replace("{always}", "/Always" if always else "")
    return _Asking(prompt, c.own.get("approval_timeout"), bool(always))


def to_ag2(tool: StandardToolV0[Any, Any, Any], **options: Unpack[AG2Options]) -> FunctionTool:
    """An AG2 `FunctionTool` running `tool` (or the very AG2 tool `tool` came from).

    Use it as `Agent(..., tools=[to_ag2(t)])` or in a `Toolkit`. Options: the shared ones
    (`rename`, `context`, `approval`, `allow_unapproved`, `errors`, `threaded`) and the approval
    question's `approval_prompt`, `approval_timeout`, `allow_always`. The context defaults to the
    turn's `dependencies`; the `context=` hook gets AG2's `ConversationContext`. Names follow
    OpenAI's rule (1-64 characters from `a-z A-Z 0-9 _ -`).
    """
    c = bridge.prepare(tool, options, AG2Options, where="to_ag2", rule="openai", native=FunctionTool)
    if c.home is not None:
        return c.home
    asking = _asking(tool, c)
    invoker = c.invoker(
        target="AG2",
        context=_whole_context if c.origin is not None else default_context,
        native_approval=asking is not None,
    )
    converted = StandardAG2Tool(
        tool,
        invoker=invoker,
        parameters=bridge.object_input_schema(tool, "AG2"),
        asking=asking,
        final=bridge.meta_flag(tool.meta, "return_direct"),
        defer_loading=bridge.meta_flag(tool.meta, "defer_loading"),
    )
    bridge.set_origin(converted, tool)
    return converted


def to_ag2_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], *, name: str | None = None, **options: Unpack[AG2Options]
) -> Toolkit:
    """A `Toolkit` of converted tools for `Agent(tools=[toolkit])`; two tools with the same final
    name raise `ToolNameError` (AG2 refuses duplicates). `name` is the toolkit's."""
    converted = convert_tools(tools, options, to_ag2, "AG2")
    return Toolkit(*converted, name=name)
