"""google-genai in the matrix: plain functions (its automatic function calling idiom), what its
model sees (the declaration google-genai builds from the function), and its call path (a real
`client.aio.models.generate_content` with automatic function calling over a scripted Gemini API).

- Native idiom: the spec's function itself (google-genai reads its signature and docstring); a
  context parameter is left out of the signature (google-genai has no per-call context: the
  native function gets None). No title or meta slot.
- Context for converted functions: `interop.google_genai.run_context(ctx)` around the call.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from installed import module_installed

import interop
from interop.bridge import get_origin, to_jsonable

NAME = "google-genai"


def available() -> bool:
    return module_installed("google.genai.types")


def _without(fn: Any, ctx: str | None) -> Any:
    """`fn` with its context parameter left out of what google-genai reads (it gets None)."""
    from _harness import without_context

    return without_context(fn, ctx, lambda: None) if ctx else fn


@dataclasses.dataclass(frozen=True)
class Declared:
    """google-genai's other idiom: a `FunctionDeclaration` and the function that answers it (for a
    signature its automatic calling cannot read: a TypedDict parameter fails in pydantic there)."""

    declaration: Any
    fn: Any
    __name__: str = ""


@dataclasses.dataclass(frozen=True)
class Refused:
    """`to_google_genai` refused the tool (`SchemaConversionError`): nothing to send or call."""

    neutral: Any
    error: BaseException
    __name__: str = ""


def native(spec: Any) -> Any:
    from _harness import NOTES
    from google.genai import types

    fn = _without(spec.fn, spec.context)
    try:
        types.FunctionDeclaration.from_callable_with_api_option(callable=fn, use_json_schema=True)
    except ValueError as e:
        NOTES[f"google-genai:{spec.name}"] = (
            f"automatic calling cannot read the signature ({str(e)[:60]}...); a declaration"
        )
        neutral = interop.tool(spec.fn, context=spec.context)
        declaration = types.FunctionDeclaration(
            name=spec.name,
            description=neutral.description,
            parameters_json_schema=interop.input_json_schema(neutral),
        )
        return Declared(declaration, fn, spec.name)
    return fn


def from_native(fn: Any) -> Any:
    from interop.google_genai import from_google_genai

    if isinstance(fn, Declared):
        return from_google_genai(fn.declaration, fn.fn)
    return from_google_genai(fn)


def convert(neutral: Any, **options: Any) -> Any:
    from interop.errors import SchemaConversionError
    from interop.google_genai import to_google_genai

    try:
        return to_google_genai(neutral, **options)
    except SchemaConversionError as e:
        return Refused(neutral, e, neutral.name)


def view(fn: Any) -> Any:
    from _harness import View
    from google.genai import types

    if isinstance(fn, Refused):
        return View(fn.neutral.name, fn.neutral.description, None, {"refused": str(fn.error)}, {})
    if isinstance(fn, Declared):
        d = fn.declaration
        return View(d.name, d.description, None, d.parameters_json_schema, {})
    declaration = types.FunctionDeclaration.from_callable_with_api_option(callable=fn, use_json_schema=True)
    origin = get_origin(fn)
    meta = dict(origin.meta) if isinstance(origin, interop.StandardToolV0) else {}  # no slot: the stash
    title = origin.title if isinstance(origin, interop.StandardToolV0) else None  # no slot: the stash
    schema = declaration.parameters_json_schema or {"type": "object", "properties": {}}
    return View(declaration.name or "", declaration.description or "", title, schema, meta)


def _steps(fn: Any, args: Any) -> list[Any]:
    return [[(fn.__name__, args)], "done"]


async def call(fn: Any, args: Any, context: Any) -> Any:
    """A real `client.aio.models.generate_content`: the scripted model calls `fn` once, then answers."""
    from _harness import Outcome
    from genai_kit import arun

    from interop.google_genai import from_google_genai, run_context

    if isinstance(fn, Refused):
        return Outcome(True, f"refused: {fn.error}", tool_name=None)
    if isinstance(fn, Declared):  # manual calling: the application runs the function itself
        try:
            value = await interop.acall(from_google_genai(fn.declaration, fn.fn), args, context)
        except (interop.StandardToolValidationError, interop.ToolError) as e:
            return Outcome(True, interop.bridge.describe_error(e, fn.__name__), tool_name=fn.__name__)
        return Outcome(False, interop.bridge.to_json_text(value), value, tool_name=fn.__name__)
    with run_context(context):
        response, scripted = await arun(_steps(fn, args), fn)
    if response.text != "done":
        return Outcome(True, f"run failed: {response.text}", tool_name=None)
    (sent,) = scripted.responses()
    body = sent["response"]
    if "error" in body:
        return Outcome(True, str(body["error"]), tool_name=sent["name"])
    result = body.get("result")
    text = result if isinstance(result, str) else json.dumps(to_jsonable(result))
    return Outcome(False, text, result, tool_name=sent["name"])


def run_calling(fn: Any, args: dict[str, Any]) -> Any:
    from genai_kit import arun

    return arun(_steps(fn, args), fn)
