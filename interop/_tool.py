"""`StandardTool`, `standard_tool()` (the validating reference implementation), formatting,
calling and schema access for any conforming tool."""

from __future__ import annotations

import dataclasses
import inspect
import types
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

import pydantic

from ._bridge import run_sync
from ._errors import StandardToolValidationError
from ._meta import validate_meta
from ._origin import get_origin, set_origin
from ._protocols import StandardSchemaV1, StandardToolV0
from ._schema import PydanticSchema, as_schema, pydantic_issues

__all__ = [
    "EMPTY_INPUT_SCHEMA",
    "StandardTool",
    "acall",
    "call",
    "input_json_schema",
    "is_async_tool",
    "output_json_schema",
    "standard_tool",
    "with_formatted_output",
]

InputT = TypeVar("InputT")
OutputT = TypeVar("OutputT")
ContextT = TypeVar("ContextT")

EMPTY_INPUT_SCHEMA: Mapping[str, Any] = {"type": "object", "properties": {}}


@dataclass(frozen=True, eq=False, kw_only=True)
class StandardTool(Generic[InputT, OutputT, ContextT]):
    """The neutral tool: a frozen implementation of `StandardToolV0`.

    Build one with `standard_tool()` or `@tool` (which validate), or directly when `execute`
    already does what you want. Compared by identity.
    """

    name: str
    """What the model calls."""
    description: str
    """What the tool does and when to use it."""
    execute: Callable[..., OutputT | Awaitable[OutputT]]
    """`execute(input, context=None)`: runs the tool (sync or async)."""
    input_schema: StandardSchemaV1[Any] | None = None
    """Validates the arguments and emits their JSON Schema."""
    output_schema: StandardSchemaV1[Any] | None = None
    """Validates the result and emits its JSON Schema."""
    title: str | None = None
    """Human label (MCP clients show it)."""
    meta: Mapping[str, Any] = field(default_factory=dict)
    """Static data about the tool (see `ToolMeta`); `execute` never sees it."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a tool name must be a non-empty string, got {self.name!r}")
        if not isinstance(self.description, str):
            raise TypeError(f"tool {self.name!r}: description must be a string")
        validate_meta(self.meta, tool_name=self.name)

    def __repr__(self) -> str:
        return f"StandardTool(name={self.name!r}, title={self.title!r})"


_NEVER_AWAITABLE: set[type] = {str, int, float, bool, bytes, dict, list, tuple, type(None)}
"""Result types seen not to be awaitable (awaitability is a property of the type, generators aside)."""


def _is_awaitable(value: Any) -> bool:
    """`inspect.isawaitable`, without its ABC check for the common result types (hot path)."""
    cls = type(value)
    if cls in _NEVER_AWAITABLE:
        return False
    if inspect.isawaitable(value):
        return True
    if cls is not types.GeneratorType and len(_NEVER_AWAITABLE) < 4096:
        _NEVER_AWAITABLE.add(cls)
    return False


def _is_coroutine_function(fn: Any) -> bool:
    """`inspect.iscoroutinefunction`, reading a plain function's code flags directly (hot path)."""
    if type(fn) is types.FunctionType:
        return bool(fn.__code__.co_flags & inspect.CO_COROUTINE)
    return inspect.iscoroutinefunction(fn)


