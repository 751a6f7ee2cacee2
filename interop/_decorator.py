"""`@tool`: a validated `StandardTool` from a typed function.

Name from the function, description from the docstring (sections removed), per-argument
descriptions from the docstring and from `Annotated`/`Field`, input schema from the signature,
output schema from the return annotation. The context parameter is marked explicitly, with
`Annotated[T, FromContext]` or `@tool(context="param")`, never guessed from its name.
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
import types
import typing
import warnings
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Protocol, cast, overload

import pydantic
from pydantic.fields import FieldInfo
from typing_extensions import ParamSpec, TypeVar

from ._docstrings import parse_docstring
from ._jsoncopy import copy_json
from ._schema import DeferredType, Direction, PydanticSchema
from ._shapes import field_key, type_key, value_key
from ._tool import Recipe, StandardTool, build_validated, remember

__all__ = ["AsyncFunctionTool", "FromContext", "FunctionTool", "ToolDecorator", "tool"]

P = ParamSpec("P", default=...)
R = TypeVar("R", default=Any)


@dataclass(frozen=True, eq=False, kw_only=True)
class FunctionTool(StandardTool[Any, R, Any], Generic[P, R]):
    """What `@tool` makes of a sync function: a validated `StandardTool` whose output type is the
    function's return type (so `interop.call(tool, ...)` is typed), and still the function.

    Calling the tool directly calls the function: same arguments, same result, no validation, no
    context lookup, so tool code is unit-tested as plain Python. `interop.call(tool, {...})` runs
    it as a model would (validated arguments and output).
    """

    function: Callable[P, R]
    """The decorated function."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.function(*args, **kwargs)

    @property
    def __wrapped__(self) -> Callable[P, R]:
        """The decorated function (so `inspect.signature(tool)` is the function's signature)."""
        return self.function


