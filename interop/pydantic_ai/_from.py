"""pydantic-ai `Tool` / toolset tool -> neutral tool.

The neutral `execute(input, context)` runs the native tool through pydantic-ai's own path: its
argument validator, its `args_validator` function, then the function (or the toolset's
`call_tool`), with a `RunContext` whose `deps` is the neutral `context`. Tools whose validator
checks nothing (`Tool.from_schema`, MCP tools) are validated against their JSON Schema instead,
so every neutral tool validates, once. Native `ModelRetry` / `ToolFailed` become `ToolError`.
"""

from __future__ import annotations

try:
    from pydantic_ai import Tool
except ImportError as _import_error:
    raise ImportError(
        'Please install `pydantic-ai-slim` to use `interop.pydantic_ai`: `pip install "standard-tool[pydantic-ai]"`'
    ) from _import_error

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError
from pydantic_ai import (
    AbstractToolset,
    ApprovalRequired,
    CallDeferred,
    FunctionToolset,
    ModelRetry,
    RunContext,
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
    StandardTool,
    StandardToolV0,
    StandardToolValidationError,
    ToolError,
)
from interop.bridge import (
    ApprovalPredicate,
    approval_rule,
    exception_text,
    foreign_schema,
    get_origin,
    pydantic_issues,
    replace_fields,
    run_sync,
    set_origin,
    validator,
)
from interop.protocols import Issue

from ._common import CURRENT_CALL, INITIAL_APPROVAL, METADATA_KEY, offline_run_context

__all__ = ["afrom_pydantic_ai_toolset", "from_pydantic_ai", "from_pydantic_ai_toolset"]

# Validators that accept anything: pydantic-ai's `from_schema` (`any`) and MCP toolsets' dict check.
_NO_OP_VALIDATORS = frozenset({"any", "dict[any,any]", "dict[str,any]"})


def from_pydantic_ai(native: Tool[Any] | ToolsetTool[Any]) -> StandardToolV0[Any, Any, Any]:
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
    A `ToolReturn` result gives its `return_value`.
    """
    origin = get_origin(native)
    if origin is not None and isinstance(origin, StandardToolV0):
        return _home(native, origin)
    if isinstance(native, FunctionToolsetTool) and isinstance(native.toolset, FunctionToolset):
        held = native.toolset.tools.get(native.original_name or native.tool_def.name)
        if held is not None and held.tool_def == native.tool_def:  # not changed by `prepare`
            return from_pydantic_ai(held)
    if isinstance(native, Tool):
        td = native.tool_def
        execute = _tool_execute(native, _fallback_validator(native.function_schema.validator, td))
    elif isinstance(native, ToolsetTool):
        td = native.tool_def
        execute = _toolset_execute(native, _fallback_validator(native.args_validator, td))
    else:
        raise TypeError(
            f"from_pydantic_ai needs a pydantic-ai Tool or ToolsetTool, got {type(native).__name__}"
        )
    neutral = _neutral(td, execute, native)
    set_origin(neutral, native)
    return neutral


def from_pydantic_ai_toolset(toolset: FunctionToolset[Any]) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a `FunctionToolset` (for other toolsets use `afrom_pydantic_ai_toolset`)."""
    return [from_pydantic_ai(t) for t in toolset.tools.values()]