def is_async_tool(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether the tool's `execute` is a coroutine function."""
    return _is_coroutine_function(tool.execute)


def _positional_arity(fn: Callable[..., Any]) -> int:
    """How many positional arguments `fn` takes (3 stands for 'any number')."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 2
    n = 0
    for p in sig.parameters.values():
        if p.kind is p.VAR_POSITIONAL:
            return 3
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            n += 1
    return n


def _validator(
    schema: StandardSchemaV1[Any] | None, target: Literal["input", "output"], tool_name: str
) -> Callable[[Any], Any] | None:
    """A function value -> validated value that raises `StandardToolValidationError`."""
    if schema is None:
        return None
    if isinstance(schema, PydanticSchema):  # fast path: no result objects per call
        fast = schema.validate_python

        def validate_pydantic(value: Any) -> Any:
            try:
                return fast(value)
            except pydantic.ValidationError as e:
                raise StandardToolValidationError(target, pydantic_issues(e), tool_name=tool_name) from None

        return validate_pydantic
    validate = schema.__standard_schema__.validate

    def validate_any(value: Any) -> Any:
        result = validate(value)
        issues = getattr(result, "issues", None)
        if issues:
            raise StandardToolValidationError(target, issues, tool_name=tool_name)
        return cast(Any, result).value

    return validate_any


def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Any],
    input_schema: Any = None,
    output_schema: Any = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[Any, Any, Any]:
    """Build a validating tool (the reference implementation).

    `execute` receives the validated input (and `context`, when it takes a second parameter);
    its result is validated against `output_schema` and the validated output is returned.
    Schemas may be anything `as_schema` accepts. A failure raises `StandardToolValidationError`
    (`.target` is `"input"` or `"output"`); errors `execute` raises pass through unchanged.
    A sync `execute` gives a sync tool, an async one an async tool.
    """
    in_schema = as_schema(input_schema) if input_schema is not None else None
    out_schema = as_schema(output_schema) if output_schema is not None else None
    check_in = _validator(in_schema, "input", name)
    check_out = _validator(out_schema, "output", name)
    arity = _positional_arity(execute)
    fn = execute

    if inspect.iscoroutinefunction(fn):

        async def run_async(input: Any = None, context: Any = None) -> Any:
            value = check_in(input) if check_in is not None else input
            if arity >= 2:
                result = await fn(value, context)
            elif arity == 1:
                result = await fn(value)
            else:
                result = await fn()
            return check_out(result) if check_out is not None else result

        run: Callable[..., Any] = run_async
    elif isinstance(in_schema, PydanticSchema) and arity in (1, 2):
        # the common case, flattened (no per-call helper frames): pydantic input, 1-2 parameters
        validate_in = in_schema.validate_python
        validate_out = out_schema.validate_python if isinstance(out_schema, PydanticSchema) else None
        two = arity == 2

        def run_pydantic(input: Any = None, context: Any = None) -> Any:
            try:
                value = validate_in(input)
            except pydantic.ValidationError as e:
                raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None
            result = fn(value, context) if two else fn(value)
            if validate_out is not None:
                try:
                    return validate_out(result)
                except pydantic.ValidationError as e:
                    raise StandardToolValidationError("output", pydantic_issues(e), tool_name=name) from None
            return check_out(result) if check_out is not None else result

        run = run_pydantic
    else:

        def run_sync_(input: Any = None, context: Any = None) -> Any:
            value = check_in(input) if check_in is not None else input
            if arity >= 2:
                result = fn(value, context)
            elif arity == 1:
                result = fn(value)
            else:
                result = fn()
            return check_out(result) if check_out is not None else result

        run = run_sync_
    return StandardTool(
        name=name,
        description=description,
        execute=run,
        input_schema=in_schema,
        output_schema=out_schema,
        title=title,
        meta=meta if meta is not None else {},
    )


def _default_format(result: Any) -> Any:
    if isinstance(result, BaseException):
        return {"error": str(result)}
    return result


def with_formatted_output(
    tool: StandardToolV0[Any, Any, Any], format: Callable[[Any], Any] | None = None
) -> StandardTool[Any, Any, Any]:
    """Turn raised errors into data, once, for a model loop.

    The formatter receives the output or the raised exception and runs exactly once per call;
    the default gives `{"error": message}` for errors and the output unchanged otherwise. The
    formatter's own raises propagate (so it can re-raise what must not reach the model). All
    other fields, `meta` included, are kept by identity.
    """
    fmt = format if format is not None else _default_format
    inner = tool.execute
    async_fmt = inspect.iscoroutinefunction(fmt)

    if is_async_tool(tool) or async_fmt:

        async def execute_async(input: Any = None, context: Any = None) -> Any:
            try:
                result = inner(input, context)
                if inspect.isawaitable(result):
                    result = await result
            except Exception as e:
                out = fmt(e)
            else:
                out = fmt(result)
            return await out if inspect.isawaitable(out) else out

        execute: Callable[..., Any] = execute_async
    else:

        def execute_sync(input: Any = None, context: Any = None) -> Any:
            try:
                result = inner(input, context)
                if inspect.isawaitable(result):
                    result = run_sync(result)
            except Exception as e:
                return fmt(e)
            return fmt(result)

        execute = execute_sync
    return _derive(tool, execute)


def _derive(tool: StandardToolV0[Any, Any, Any], execute: Callable[..., Any]) -> StandardTool[Any, Any, Any]:
    """A new `StandardTool` with every field of `tool` but `execute`."""
    if isinstance(tool, StandardTool):
        derived = dataclasses.replace(tool, execute=execute)
    else:
        derived = StandardTool(
            name=tool.name,
            description=tool.description,
            execute=execute,
            input_schema=tool.input_schema,
            output_schema=tool.output_schema,
            title=tool.title,
            meta=tool.meta,
        )
    origin = get_origin(tool)
    if origin is not None:
        set_origin(derived, origin)
    return derived


def call(tool: StandardToolV0[Any, Any, Any], input: Any = None, context: Any = None) -> Any:
    """Run any conforming tool from sync code, whether its `execute` is sync or async.

    Works inside a running event loop too (the coroutine then runs on a worker thread).
    """
    result = tool.execute(input, context)
    if _is_awaitable(result):
        return run_sync(result)
    return result


async def acall(
    tool: StandardToolV0[Any, Any, Any], input: Any = None, context: Any = None, *, thread: bool = False
) -> Any:
    """Run any conforming tool from async code.

    A sync `execute` runs inline, or, with `thread=True`, on a worker thread (carrying the
    caller's context variables) so a slow tool does not block the event loop: what frameworks do
    with their own sync tools.
    """
    execute = tool.execute
    if thread and not _is_coroutine_function(execute):
        import asyncio  # lazy: `import interop` does not load asyncio

        return await asyncio.to_thread(call, tool, input, context)
    result = execute(input, context)
    if _is_awaitable(result):
        return await result
    return result


def input_json_schema(tool: StandardToolV0[Any, Any, Any], target: str = "draft-2020-12") -> dict[str, Any]:
    """The tool's input JSON Schema (`{"type": "object", "properties": {}}` without a schema)."""
    if tool.input_schema is None:
        from ._dialects import check_target

        check_target(target)
        return {"type": "object", "properties": {}}
    return tool.input_schema.__standard_schema__.json_schema.input(target=target)


def output_json_schema(
    tool: StandardToolV0[Any, Any, Any], target: str = "draft-2020-12"
) -> dict[str, Any] | None:
    """The tool's output JSON Schema (what it produces), or None without an output schema."""
    if tool.output_schema is None:
        return None
    return tool.output_schema.__standard_schema__.json_schema.output(target=target)