@dataclass(frozen=True, eq=False, kw_only=True)
class AsyncFunctionTool(StandardTool[Any, R, Any], Generic[P, R]):
    """What `@tool` makes of an async function: a validated `StandardTool` whose output type is
    what the function returns once awaited, and still the function (calling the tool gives the
    function's coroutine; no validation). See `FunctionTool`.
    """

    function: Callable[P, Coroutine[Any, Any, R]]
    """The decorated function."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Coroutine[Any, Any, R]:
        return self.function(*args, **kwargs)

    @property
    def __wrapped__(self) -> Callable[P, Coroutine[Any, Any, R]]:
        """The decorated function (so `inspect.signature(tool)` is the function's signature)."""
        return self.function


class ToolDecorator(Protocol):
    """What `@tool(...)` with options returns: the decorator, typed like bare `@tool`."""

    @overload
    def __call__(self, fn: Callable[P, Coroutine[Any, Any, R]], /) -> AsyncFunctionTool[P, R]: ...  # type: ignore[overload-overlap]
    @overload
    def __call__(self, fn: Callable[P, R], /) -> FunctionTool[P, R]: ...


class _FromContextMarker:
    """Marks the parameter that receives the per-call `context`."""

    def __repr__(self) -> str:
        return "FromContext"


FromContext = _FromContextMarker()
"""Use as `Annotated[MyDeps, FromContext]` on the parameter that receives the per-call context."""

_RESERVED = frozenset(dir(pydantic.BaseModel))


def _no_title(schema: dict[str, Any]) -> None:
    schema.pop("title", None)


def _split_annotated(annotation: Any) -> tuple[Any, list[Any]]:
    if typing.get_origin(annotation) is Annotated:
        base, *extras = typing.get_args(annotation)
        return base, list(extras)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        # Python 3.10's get_type_hints turns `x: Annotated[T, FromContext] = None` into
        # `Optional[Annotated[T, FromContext]]`: the marker (and any Field) is still the parameter's
        options = typing.get_args(annotation)
        annotated = [a for a in options if typing.get_origin(a) is Annotated]
        if len(options) == 2 and type(None) in options and len(annotated) == 1:
            base, extras = _split_annotated(annotated[0])
            return typing.Optional[base], extras  # noqa: UP045
    return annotation, []


def _has_description(extras: list[Any]) -> bool:
    return any(isinstance(e, FieldInfo) and e.description for e in extras)


@dataclass
class _Parameters:
    """What `_parameters` reads off a signature: the model's fields, or (while every parameter
    is simple) the parameters `_Signature` describes; and how the function is then called."""

    simple: list[_Simple] | None
    """Each parameter, while all are simple."""
    fields: dict[str, Any]
    """The arguments model's fields (when not every parameter is simple)."""
    renamed: dict[str, str]
    """Model field -> parameter, for names pydantic reserves."""
    positional: list[str]
    """Positional-only parameters (the context's too)."""
    context_param: str | None


def _build(
    fn: Callable[..., Any],
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    meta: Mapping[str, Any] | None = None,
    context: str | None = None,
    localns: Mapping[str, Any] | None = None,
) -> FunctionTool[..., Any] | AsyncFunctionTool[..., Any]:
    """`@tool`'s phases: the name; the type hints; the parameters; the input and output schemas;
    the tool; its recipe (for pickling)."""
    tool_name = _tool_name(fn, name)
    doc = parse_docstring(inspect.getdoc(fn))
    hints = _type_hints(fn, tool_name, localns)
    sig = inspect.signature(fn)
    params = _parameters(sig, hints, doc.params, tool_name, context)
    module = getattr(fn, "__module__", __name__)
    built = _make_tool(
        fn,
        sig,
        params,
        name=tool_name,
        description=description if description is not None else doc.description,
        input_schema=_input_schema(tool_name, module, params),
        output_schema=_output_schema(hints.get("return", inspect.Signature.empty)),
        title=title,
        meta=meta,
    )
    options = (
        ("name", name),
        ("title", title),
        ("description", description),
        ("meta", meta),
        ("context", context),
    )
    remember(
        built,
        Recipe(
            _build,
            fn,
            module=getattr(fn, "__module__", None),
            qualname=getattr(fn, "__qualname__", None),
            # only the options given (each defaults to None): an undecorated tool's recipe is small
            **{key: value for key, value in options if value is not None},
        ),
    )
    return built


def _tool_name(fn: Callable[..., Any], name: str | None) -> str:
    """The tool's name (the function's unless given); refuses what cannot be a tool."""
    if not callable(fn):
        raise TypeError(f"@tool needs a function, got {fn!r}")
    if isinstance(fn, functools.partial):  # its repr holds the bound values (often secrets): never shown
        raise TypeError(
            f"@tool {name or getattr(fn.func, '__name__', 'tool')!r}: functools.partial is not supported; "
            f"pass per-call values (API keys, clients) through the context instead of binding them"
        )
    tool_name = name or getattr(fn, "__name__", None)
    if not tool_name or tool_name == "<lambda>":
        raise ValueError("@tool on a lambda or unnamed callable needs name=")
    return tool_name


def _type_hints(fn: Callable[..., Any], tool_name: str, localns: Mapping[str, Any] | None) -> dict[str, Any]:
    """The function's resolved type hints (`Annotated` kept)."""
    try:
        try:
            return typing.get_type_hints(fn, include_extras=True)
        except NameError:
            if not localns:
                raise
            # postponed annotations naming classes local to the defining function
            return typing.get_type_hints(fn, localns=dict(localns), include_extras=True)
    except Exception as e:
        raise TypeError(f"@tool {tool_name!r}: cannot resolve the type hints of {fn!r}: {e}") from e


def _parameters(
    sig: inspect.Signature,
    hints: Mapping[str, Any],
    docs: Mapping[str, str],
    tool_name: str,
    context: str | None,
) -> _Parameters:
    """Each parameter as a simple one `_Signature` describes, or as a field of the arguments
    model (from the first parameter that is not simple on, every parameter is a model field)."""
    out = _Parameters(simple=[], fields={}, renamed={}, positional=[], context_param=None)
    for param in sig.parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"@tool {tool_name!r}: *args/**kwargs parameters cannot be described to a model")
        base, extras = _split_annotated(hints.get(param.name, Any))
        if param.name == context or any(e is FromContext for e in extras):
            if out.context_param is not None:
                raise TypeError(f"@tool {tool_name!r}: more than one context parameter")
            out.context_param = param.name
            if param.kind is param.POSITIONAL_ONLY:
                out.positional.append(param.name)
            continue
        extras = [e for e in extras if e is not FromContext]
        text_docs = [e for e in extras if isinstance(e, str)]
        extras = [e for e in extras if not isinstance(e, str)]
        doc_text = text_docs[0] if text_docs else docs.get(param.name)
        if param.kind is param.POSITIONAL_ONLY:
            out.positional.append(param.name)
        if out.simple is not None:
            default = _REQUIRED if param.default is inspect.Parameter.empty else param.default
            if _is_simple(param.name, base, extras, default):
                field = extras[0] if extras else None
                out.simple.append((param.name, base, default, doc_text, field))
                continue
            # not one this module describes: the model's fields, the earlier parameters too
            for p_name, p_base, p_default, p_doc, p_field in out.simple:
                out.fields[p_name] = _model_field(p_base, p_default, p_doc, p_field)
            out.simple = None
        out.fields.update(_model_fields(param, base, extras, doc_text, out.renamed))
    if context is not None and out.context_param is None:
        raise TypeError(f"@tool {tool_name!r}: no parameter named {context!r} to receive the context")
    return out


