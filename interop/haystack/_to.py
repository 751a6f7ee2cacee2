"""`to_haystack`: a neutral tool as a Haystack `Tool` that an `Agent` calls as usual.

What the converted tool does:

- **Schema.** `parameters` is the neutral input JSON Schema, verbatim (Haystack checks it against
  the 2020-12 metaschema and sends it to the model as it is). Haystack has no slot for a title,
  an output schema or meta: they stay on the neutral tool (`standard_tool`).
- **Validation once.** The model's raw arguments go to the neutral `execute`, which validates
  them; Haystack validates nothing.
- **Results.** The model reads text (a string as it is, data as JSON) or, for images and files,
  Haystack content (`ImageContent`, `FileContent`; audio as a short placeholder): the tool is
  built with `outputs_to_string={"raw_result": True}`, so Haystack passes that on unchanged.
  The structured value goes to the agent's `State` under the keys of `outputs_to_state=`
  (Haystack's own format, applied to the structured value).
- **Errors.** Bad arguments, `ToolError` and denials raise Haystack's `ToolInvocationError`
  carrying our text (the tool and the fields named), so the `Agent` shows it to the model as an
  error result (`error=True`) and goes on, as for a failing native tool (or stops, with
  `raise_on_tool_invocation_failure=True`). Other exceptions do what they do in a native tool
  (with the default `errors="model-facing"`; the pipeline decides, nothing is caught after it):
  a `ToolInvocationError` chained to the original, except that its text does not list the
  call's arguments (Haystack's own text would repr every keyword argument, the injected `State`
  and with it the context included).
- **Context.** The tool takes Haystack's `State` (an annotated hidden parameter the `Agent`
  injects; never in the schema, never settable by the model). The neutral context is, by
  default, the state value under `CONTEXT_KEY` (`"interop_context"`), read by identity (no
  copy): declare it in the agent's `state_schema` and pass it to `run`:
  `Agent(..., state_schema=state_schema())` then `agent.run(messages, interop_context=deps)`.
  `context=` maps the `State` (None when the tool is invoked outside an agent) to the neutral
  context instead.
- **Approval.** Haystack's confirmation strategies decide: `confirmation_strategy=` (any
  `ConfirmationStrategy`, e.g. `BlockingConfirmationStrategy(confirmation_policy=...,
  confirmation_ui=...)`, or your own whose `run` decides) is asked inside each call that needs
  approval (`requires_approval` `True`, or a predicate of the validated input and the context),
  with the run's `hook_context`; a rejection reaches the model as an error result with the
  reviewer's feedback and the tool does not run. Without a strategy a tool that needs approval
  needs `approval=` (a callback) or `allow_unapproved=True` (for instance when your agent's own
  `ConfirmationHook` guards it).
- **Sync and async.** `invoke` (the `Agent.run` path, on Haystack's worker threads) and
  `invoke_async` (the `Agent.run_async` path; a sync tool runs on a worker thread).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from haystack.components.agents.state import State
from haystack.dataclasses import FileContent, ImageContent, TextContent
from haystack.tools.errors import ToolInvocationError
from haystack.tools.tool import Tool
from haystack.tools.toolset import Toolset
from typing_extensions import Unpack

import interop
from interop import bridge
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import convert_tools

if TYPE_CHECKING:
    # `from haystack.tools import Tool, Toolset, tool` loads no human-in-the-loop hooks: a strategy
    # given to `to_haystack` is only called (its `run` / `run_async`)
    from haystack.hooks.human_in_the_loop.types import ConfirmationStrategy

    from interop import StandardToolV0
    from interop.bridge import ApprovalRequest, Invoker, Outcome


CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The `State` key the default context mapping reads (declare it in the agent's `state_schema`)."""

STATE_PARAM = "__interop_state__"
"""The hidden, `State`-annotated parameter under which the `Agent` injects its live `State`."""

ContextHook = Callable[["State | None"], Any]
"""Maps Haystack's `State` (None outside an agent) to the neutral context (or an awaitable)."""

__all__ = [
    "CONTEXT_KEY",
    "STATE_PARAM",
    "ContextHook",
    "HaystackOptions",
    "StandardHaystackTool",
    "default_context",
    "state_schema",
    "to_haystack",
    "to_haystack_tools",
]


def state_schema(key: str = CONTEXT_KEY) -> dict[str, Any]:
    """The `state_schema` entry the default context mapping needs: `Agent(state_schema=state_schema())`."""
    return {key: {"type": object}}


