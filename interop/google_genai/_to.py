"""`to_google_genai`: a neutral tool as a function for google-genai's automatic function calling.

google-genai's automatic function calling (`GenerateContentConfig(tools=[fn])`, chats, and
`client.aio`) accepts plain functions only: it builds each declaration from the function's
signature (`FunctionDeclaration.from_callable(..., use_json_schema=True)`: one pydantic
`TypeAdapter` per parameter), calls the function with the model's arguments as keywords, and
sends `{"result": <return value>}` back, or `{"error": str(exception)}` when it raises.

- **Declaration.** The converted function's `__signature__` has one keyword-only parameter per
  property of the neutral input schema, in order, each annotated with an object whose JSON Schema is
  that property's schema (local `$ref`s inlined: google-genai's pydantic pass cannot carry them),
  and a return annotation carrying the output schema (google-genai sends it as
  `response_json_schema` when the tool has parameters). So the `parameters_json_schema`
  google-genai produces is the neutral schema. What it cannot produce is refused at conversion
  with `SchemaConversionError` naming the property or keyword, never sent weaker:
  google-genai declares a property required exactly when it has no `default`, so a required
  property with a default, or an optional one without (unless it accepts null: it is declared
  with `"default": null`, an annotation that changes no validation), cannot be declared; nor can top-level
  keywords other than `properties`/`required` (google-genai writes those two itself), a
  recursive `$ref`, or extra arguments the schema allows (`additionalProperties` other than
  false: google-genai passes only the declared parameters). Use
  `interop.providers.GeminiToolset` (declarations sent as they are, calls dispatched by hand)
  for such tools. A top-level `additionalProperties: false` needs no declaration: google-genai
  never passes an undeclared argument. A required property of any type (`{}`) is declared
  `{"anyOf": [{}]}` (the same schema; google-genai counts an empty one as optional).
- **Validation once.** google-genai checks nothing for these parameters (each type accepts any
  value); the neutral tool validates the arguments.
- **Results.** JSON data as the `result` of google-genai's function response (a string as it
  is); images, audio and files as short placeholders in a text (google-genai's automatic calling
  builds no media parts).
- **Errors.** Bad arguments, `ToolError` and denials raise with the text naming the tool and the
  fields: google-genai sends `{"error": "...because of error <that text>"}` and the loop goes on.
  Other exceptions are google-genai's to report the same way (as for its own functions), unless
  `errors=` says otherwise.
- **Context.** google-genai passes a function nothing but the arguments. The neutral context is
  the object bound with `run_context(obj)` around the call (`with run_context(user):
  client.models.generate_content(...)`; `client.aio` runs sync functions on a worker thread,
  which inherits it), or what the `context=` hook makes of it.
- **Approval.** google-genai has no confirmation step: a `requires_approval` tool needs
  `approval=` (asked before each call that needs it) or `allow_unapproved=True`.
- **Sync and async.** A sync tool gives a sync function (it runs in `client.models` and, on a
  worker thread, in `client.aio.models`); an async tool an async function (`client.aio` only:
  google-genai refuses coroutine functions in its sync methods). `asynchronous=` chooses.
"""

from __future__ import annotations

import inspect
import keyword
import types
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from typing_extensions import Unpack

from interop import ToolError, bridge, jsonschema
from interop._kit import convert_tools
from interop.errors import SchemaConversionError

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic_core import CoreSchema

    from interop import StandardToolV0
    from interop.bridge import Invoker, Outcome


ContextHook = Callable[[Any], Any]
"""Maps the object bound with `run_context(...)` (None when nothing is bound) to the neutral context."""

_BOUND = bridge.BoundContext("google_genai")
_ROUTINES = (types.FunctionType, types.MethodType)
"""What google-genai's automatic function calling accepts (and what `from_google_genai` reads)."""

__all__ = [
    "ContextHook",
    "GoogleGenAIOptions",
    "bound_context",
    "run_context",
    "to_google_genai",
    "to_google_genai_tools",
]


