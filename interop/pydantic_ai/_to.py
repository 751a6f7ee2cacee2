"""Neutral tool -> pydantic-ai `Tool` (and a `FunctionToolset` of them).

Described: the `ToolDefinition` carries the neutral input JSON Schema verbatim, or, with meta
`strict: True`, its strict compilation (optional fields required-but-nullable; the pipeline drops
those nulls again, so a default keeps its meaning), `strict`, `requires_approval` (a static `True`
becomes pydantic-ai's deferred approval), `defer_loading` (pydantic-ai's tool search reveals the
tool), the JSON-safe meta as `metadata` and the output schema as `return_schema`. Each call goes
through the core invocation pipeline. The arguments are validated once, by the neutral tool's own
input schema: for a `@tool` function on the pipeline's direct path, in pydantic-ai's validation
phase (the toolset tool's `args_validator`, `Invoker.validate_ahead`, from the JSON text in one
pass for parameters of JSON's own types; the call then runs the function with them and checks its
output, `Invoker.ainvoke_value`), else in the call (pydantic-ai's phase then only checks for a
JSON object). The call's `Outcome` maps to pydantic-ai's channels:

- ok: the value (pydantic-ai serializes it); content values and custom model output as a
  `ToolReturn` whose `return_value` the model sees (text and `BinaryContent`) and whose
  `metadata` holds the structured value for the application;
- bad arguments: a pydantic `ValidationError` whose `loc` is each issue's path (a structured
  retry, as for a native tool); `ToolError`: `ModelRetry` (both spend the retry budget);
- a bad result, a denial, an unexpected exception under `errors="all"`/`"masked"`: `ToolFailed`;
- a conditional approval the pipeline finds needed: `ApprovalRequired` (a deferred request).

A resumed approval is bound to the arguments the human saw: the call runs only when
`DeferredToolResults.metadata[call_id]["args_digest"]` is the digest of the tool, the call id and
the arguments it would run with (`approval_results(requests, {...})` builds them from the
`DeferredToolRequests` shown). A message history changed after the request was shown, or an
approval that carries no digest, approves nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic_ai import (
    ApprovalRequired,
    BinaryContent,
    DeferredToolRequests,
    DeferredToolResults,
    FunctionToolset,
    ModelRetry,
    RunContext,
    Tool,
    ToolApproved,
    ToolFailed,
    ToolReturn,
)
from pydantic_ai._function_schema import FunctionSchema
from pydantic_ai.tools import DeferredToolApprovalResult
from pydantic_ai.toolsets import ToolsetTool
from pydantic_core import (
    InitErrorDetails,
    PydanticCustomError,
    SchemaValidator,
    ValidationError,
    core_schema,
    from_json,
)
from typing_extensions import Unpack

from interop import ApprovalDeniedError, StandardToolV0, StandardToolValidationError
from interop._digest import args_digest
from interop._kit import MAX_ISSUES_SHOWN, strict_preference, toolset_options
from interop.bridge import (
    PENDING,
    ApprovalRequest,
    Invoker,
    Outcome,
    ToolOptions,
    approval_rule,
    check_unique_names,
    describe_error,
    json_safe_meta,
    object_input_schema,
    output_json_schema,
    prepare,
    set_origin,
    to_json_text,
)
from interop.jsonschema import resolve_strict

from ._common import CURRENT_CALL, INITIAL_APPROVAL, METADATA_KEY
from ._durable import dbos_workflow, run_step, step_options

__all__ = [
    "ARGS_DIGEST_KEY",
    "ContextHook",
    "PydanticAIOptions",
    "approval_results",
    "to_pydantic_ai",
    "to_pydantic_ai_toolset",
]

ContextHook = Callable[[RunContext[Any]], Any]
"""Maps pydantic-ai's `RunContext` to the neutral `context` (default: `ctx.deps`)."""


class PydanticAIOptions(ToolOptions, total=False):
    """`to_pydantic_ai` options: the shared ones (see `interop.bridge.Options`) plus:"""

    max_retries: int
    """The tool's retry budget (default: the agent's)."""
    include_return_schema: bool
    """Show the output schema to the model (default: pydantic-ai's)."""


# The arguments must be a JSON object to be passed as keywords; everything else is the pipeline's
# business. A non-object gets pydantic-ai's usual structured retry.
_OBJECT_ARGS = SchemaValidator(core_schema.dict_schema(keys_schema=core_schema.str_schema()))