def default_context(state: State | None) -> Any:
    """The neutral context: the state value under `CONTEXT_KEY` (the object itself, not a copy)."""
    if state is None:
        return None
    return state.data.get(CONTEXT_KEY)


class HaystackOptions(bridge.ToolOptions, total=False):
    """`to_haystack` options: the shared ones (see `interop.bridge.Options`) plus:"""

    confirmation_strategy: ConfirmationStrategy
    """Haystack's own approval: asked inside each call that needs approval (see the module doc)."""
    outputs_to_state: dict[str, dict[str, Any]]
    """Haystack's `outputs_to_state`, applied to the structured value of each successful call."""


def _content(part: Any) -> TextContent | ImageContent | FileContent:
    if isinstance(part, str):
        return TextContent(text=part)
    kind = type(part).__name__
    if kind == "Image":
        return ImageContent(base64_image=part.base64, mime_type=part.media_type, validation=False)
    if kind == "File":
        return FileContent(
            base64_data=part.base64, mime_type=part.media_type, filename=part.name, validation=False
        )
    return TextContent(text=bridge.placeholder(part))  # Haystack tool results carry no audio


def _model_output(outcome: Outcome) -> Any:
    """What the model reads for a successful call: text, or Haystack content parts."""
    if outcome.has_content:
        return [_content(p) for p in outcome.parts]
    return outcome.text


def _failure_text(name: str) -> Callable[[BaseException], str]:
    """The pipeline's text for an unexpected exception (`Invoker(failure_text=...)`): Haystack's
    own for a failing native tool, without the call's arguments in it."""

    def text(error: BaseException) -> str:
        return f"Failed to invoke Tool `{name}`. Error: {bridge.exception_text(error)}"

    return text


def _strategy_asker(
    strategy: ConfirmationStrategy, description: str, state: State | None, *, is_async: bool
) -> Callable[[ApprovalRequest], Any]:
    """The pipeline's `ask`: Haystack's confirmation strategy decides this call."""
    hook_context = state.data.get("hook_context") if state is not None else None

    def decide(decision: Any, request: ApprovalRequest) -> bool:
        if not getattr(decision, "execute", False):
            feedback = getattr(decision, "feedback", None)
            raise interop.ApprovalDeniedError(
                request.tool_name, feedback if isinstance(feedback, str) else None
            )
        final = getattr(decision, "final_tool_params", None)
        if final is not None and final != request.input:  # a reviewer's edit: the model must call again
            raise interop.ApprovalDeniedError(
                request.tool_name,
                getattr(decision, "feedback", None)
                or f"the reviewer changed the arguments to {bridge.to_json_text(final)}; call the tool again with them",
            )
        return True

    def inputs(request: ApprovalRequest) -> dict[str, Any]:
        params = request.input if isinstance(request.input, dict) else {}
        return {
            "tool_name": request.tool_name,
            "tool_description": description,
            "tool_params": dict(params),
            "tool_call_id": request.tool_call_id,
            "confirmation_strategy_context": hook_context,
        }

    if is_async and hasattr(strategy, "run_async"):

        async def ask_async(request: ApprovalRequest) -> bool:
            return decide(await strategy.run_async(**inputs(request)), request)

        return ask_async

    def ask(request: ApprovalRequest) -> bool:
        return decide(strategy.run(**inputs(request)), request)

    return ask