def _is_simple(name: str, base: Any, extras: list[Any], default: Any) -> bool:
    """Whether `_Signature` describes this parameter itself: a `_simple_parts` type, alone or
    with one `Field(...)` that sets only a description and the constraints `_constraints` writes."""
    return (
        (not extras or (len(extras) == 1 and _constraints(base, extras[0]) is not None))
        and name not in _RESERVED
        and not name.startswith("_")
        and (default is _REQUIRED or type(default) in _JSON_SCALARS)
        and not (type(default) is float and not math.isfinite(default))
        and _simple_parts(base) is not None
    )


def _model_fields(
    param: inspect.Parameter, base: Any, extras: list[Any], doc_text: str | None, renamed: dict[str, str]
) -> dict[str, tuple[Any, Any]]:
    """The arguments model's field for `param` (renamed when pydantic reserves its name)."""
    if doc_text and not _has_description(extras):
        extras.append(pydantic.Field(description=doc_text))
    field_name = param.name
    if param.name in _RESERVED or param.name.startswith("_"):
        field_name = f"f_{param.name.lstrip('_')}_{len(renamed)}"
        extras.append(pydantic.Field(alias=param.name))
        renamed[field_name] = param.name
    typ = Annotated[(base, *extras)] if extras else base  # type: ignore[valid-type]
    default = ... if param.default is inspect.Parameter.empty else param.default
    return {field_name: (typ, default)}


def _input_schema(tool_name: str, module: str, params: _Parameters) -> PydanticSchema[Any]:
    """The input schema, deferred: a simple signature's JSON Schema is written here and its
    model built on first validation; any other signature's model is built here once (so a
    parameter pydantic cannot describe is refused now), its JSON Schema kept, and the model let
    go: it is built again on first validation (`_Fields`). A registered tool keeps no model."""
    if params.simple is not None:
        return PydanticSchema.deferred(
            _Signature(tuple(params.simple)),
            empty_input=not any(p[2] is _REQUIRED for p in params.simple),
        )
    fields = _Fields(module, params.fields)
    try:
        model = fields.build_type(f"{tool_name}_args")
    except pydantic.PydanticSchemaGenerationError as e:
        raise _unsupported_parameter(tool_name, params.fields, params.renamed) from e
    fields.keep_emission(model)
    return PydanticSchema.deferred(
        fields, empty_input=not any(f.is_required() for f in model.model_fields.values())
    )