async def afrom_pydantic_ai_toolset(
    toolset: AbstractToolset[Any], *, deps: Any = None
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
        neutral = from_pydantic_ai(tool)
        if (
            gate is not None
            and neutral.meta.get("requires_approval") is not True
            and isinstance(neutral, StandardTool)
        ):
            neutral = _with_gate(neutral, tool, gate)
        out.append(neutral)
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


def _with_gate(
    neutral: StandardTool[Any, Any, Any], native: ToolsetTool[Any], gate: Callable[..., bool]
) -> Any:
    """`neutral` whose meta carries the toolset's approval function as a conditional predicate."""

    def predicate(input: Any, context: Any) -> bool:
        ctx = offline_run_context(context, tool_name=native.tool_def.name)
        return bool(gate(ctx, native.tool_def, dict(input or {})))

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


def _prepare_rule(tool: Tool[Any]) -> ApprovalPredicate:
    """A tool's `prepare` as a per-call approval predicate (see `from_pydantic_ai`)."""

    async def needs_approval(input: Any, context: Any) -> bool:
        td = await tool.prepare_tool_def(offline_run_context(context, tool_name=tool.name))
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


def _native_rule(native: Any) -> Any:
    """The approval a pydantic-ai `Tool` enforces itself: True, a `prepare` predicate, or False."""
    if getattr(native, "requires_approval", False) is True:
        return True
    if isinstance(native, Tool) and native.prepare is not None:
        return _prepare_rule(native)
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


def _neutral(
    td: ToolDefinition, execute: Callable[..., Any], native: Any = None
) -> StandardTool[Any, Any, Any]:
    metadata = dict(td.metadata or {})
    ours = metadata.pop(METADATA_KEY, None)
    title = ours.get("title") if isinstance(ours, Mapping) else None
    meta: dict[str, Any] = metadata
    if td.strict is not None:
        meta["strict"] = td.strict
    rule = _either(approval_rule(meta), True if td.kind == "unapproved" else _native_rule(native))
    if rule is not False:
        meta["requires_approval"] = rule
    if td.defer_loading:
        meta["defer_loading"] = True
    return StandardTool(
        name=td.name,
        description=td.description or "",
        execute=execute,
        input_schema=_input_schema(td),
        output_schema=(
            foreign_schema(td.return_schema, where=f"pydantic-ai tool {td.name!r}: its return schema")
            if td.return_schema
            else None
        ),
        title=title if isinstance(title, str) else None,
        meta=meta,
    )


def _fallback_validator(validator_: Any, td: ToolDefinition) -> Callable[[Any], Any] | None:
    """A JSON Schema check for tools whose pydantic-ai validator checks nothing (else None)."""
    if getattr(validator_, "title", None) not in _NO_OP_VALIDATORS:
        return None
    return validator(_input_schema(td), "input", td.name)


def _input_schema(td: ToolDefinition) -> Any:
    return foreign_schema(td.parameters_json_schema, where=f"pydantic-ai tool {td.name!r}: its input schema")


def _validate(validator_: Any, input: Any, name: str, fallback: Callable[[Any], Any] | None) -> Any:
    args = {} if input is None else input
    if fallback is not None:
        fallback(args)
    try:
        return validator_.validate_python(args)
    except ValidationError as e:
        raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None


_NATIVE_FAILURES = (ModelRetry, ToolFailed, ValidationError, ApprovalRequired, CallDeferred)


def _native_failure(exc: Exception, name: str) -> Exception:
    """A native tool's failure as the neutral error. Approval it asks for itself (or a deferral)
    is pydantic-ai's control flow inside a pydantic-ai tool call (it passes every wrapper and
    pydantic-ai defers the call); anywhere else it fails closed."""
    if isinstance(exc, (ApprovalRequired, CallDeferred)):
        if CURRENT_CALL.get() is not None:
            return exc
        return ApprovalDeniedError(
            name, "the pydantic-ai tool asked for approval itself and this call was not approved"
        )
    return ToolError(exc.message if isinstance(exc, (ModelRetry, ToolFailed)) else exception_text(exc))


def _unwrap(result: Any) -> Any:
    return result.return_value if isinstance(result, ToolReturn) else result


def _tool_execute(tool: Tool[Any], fallback: Callable[[Any], None] | None) -> Callable[..., Any]:
    """`execute` for a `Tool`: pydantic-ai's validator, `args_validator`, then the function."""
    fs = tool.function_schema
    name = tool.name
    check_args = tool.args_validator

    def prepare(input: Any, context: Any) -> tuple[RunContext[Any], list[Any], dict[str, Any], Any]:
        kwargs = dict(_validate(fs.validator, input, name, fallback))
        ctx = offline_run_context(context, tool_name=name)
        pending = None
        if check_args is not None:
            try:
                pending = check_args(ctx, **kwargs)
            except ModelRetry as e:
                raise StandardToolValidationError("input", [Issue(e.message)], tool_name=name) from e
        # the positional layout of pydantic-ai's `FunctionSchema.call`
        args: list[Any] = [ctx] if fs.takes_ctx else []
        args.extend(kwargs.pop(p) for p in fs.positional_fields)
        if fs.var_positional_field:
            args.extend(kwargs.pop(fs.var_positional_field))
        return ctx, args, kwargs, pending

    if fs.is_async or (check_args is not None and inspect.iscoroutinefunction(check_args)):

        async def execute_async(input: Any = None, context: Any = None) -> Any:
            _, args, kwargs, pending = prepare(input, context)
            if inspect.isawaitable(pending):
                try:
                    await pending
                except ModelRetry as e:
                    raise StandardToolValidationError("input", [Issue(e.message)], tool_name=name) from e
            try:
                result = fs.function(*args, **kwargs)
                if inspect.isawaitable(result):
                    result = await result
            except _NATIVE_FAILURES as e:
                raise _native_failure(e, name) from e
            return _unwrap(result)

        return execute_async

    def execute_sync(input: Any = None, context: Any = None) -> Any:
        _, args, kwargs, _pending = prepare(input, context)
        try:
            result = fs.function(*args, **kwargs)
            if inspect.isawaitable(result):
                result = run_sync(result)
        except _NATIVE_FAILURES as e:
            raise _native_failure(e, name) from e
        return _unwrap(result)

    return execute_sync


def _toolset_execute(tool: ToolsetTool[Any], fallback: Callable[[Any], None] | None) -> Callable[..., Any]:
    """`execute` for any toolset's tool: its validator, then the toolset's own `call_tool`."""
    name = tool.tool_def.name

    async def execute(input: Any = None, context: Any = None) -> Any:
        args = _validate(tool.args_validator, input, name, fallback)
        ctx = offline_run_context(context, tool_name=name)
        try:
            result = await tool.toolset.call_tool(name, args, ctx, tool)
        except _NATIVE_FAILURES as e:
            raise _native_failure(e, name) from e
        return _unwrap(result)

    return execute