class _ArgsValidator:
    """pydantic-ai's argument validation phase (the toolset tool's `args_validator`), done by the
    neutral tool's own input schema (`Invoker.validate_ahead`), so the call does not validate
    again: bad arguments are the pipeline's `ValidationError` (each field's path) raised in
    pydantic-ai's own phase, its structured retry. Partial arguments (a call still streaming) are
    only checked to be an object. For a tool the pipeline validates in the call, it is that
    object check alone (`_OBJECT_ARGS`)."""

    __slots__ = ("_name", "_one_pass", "_validate")

    def __init__(self, invoker: Invoker) -> None:
        self._validate = invoker.validate_ahead
        self._one_pass = invoker.validate_ahead_json
        self._name = invoker.name

    def validate_json(
        self, input: str | bytes | bytearray, *, allow_partial: Any = False, **kwargs: Any
    ) -> Any:
        if allow_partial is not False and allow_partial != "off":
            return _OBJECT_ARGS.validate_json(input, allow_partial=allow_partial, **kwargs)
        if type(input) is str:  # valid arguments of JSON's own types: one pass (most calls)
            args = self._one_pass(input)
            if args is not None:
                return args
        try:  # the parser of `_OBJECT_ARGS.validate_json`, without its keyword handling per call
            args = from_json(input)
        except ValueError:
            args = _OBJECT_ARGS.validate_json(input)  # raises pydantic-ai's structured error
        if type(args) is not dict:  # (a JSON object's keys are strings)
            args = _OBJECT_ARGS.validate_python(args)  # raises it too
        return self._ahead(args)

    def validate_python(self, input: Any, *, allow_partial: Any = False, **kwargs: Any) -> Any:
        if allow_partial is not False and allow_partial != "off":
            return _OBJECT_ARGS.validate_python(input, allow_partial=allow_partial, **kwargs)
        return self._ahead(_OBJECT_ARGS.validate_python(input))

    def _ahead(self, args: dict[str, Any]) -> Any:
        try:
            return self._validate(args, decoded=True)
        except StandardToolValidationError as e:
            raise _input_error(e, self._name, describe_error(e, self._name), args) from e


@dataclass(kw_only=True)
class _Schema(FunctionSchema):
    """The converted tool's function schema: `call` (what pydantic-ai's toolset awaits with the
    validated arguments) is `run_args`, which hands the arguments dict to the pipeline as it is
    (no keyword round trip through `function`, which does the same for a caller of
    `Tool.function`; an instance attribute: no method frame per call)."""

    run_args: Callable[[dict[str, Any], RunContext[Any]], Awaitable[Any]]
    """`function` taking the arguments dict (`call`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "call", self.run_args)


_MAX_ECHO = 200


def _value_at(args: Any, path: tuple[str | int, ...]) -> Any:
    """The offending value for an issue (the deepest value the path reaches, as pydantic reports)."""
    value = args
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            break
    return value


def _echo(value: Any) -> Any:
    """The offending value as shown back to the model: short (no 10 MB or 1000-deep echo)."""
    if isinstance(value, str):
        return value if len(value) <= _MAX_ECHO else value[:_MAX_ECHO] + "..."
    if isinstance(value, (dict, list)):
        try:
            small = len(to_json_text(value)) <= _MAX_ECHO
        except (ValueError, RecursionError):
            small = False
        return value if small else f"<{type(value).__name__} of {len(value)} items>"
    return value


def _input_error(exc: StandardToolValidationError, tool_name: str, text: str, args: Any) -> Exception:
    """Bad arguments as a pydantic `ValidationError`, so the model sees each field's path."""
    if not exc.issues:
        return ModelRetry(text)
    details = [
        InitErrorDetails(
            type=PydanticCustomError("invalid_argument", issue.message),
            loc=issue.path,
            input=_echo(_value_at(args, issue.path)),
        )
        for issue in exc.issues[:MAX_ISSUES_SHOWN]
    ]
    if len(exc.issues) > MAX_ISSUES_SHOWN:
        more = f"... and {len(exc.issues) - MAX_ISSUES_SHOWN} more issues"
        details.append(
            InitErrorDetails(type=PydanticCustomError("invalid_argument", more), loc=(), input=None)
        )
    return ValidationError.from_exception_data(tool_name, details)


def _part(part: Any) -> Any:
    return part if isinstance(part, str) else BinaryContent(data=part.data, media_type=part.media_type)


