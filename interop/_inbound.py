"""The one inbound path: a framework's native tool as a neutral, validating tool (`from_native`).

Every `from_X` (and `from_mcp`) only describes how to read its native tool: its name, description,
schemas and meta, and `call(arguments, native_context)`, the framework's own way to run it. The
rest is here, once:

```
execute(input, context)
  -> validate input against the input schema (StandardToolValidationError naming the field), and
     the names the native call takes (`accepted=` / `refused=`)
  -> native per-call object = native_context(context) (the user's hook, else the adapter's
     default, else the neutral context itself; may be async)
  -> call(arguments, native per-call object)  (sync or async; the framework's "tool says no"
     exceptions become ToolError with their message, its own validation's a validation error,
     its wrapper exceptions give way to what the tool raised, other error shapes are mapped by
     `map_error`; control flow passes)
  -> decode the native result (`decode`, default: MCP-style and Converse results decoded, other
     values kept; see interop._decode), then `carry` (what the model should see of the native
     result, kept on the value: MCP's content beside a structured value)
  -> validate the output against the output schema, when there is one
```

The neutral tool is async when `call` is (then every framework awaits it), sync otherwise (a sync
framework path calls it inline). The native object is recorded as its origin, so
`to_X(from_X(native)) is native`; `neutral_home(native)` is the other way round:
`from_X(to_X(tool)) is tool`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping
from typing import Any, NoReturn, TypeVar, cast

from ._approval import APPROVED, approved_call, relay_approval
from ._arguments import check_argument_names
from ._controlflow import is_control_flow
from ._decode import decode_result
from ._errors import StandardToolValidationError, ToolError, exception_text
from ._names import check_unique_names
from ._origin import get_origin, set_origin
from ._protocols import Issue, StandardToolV0
from ._run import is_async_callable, is_awaitable, run_sync
from ._schema import as_schema, foreign_schema
from ._tool import StandardTool, validator

__all__ = ["from_native", "inbound", "native_context_option", "neutral_home", "unique_tools"]

ToolT = TypeVar("ToolT", bound=StandardToolV0[Any, Any, Any])
FromX = TypeVar("FromX", bound=Callable[..., Any])

_EMPTY_OBJECT = {"type": "object", "properties": {}}


def neutral_home(
    native: Any,
    native_context: Callable[[Any], Any] | None = None,
    *,
    kind: type[Any] | tuple[type[Any], ...] | None = None,
    refusal: str = "",
) -> StandardToolV0[Any, Any, Any] | None:
    """The neutral tool `native` was made from (by a `to_X`), or None; None too when a `from_X`
    is given a `native_context` hook (the native tool then runs with it). With `kind` (what the
    `from_X` converts), anything else raises `TypeError`: `refusal` then the type's name."""
    origin = get_origin(native)
    if native_context is None and isinstance(origin, StandardToolV0):
        return origin
    if kind is not None and not isinstance(native, kind):
        raise TypeError(f"{refusal}{type(native).__name__}")
    return None


def inbound(
    *,
    kind: type[Any] | tuple[type[Any], ...] | None = None,
    refusal: str = "",
    old: tuple[str, ...] = ("context",),
) -> Callable[[FromX], FromX]:
    """The opening every `from_X(native, *, native_context=None, **deprecated)` shares, as a
    decorator: `native_context=` read (also under its round-2 names `old`, `native_context_option`),
    then the neutral tool `native` was made from returned as it is (`neutral_home`; a native that
    is not a `kind` raises `TypeError`: `refusal` then its type's name). The decorated function
    gets the hook as `native_context=` and describes the native tool."""

    def decorate(from_x: FromX) -> FromX:
        where = from_x.__name__
        first = from_x.__code__.co_varnames[0]  # the native's parameter (`lc`, `tool`...): a keyword too

        @functools.wraps(from_x)
        def opening(*args: Any, native_context: Callable[[Any], Any] | None = None, **deprecated: Any) -> Any:
            if not args and first in deprecated:
                args = (deprecated.pop(first),)
            if len(args) != 1:  # Python's own TypeError, naming the function
                return from_x(*args, native_context=native_context, **deprecated)
            (native,) = args
            hook = native_context_option(native_context, deprecated, where=where, old=old)
            home = neutral_home(native, hook, kind=kind, refusal=refusal)
            if home is not None:
                return home
            return from_x(native, native_context=hook)

        return cast(FromX, opening)

    return decorate


def unique_tools(tools: list[ToolT]) -> list[ToolT]:
    """A `from_X_tools`'s neutral tools, as they are; two with the same name raise `ToolNameError`."""
    check_unique_names((t.name for t in tools), "a neutral tool list")
    return tools


