"""pydantic-ai `Tool` / toolset tool -> neutral tool.

The neutral `execute(input, context)` validates the arguments against the tool's JSON Schema (the
core's inbound path, `bridge.from_native`), then runs the native tool through pydantic-ai's own
path: its argument validator, its `args_validator` function, then the function (or the toolset's
`call_tool`), with a `RunContext` whose `deps` is the neutral `context` (or what a
`native_context=` hook makes of it). Native `ModelRetry` / `ToolFailed` become `ToolError`.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from pydantic_ai import (
    AbstractToolset,
    ApprovalRequired,
    BinaryContent,
    CallDeferred,
    FunctionToolset,
    ModelRetry,
    RunContext,
    Tool,
    ToolFailed,
    ToolReturn,
)
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.toolsets import ToolsetTool
from pydantic_ai.toolsets.approval_required import ApprovalRequiredToolset
from pydantic_ai.toolsets.function import FunctionToolsetTool
from pydantic_ai.toolsets.wrapper import WrapperToolset

from interop import (
    ApprovalDeniedError,
    Audio,
    File,
    Image,
    StandardTool,
    StandardToolV0,
    StandardToolValidationError,
)
from interop._kit import ApprovalPredicate, pydantic_issues, replace_fields
from interop.bridge import (
    approval_rule,
    check_unique_names,
    from_native,
    native_context_option,
    neutral_home,
    set_origin,
)
from interop.protocols import Issue

from ._common import CURRENT_CALL, INITIAL_APPROVAL, METADATA_KEY, offline_run_context

if TYPE_CHECKING:
    from pydantic_ai._function_schema import FunctionSchema

__all__ = ["afrom_pydantic_ai_toolset", "from_pydantic_ai", "from_pydantic_ai_toolset"]

# Validators that accept anything: pydantic-ai's `from_schema` (`any`) and MCP toolsets' dict check.
_NO_OP_VALIDATORS = frozenset({"any", "dict[any,any]", "dict[str,any]"})

DepsHook = Callable[[Any], Any]
"""Maps the neutral context to the `deps` a native tool reads in `ctx.deps` (or to a whole
`RunContext`; may return an awaitable)."""


def from_pydantic_ai(
    native: Tool[Any] | ToolsetTool[Any], *, native_context: DepsHook | None = None
) -> StandardToolV0[Any, Any, Any]:
    """A neutral tool running a pydantic-ai `Tool` or a tool listed by a toolset.

    Accepts `Tool`s made from plain functions, from functions taking `RunContext`, from
    `Tool.from_schema`, and the `ToolsetTool`s a toolset's `get_tools` returns (a
    `FunctionToolset`'s go back to their `Tool`). Name, description, the parameters JSON Schema
    (verbatim), the return schema, `metadata`, `strict`, `requires_approval` and `defer_loading`
    are carried; a
    tool made by `to_pydantic_ai` comes back as the very same neutral tool (with the approval set
    on it since, if any: `requires_approval = True` or a `prepare`).

    Approval: `requires_approval=True` (on the tool or its `FunctionToolset`) becomes
    `meta["requires_approval"] = True`. A `prepare` function is read per call as a conditional
    predicate: it runs with a `RunContext` whose `deps` is the call's neutral context, and the
    call needs approval when it marks the tool `kind="unapproved"` or omits it (returns None: the
    tool is not offered to that run, so it never runs unasked). What else `prepare` changes
    (description, schema) needs a run and is not applied. A tool function that raises
    `ApprovalRequired` itself cannot be read ahead: run inside pydantic-ai (through
    `to_pydantic_ai`) it defers natively; anywhere else the call fails closed as not approved.
    A `ToolReturn` result gives its `return_value`; `BinaryContent` (alone or in a list) comes
    back as `interop.Image` / `Audio` / `File`.

    `native_context`: maps the neutral context to the `deps` the tool (and its `prepare`) reads
    in `ctx.deps`, or to a whole `RunContext` (default: the neutral context is the `deps`, a
    `RunContext` passed as the context is used as it is). With it, a tool made by
    `to_pydantic_ai` runs natively with that hook instead of going home.
    """
    native_context = native_context_option(native_context, {}, where="from_pydantic_ai")
    origin = neutral_home(native)
    if origin is not None and native_context is None:
        return _home(native, origin)
    if isinstance(native, FunctionToolsetTool) and isinstance(native.toolset, FunctionToolset):
        held = native.toolset.tools.get(native.original_name or native.tool_def.name)
        if held is not None and held.tool_def == native.tool_def:  # not changed by `prepare`
            return from_pydantic_ai(held, native_context=native_context)
    own: Any
    single: FunctionSchema | None = None
    if isinstance(native, Tool):
        td, own = native.tool_def, native.function_schema.validator
        if native.function_schema.single_arg_name is not None:
            single = native.function_schema
        call, is_async = _tool_call(native)
    elif isinstance(native, ToolsetTool):
        td, own = native.tool_def, native.args_validator
        call, is_async = _toolset_call(native), True
    else:
        raise TypeError(
            f"from_pydantic_ai needs a pydantic-ai Tool or ToolsetTool, got {type(native).__name__}"
        )
    metadata = dict(td.metadata or {})
    ours = metadata.pop(METADATA_KEY, None)
    title = ours.get("title") if isinstance(ours, Mapping) else None
    name = td.name

    def deny_deferral(e: Exception) -> BaseException | None:
        """Approval (or a deferral) the tool asks for itself is pydantic-ai's control flow inside
        a pydantic-ai tool call (it passes every wrapper and pydantic-ai defers the call);
        anywhere else it fails closed."""
        if isinstance(e, (ApprovalRequired, CallDeferred)) and CURRENT_CALL.get() is None:
            return ApprovalDeniedError(
                name, "the pydantic-ai tool asked for approval itself and this call was not approved"
            )
        return None

    return from_native(
        native,
        framework="pydantic-ai",
        name=name,
        description=td.description or "",
        title=title if isinstance(title, str) else None,
        meta=_meta(td, metadata, native, _run_context(native_context, name)),
        input_schema=td.parameters_json_schema,
        output_schema=td.return_schema or None,
        check_output=False,  # it describes the function's return type; pydantic-ai never checks it
        call=call,
        is_async=is_async,
        native_context=native_context,
        # pydantic-ai's own validation is the tool's contract (lax: "6" for an integer); a
        # validator that checks nothing (`Tool.from_schema`, MCP tools): the JSON Schema instead
        input_validator=None
        if getattr(own, "title", None) in _NO_OP_VALIDATORS
        else _validator(own, name, single),
        decode=_unwrap,
        error_types=(ModelRetry, ToolFailed, ValidationError),
        map_error=deny_deferral,
    )


def from_pydantic_ai_toolset(
    toolset: FunctionToolset[Any], *, native_context: DepsHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a `FunctionToolset` (for other toolsets use `afrom_pydantic_ai_toolset`);
    duplicate names raise `ToolNameError`."""
    out = [from_pydantic_ai(t, native_context=native_context) for t in toolset.tools.values()]
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out


