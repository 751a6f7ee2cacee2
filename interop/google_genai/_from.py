"""`from_google_genai`: a function for google-genai's automatic function calling (or a
`FunctionDeclaration` and the function that answers it) as a neutral tool.

- **Described** as google-genai describes it: for a plain function, the declaration google-genai
  builds from its signature (`FunctionDeclaration.from_callable(..., use_json_schema=True)`: name,
  docstring, `parameters_json_schema`); for a declaration, its own name, description and
  `parameters_json_schema` (or its Gemini `parameters` schema, read as JSON Schema). The neutral
  tool validates every call against that schema before the function runs. For a function, that
  schema is built here the way google-genai builds it (`_signature_schema`, each annotation's
  schema once), and google-genai's own `from_callable` is asked where it differs (a pydantic model,
  a parameter without annotation, a type pydantic refuses: it then raises its own error).
- **Called** with the arguments as its annotations make them (pydantic, after the neutral
  validation): models from their objects, as google-genai builds them, and also enums, dates,
  sets, tuples, `Literal` and `Annotated` types, which google-genai's own conversion refuses (its
  `isinstance` check fails on them); then the function with the arguments as keywords (awaited
  when it is a coroutine function). A function given with its declaration is called
  with the arguments as they are (`fn(**function_call.args)`, manual function calling). Its value comes back as it is (google-genai would
  send it as `result`); an exception it raises passes through unchanged.
- **Context.** A google-genai function takes no per-call object; while it runs, the neutral
  context (or what `native_context=` makes of it) is what `run_context(...)` binds, so a
  converted tool inside it gets it.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterable
from typing import Any

import pydantic
from google.genai import types

from interop import StandardToolV0, ToolError, bridge
from interop._kit import unique_tools

from ._to import _BOUND

NativeContextHook = Callable[[Any], Any]
"""Maps the neutral context to what the function sees bound by `run_context(...)` (or an awaitable of it)."""

__all__ = ["NativeContextHook", "from_google_genai", "from_google_genai_tools"]


def _declaration(native: Any) -> types.FunctionDeclaration:
    if isinstance(native, types.FunctionDeclaration):
        return native
    if isinstance(native, dict):
        return types.FunctionDeclaration.model_validate(native)
    raise TypeError(
        "from_google_genai converts a function (google-genai's automatic function calling) or a "
        f"FunctionDeclaration with the function that answers it; got {type(native).__name__}"
    )


_ANNOTATION_SCHEMAS: dict[Any, dict[str, Any]] = {}
_ANNOTATION_SCHEMAS_MAX = 1024
_KINDS = (
    inspect.Parameter.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.KEYWORD_ONLY,
    inspect.Parameter.POSITIONAL_ONLY,
)


def _annotation_schema(annotation: Any) -> dict[str, Any]:
    """google-genai's JSON Schema of one annotation (`TypeAdapter(annotation, arbitrary types
    allowed).json_schema()`, a fixed-length tuple closed with `unevaluatedItems: false`), cached by
    annotation (a fresh copy); raises for a pydantic model (google-genai reads those another way)
    and for what pydantic refuses."""
    if inspect.isclass(annotation) and issubclass(annotation, pydantic.BaseModel):
        raise TypeError("a pydantic model")
    try:
        found = _ANNOTATION_SCHEMAS.get(annotation)
        key = True
    except TypeError:  # unhashable
        found, key = None, False
    if found is None:
        found = pydantic.TypeAdapter(
            annotation, config=pydantic.ConfigDict(arbitrary_types_allowed=True)
        ).json_schema()
        if (
            found.get("maxItems")
            and found.get("prefixItems")
            and len(found["prefixItems"]) == found["maxItems"]
            and found.get("type") == "array"
        ):
            found["unevaluatedItems"] = False
        if key:
            if len(_ANNOTATION_SCHEMAS) >= _ANNOTATION_SCHEMAS_MAX:
                _ANNOTATION_SCHEMAS.clear()
            _ANNOTATION_SCHEMAS[annotation] = found
    return dict(bridge.copy_json(found))


def _signature_schema(function: Callable[..., Any]) -> dict[str, Any] | None:
    """The `parameters_json_schema` google-genai's `from_callable(..., use_json_schema=True)`
    builds for `function` (its `parse_function_declaration_json_schema`: each parameter's
    annotation schema with its default, their `$defs` at the root, required = those without a
    default), with each annotation's schema built once; raises where anything differs from the
    plain case (a pydantic model, a missing annotation, a type pydantic refuses, the return
    type's schema failing): the caller then asks google-genai, which raises as it would."""
    hints = typing.get_type_hints(function, include_extras=True)
    signature = inspect.signature(function)
    props: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for name, param in signature.parameters.items():
        if param.kind not in _KINDS:
            continue
        annotation = hints[name] if isinstance(param.annotation, str) else param.annotation
        if annotation is inspect.Parameter.empty:
            raise TypeError("no annotation")
        schema = _annotation_schema(annotation)
        defs.update(schema.pop("$defs", {}))
        defs.update(schema.pop("definitions", {}))
        if param.default is not inspect.Parameter.empty:
            schema["default"] = param.default
        props[name] = schema
    if not props:
        return None
    returns = signature.return_annotation
    if returns is not inspect.Parameter.empty:
        _annotation_schema(hints["return"] if isinstance(returns, str) else returns)
    out: dict[str, Any] = {"type": "object", "properties": props}
    if defs:
        out["$defs"] = defs
    required = []
    for name, prop in props.items():
        if not prop:
            continue
        if "nullable" in prop and not prop["nullable"]:
            required.append(name)
        if "default" not in prop and name not in required:
            required.append(name)
    out["required"] = required
    return out


def _input_schema(declaration: types.FunctionDeclaration) -> Any:
    if declaration.parameters_json_schema is not None:
        return bridge.copy_json(declaration.parameters_json_schema)
    if declaration.parameters is not None:
        return declaration.parameters.json_schema.model_dump(mode="json", exclude_none=True)
    return None


def _converters(fn: Callable[..., Any]) -> dict[str, Any]:
    """Per parameter of an automatic-calling function, the pydantic `TypeAdapter` of its annotation
    (None where there is none to apply)."""
    import pydantic

    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception:
        hints = {}
    out: dict[str, Any] = {}
    for name in inspect.signature(fn).parameters:
        hint = hints.get(name)
        try:
            out[name] = None if hint is None or hint is Any else pydantic.TypeAdapter(hint)
        except Exception:  # a type pydantic cannot build: the value as the model sent it
            out[name] = None
    return out


def _runner(fn: Callable[..., Any], automatic: bool) -> Callable[[Any, Any], Any]:
    """`call(arguments, bound)` for `from_native`: the arguments as the function's annotations
    make them (see the module doc), then the function, with `bound` bound by `run_context`."""
    adapters: dict[str, Any] | None = None

    def convert(arguments: Any) -> dict[str, Any]:
        nonlocal adapters
        if not automatic:
            return dict(arguments)
        if adapters is None:
            adapters = _converters(fn)
        out: dict[str, Any] = {}
        for name, value in arguments.items():
            adapter = adapters.get(name)
            if adapter is None:
                out[name] = value
                continue
            try:
                out[name] = adapter.validate_python(value)
            except ValueError as e:
                raise ToolError(f"argument {name!r}: {e}") from e
        return out

    if inspect.iscoroutinefunction(fn):

        async def run_async(arguments: Any, bound: Any) -> Any:
            converted = convert(arguments)
            with _BOUND.bind(bound):
                return await fn(**converted)

        return run_async

    def run(arguments: Any, bound: Any) -> Any:
        converted = convert(arguments)
        with _BOUND.bind(bound):
            return fn(**converted)

    return run


def from_google_genai(
    fn_or_declaration: Callable[..., Any] | types.FunctionDeclaration | dict[str, Any],
    fn: Callable[..., Any] | None = None,
    *,
    native_context: NativeContextHook | None = None,
) -> StandardToolV0[Any, Any, Any]:
    """Convert a google-genai automatic-calling function, or a `FunctionDeclaration` (or its dict)
    with the function `fn` that answers it, into a neutral tool.

    `native_context`: maps the neutral context to what the function sees bound by
    `run_context(...)` while it runs (default: the neutral context). A function made by
    `to_google_genai` comes back as the very neutral tool it was made from, and
    `to_google_genai(from_google_genai(fn)) is fn`.
    """
    native_context = bridge.native_context_option(native_context, {}, where="from_google_genai")
    if fn is None:
        home = bridge.neutral_home(fn_or_declaration, native_context)
        if home is not None:
            return home
        if not (inspect.isfunction(fn_or_declaration) or inspect.ismethod(fn_or_declaration)):
            _declaration(fn_or_declaration)  # raises the TypeError for anything else
            raise TypeError(
                "from_google_genai: a FunctionDeclaration needs the function that answers it: "
                "from_google_genai(declaration, fn)"
            )
        function: Callable[..., Any] = fn_or_declaration  # type: ignore[assignment]
        native: Any = function
        try:
            signature_schema = _signature_schema(function)
        except Exception:  # google-genai's own declaration: the same schema, or its own error
            declaration = types.FunctionDeclaration.from_callable_with_api_option(
                callable=function, use_json_schema=True
            )
        else:
            return bridge.from_native(
                native,
                framework="google-genai",
                name=function.__name__,
                description=inspect.cleandoc(function.__doc__) if function.__doc__ else "",
                input_schema=signature_schema,
                call=_runner(function, automatic=True),
                native_context=native_context,
            )
    else:
        if not callable(fn):
            raise TypeError(f"from_google_genai: fn must be a function, got {type(fn).__name__}")
        function = fn
        declaration = _declaration(fn_or_declaration)
        native = declaration
    name = str(declaration.name or getattr(function, "__name__", ""))
    return bridge.from_native(
        native,
        framework="google-genai",
        name=name,
        description=declaration.description or "",
        input_schema=_input_schema(declaration),
        call=_runner(function, automatic=native is function),
        native_context=native_context,
    )


def from_google_genai_tools(
    functions: Iterable[Callable[..., Any]], *, native_context: NativeContextHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a `tools=[...]` list of functions; duplicate names raise `ToolNameError`."""
    return unique_tools([from_google_genai(f, native_context=native_context) for f in functions])