def _to_pydantic_ai(outcome: Outcome, args: dict[str, Any]) -> Any:
    """An `Outcome` as what a pydantic-ai tool function returns or raises."""
    if outcome.status == "ok":
        if not outcome.shaped and not outcome.has_content:
            return outcome.value
        shown: Any = [_part(p) for p in outcome.parts]
        if len(shown) == 1 and isinstance(shown[0], str):
            shown = shown[0]
        return ToolReturn(return_value=shown, metadata=outcome.value)
    if outcome.status == "pending":
        request = outcome.request
        digest = args_digest(outcome.name, request.tool_call_id, args) if request is not None else None
        raise ApprovalRequired({"tool": outcome.name, ARGS_DIGEST_KEY: digest})
    error = outcome.error
    if outcome.error_kind == "arguments" and isinstance(error, StandardToolValidationError):
        raise _input_error(error, outcome.name, outcome.text, args) from error
    if outcome.error_kind == "tool":
        raise ModelRetry(outcome.text) from error
    raise ToolFailed(outcome.text) from error  # a bad result, a denial, or errors="all"/"masked"


ARGS_DIGEST_KEY = "args_digest"
"""The key of `DeferredToolResults.metadata[call_id]` (and of a deferred request's metadata)
holding the digest of the arguments an approval is for."""


def _ask(ctx: RunContext[Any], name: str, args: dict[str, Any]) -> Callable[[ApprovalRequest], Any]:
    """pydantic-ai's native approval: a call it approved runs when the approval carries the digest
    of these arguments (see the module doc); any other is deferred."""
    if not ctx.tool_call_approved:
        return lambda _request: PENDING
    metadata = ctx.tool_call_metadata
    given = metadata.get(ARGS_DIGEST_KEY) if isinstance(metadata, dict) else None

    def ask(request: ApprovalRequest) -> bool:
        if not _same(given, args_digest(name, ctx.tool_call_id, args)):
            raise ApprovalDeniedError(
                name,
                "the approval is not bound to these arguments (no args_digest of them in "
                "DeferredToolResults.metadata): resume with interop.pydantic_ai.approval_results(requests, ...)",
            )
        return True

    return ask


def _same(given: Any, expected: str) -> bool:
    import hmac

    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


def approval_results(
    requests: DeferredToolRequests,
    approvals: Mapping[str, bool | DeferredToolApprovalResult],
    *,
    calls: dict[str, Any] | None = None,
) -> DeferredToolResults:
    """`DeferredToolResults` for the approval requests a human saw, each approval bound to the
    arguments shown (or to `ToolApproved(override_args=...)`'s): `approvals` maps call ids to
    `True`, `False`, `ToolApproved(...)` or `ToolDenied(message)` (keys checked as pydantic-ai's
    `build_results` checks them); `calls` answers external calls."""
    metadata: dict[str, dict[str, Any]] = {}
    for part in requests.approvals:
        decision = approvals.get(part.tool_call_id)
        if decision is None:
            continue
        args: Any = part.args_as_dict()
        if isinstance(decision, ToolApproved) and decision.override_args is not None:
            args = decision.override_args
        own = dict(requests.metadata.get(part.tool_call_id) or {})
        own[ARGS_DIGEST_KEY] = args_digest(part.tool_name, part.tool_call_id, args)
        metadata[part.tool_call_id] = own
    return requests.build_results(approvals=approvals, calls=calls, metadata=metadata)


def _make_function(
    invoker: Invoker,
) -> tuple[Callable[..., Any], Callable[[dict[str, Any], RunContext[Any]], Awaitable[Any]]]:
    """The function pydantic-ai calls, as `Tool.function`: `(ctx, /, **args)`, so an argument named
    `ctx` passes through; and the same taking the arguments dict, for `_Schema.call`.

    Always async: the pipeline runs a sync tool on a worker thread (as pydantic-ai runs its own
    sync functions) and an async one on pydantic-ai's loop. Called from DBOS workflow code, the
    call is a DBOS step (`_durable`).
    """
    gated = invoker.may_need_approval or invoker.lends_channel  # else no asker is needed
    durable = step_options(invoker.name, invoker.tool.meta)
    ainvoke = invoker.ainvoke_value
    modules = sys.modules

    async def call(ctx: RunContext[Any], args: dict[str, Any]) -> Any:
        token = CURRENT_CALL.set(ctx)
        try:
            ask = _ask(ctx, invoker.name, args) if gated else None
            done = await ainvoke(args, ctx, call_id=ctx.tool_call_id, ask=ask)
        finally:
            CURRENT_CALL.reset(token)
        if type(done) is not Outcome:
            return done  # the value of a call validated ahead (most calls)
        return _to_pydantic_ai(done, args)

    def run_args(args: dict[str, Any], ctx: RunContext[Any]) -> Coroutine[Any, Any, Any]:
        if "dbos" in modules:  # (`dbos_workflow` needs DBOS imported: no call per call without it)
            dbos = dbos_workflow()
            if dbos is not None:  # DBOS workflow code: the call is a recorded step
                return run_step(dbos, durable, call, ctx, args)
        return call(ctx, args)

    async def run(ctx: RunContext[Any], /, **args: Any) -> Any:
        return await run_args(args, ctx)

    return run, run_args