class StandardHaystackTool(Tool):
    """A Haystack `Tool` that runs a neutral tool through the invocation pipeline (`to_haystack`).

    It is a `Tool` like any other (an `Agent` lists, calls and reports it natively).
    `standard_tool` is the neutral tool it was converted from.
    """

    standard_tool: StandardToolV0[Any, Any, Any]
    _invoker: Invoker
    _strategy: ConfirmationStrategy | None

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        invoker: Invoker,
        confirmation_strategy: ConfirmationStrategy | None = None,
        outputs_to_state: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        name = invoker.name
        parameters = bridge.input_json_schema(tool)
        if STATE_PARAM in (parameters.get("properties") or {}):
            raise interop.InteropError(f"tool {tool.name!r}: the argument name {STATE_PARAM!r} is reserved")
        object.__setattr__(self, "standard_tool", tool)
        object.__setattr__(self, "_invoker", invoker)
        object.__setattr__(self, "_strategy", confirmation_strategy)

        def function(**kwargs: Any) -> Any:
            """Run the tool; what the model reads, or `ToolInvocationError`."""
            return self.invoke(**kwargs)

        async def async_function(**kwargs: Any) -> Any:
            return await self.invoke_async(**kwargs)

        for f in (function, async_function):
            f.__name__ = name
            f.__doc__ = tool.description
            sig = inspect.Signature(
                [
                    inspect.Parameter(
                        STATE_PARAM, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=State
                    ),
                    inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD, annotation=Any),
                ]
            )
            setattr(f, "__signature__", sig)  # noqa: B010 - the Agent injects State by this annotation
            f.__annotations__ = {STATE_PARAM: State, "kwargs": Any}
        super().__init__(
            name=name,
            description=tool.description,
            parameters=parameters,
            function=function,
            async_function=async_function,
            outputs_to_string={"raw_result": True},
            outputs_to_state=outputs_to_state,
        )

    @staticmethod
    def _pop_state(kwargs: dict[str, Any]) -> State | None:
        """Take the injected `State` out of the arguments (only a real `State` counts)."""
        state = kwargs.get(STATE_PARAM)
        if isinstance(state, State):
            del kwargs[STATE_PARAM]
            return state
        return None

    def _asker(self, state: State | None, *, is_async: bool) -> Callable[[ApprovalRequest], Any] | None:
        strategy = self._strategy
        if strategy is None or not self._invoker.may_need_approval:
            return None
        return _strategy_asker(strategy, self.description, state, is_async=is_async)

    def _result(self, outcome: Outcome, state: State | None) -> Any:
        if outcome.status != "ok":  # bad arguments, ToolError, denied, a failure: the model reads our text
            raise ToolInvocationError(outcome.text, tool_name=outcome.name) from outcome.error
        if state is not None and self.outputs_to_state:
            self._to_state(outcome.value, state)
        return _model_output(outcome)

    def _to_state(self, value: Any, state: State) -> None:
        """Haystack's `outputs_to_state` rules, on the structured value."""
        for key, config in (self.outputs_to_state or {}).items():
            source = config.get("source")
            if source is not None:
                if not isinstance(value, Mapping) or source not in value:
                    continue
                out = value[source]
            else:
                out = value
            state.set(key, out, handler_override=config.get("handler"))

    def invoke(self, /, **kwargs: Any) -> Any:  # type: ignore[override]
        """Sync call (the `Agent.run` path): what the model reads, or `ToolInvocationError`."""
        state = self._pop_state(kwargs)
        outcome = self._invoker.invoke(kwargs, state, ask=self._asker(state, is_async=False))
        return self._result(outcome, state)

    async def invoke_async(self, /, **kwargs: Any) -> Any:  # type: ignore[override]
        """Async call (the `Agent.run_async` path; a sync tool runs on a worker thread)."""
        state = self._pop_state(kwargs)
        outcome = await self._invoker.ainvoke(kwargs, state, ask=self._asker(state, is_async=True))
        return self._result(outcome, state)

    def __deepcopy__(self, memo: dict[int, Any]) -> StandardHaystackTool:
        return self  # stateless: `State.get("tools")` deep-copies, and the neutral tool must stay itself

    def __repr__(self) -> str:
        return f"StandardHaystackTool(name={self.name!r})"


def to_haystack(tool: StandardToolV0[Any, Any, Any], **options: Unpack[HaystackOptions]) -> Tool:
    """Convert a neutral tool into a Haystack `Tool` (a `StandardHaystackTool`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table), `confirmation_strategy` and `outputs_to_state`.
    Context defaults to the agent state's `CONTEXT_KEY` value (`default_context`); the `context=`
    hook gets the `State`. A tool that came from Haystack (`from_haystack`) goes home as the very
    same object when no option is given.
    """
    c = bridge.prepare(tool, options, HaystackOptions, where="to_haystack", rule="haystack", native=Tool)
    if c.home is not None:
        return c.home
    strategy: ConfirmationStrategy | None = c.own.get("confirmation_strategy")
    if strategy is not None and not callable(getattr(strategy, "run", None)):
        raise TypeError("confirmation_strategy= must be a Haystack ConfirmationStrategy (with a run method)")
    invoker = c.invoker(
        target="Haystack",
        context=default_context,
        native_approval=strategy is not None,
        failure_text=_failure_text(c.name),
    )
    converted = StandardHaystackTool(
        tool, invoker=invoker, confirmation_strategy=strategy, outputs_to_state=c.own.get("outputs_to_state")
    )
    bridge.set_origin(converted, tool)
    return converted


def to_haystack_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[HaystackOptions]
) -> Toolset:
    """Convert several tools into one `Toolset` (for `Agent(tools=...)`); two tools with the same
    final name raise `ToolNameError` (Haystack refuses duplicates only when the agent runs)."""
    out = convert_tools(tools, options, to_haystack, "Haystack")
    return Toolset(out)