def _make_tool(
    fn: Callable[..., Any],
    sig: inspect.Signature,
    params: _Parameters,
    *,
    name: str,
    description: str,
    input_schema: PydanticSchema[Any],
    output_schema: PydanticSchema[Any] | None,
    title: str | None,
    meta: Mapping[str, Any] | None,
) -> FunctionTool[..., Any] | AsyncFunctionTool[..., Any]:
    """The validated tool calling `fn`: with the arguments model's fields as keywords directly
    (a plain function), or through `_make_impl` (renamed or positional parameters, a context)."""
    context_param = params.context_param
    context_required = (
        context_param is not None and sig.parameters[context_param].default is inspect.Parameter.empty
    )
    keywords = not params.renamed and not params.positional and context_param is None
    impl = (
        fn
        if keywords
        else _make_impl(
            fn, params.renamed, params.positional, context_param, name if context_required else None
        )
    )
    cls: type[FunctionTool[..., Any]] | type[AsyncFunctionTool[..., Any]] = (
        AsyncFunctionTool if inspect.iscoroutinefunction(fn) else FunctionTool
    )
    return build_validated(
        cls,
        name=name,
        description=description,
        execute=impl,
        keywords=keywords,
        input_schema=input_schema,
        output_schema=output_schema,
        title=title,
        meta=meta,
        function=fn,
    )


_CONFIG = pydantic.ConfigDict(extra="forbid", json_schema_extra=_no_title)
_MODEL_NAME = "arguments"
"""The name of the arguments model a call validates with (shared by the tools of its shape: it
names none of them)."""
_REQUIRED: Any = object()
"""The default of a parameter that has none (in `_Signature`'s parameter tuples)."""
_JSON_SCALARS = (str, int, float, bool, type(None))
"""Default values emitted as they are (pydantic's JSON form of them is the value itself)."""
_ATOMS: dict[Any, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}
_NULL = {"type": "null"}


_Parts = tuple[dict[str, Any], dict[str, Any], bool]
"""A simple type's JSON Schema split around where a property's `default` and `description` go
in sorted key order (the keys before `default`, the keys after `description`), and whether any
value is a container (then the parts are copied for each use)."""
_SIMPLE_CACHE: dict[Any, _Parts | None] = {}
_SIMPLE_CACHE_MAX = 1024
_ANY_PARTS: _Parts = ({}, {}, False)


def _simple_parts(tp: Any) -> _Parts | None:
    """`tp`'s JSON Schema as pydantic emits it (validation and serialization alike), written
    directly, for the few types whose schema cannot fail to build and has one obvious form:
    `str`, `int`, `float`, `bool`, `list[X]`, `dict[str, X]`, unions of those (`X | None`), and
    `Any` at the top; as `_Parts` (shared: never modify them). None for any other type (pydantic
    then builds it, and reports errors). The answers are remembered per type."""
    if tp is Any:
        return _ANY_PARTS
    try:
        return _SIMPLE_CACHE[tp]
    except KeyError:
        template = _simple_inner(tp)
        parts = None if template is None else _split(template)
        if template is not None and _order_free(template):
            if len(_SIMPLE_CACHE) >= _SIMPLE_CACHE_MAX:
                _SIMPLE_CACHE.clear()
            _SIMPLE_CACHE[tp] = parts
        return parts
    except TypeError:  # unhashable (an Annotated with unhashable metadata, say)
        template = _simple_inner(tp)
        return None if template is None else _split(template)


def _split(template: dict[str, Any]) -> _Parts:
    lead = {k: v for k, v in template.items() if k < "default"}
    trail = {k: v for k, v in template.items() if k > "description"}
    return lead, trail, any(isinstance(v, (dict, list)) for v in template.values())


def _simple_json(tp: Any) -> dict[str, Any] | None:
    """The JSON Schema of a simple type (see `_simple_parts`), a new dict the caller owns."""
    parts = _simple_parts(tp)
    if parts is None:
        return None
    lead, trail, deep = parts
    schema = {**lead, **trail}
    return cast(dict[str, Any], copy_json(schema)) if deep else schema