def _deps(ctx: RunContext[Any]) -> Any:
    return ctx.deps


def _whole_context(ctx: RunContext[Any]) -> RunContext[Any]:
    return ctx


def to_pydantic_ai(tool: StandardToolV0[Any, Any, Any], **options: Unpack[PydanticAIOptions]) -> Tool[Any]:
    """A pydantic-ai `Tool` that runs the neutral tool (usable in `Agent(tools=[...])`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table), `max_retries` and `include_return_schema`.
    Context defaults to `ctx.deps` (a tool that came from pydantic-ai gets the whole `RunContext`).
    A tool that came from pydantic-ai and is converted with no options goes home as the very
    same object.
    """
    c = prepare(
        tool,
        options,
        PydanticAIOptions,
        where="to_pydantic_ai",
        rule="pydantic-ai",
        native=(Tool, ToolsetTool),
        home_if=lambda origin: isinstance(origin, Tool) and _enforces(origin, tool),
    )
    if isinstance(c.home, Tool):
        return c.home
    shared, own, name = c.options, c.own, c.name
    schema = object_input_schema(tool, "pydantic-ai")
    # strict when meta asks (compiled here, so optional fields stay optional: nullable, null =
    # omitted); unset, pydantic-ai's model profile decides, as for its own tools
    compiled = resolve_strict(schema, None, tool_name=name, meta=tool.meta, default="never")
    restore = None
    if compiled is not None:
        schema = compiled.schema
        restore = compiled.restorer
    invoker = c.invoker(
        target="pydantic-ai",
        context=_whole_context if c.origin is not None else _deps,
        native_approval=True,
        restore=restore,
    )
    run, run_args = _make_function(invoker)
    function_schema = _Schema(
        function=run,
        name=name,
        description=tool.description,
        validator=_ArgsValidator(invoker) if invoker.validates_ahead else _OBJECT_ARGS,  # type: ignore[arg-type]
        json_schema=schema,
        takes_ctx=True,
        is_async=True,
        run_args=run_args,
    )
    out_schema = output_json_schema(tool)
    if out_schema is not None:
        function_schema.return_schema = out_schema
    native: Tool[Any] = Tool(
        run, takes_ctx=True, name=name, description=tool.description, function_schema=function_schema
    )
    native.strict = strict_preference(None, tool.meta)  # True exactly when compiled above
    native.requires_approval = invoker.always_needs_approval and shared.approval is None
    native.max_retries = own.get("max_retries")
    native.include_return_schema = own.get("include_return_schema")
    native.metadata = _metadata(tool)
    native.defer_loading = tool.meta.get("defer_loading") is True  # pydantic-ai's own tool search finds it
    object.__setattr__(native, INITIAL_APPROVAL, (native.requires_approval, native.prepare))
    set_origin(native, tool)
    return native


def _enforces(native: Tool[Any], tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether the native tool enforces the neutral tool's approval rule itself (it may go home).

    A rule read from a `metadata` label alone is not enforced by pydantic-ai: such a tool is wrapped.
    """
    rule = approval_rule(tool.meta)
    if rule is False:
        return True
    if rule is True:
        return native.requires_approval is True
    return native.requires_approval is True or native.prepare is not None


def _metadata(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any] | None:
    metadata = json_safe_meta(tool.meta)
    if tool.title is not None:
        metadata[METADATA_KEY] = {"title": tool.title}
    return metadata or None


def to_pydantic_ai_toolset(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    id: str | None = None,
    **options: Unpack[PydanticAIOptions],
) -> FunctionToolset[Any]:
    """A `FunctionToolset` of converted tools, for `Agent(toolsets=[...])` (duplicate names raise).

    Options apply to every tool as in `to_pydantic_ai` (`rename` as a mapping or function); `id`
    names the toolset (durable execution needs one).
    """
    options = toolset_options(tools, options)
    converted = [to_pydantic_ai(t, **options) for t in tools]
    check_unique_names((t.name for t in converted), "pydantic-ai")
    return FunctionToolset(converted, id=id)