async def afrom_pydantic_ai_toolset(
    toolset: AbstractToolset[Any], *, deps: Any = None, native_context: DepsHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools any toolset lists (MCP, prepared, prefixed, ...), via its `get_tools`.

    Approval set on the toolset is carried: a `prepare` marking tools unapproved (read from the
    listed definitions), and an `ApprovalRequiredToolset`'s function (as a conditional
    `requires_approval` predicate). A toolset that needs entering (an MCP server) must be entered
    (`async with toolset:`) for as long as the neutral tools are used.
    """
    ctx = offline_run_context(deps, tool_name="")
    listed = await toolset.get_tools(ctx)
    gate = _approval_function(toolset)
    out: list[StandardToolV0[Any, Any, Any]] = []
    for tool in listed.values():
        neutral = from_pydantic_ai(tool, native_context=native_context)
        if (
            gate is not None
            and neutral.meta.get("requires_approval") is not True
            and isinstance(neutral, StandardTool)
        ):
            neutral = _with_gate(neutral, tool, gate, _run_context(native_context, tool.tool_def.name))
        out.append(neutral)
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out


def _approval_function(toolset: AbstractToolset[Any]) -> Callable[..., bool] | None:
    """The `approval_required_func` of an `ApprovalRequiredToolset` in the wrapper chain, if any."""
    node: Any = toolset
    while isinstance(node, WrapperToolset):
        if isinstance(node, ApprovalRequiredToolset):
            func: Callable[..., bool] = node.approval_required_func
            return func
        node = node.wrapped
    return None


def _run_context(hook: DepsHook | None, name: str) -> Callable[[Any], Awaitable[RunContext[Any]]]:
    """The `RunContext` an approval question about tool `name` is asked with: the one its call
    gets (the neutral context as `deps`, or what the `native_context` hook makes of it)."""

    async def run_context(context: Any) -> RunContext[Any]:
        made = hook(context) if hook is not None else context
        return offline_run_context(await made if inspect.isawaitable(made) else made, tool_name=name)

    return run_context


def _with_gate(
    neutral: StandardTool[Any, Any, Any],
    native: ToolsetTool[Any],
    gate: Callable[..., bool],
    run_context: Callable[[Any], Awaitable[RunContext[Any]]],
) -> Any:
    """`neutral` whose meta carries the toolset's approval function as a conditional predicate."""

    async def predicate(input: Any, context: Any) -> bool:
        return bool(gate(await run_context(context), native.tool_def, dict(input or {})))

    gated: StandardTool[Any, Any, Any] = StandardTool(
        name=neutral.name,
        description=neutral.description,
        execute=neutral.execute,
        input_schema=neutral.input_schema,
        output_schema=neutral.output_schema,
        title=neutral.title,
        meta={**neutral.meta, "requires_approval": _either(approval_rule(neutral.meta), predicate)},
    )
    set_origin(gated, native)
    return gated