def _simple_property(tp: Any, default: Any, doc: str | None) -> dict[str, Any]:
    """A simple type's property schema with its `default` (unless `_REQUIRED`) and description,
    keys in sorted order (as pydantic writes them)."""
    lead, trail, deep = cast(_Parts, _simple_parts(tp))
    prop: dict[str, Any] = copy_json(lead) if deep else dict(lead)
    if default is not _REQUIRED:
        prop["default"] = default
    if doc:
        prop["description"] = doc
    prop.update(copy_json(trail) if deep else trail)
    return prop


def _order_free(schema: dict[str, Any]) -> bool:
    """Whether no union in `schema` has two non-null members and no `Literal` two values:
    `int | str` and `str | int` (`Literal["a", "b"]` and `Literal["b", "a"]`) are equal (and hash
    alike) as types, but are emitted in their own orders, so they are not cached."""
    if len(schema.get("enum", ())) > 1:
        return False
    options = schema.get("anyOf")
    if options is not None and (len(options) > 2 or _NULL not in options):
        return False
    return all(
        _order_free(sub)
        for sub in (*(options or ()), schema.get("items"), schema.get("additionalProperties"))
        if isinstance(sub, dict)
    )


def _simple_inner(tp: Any) -> dict[str, Any] | None:
    if type(tp) is type:
        atom = _ATOMS.get(tp)
        return {"type": atom} if atom is not None else None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:  # values of one JSON type: str, int or bool
        kinds = {type(a) for a in args}
        if len(kinds) != 1 or next(iter(kinds)) not in (str, int, bool):
            return None
        atom = _ATOMS[next(iter(kinds))]
        return {"const": args[0], "type": atom} if len(args) == 1 else {"enum": list(args), "type": atom}
    if origin is list and len(args) == 1:
        items = _simple_inner(args[0])
        return None if items is None else {"items": items, "type": "array"}
    if origin is dict and len(args) == 2 and args[0] is str:
        values = _simple_inner(args[1])
        return None if values is None else {"additionalProperties": values, "type": "object"}
    if origin is typing.Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if len(members) < len(args) and len(members) != 1:
            return None  # `X | Y | None`: pydantic's nullable union, left to pydantic
        options = [_simple_inner(a) for a in members]
        if any(o is None for o in options):
            return None
        if len(members) < len(args):
            options.append(dict(_NULL))
        return {"anyOf": options}
    return None


def _model_field(base: Any, default: Any, doc: str | None, field: FieldInfo | None = None) -> tuple[Any, Any]:
    """The arguments model's field of a simple parameter (as `_model_fields` makes it)."""
    extras: list[Any] = [] if field is None else [field]
    if doc and not (field is not None and field.description):
        extras.append(pydantic.Field(description=doc))
    typ = Annotated[(base, *extras)] if extras else base  # type: ignore[valid-type]
    return (typ, ... if default is _REQUIRED else default)


_Simple = tuple[str, Any, Any, str | None, FieldInfo | None]
"""A simple parameter: name, type, default (or `_REQUIRED`), description from the docstring or
an `Annotated` text, and its `Field(...)` (or None)."""

_NUMBER_CONSTRAINTS: dict[str, tuple[str, str]] = {
    "Ge": ("ge", "minimum"),
    "Gt": ("gt", "exclusiveMinimum"),
    "Le": ("le", "maximum"),
    "Lt": ("lt", "exclusiveMaximum"),
    "MultipleOf": ("multiple_of", "multipleOf"),
}
"""annotated_types constraint -> (its attribute, the JSON Schema keyword on a number)."""
_SIZE_CONSTRAINTS: dict[str, tuple[str, str, str]] = {
    "MinLen": ("min_length", "minLength", "minItems"),
    "MaxLen": ("max_length", "maxLength", "maxItems"),
}
"""annotated_types constraint -> (its attribute, the keyword on a string, on an array)."""