def _schema(schema: Any, *, framework: str, name: str, which: str) -> Any:
    if schema is None:
        return None
    if isinstance(schema, Mapping):
        return foreign_schema(schema, where=f"{framework} tool {name!r}: its {which} schema")
    return as_schema(schema)


def _message(e: BaseException) -> str:
    return exception_text(e) or type(e).__name__


def _refuser(
    name: str,
    error_types: tuple[type[BaseException], ...],
    invalid_types: tuple[type[BaseException], ...],
    wrapper_types: tuple[type[BaseException], ...],
    map_error: Callable[[Exception], BaseException | None] | None = None,
) -> Callable[[BaseException], NoReturn]:
    """Raises, for a caught framework exception, what it becomes (itself when it stays as it is)."""

    def instead(e: BaseException) -> BaseException | None:
        if isinstance(e, (ToolError, StandardToolValidationError)):  # interop's own: as they are
            return None
        if map_error is not None and isinstance(e, Exception):
            mapped = map_error(e)
            if mapped is not None:
                return mapped
        if is_control_flow(e):
            return None
        if isinstance(e, wrapper_types):
            if e.__cause__ is not None:  # the tool's own exception, without the framework's text
                return e.__cause__
            return ToolError(_message(e))  # the tool reporting a failure itself
        if isinstance(e, invalid_types):
            return StandardToolValidationError("input", [Issue(_message(e))], tool_name=name)
        if isinstance(e, error_types):
            return ToolError(_message(e))
        return None

    def refuse(e: BaseException) -> NoReturn:
        other = instead(e)
        if other is None:
            raise e
        # a cause (or an exception already raised elsewhere) keeps its own chain; a new one is chained to `e`
        raise other from (other.__cause__ if other is e.__cause__ or other.__traceback__ is not None else e)

    return refuse


