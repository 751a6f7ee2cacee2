"""`StandardTool`, `standard_tool()` (the validating reference implementation) and schema access
for any conforming tool."""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import sys
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, cast, overload

from typing_extensions import TypeVar

from ._errors import StandardToolValidationError
from ._meta import check_input_examples, validate_meta
from ._protocols import StandardSchemaV1
from ._schema import PydanticSchema, as_schema, pydantic_issues, validation_error
from ._schema_access import EMPTY_INPUT_SCHEMA, input_json_schema, output_json_schema

__all__ = [
    "EMPTY_INPUT_SCHEMA",
    "StandardTool",
    "input_json_schema",
    "output_json_schema",
    "Recipe",
    "rebuilt_by_call",
    "remember",
    "SchemaLike",
    "build_validated",
    "KeywordsCall",
    "keywords_call",
    "standard_tool",
    "validated_execute",
    "validator",
]

# Defaults (`Any`): `list[StandardTool]` means a list of any tools, also under `mypy --strict`.
InputT = TypeVar("InputT", default=Any)
OutputT = TypeVar("OutputT", default=Any)
ContextT = TypeVar("ContextT", default=Any)


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
        if "input_examples" in self.meta:
            check_input_examples(self.meta, self.input_schema, tool_name=self.name)

    def __repr__(self) -> str:
        return f"StandardTool(name={self.name!r}, title={self.title!r})"

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Pickle by recipe: a module-level tool by its import path, a built one by how it was built."""
        recipe = _recipes.get(self)
        if recipe is not None:
            return recipe.reduce(self)
        return super().__reduce_ex__(protocol)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """An independent copy: `meta` is copied deeply; `execute` and the schemas (immutable) are shared."""
        copied = dataclasses.replace(self, meta=copy.deepcopy(dict(self.meta), memo))
        recipe = _recipes.get(self)
        if recipe is not None:
            _recipes[copied] = recipe
        return copied


class Recipe:
    """How a tool was built, for pickling: the builder, its arguments, and where the tool lives
    (`module`, `qualname`) when it is a module-level object, which is then pickled by reference."""

    __slots__ = ("args", "builder", "kwargs", "module", "qualname")

    def __init__(
        self,
        builder: Callable[..., Any],
        *args: Any,
        module: str | None = None,
        qualname: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.builder = builder
        self.args = args
        self.kwargs = kwargs
        self.module = module
        self.qualname = qualname

    def reduce(self, tool: Any) -> Any:
        if self.module is not None and self.qualname is not None:
            found: Any = sys.modules.get(self.module)
            for part in self.qualname.split("."):
                found = getattr(found, part, None)
            if found is tool:
                return (_import_attribute, (self.module, self.qualname))
        return (_rebuild, (self.builder, self.args, self.kwargs))


_recipes: weakref.WeakKeyDictionary[Any, Recipe] = weakref.WeakKeyDictionary()


def remember(tool: Any, recipe: Recipe) -> None:
    """Record how `tool` was built (so it pickles)."""
    _recipes[tool] = recipe


F = TypeVar("F", bound=Callable[..., Any])


def rebuilt_by_call(builder: F) -> F:
    """Make the tools `builder` returns pickle as the call that built them (for wrappers)."""

    @functools.wraps(builder)
    def build(*args: Any, **kwargs: Any) -> Any:
        tool = builder(*args, **kwargs)
        remember(tool, Recipe(build, *args, **kwargs))
        return tool

    return build  # type: ignore[return-value]  # same signature as `builder`


def _import_attribute(module: str, qualname: str) -> Any:
    import importlib

    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _rebuild(builder: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return builder(*args, **kwargs)


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


def validator(
    schema: StandardSchemaV1[Any], target: Literal["input", "output"], tool_name: str
) -> Callable[[Any], Any]:
    """A function value -> validated value that raises `StandardToolValidationError` (the one
    place a schema's result is turned into that error)."""
    if isinstance(schema, PydanticSchema):  # fast path: no result objects per call

        def validate_pydantic(value: Any) -> Any:
            try:
                return schema.validate_python(value)  # looked up per call: built on first use
            except validation_error() as e:
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


SchemaT = TypeVar("SchemaT")

SchemaLike = StandardSchemaV1[SchemaT] | type[SchemaT]
"""What a typed `standard_tool` schema argument can be: a Standard Schema, or a type (a pydantic
model, a dataclass, `float`, ...). `as_schema` accepts more (a JSON Schema dict, `Annotated[...]`);
those give `Any`."""


# Three exclusive groups (an argument typed `Any` would otherwise make mypy give up on the overloads):
# output from the output schema; output from what `execute` returns (awaited); an output schema a
# type checker cannot read (a JSON Schema dict).
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Any],
    input_schema: SchemaLike[InputT],
    output_schema: SchemaLike[OutputT],
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[InputT, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Any],
    input_schema: Any = None,
    output_schema: SchemaLike[OutputT],
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[Any, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Awaitable[OutputT]],
    input_schema: SchemaLike[InputT],
    output_schema: None = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[InputT, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Awaitable[OutputT]],
    input_schema: Any = None,
    output_schema: None = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[Any, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., OutputT],
    input_schema: SchemaLike[InputT],
    output_schema: None = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[InputT, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., OutputT],
    input_schema: Any = None,
    output_schema: None = None,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[Any, OutputT, Any]: ...