def _constraints(base: Any, field: Any) -> dict[str, Any] | None:
    """The JSON Schema keywords of a `Field(...)` on a simple type, when it sets nothing but a
    description and constraints pydantic writes as one keyword each and can apply to `base`
    (bounds and `multiple_of` on `int`/`float`, lengths on `str` and `list[...]`); None for any
    other field (the arguments model is then built at decoration, which reports its errors)."""
    if type(field) is not FieldInfo or set(getattr(field, "_attributes_set", ("?",))) - {"description"}:
        return None
    if field.description is not None and not isinstance(field.description, str):
        return None
    number = base in (int, float)
    array = typing.get_origin(base) is list
    out: dict[str, Any] = {}
    for item in field.metadata:
        kind = type(item).__name__
        if type(item).__module__ != "annotated_types":
            return None
        if kind in _NUMBER_CONSTRAINTS and number:
            attribute, keyword = _NUMBER_CONSTRAINTS[kind]
            value = getattr(item, attribute)
            if not _is_number(value):
                return None
        elif kind in _SIZE_CONSTRAINTS and (base is str or array):
            attribute, on_string, on_array = _SIZE_CONSTRAINTS[kind]
            keyword = on_array if array else on_string
            value = getattr(item, attribute)
            if type(value) is not int:
                return None
        else:
            return None
        out[keyword] = value
    return out


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


class _Signature(DeferredType):
    """A tool's arguments when every one is simple (`_is_simple`): their JSON Schema written on
    request, their pydantic model built on first validation (the model `@tool` builds for any
    signature, without the descriptions: it is shared by every signature of the same shape)."""

    __slots__ = ("params",)

    def __init__(self, params: tuple[_Simple, ...]) -> None:
        self.params = params

    def build_type(self) -> type[pydantic.BaseModel]:
        fields = {
            name: (
                Annotated[(base, *field.metadata)] if field is not None and field.metadata else base,  # type: ignore[valid-type]
                ... if default is _REQUIRED else default,
            )
            for name, base, default, _doc, field in self.params
        }
        model: type[pydantic.BaseModel] = pydantic.create_model(  # type: ignore[call-overload]
            _MODEL_NAME, __config__=_CONFIG, __module__=__name__, **fields
        )
        return model

    def shape_key(self) -> Any:
        """Each parameter's name, type, default and constraints (its description left out)."""
        return tuple(
            (
                name,
                type_key(base),
                None if default is _REQUIRED else value_key(default),
                None if field is None else field_key(field),
            )
            for name, base, default, _doc, field in self.params
        )

    def emit(self, direction: Direction) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        required: list[str] = []
        for name, base, default, doc, field in self.params:
            if field is None:
                properties[name] = _simple_property(base, default, doc)
            else:
                prop = _simple_property(base, default, field.description or doc)
                prop.update(cast(dict[str, Any], _constraints(base, field)))
                properties[name] = dict(sorted(prop.items()))  # (pydantic writes keys in order)
            if default is _REQUIRED:
                required.append(name)
        schema: dict[str, Any] = {"additionalProperties": False, "properties": properties}
        if required:
            schema["required"] = required
        schema["type"] = "object"
        return schema

    def parameter_descriptions(self) -> dict[str, str]:
        return {p[0]: (p[4].description if p[4] is not None else None) or p[3] or "" for p in self.params}


class _Returns(DeferredType):
    """A return annotation that is a `_simple_json` type: its schema written on request."""

    __slots__ = ("annotation",)

    def __init__(self, annotation: Any) -> None:
        self.annotation = annotation

    def build_type(self) -> Any:
        return self.annotation

    def plain_type(self) -> Any:
        return self.annotation

    def shape_key(self) -> Any:
        return ("returns", type_key(self.annotation))

    def emit(self, direction: Direction) -> dict[str, Any]:
        return cast(dict[str, Any], _simple_json(self.annotation))