def _prepare_rule(
    tool: Tool[Any], run_context: Callable[[Any], Awaitable[RunContext[Any]]] | None = None
) -> ApprovalPredicate:
    """A tool's `prepare` as a per-call approval predicate (see `from_pydantic_ai`)."""
    made = run_context if run_context is not None else _run_context(None, tool.name)

    async def needs_approval(input: Any, context: Any) -> bool:
        td = await tool.prepare_tool_def(await made(context))
        return td is None or td.kind == "unapproved"

    return needs_approval


def _either(first: Any, second: Any) -> Any:
    """Two approval rules as one: a call needs approval when either says so."""
    if first is True or second is True:
        return True
    if first is False:
        return second
    if second is False:
        return first

    async def either(input: Any, context: Any) -> bool:
        for rule in (first, second):
            answer = rule(input, context)
            if inspect.isawaitable(answer):
                answer = await answer
            if answer is not False:
                return True
        return False

    return either


def _native_rule(native: Any, run_context: Callable[[Any], Awaitable[RunContext[Any]]] | None = None) -> Any:
    """The approval a pydantic-ai `Tool` enforces itself: True, a `prepare` predicate, or False."""
    if getattr(native, "requires_approval", False) is True:
        return True
    if isinstance(native, Tool) and native.prepare is not None:
        return _prepare_rule(native, run_context)
    return False


def _home(native: Any, origin: StandardToolV0[Any, Any, Any]) -> StandardToolV0[Any, Any, Any]:
    """The neutral tool `native` was made from, with approval added on the pydantic-ai side since."""
    initial = getattr(native, INITIAL_APPROVAL, None)
    if (
        not isinstance(native, Tool)
        or initial is None
        or (native.requires_approval, native.prepare) == initial
    ):
        return origin
    before = approval_rule(origin.meta)
    rule = _either(before, _native_rule(native))
    if rule is before:
        return origin
    return replace_fields(origin, meta={**origin.meta, "requires_approval": rule})


def _meta(
    td: ToolDefinition,
    metadata: dict[str, Any],
    native: Any,
    run_context: Callable[[Any], Awaitable[RunContext[Any]]],
) -> dict[str, Any]:
    """The neutral meta: the tool's `metadata` (without ours), `strict`, the approval it
    enforces (`requires_approval`, `kind="unapproved"`, `prepare`) and `defer_loading`."""
    meta: dict[str, Any] = metadata
    if td.strict is not None:
        meta["strict"] = td.strict
    rule = _either(
        approval_rule(meta), True if td.kind == "unapproved" else _native_rule(native, run_context)
    )
    if rule is not False:
        meta["requires_approval"] = rule
    if td.defer_loading:
        meta["defer_loading"] = True
    return meta


