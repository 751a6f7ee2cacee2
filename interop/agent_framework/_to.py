"""`to_agent_framework`: a neutral tool as a Microsoft Agent Framework `FunctionTool`.

Described: `name`, `description`, the neutral input JSON Schema as the tool's `input_model`
(a dict schema, sent verbatim: `to_json_schema_spec()["function"]["parameters"]`),
`approval_mode="always_require"` for meta `requires_approval=True`, and the JSON-safe meta as
`additional_properties` (never sent to a model), the title and output schema under
`additional_properties["interop"]`.

Each call goes through the core invocation pipeline: the converted tool's `invoke` hands the
model's raw arguments to it, so the neutral tool validates once (Agent Framework's lightweight
top-level checks of dict schemas do not run first). The `Outcome` maps to Agent Framework
content: text (JSON text for data), and `Content.from_data` for images, audio and files. Agent
Framework shows the model only `"Error: Function failed."` for a raising tool (the detail needs
the client-wide `include_detailed_errors`), so bad arguments, `ToolError` and denials are returned
as the function result the model reads: their text names the tool and the fields, and the loop
goes on (Agent Framework then does not count them toward `max_consecutive_errors_per_request`).
Other exceptions propagate and Agent Framework handles them as for its own tools.

Context: `FunctionInvocationContext.kwargs[CONTEXT_KEY]` (`"interop_context"`, the one key of
every adapter; the round-2 key `"context"` is still read, with a `DeprecationWarning`), i.e. what
the caller passes as `agent.run(..., function_invocation_kwargs={CONTEXT_KEY: obj})` (by
identity), or a `context=` hook
that gets the `FunctionInvocationContext` (its `kwargs`, `session`, `metadata`...; None when the
tool is invoked without one). The model's arguments never reach it.

Approval: `approval_mode="always_require"`: the run returns `user_input_requests`; answer with
`request.to_function_approval_response(True)` in a new `agent.run(...)` on the same
`AgentSession` (Agent Framework binds approvals to the requests it recorded there). Agent
Framework decides approval per tool, never per call, so a conditional `requires_approval`
predicate needs `approval=` (a callback asked for the calls the predicate picks),
`approval_mode="always_require"` (Agent Framework asks about every call), or
`allow_unapproved=True`: otherwise the conversion raises `ApprovalRequiredError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from agent_framework import FunctionTool
from pydantic import BaseModel
from typing_extensions import Unpack

import interop
from interop import bridge
from interop._kit import CARRIED_KEY, carried_meta, context_entry, convert_tools
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._native_approval import loop_approval, native_approval_mode

if TYPE_CHECKING:
    # imported by the first conversion (`StandardFunctionTool`), not by `import interop.agent_framework`:
    # `from agent_framework import tool, FunctionTool` loads neither (Agent Framework's own first
    # conversion loads its middleware module too)
    from agent_framework import Content, FunctionInvocationContext

    from interop import StandardToolV0
    from interop.bridge import ApprovalRequest, Invoker, Outcome


CONTEXT_KEY = _CONTEXT_KEY
"""The `function_invocation_kwargs` key the default context mapping reads (`"interop_context"`, the one key of every
adapter)."""

OLD_CONTEXT_KEY = "context"
"""The `function_invocation_kwargs` key of the neutral context before round 3 (still read, deprecated)."""

META_KEY = CARRIED_KEY
"""The `additional_properties` key holding the title and the output schema."""

ContextHook = Callable[["FunctionInvocationContext | None"], Any]
"""Maps the `FunctionInvocationContext` (None without one) to the neutral context (or an awaitable)."""

ApprovalMode = Literal["always_require", "never_require"]

_CTX_PARAM = "__interop_invocation_context__"

__all__ = [
    "CONTEXT_KEY",
    "META_KEY",
    "AgentFrameworkOptions",
    "ContextHook",
    "StandardFunctionTool",
    "default_context",
    "to_agent_framework",
    "to_agent_framework_tools",
]


class AgentFrameworkOptions(bridge.ToolOptions, total=False):
    """`to_agent_framework` options: the shared ones (see `interop.bridge.Options`) plus:"""

    approval_mode: ApprovalMode
    """Agent Framework's own approval for every call (default: `"always_require"` when meta
    `requires_approval` is `True` and no `approval=` callback is given). `"always_require"` also
    serves a conditional `requires_approval` predicate (asking about every call)."""


def default_context(context: FunctionInvocationContext | None) -> Any:
    """The neutral context: `context.kwargs[CONTEXT_KEY]` (None when absent; the round-2 key
    `"context"` is read when `CONTEXT_KEY` is absent, with a `DeprecationWarning`)."""
    if context is None:
        return None
    return context_entry(context.kwargs, OLD_CONTEXT_KEY, where="to_agent_framework")


def _whole_context(context: FunctionInvocationContext | None) -> Any:
    return context


def _loop_approval(
    context: FunctionInvocationContext | None, tool_call_id: str | None
) -> Callable[[ApprovalRequest], bool]:
    """Agent Framework's approval of one `always_require` call (`bridge.loop_approval`): a call of
    its function-invocation loop (it hands the tool an invocation context and the call id), which
    runs such a call only after a human's `function_approval_response`; with function middleware
    it also passes that response on, which must then approve this very call (its id)."""

    def approved_call() -> Any:
        metadata = getattr(context, "metadata", None)
        response = metadata.get("approval_response") if isinstance(metadata, Mapping) else None
        if response is None:
            return True  # the loop's direct path (no middleware) runs only approved calls
        call = getattr(response, "function_call", None)
        if getattr(response, "approved", None) is not True or call is None:
            return None
        if getattr(call, "call_id", None) != tool_call_id:
            return None
        return call.parse_arguments() or {}

    return loop_approval(context is not None and tool_call_id is not None, approved_call)


def _content(part: Any, content: type[Content]) -> Content:
    if isinstance(part, str):
        return content.from_text(part)
    return content.from_data(data=part.data, media_type=part.media_type, name=getattr(part, "name", None))


def _contents(outcome: Outcome, content: type[Content]) -> list[Content]:
    """An `Outcome` as the content Agent Framework puts in the function result the model reads."""
    if outcome.status == "ok":
        return [_content(p, content) for p in outcome.parts]
    return [content.from_text(outcome.text)]  # the model reads it; see the module doc


def _raw(outcome: Outcome) -> Any:
    if outcome.status == "ok":
        return outcome.value
    raise interop.ToolError(outcome.text) from outcome.error


class StandardFunctionTool(FunctionTool):
    """A `FunctionTool` running a neutral tool through the invocation pipeline (`to_agent_framework`).

    `invoke` (what Agent Framework's function-invocation loop calls) hands the raw arguments to
    the pipeline; calling the tool like a function (`tool(a=1)`) runs it too and returns the
    structured value. `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        invoker: Invoker,
        approval_mode: ApprovalMode,
        additional_properties: dict[str, Any] | None,
    ) -> None:
        from agent_framework import Content, FunctionInvocationContext

        self.standard_tool = tool
        self._invoker = invoker
        self._content_type = Content
        self._loop_approves = approval_mode == "always_require"
        schema = bridge.object_input_schema(tool, "Agent Framework")
        if _CTX_PARAM in (schema.get("properties") or {}):
            raise interop.InteropError(f"tool {tool.name!r}: the argument name {_CTX_PARAM!r} is reserved")
        self._properties = frozenset(schema.get("properties") or ())
        holder = self

        # Declares a `FunctionInvocationContext` parameter, so the loop hands every call its context.
        def call(
            __interop_invocation_context__: FunctionInvocationContext | None = None, **kwargs: Any
        ) -> Any:
            ctx = __interop_invocation_context__
            call_id = ctx.metadata.get("call_id") if ctx is not None else None
            return _raw(holder._invoker.invoke(kwargs, ctx, call_id=call_id, ask=holder._ask(ctx, call_id)))

        # the annotation as an object: `get_type_hints` could not resolve the name (imported here, on
        # the first conversion, not in this module's globals), and a string would not be recognized
        call.__annotations__["__interop_invocation_context__"] = FunctionInvocationContext | None
        call.__name__ = invoker.name
        call.__doc__ = tool.description
        super().__init__(
            name=invoker.name,
            description=tool.description,
            approval_mode=approval_mode,
            additional_properties=additional_properties,
            func=call,
            input_model=schema,
        )

    def _ask(
        self, context: FunctionInvocationContext | None, tool_call_id: str | None
    ) -> Callable[[ApprovalRequest], bool] | None:
        return _loop_approval(context, tool_call_id) if self._loop_approves else None

    def _arguments(self, arguments: Any) -> tuple[Any, bool]:
        """The model's arguments as the pipeline takes them, and whether they are decoded: Agent
        Framework decoded the model's JSON, except text it could not parse (then JSON text)."""
        if isinstance(arguments, BaseModel):
            return arguments.model_dump(exclude_unset=True), True
        if isinstance(arguments, Mapping):
            if set(arguments) == {"raw"} and "raw" not in self._properties:
                # Agent Framework's wrapper: the text it could not parse, or the decoded non-object
                raw = arguments["raw"]
                if isinstance(raw, str):
                    try:
                        json.loads(raw)
                    except ValueError:
                        return raw, False  # the model's text, not JSON: the pipeline says so
                return raw, True  # a decoded value (a string: say a double-encoded object)
            return dict(arguments), True
        return arguments, False  # None, or what a direct caller passed (JSON text is parsed)

    async def invoke(
        self,
        *,
        arguments: BaseModel | Mapping[str, Any] | None = None,
        context: FunctionInvocationContext | None = None,
        tool_call_id: str | None = None,
        skip_parsing: bool = False,
        **kwargs: Any,
    ) -> Any:
        """Run one call (Agent Framework's loop calls this): `list[Content]` for the model, or the
        structured value with `skip_parsing=True` (errors then raise `ToolError`)."""
        if arguments is None:
            arguments = kwargs if kwargs else (context.arguments if context is not None else None)
        given, decoded = self._arguments(arguments)
        outcome = await self._invoker.ainvoke(
            given, context, call_id=tool_call_id, ask=self._ask(context, tool_call_id), decoded=decoded
        )
        if skip_parsing:
            return _raw(outcome)
        return _contents(outcome, self._content_type)

    def __repr__(self) -> str:
        return f"StandardFunctionTool(name={self._invoker.name!r})"


def to_agent_framework(
    tool: StandardToolV0[Any, Any, Any], **options: Unpack[AgentFrameworkOptions]
) -> FunctionTool:
    """An Agent Framework `FunctionTool` running `tool` (or the very `FunctionTool` `tool` came from).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table) and `approval_mode`. Context defaults to
    `function_invocation_kwargs[CONTEXT_KEY]`; the `context=` hook gets the
    `FunctionInvocationContext`. Names follow the provider rule (1-64 characters from
    `a-z A-Z 0-9 _ -`).
    """
    c = bridge.prepare(
        tool, options, AgentFrameworkOptions, where="to_agent_framework", rule="openai", native=FunctionTool
    )
    if c.home is not None:
        return c.home
    given = c.own.get("approval_mode")
    gated = native_approval_mode(
        tool,
        c.options,
        None if given is None else given == "always_require",
        framework="Agent Framework",
        option="approval_mode='always_require'",
    )
    mode: ApprovalMode = "always_require" if gated else "never_require"
    invoker = c.invoker(
        target="Agent Framework",
        context=_whole_context if c.origin is not None else default_context,
        native_approval=mode == "always_require",
    )
    converted = StandardFunctionTool(
        tool, invoker=invoker, approval_mode=mode, additional_properties=carried_meta(tool) or None
    )
    bridge.set_origin(converted, tool)
    return converted


def to_agent_framework_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[AgentFrameworkOptions]
) -> list[FunctionTool]:
    """`to_agent_framework` over a list, for `Agent(tools=[...])`; two tools with the same final
    name raise `ToolNameError` (Agent Framework refuses duplicate tool names)."""
    return convert_tools(tools, options, to_agent_framework, "Agent Framework")