class _Fields(DeferredType):
    """A tool's arguments when some are not simple: the pydantic model's fields, the model built
    on first validation (shared by the tools of one shape), its input JSON Schema kept from the
    build `@tool` did (one dict: the model, its validator and serializer are let go until a call
    needs them)."""

    __slots__ = ("_input", "fields", "module")

    def __init__(self, module: str, fields: dict[str, Any]) -> None:
        self.module = module
        self.fields = fields
        self._input: dict[str, Any] | None = None

    def build_type(self, name: str = _MODEL_NAME) -> type[pydantic.BaseModel]:
        model: type[pydantic.BaseModel] = pydantic.create_model(  # type: ignore[call-overload]
            name, __config__=_CONFIG, __module__=self.module, **self.fields
        )
        return model

    def shape_key(self) -> Any:
        """The module (where pydantic resolves names) and each field's name, type (with its
        `Field(...)`, descriptions left out) and default; `Unshareable` for a part that cannot be
        compared exactly (a mutable default, a forward reference)."""
        return (
            self.module,
            tuple((name, type_key(typ), value_key(default)) for name, (typ, default) in self.fields.items()),
        )

    def keep_emission(self, model: type[pydantic.BaseModel]) -> None:
        """Keep `model`'s input JSON Schema (what describing the tool needs)."""
        self._input = _model_emission(model, "input")

    def emit(self, direction: Direction) -> dict[str, Any]:
        if direction == "input" and self._input is not None:
            return cast(dict[str, Any], copy_json(self._input))
        return _model_emission(self.build_type(), direction)  # (the output form of an input: rare)

    def parameter_descriptions(self) -> dict[str, str]:
        props = (self._input or {}).get("properties") or {}
        return {k: str(v.get("description", "")) if isinstance(v, dict) else "" for k, v in props.items()}


def _model_emission(model: type[pydantic.BaseModel], direction: Direction) -> dict[str, Any]:
    """What `PydanticSchema(model)` emits, without keeping an adapter."""
    from ._schema import emit_pydantic

    return emit_pydantic(model, direction)


def _is_content_annotation(annotation: Any) -> bool:
    """Whether a return annotation is content (`Image`, `Audio`, `File`, `bytes`, or a union or
    list of those and `str`): a tool returning content has no output schema (it is not data)."""
    if annotation in (bytes, bytearray):
        return True
    content = sys.modules.get("interop._content")  # (not loaded: no annotation can name its classes)
    if (
        content is not None
        and isinstance(annotation, type)
        and issubclass(annotation, (content.Image, content.Audio, content.File))
    ):
        return True
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, typing.Union, types.UnionType) or (
        origin is not None and getattr(origin, "__name__", "") == "Sequence"
    ):
        parts = [a for a in args if a is not Ellipsis]
        return any(_is_content_annotation(a) for a in parts) and all(
            a in (str, type(None)) or _is_content_annotation(a) for a in parts
        )
    return False


def _output_schema(annotation: Any) -> PydanticSchema[Any] | None:
    if annotation in (inspect.Signature.empty, None, type(None), Any, typing.NoReturn):
        return None
    if _is_content_annotation(annotation):
        return None
    if _simple_parts(annotation) is not None:  # cannot fail to build: built on first validation
        return PydanticSchema.deferred(_Returns(annotation))
    return PydanticSchema(annotation)


def _unsupported_parameter(tool_name: str, fields: dict[str, Any], renamed: dict[str, str]) -> TypeError:
    """The error for a parameter type pydantic cannot describe, suggesting `FromContext`."""
    for field_name, (typ, _default) in fields.items():
        try:
            pydantic.TypeAdapter(typ)
        except pydantic.PydanticSchemaGenerationError:
            param = renamed.get(field_name, field_name)
            base, _ = _split_annotated(typ)
            shown = getattr(base, "__name__", repr(base))
            return TypeError(
                f"@tool {tool_name!r}: parameter {param!r} has type {shown}, which cannot be described "
                f"to a model as JSON. If it is per-call data (a DB handle, a client, a user), make it the "
                f"context: `{param}: Annotated[{shown}, FromContext]` (or @tool(context={param!r}))"
            )
    return TypeError(f"@tool {tool_name!r}: its parameters cannot be described to a model as JSON")


