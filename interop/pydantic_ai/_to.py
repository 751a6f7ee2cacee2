"""Neutral tool -> pydantic-ai `Tool` (and a `FunctionToolset` of them).

The `ToolDefinition` carries the neutral input JSON Schema verbatim (`Tool.from_schema`), so
pydantic-ai checks only that the arguments are a JSON object and the neutral `execute` validates
them, once. Its failures reach the model through pydantic-ai's retry channel: bad arguments as
a pydantic `ValidationError` whose `loc` is each issue's path (the same structured shape a
native tool's bad arguments give), `ToolError` as `ModelRetry`; both spend the tool's retry
budget. A result that fails the output schema is the tool's fault, not the model's: it becomes
`ToolFailed` (shown to the model, no retry). Other exceptions propagate as they would from a
native tool, unless `other_errors=` says otherwise.
"""

from __future__ import annotations

try:
    from pydantic_ai import Tool
except ImportError as _import_error:
    raise ImportError(
        'Please install `pydantic-ai-slim` to use `interop.pydantic_ai`: `pip install "interop[pydantic-ai]"`'
    ) from _import_error

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Literal

from pydantic_ai import FunctionToolset, ModelRetry, RunContext, ToolFailed
from pydantic_ai.toolsets import ToolsetTool
from pydantic_core import InitErrorDetails, PydanticCustomError, SchemaValidator, ValidationError, core_schema

from interop import SchemaConversionError, StandardToolV0, StandardToolValidationError, ToolError
from interop.bridge import (
    MAX_ISSUES_SHOWN,
    Rename,
    describe_error,
    get_origin,
    input_json_schema,
    is_async_tool,
    json_safe_meta,
    output_json_schema,
    requires_approval,
    resolve_name,
    set_origin,
    to_json_text,
)

from ._common import METADATA_KEY

__all__ = ["ContextHook", "OtherErrors", "to_pydantic_ai", "to_pydantic_ai_toolset"]

ContextHook = Callable[[RunContext[Any]], Any]
"""Maps pydantic-ai's `RunContext` to the neutral `context` (default: `ctx.deps`)."""

OtherErrors = Literal["raise", "retry", "fail"]
"""What other exceptions become: propagate (native behaviour), `ModelRetry`, or `ToolFailed`."""

# The arguments must be a JSON object to be passed as keywords; everything else is the neutral
# execute's business. A non-object gets pydantic-ai's usual structured retry.
_OBJECT_ARGS = SchemaValidator(core_schema.dict_schema(keys_schema=core_schema.str_schema()))


def _value_at(args: Any, path: tuple[str | int, ...]) -> Any:
    """The offending value for an issue (the deepest value the path reaches, as pydantic reports)."""
    value = args
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            break
    return value


_MAX_ECHO = 200


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


def _input_error(exc: StandardToolValidationError, tool_name: str, args: Any) -> Exception:
    """Bad arguments as a pydantic `ValidationError`, so the model sees each field's path."""
    if not exc.issues:
        return ModelRetry(describe_error(exc, tool_name))
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


def _raise_native(exc: Exception, tool_name: str, args: Any, other_errors: OtherErrors) -> None:
    """Raise pydantic-ai's form of an error from the neutral tool (return: re-raise it unchanged)."""
    mapped = _native_error(exc, tool_name, args, other_errors)
    if mapped is not None:
        raise mapped from exc


def _native_error(exc: Exception, tool_name: str, args: Any, other_errors: OtherErrors) -> Exception | None:
    """pydantic-ai's form of an error raised by the neutral tool (None: keep it as it is)."""
    if isinstance(exc, StandardToolValidationError):
        if exc.target == "input":
            return _input_error(exc, tool_name, args)
        return ToolFailed(describe_error(exc, tool_name))
    if isinstance(exc, ToolError):
        return ModelRetry(describe_error(exc, tool_name))
    if other_errors == "retry" and not isinstance(exc, (ModelRetry, ToolFailed)):
        return ModelRetry(describe_error(exc, tool_name))
    if other_errors == "fail" and not isinstance(exc, (ModelRetry, ToolFailed)):
        return ToolFailed(describe_error(exc, tool_name))
    return None