@overload
def standard_tool(
    *,
    name: str,
    description: str,
    execute: Callable[..., Any],
    input_schema: Any = None,
    output_schema: Any,
    title: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> StandardTool[Any, Any, Any]: ...
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

    Typed: the tool's input type is the input schema's type (what `execute` receives) and its
    output type is the output schema's type, else what `execute` returns (awaited), so
    `interop.call(tool, ...)` is typed.
    """
    built = build_validated(
        StandardTool,
        name=name,
        description=description,
        execute=execute,
        input_schema=input_schema,
        output_schema=output_schema,
        title=title,
        meta=meta,
    )
    remember(
        built,
        Recipe(
            standard_tool,
            name=name,
            description=description,
            execute=execute,
            input_schema=input_schema,
            output_schema=output_schema,
            title=title,
            meta=meta,
        ),
    )
    return built


ToolT = TypeVar("ToolT", bound=StandardTool[Any, Any, Any])


def build_validated(
    cls: type[ToolT],
    *,
    name: str,
    description: str,
    execute: Callable[..., Any],
    input_schema: Any,
    output_schema: Any,
    title: str | None,
    meta: Mapping[str, Any] | None,
    keywords: bool = False,
    **fields: Any,
) -> ToolT:
    """`standard_tool`'s tool, as an instance of `cls` (a `StandardTool` subclass) with `fields`
    added (what `@tool` uses to build its callable tool).

    `keywords`: `execute` is a function (sync or async) called with the validated input's fields
    as keyword arguments (`@tool`'s plain functions: one call frame less, and less kept per tool); the
    input schema must then be a `PydanticSchema` of a model, the output one a `PydanticSchema`
    or None."""
    in_schema = _schema_of(input_schema)
    out_schema = _schema_of(output_schema)
    run = (
        _keywords_execute(name, execute, cast(PydanticSchema[Any], in_schema), cast(Any, out_schema))
        if keywords
        else validated_execute(name, execute, in_schema, out_schema)
    )
    return cls(
        name=name,
        description=description,
        execute=run,
        input_schema=in_schema,
        output_schema=out_schema,
        title=title,
        meta=meta if meta is not None else {},
        **fields,
    )


def _schema_of(x: Any) -> StandardSchemaV1[Any] | None:
    if x is None:
        return None
    if isinstance(x, PydanticSchema):  # (a deferred one makes its `__standard_schema__` when asked)
        return x
    return as_schema(x)


@dataclass(frozen=True, slots=True)
class KeywordsCall:
    """A `@tool` function's `execute` in its halves, for a caller whose framework validates the
    arguments in a phase of its own (pydantic-ai's `args_validator`): `in_schema` validates the
    input (the very schema `execute` validates with) into a model whose fields are the keyword
    arguments of `fn`, and `output` checks its result: `execute(input)` is
    `output(fn(**in_schema.validate_python(input).__dict__))` (`Invoker.validate_ahead`)."""

    name: str
    fn: Callable[..., Any]
    """The function (sync or async), called with the validated arguments as keywords."""
    in_schema: PydanticSchema[Any]
    out_schema: PydanticSchema[Any] | None
    plain: type
    """The type whose exact instances the output schema returns unchanged (`plain_result`)."""

    def output(self, result: Any) -> Any:
        """The checked result; raises `StandardToolValidationError` (output)."""
        if self.out_schema is None or type(result) is self.plain:
            return result
        try:
            return self.out_schema.validate_python(result)
        except validation_error() as e:
            raise StandardToolValidationError("output", pydantic_issues(e), tool_name=self.name) from None


_KEYWORDS_CALL = "__interop_keywords_call__"


def keywords_call(execute: Callable[..., Any]) -> KeywordsCall | None:
    """The halves of an `execute` made for a `@tool` function called with keywords (None for any
    other: its validation cannot be taken apart from it)."""
    return getattr(execute, _KEYWORDS_CALL, None)


def _keywords_execute(
    name: str, fn: Callable[..., Any], in_schema: PydanticSchema[Any], out_schema: PydanticSchema[Any] | None
) -> Callable[..., Any]:
    """`validated_execute` for a function taking the input model's fields as keywords (the
    validators are looked up per call: a deferred schema builds its own on first use). The
    function it returns carries its halves (`keywords_call`)."""
    plain = plain_result(out_schema)
    run = _keywords_run(name, fn, in_schema, out_schema, plain)
    setattr(run, _KEYWORDS_CALL, KeywordsCall(name, fn, in_schema, out_schema, plain))
    return run


class _Never:
    """The type of no result (`plain_result` when the output schema has no such type)."""


def plain_result(out_schema: PydanticSchema[Any] | None) -> type:
    """The type whose exact instances `out_schema` returns unchanged (a bare `str`, `int`, `float`
    or `bool`): a result of that very type needs no validator call. `_Never` for any other schema."""
    plain = out_schema.unchanged_type() if out_schema is not None else None
    return plain if plain is not None else _Never


def _keywords_run(
    name: str,
    fn: Callable[..., Any],
    in_schema: PydanticSchema[Any],
    out_schema: PydanticSchema[Any] | None,
    plain: type,
) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(fn):
        return _keywords_execute_async(name, fn, in_schema, out_schema, plain)
    if out_schema is None:

        def run_keywords(input: Any = None, context: Any = None) -> Any:
            try:
                value = in_schema.validate_python(input)
            except validation_error() as e:
                raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None
            return fn(**value.__dict__)

        return run_keywords

    def run_keywords_out(input: Any = None, context: Any = None) -> Any:
        try:
            value = in_schema.validate_python(input)
        except validation_error() as e:
            raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None
        result = fn(**value.__dict__)
        if type(result) is plain:  # (`plain_result`)
            return result
        try:
            return out_schema.validate_python(result)
        except validation_error() as e:
            raise StandardToolValidationError("output", pydantic_issues(e), tool_name=name) from None

    return run_keywords_out


def _keywords_execute_async(
    name: str,
    fn: Callable[..., Any],
    in_schema: PydanticSchema[Any],
    out_schema: PydanticSchema[Any] | None,
    plain: type,
) -> Callable[..., Any]:
    """`_keywords_execute` for a coroutine function."""

    async def run_keywords_async(input: Any = None, context: Any = None) -> Any:
        try:
            value = in_schema.validate_python(input)
        except validation_error() as e:
            raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None
        result = await fn(**value.__dict__)
        if out_schema is None or type(result) is plain:  # (see `_keywords_run`)
            return result
        try:
            return out_schema.validate_python(result)
        except validation_error() as e:
            raise StandardToolValidationError("output", pydantic_issues(e), tool_name=name) from None

    return run_keywords_async


def validated_execute(
    name: str,
    execute: Callable[..., Any],
    in_schema: StandardSchemaV1[Any] | None,
    out_schema: StandardSchemaV1[Any] | None,
) -> Callable[..., Any]:
    """The `execute` of a validating tool: input validated, `execute` called with it (and the
    context when it takes a second parameter), output validated. Sync or async as `execute`."""
    arity = _positional_arity(execute)
    fn = execute
    pydantic_path = isinstance(in_schema, PydanticSchema) and arity in (1, 2)
    check_in = validator(in_schema, "input", name) if in_schema is not None and not pydantic_path else None
    check_out = (
        validator(out_schema, "output", name)
        if out_schema is not None and not (pydantic_path and isinstance(out_schema, PydanticSchema))
        else None
    )

    if inspect.iscoroutinefunction(fn):
        if check_in is None and in_schema is not None:
            check_in = validator(in_schema, "input", name)
        if check_out is None and out_schema is not None:
            check_out = validator(out_schema, "output", name)

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
    elif pydantic_path:
        # the common case, flattened (no per-call helper frames): pydantic input, 1-2 parameters
        # the validators are looked up per call: a deferred schema builds its own on first use
        pydantic_in = cast(PydanticSchema[Any], in_schema)
        pydantic_out = out_schema if isinstance(out_schema, PydanticSchema) else None
        two = arity == 2

        def run_pydantic(input: Any = None, context: Any = None) -> Any:
            try:
                value = pydantic_in.validate_python(input)
            except validation_error() as e:
                raise StandardToolValidationError("input", pydantic_issues(e), tool_name=name) from None
            result = fn(value, context) if two else fn(value)
            if pydantic_out is not None:
                try:
                    return pydantic_out.validate_python(result)
                except validation_error() as e:
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
    return run