def from_native(
    native: Any,
    *,
    framework: str,
    name: str,
    description: str,
    call: Callable[..., Any],
    input_schema: Any = None,
    output_schema: Any = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
    native_context: Callable[[Any], Any] | None = None,
    default_native_context: Callable[[Any], Any] | None = None,
    decode: Callable[[Any], Any] | None = None,
    carry: Callable[[Any, Any], Any] | None = None,
    text_results: bool = False,
    error_types: tuple[type[BaseException], ...] = (),
    invalid_types: tuple[type[BaseException], ...] = (),
    wrapper_types: tuple[type[BaseException], ...] = (),
    accepted: Collection[str] | None = None,
    refused: Mapping[str, str] | None = None,
    map_error: Callable[[Exception], BaseException | None] | None = None,
    input_validator: Callable[[Any], Any] | None = None,
    check_output: bool = True,
    pass_context: bool = False,
    is_async: bool | None = None,
) -> StandardTool[Any, Any, Any]:
    """A neutral tool running `native` through `call` (see the module doc).

    Args:
        native: the framework's tool (recorded as the origin).
        framework: the framework's name, for messages ("Agno").
        name: the tool's name, as the native tool says it.
        description: its description.
        title: its title, if any.
        meta: its meta (approval, hints, ...).
        call: `(arguments, native_per_call_object) -> native result` (or an awaitable of it);
            `arguments` is what the model sent, after it passed the input schema.
        input_schema: the framework's input JSON Schema (a dict, checked: an invalid one raises
            `SchemaConversionError` naming the tool), or anything `interop.as_schema` takes;
            None means an object with no properties.
        output_schema: likewise, for the result (validated after `decode`).
        title: the tool's title, if it has one.
        meta: its meta (behaviour hints, `requires_approval`...).
        native_context: the user's hook, neutral context -> the framework's per-call object (may
            return an awaitable); replaces `default_native_context`.
        default_native_context: the adapter's default for that hook; with neither, the neutral
            context itself is passed.
        decode: native result -> neutral value (raise `ToolError` for an error result), applied
            before the default decoding; default: `decode_result` only.
        carry: `(native result, decoded value) -> value`, after the decoding and before the output
            check: for a framework whose model sees something else than the value (an MCP
            result's content blocks beside its `structuredContent`), the value carrying it.
        text_results: whether the framework's results are text (MCP, the Claude Agent SDK, Strands,
            OpenAI Agents): a string result then follows the text rule (a JSON object or array
            is that value).
        error_types: the framework's exceptions that mean "the tool refused" (shown to the model).
        invalid_types: the framework's exceptions that mean its own validation refused the
            arguments (a `StandardToolValidationError` on the input, with their message).
        wrapper_types: the framework's exceptions that wrap whatever the tool raised (as their
            `__cause__`): the cause is raised in their place (the framework's text, which may
            quote the arguments, is dropped); one without a cause is the tool refusing (`ToolError`).
            A framework's control flow (`interop.bridge.is_control_flow`) passes all three.
        accepted: the argument names the native call takes (None: any), checked after the input
            schema (`check_argument_names`).
        refused: the names it must never get from the model, with the reason (the framework
            fills them itself).
        map_error: the framework's other error shapes: an exception `call` raised -> the
            exception to raise instead (an `ApprovalDeniedError`, a control-flow exception
            unwrapped from a wrapper that holds it elsewhere than `__cause__`), or None (then the
            rules above apply); interop's own `ToolError` and validation errors pass unchanged.
        input_validator: the framework's own argument validator, used instead of checking the
            input schema, for a framework whose own validation is the tool's contract
            (pydantic-ai's lax validation takes `"6"` for an integer): arguments -> what `call`
            receives; it raises `StandardToolValidationError` naming the field.
        check_output: False when the output schema only describes (the framework returns Python
            values it never checks against it, as pydantic-ai's return schema): not validated.
        pass_context: `call` also gets the neutral context, as a third argument (a framework
            whose per-call object keeps something of the caller's own: Strands' tool use id;
            LangChain's injected arguments).
        is_async: whether `call` is async (default: read from `call`).
    """
    checked_in = _schema(input_schema, framework=framework, name=name, which="input") or as_schema(
        _EMPTY_OBJECT
    )
    checked_out = _schema(output_schema, framework=framework, name=name, which="output")
    check_in = input_validator if input_validator is not None else validator(checked_in, "input", name)
    check_out = validator(checked_out, "output", name) if checked_out is not None and check_output else None
    hook = native_context if native_context is not None else default_native_context
    refuse = _refuser(name, error_types, invalid_types, wrapper_types, map_error)
    caught: type[Exception] | tuple[type[BaseException], ...] = (
        Exception if map_error is not None else (*error_types, *invalid_types, *wrapper_types)
    )
    names = accepted is not None or bool(refused)

    def arguments_of(input: Any) -> Any:
        arguments = {} if input is None else input
        if input_validator is not None:
            arguments = check_in(arguments)
        else:
            check_in(arguments)
        if names:
            check_argument_names(arguments, name, accepted=accepted, refused=refused)
        return arguments

    def finish(result: Any) -> Any:
        value = decode(result) if decode is not None else result
        value = decode_result(value, tool_name=name, text=text_results)
        if carry is not None:
            value = carry(result, value)
        return check_out(value) if check_out is not None else value

    if is_async if is_async is not None else is_async_callable(call):

        async def execute_async(input: Any = None, context: Any = None) -> Any:
            arguments = arguments_of(input)
            made = hook(context) if hook is not None else context
            if made is not None and is_awaitable(made):
                made = await made
            token = relay_approval(approved_call(execute_async))
            try:
                result = await (call(arguments, made, context) if pass_context else call(arguments, made))
            except caught as e:
                refuse(e)
            finally:
                APPROVED.reset(token)
            return finish(result)

        execute: Callable[..., Any] = execute_async
    else:

        def execute_sync(input: Any = None, context: Any = None) -> Any:
            arguments = arguments_of(input)
            made = hook(context) if hook is not None else context
            if made is not None and is_awaitable(made):
                made = run_sync(made)
            token = relay_approval(approved_call(execute_sync))
            try:
                result = call(arguments, made, context) if pass_context else call(arguments, made)
                if is_awaitable(result):
                    result = run_sync(result)
            except caught as e:
                refuse(e)
            finally:
                APPROVED.reset(token)
            return finish(result)

        execute = execute_sync

    neutral: StandardTool[Any, Any, Any] = StandardTool(
        name=name,
        description=description or "",
        execute=execute,
        input_schema=checked_in,
        output_schema=checked_out,
        title=title,
        meta=dict(meta or {}),
    )
    set_origin(neutral, native)
    return neutral


def native_context_option(
    value: Callable[[Any], Any] | None,
    deprecated: Mapping[str, Any],
    *,
    where: str,
    old: tuple[str, ...] = ("context",),
) -> Callable[[Any], Any] | None:
    """A `from_X`'s `native_context=` hook, also accepted under its round-2 name (`context=`,
    `config=`, `state=`: `old`) with a `DeprecationWarning`; any other keyword raises `TypeError`."""
    import warnings

    for key, hook in deprecated.items():
        if key not in old:
            raise TypeError(f"{where}() got an unexpected keyword argument {key!r}")
        if value is not None:
            raise TypeError(f"{where}(): pass native_context= only ({key}= is its old name)")
        warnings.warn(f"{where}: {key}= is deprecated, use native_context=", DeprecationWarning, stacklevel=3)
        value = hook
    if value is not None and not callable(value):
        raise TypeError(f"{where}: native_context= must be a function, got {type(value).__name__}")
    return value