def _make_function(
    tool: StandardToolV0[Any, Any, Any], tool_name: str, hook: ContextHook | None, other_errors: OtherErrors
) -> Callable[..., Any]:
    """The function pydantic-ai calls: `(ctx, /, **args)`, so an argument named `ctx` passes through.

    An async tool gets an async function (awaited on pydantic-ai's loop); a sync tool a sync
    one, which pydantic-ai runs the way it runs any sync tool function.
    """
    execute = tool.execute

    async def finish(result: Awaitable[Any], args: dict[str, Any]) -> Any:
        try:
            return await result
        except Exception as e:
            _raise_native(e, tool_name, args, other_errors)
            raise

    if is_async_tool(tool):

        async def run_async(ctx: RunContext[Any], /, **args: Any) -> Any:
            try:
                return await execute(args, ctx.deps if hook is None else hook(ctx))
            except Exception as e:
                _raise_native(e, tool_name, args, other_errors)
                raise

        return run_async

    def run_sync(ctx: RunContext[Any], /, **args: Any) -> Any:
        try:
            result = execute(args, ctx.deps if hook is None else hook(ctx))
        except Exception as e:
            _raise_native(e, tool_name, args, other_errors)
            raise
        if inspect.isawaitable(result):  # a sync-looking callable returning a coroutine
            return finish(result, args)
        return result

    return run_sync


def to_pydantic_ai(
    tool: StandardToolV0[Any, Any, Any],
    *,
    context: ContextHook | None = None,
    name: str | None = None,
    rename: Rename = None,
    max_retries: int | None = None,
    include_return_schema: bool | None = None,
    other_errors: OtherErrors = "raise",
) -> Tool[Any]:
    """A pydantic-ai `Tool` that runs the neutral tool (usable in `Agent(tools=[...])`).

    Args:
        tool: Any object implementing `StandardToolV0`.
        context: Maps the `RunContext` to the neutral `context` (default: `ctx.deps`, the
            agent's dependencies), e.g. `lambda ctx: ctx.deps.user`. A tool that came from
            pydantic-ai gets the whole `RunContext` by default.
        name: The name to give the tool (default: the tool's own name).
        rename: A rename (new name, mapping or function), applied when `name` is not given.
        max_retries: The tool's retry budget (default: the agent's).
        include_return_schema: Show the output schema to the model (default: pydantic-ai's).
        other_errors: What exceptions other than bad input and `ToolError` become.

    The definition carries the input JSON Schema verbatim, `strict` and `requires_approval`
    from `meta` (approval then goes through pydantic-ai's deferred-tool flow), the JSON-safe
    `meta` plus `{"interop": {"title": ...}}` as `metadata`, and the output schema as
    `return_schema`. A tool that came from pydantic-ai and is converted with no options goes
    home as the very same object.
    """
    options_given = (
        context is not None
        or name is not None
        or rename is not None
        or max_retries is not None
        or include_return_schema is not None
        or other_errors != "raise"
    )
    origin = get_origin(tool, (Tool, ToolsetTool))
    if isinstance(origin, Tool) and not options_given:
        return origin
    if origin is not None and context is None:
        context = _whole_context  # a pydantic-ai tool going home sees the real run context
    tool_name = resolve_name(tool.name, "pydantic-ai", name if name is not None else rename)
    schema = input_json_schema(tool)
    if schema.get("type", "object") != "object":
        raise SchemaConversionError(
            f"tool {tool.name!r}: pydantic-ai passes arguments as a JSON object, but the input schema "
            f"has type {schema['type']!r}; wrap the input in an object schema"
        )
    native: Tool[Any] = Tool.from_schema(
        _make_function(tool, tool_name, context, other_errors),
        name=tool_name,
        description=tool.description,
        json_schema=schema,
        takes_ctx=True,
    )
    native.function_schema.validator = _OBJECT_ARGS
    out_schema = output_json_schema(tool)
    if out_schema is not None:
        native.function_schema.return_schema = out_schema
    strict = tool.meta.get("strict")
    native.strict = strict if isinstance(strict, bool) else None
    native.requires_approval = requires_approval(tool)
    native.max_retries = max_retries
    native.include_return_schema = include_return_schema
    native.metadata = _metadata(tool)
    set_origin(native, tool)
    return native


def _whole_context(ctx: RunContext[Any]) -> RunContext[Any]:
    return ctx


def _metadata(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any] | None:
    metadata = json_safe_meta(tool.meta)
    if tool.title is not None:
        metadata[METADATA_KEY] = {"title": tool.title}
    return metadata or None


def to_pydantic_ai_toolset(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    context: ContextHook | None = None,
    rename: Rename = None,
    max_retries: int | None = None,
    include_return_schema: bool | None = None,
    other_errors: OtherErrors = "raise",
    id: str | None = None,
) -> FunctionToolset[Any]:
    """A `FunctionToolset` of converted tools, for `Agent(toolsets=[...])`.

    Options apply to every tool as in `to_pydantic_ai` (`rename` as a mapping or function).
    Duplicate names raise pydantic-ai's `UserError`.
    """
    converted = [
        to_pydantic_ai(
            t,
            context=context,
            rename=rename,
            max_retries=max_retries,
            include_return_schema=include_return_schema,
            other_errors=other_errors,
        )
        for t in tools
    ]
    return FunctionToolset(converted, id=id)