def _validator(own: Any, name: str, single: FunctionSchema | None = None) -> Callable[[Any], Any]:
    """pydantic-ai's own argument validator (arguments -> what the function is called with).

    For a function whose one argument is a model (`single`), the advertised schema is the model's
    own (its fields at the top level): the arguments are validated as that model's input only.
    pydantic-ai's validator also takes the `{"argument": {...}}` envelope, which that schema does
    not describe (one schema, one truth: the tool accepts what it advertises, on every path)."""
    if single is not None:
        wrapper = single.single_arg_name
        assert wrapper is not None

        def validate_single(input: Any) -> Any:
            try:
                return single.revalidate({wrapper: input})
            except ValidationError as e:
                raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None

        return validate_single

    def validate(input: Any) -> Any:
        try:
            return own.validate_python(input)
        except ValidationError as e:
            raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None

    return validate


def _retry_as_issue(e: ModelRetry, name: str) -> StandardToolValidationError:
    return StandardToolValidationError("input", [Issue(e.message)], tool_name=name)


def _binary(value: Any) -> Any:
    """pydantic-ai's `BinaryContent` (what a tool returns for an image, audio or a document) as
    `interop.Image` / `Audio` / `File`; anything else as it is."""
    if not isinstance(value, BinaryContent):
        return value
    if value.is_image:
        return Image(value.data, value.media_type)
    if value.is_audio:
        return Audio(value.data, value.media_type)
    return File(value.data, value.media_type)


def _unwrap(result: Any) -> Any:
    """A `ToolReturn` gives its `return_value`; `BinaryContent` (alone or in a list) is content."""
    value = result.return_value if isinstance(result, ToolReturn) else result
    if isinstance(value, list) and any(isinstance(v, BinaryContent) for v in value):
        return [_binary(v) for v in value]
    return _binary(value)


async def _after_check(pending: Awaitable[Any], name: str, run: Callable[[], Any]) -> Any:
    """Run the function once the async `args_validator` has passed."""
    try:
        await pending
    except ModelRetry as e:
        raise _retry_as_issue(e, name) from e
    result = run()
    return await result if inspect.isawaitable(result) else result


def _tool_call(tool: Tool[Any]) -> tuple[Callable[[Any, Any], Any], bool]:
    """`call(arguments, deps)` for a `Tool` (pydantic-ai's validator, `args_validator`, then the
    function, in the positional layout of pydantic-ai's `FunctionSchema.call`), and whether the
    call is async."""
    fs = tool.function_schema
    name = tool.name
    check_args = tool.args_validator

    def run(arguments: Any, deps: Any) -> Any:
        ctx = offline_run_context(deps, tool_name=name)
        kwargs = dict(arguments)  # validated by pydantic-ai's validator, or it checks nothing
        pending = None
        if check_args is not None:
            try:
                pending = check_args(ctx, **kwargs)
            except ModelRetry as e:
                raise _retry_as_issue(e, name) from e
        args: list[Any] = [ctx] if fs.takes_ctx else []
        args.extend(kwargs.pop(p) for p in fs.positional_fields)
        if fs.var_positional_field:
            args.extend(kwargs.pop(fs.var_positional_field))
        if inspect.isawaitable(pending):
            return _after_check(pending, name, lambda: fs.function(*args, **kwargs))
        return fs.function(*args, **kwargs)

    return run, fs.is_async or (check_args is not None and inspect.iscoroutinefunction(check_args))


def _toolset_call(tool: ToolsetTool[Any]) -> Callable[[Any, Any], Any]:
    """`call(arguments, deps)` for any toolset's tool: its validator, then the toolset's own `call_tool`."""
    name = tool.tool_def.name

    def run(arguments: Any, deps: Any) -> Any:
        return tool.toolset.call_tool(name, arguments, offline_run_context(deps, tool_name=name), tool)

    return run