def _make_impl(
    fn: Callable[..., Any],
    renamed: dict[str, str],
    positional: list[str],
    context_param: str | None,
    requires_context: str | None = None,
) -> Callable[..., Any]:
    """The function `standard_tool` calls with the validated arguments model (and the context).

    `requires_context` (the tool's name) when the context parameter has no default: a call
    without a context is then a clear error, never a silent `None`.
    """

    def kwargs_of(args: pydantic.BaseModel, context: Any) -> dict[str, Any]:
        values = dict(args.__dict__)
        for field_name, param in renamed.items():
            values[param] = values.pop(field_name)
        if context_param is not None:
            if context is None and requires_context is not None:
                raise TypeError(
                    f"tool {requires_context!r} needs a context for its parameter {context_param!r} "
                    "(declared without a default) and was called without one: pass it "
                    "(interop.call(tool, input, context), a framework's per-call object or context= hook, "
                    "or --context-factory on the command line)"
                )
            values[context_param] = context
        return values

    def split(values: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        return [values.pop(p) for p in positional], values

    if inspect.iscoroutinefunction(fn):

        async def run_async(args: pydantic.BaseModel, context: Any = None) -> Any:
            pos, kw = split(kwargs_of(args, context))
            return await fn(*pos, **kw)

        return run_async

    def run(args: pydantic.BaseModel, context: Any = None) -> Any:
        pos, kw = split(kwargs_of(args, context))
        return fn(*pos, **kw)

    return run


def _caller_locals() -> Mapping[str, Any] | None:
    """The local namespace of the code that applied the decorator (for local annotation names)."""
    frame = sys._getframe(2)
    return frame.f_locals if frame.f_code.co_name != "<module>" else None


@overload
def tool(fn: Callable[P, Coroutine[Any, Any, R]], /) -> AsyncFunctionTool[P, R]: ...  # type: ignore[overload-overlap]
@overload
def tool(fn: Callable[P, R], /) -> FunctionTool[P, R]: ...
@overload
def tool(
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    meta: Mapping[str, Any] | None = None,
    context: str | None = None,
) -> ToolDecorator: ...
def tool(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    meta: Mapping[str, Any] | None = None,
    context: str | None = None,
) -> FunctionTool[..., Any] | AsyncFunctionTool[..., Any] | ToolDecorator:
    """Make a validated tool from a typed function (bare `@tool` or `@tool(...)`).

    The result is a `StandardTool` typed by the function (its output type is the function's
    return type, awaited for an async function) that is still callable as the function itself
    (`FunctionTool` / `AsyncFunctionTool`).

    Args:
        name: The tool name (default: the function's name).
        title: A human label.
        description: Overrides the docstring description.
        meta: Static metadata (see `ToolMeta`).
        context: The name of the parameter that receives the per-call context (alternatively
            annotate it `Annotated[T, FromContext]`).
    """

    def build(
        f: Callable[..., Any], localns: Mapping[str, Any] | None
    ) -> FunctionTool[..., Any] | AsyncFunctionTool[..., Any]:
        built = _build(
            f, name=name, title=title, description=description, meta=meta, context=context, localns=localns
        )
        _warn_no_description(f, built)
        return built

    if fn is not None:
        return build(fn, _caller_locals())

    def decorate(f: Callable[..., Any]) -> Any:
        return build(f, _caller_locals())

    return decorate


def _warn_no_description(
    fn: Callable[..., Any], built: FunctionTool[..., Any] | AsyncFunctionTool[..., Any]
) -> None:
    """A newcomer's first silent mistake: a tool without a description reaches every model as a bare
    name. Warned at the decorated line (`tool`'s `build` -> `tool` or `decorate` -> the caller: three
    frames up)."""
    if built.description:
        return
    fname = getattr(fn, "__name__", "tool")
    warnings.warn(
        f"tool {built.name!r} has no description, so a model sees only its name and parameters: "
        f"give {fname}() a docstring (its first paragraph becomes the description) "
        f"or pass @tool(description=...)",
        UserWarning,
        stacklevel=4,
    )