class GoogleGenAIOptions(bridge.ToolOptions, total=False):
    """`to_google_genai` options: the shared ones (see `interop.bridge.Options`) plus:"""

    asynchronous: bool
    """An async function (for `client.aio` only) or a sync one (both clients); default: as the
    tool is."""


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give every converted function called inside this block `value` as its neutral context:
    `with run_context(user): client.models.generate_content(...)` (by identity)."""
    return _BOUND.bind(value)


def bound_context() -> Any:
    """The object bound with `run_context(...)` here (None when nothing is bound)."""
    return _BOUND.get(None)


# ---------------------------------------------------------------------------------- describing


class _Described:
    """A parameter (or return) annotation whose JSON Schema is `json_schema`, accepting any value.

    An instance, not a class per parameter (a class costs ~7 us to make; an instance nothing):
    google-genai builds each parameter's schema with `pydantic.TypeAdapter(annotation)`, which
    takes any object with `__get_pydantic_core_schema__`, and checks each argument with
    `isinstance(value, annotation)` before the call, which asks `__instancecheck__`: every value
    is for the neutral tool to judge."""

    __slots__ = ("json_schema", "name")

    def __init__(self, name: str, json_schema: Any) -> None:
        self.name = name
        self.json_schema = json_schema

    def __instancecheck__(self, instance: Any) -> bool:
        return True

    def __repr__(self) -> str:
        return self.name

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from pydantic_core import core_schema

        return core_schema.any_schema()

    def __get_pydantic_json_schema__(self, core: CoreSchema, handler: GetJsonSchemaHandler) -> Any:
        return bridge.copy_json(self.json_schema)


def _needs_inlining(value: Any) -> bool:
    """Whether `inline_refs` would change the schema: a `$ref`, `$defs` or `definitions` key at
    any depth (looked for everywhere, values included: when in doubt it inlines)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "$ref" in item or "$defs" in item or "definitions" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


_ANNOTATIONS = frozenset({"title", "description", "$schema", "$id", "$comment", "examples", "deprecated"})
"""Top-level keywords that describe and do not constrain: not declared (google-genai has no
place for them at the top), the rest of the schema unchanged."""


def _refuse(tool_name: str, what: str) -> SchemaConversionError:
    return SchemaConversionError(
        f"tool {tool_name!r}: google-genai's automatic function calling cannot declare {what}; "
        "send this tool with interop.providers.GeminiToolset (its declaration as it is) instead"
    )


def _parameters(tool: StandardToolV0[Any, Any, Any], name: str) -> list[tuple[str, Any]]:
    """(property name, its schema as declared) for each parameter, or `SchemaConversionError`."""
    schema = bridge.object_input_schema(tool, "google-genai")
    if _needs_inlining(schema):  # inlining copies the whole schema: only when it changes it
        try:
            schema = jsonschema.inline_refs(schema, recursion="raise")
        except jsonschema.RefError as e:
            raise _refuse(name, f"its input schema's $refs ({e})") from e
    extra = schema.get("additionalProperties", schema.get("unevaluatedProperties"))
    if extra is not None and extra is not False:
        raise _refuse(name, "arguments beyond the declared properties (google-genai passes only those)")
    constraints = sorted(
        k
        for k in schema
        if k not in _ANNOTATIONS
        and k not in ("type", "properties", "required", "additionalProperties", "unevaluatedProperties")
    )
    if constraints:
        raise _refuse(name, f"the top-level keyword(s) {', '.join(constraints)} of its input schema")
    props = schema.get("properties") or {}
    required = schema.get("required") or []
    unknown = [r for r in required if r not in props]
    if unknown:
        raise _refuse(name, f"required arguments that are not properties ({', '.join(map(repr, unknown))})")
    out: list[tuple[str, Any]] = []
    for prop, sub in props.items():
        if sub is True:
            sub = {}
        if not isinstance(sub, dict):
            raise _refuse(name, f"argument {prop!r}: its schema accepts no value")
        if jsonschema.has_ref_key(sub):
            raise _refuse(
                name, f"argument {prop!r}: a '$ref' key inside a value (pydantic reads it as a ref)"
            )
        if prop in required:
            if "default" in sub:
                raise _refuse(
                    name,
                    f"argument {prop!r} as required: it has a default, which google-genai reads as optional",
                )
            if not sub:
                sub = {"anyOf": [{}]}  # the same schema; google-genai counts an empty one as optional
        elif "default" not in sub and sub and jsonschema.accepts_null(sub):
            sub = {**sub, "default": None}  # optional and nullable: omitting it means null
        elif "default" not in sub:
            raise _refuse(
                name,
                f"argument {prop!r} as optional: google-genai declares every argument without a default "
                "as required (give it a default in the input schema)",
            )
        out.append((prop, sub))
    return out


def _parameter(prop: str, schema: Any, index: int) -> inspect.Parameter:
    annotation = _Described(f"Argument_{index}", schema)
    if prop.isidentifier() and not keyword.iskeyword(prop):
        return inspect.Parameter(prop, inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
    # a property name Python cannot spell ("from", "user-id"): google-genai only reads the name
    # and passes the value as a keyword, which any string can be
    param = inspect.Parameter(f"_{index}", inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
    param._name = prop  # type: ignore[attr-defined]
    return param


def _signature(tool: StandardToolV0[Any, Any, Any], name: str) -> inspect.Signature:
    params = [_parameter(prop, sub, i) for i, (prop, sub) in enumerate(_parameters(tool, name))]
    out = bridge.output_json_schema(tool)
    if isinstance(out, dict) and ("$defs" in out or "definitions" in out or jsonschema.has_ref_key(out)):
        # inlined as the parameters are: pydantic cannot resolve the schema's own $defs
        try:
            out = jsonschema.inline_refs(out, recursion="raise")
        except jsonschema.RefError as e:
            raise _refuse(name, f"its output schema's $refs ({e})") from e
        if jsonschema.has_ref_key(out):
            raise _refuse(name, "a '$ref' key inside its output schema (pydantic reads it as a ref)")
    returns: Any = inspect.Signature.empty if out is None else _Described("Result", out)
    return inspect.Signature(params, return_annotation=returns, __validate_parameters__=False)


# ---------------------------------------------------------------------------------- calling


def _result(outcome: Outcome) -> Any:
    """What the function returns for an `Outcome` (google-genai sends it as `result`), or raises
    for the model (google-genai sends `error`)."""
    if outcome.status != "ok":
        raise ToolError(outcome.text)
    if outcome.has_content or outcome.shows_text:
        return outcome.text
    value = bridge.to_jsonable(outcome.value, tool_name=outcome.name)
    # Gemini reads a `$ref` key in a function response as a reference to one of its media parts by
    # display name and refuses the request (HTTP 400) when none matches: a value holding one (a
    # JSON Schema, an OpenAPI document) goes as its JSON text, which the model reads the same.
    return bridge.to_json_text(value) if jsonschema.has_ref_key(value) else value


def _function(invoker: Invoker, asynchronous: bool) -> Callable[..., Any]:
    if asynchronous:

        async def run_async(**arguments: Any) -> Any:
            return _result(await invoker.ainvoke(arguments, _BOUND.get(None)))

        return run_async

    def run(**arguments: Any) -> Any:
        return _result(invoker.invoke(arguments, _BOUND.get(None)))

    return run


def to_google_genai(
    tool: StandardToolV0[Any, Any, Any], **options: Unpack[GoogleGenAIOptions]
) -> Callable[..., Any]:
    """A function for google-genai's automatic function calling running `tool` (or the very
    function `tool` came from): `GenerateContentConfig(tools=[to_google_genai(tool)])`.

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`) and `asynchronous`. Names follow Gemini's rule (1-64 characters from
    `a-z A-Z 0-9 _ . : -`, starting with a letter or `_`). `context=` receives the object bound
    with `run_context(...)` (or None). A schema google-genai cannot declare exactly raises
    `SchemaConversionError` (see the module doc).
    """
    c = bridge.prepare(
        tool, options, GoogleGenAIOptions, where="to_google_genai", rule="gemini", native=_ROUTINES
    )
    if c.home is not None:
        return c.home  # type: ignore[return-value]
    signature = _signature(tool, c.name)
    invoker = c.invoker(target="google-genai")
    asynchronous = c.own.get("asynchronous")
    function = _function(invoker, invoker.is_async if asynchronous is None else bool(asynchronous))
    function.__name__ = function.__qualname__ = c.name
    function.__doc__ = tool.description or None
    function.__signature__ = signature  # type: ignore[attr-defined]
    function.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    if signature.return_annotation is not inspect.Signature.empty:
        function.__annotations__["return"] = signature.return_annotation
    function.standard_tool = tool  # type: ignore[attr-defined]
    bridge.set_origin(function, tool)
    return function


def to_google_genai_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[GoogleGenAIOptions]
) -> list[Callable[..., Any]]:
    """`to_google_genai` over a list (`rename` as a mapping or function), for
    `GenerateContentConfig(tools=[...])`; two tools with the same final name raise
    `ToolNameError` (google-genai would run only the last one)."""
    return convert_tools(tools, options, to_google_genai, "google-genai", name=attrgetter("__name__"))
