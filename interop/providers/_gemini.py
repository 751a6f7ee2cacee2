"""Gemini function declarations and dispatch of `functionCall` parts to `functionResponse` parts.

Declarations use the REST (camelCase) field names, which the `google-genai` SDK also accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from typing_extensions import Unpack

from interop._gemini_schema import gemini_schema_from_openapi, to_gemini_json_schema
from interop._kit import provider_options
from interop.bridge import Rename, ToolOptions, check_name, input_json_schema, to_json_text, to_jsonable
from interop.errors import SchemaConversionError
from interop.jsonschema import RefError, check_object_root, has_ref_key

from ._common import descriptor_name
from ._dispatch import AnyTool, Dispatcher, ToolCall, ToolOutcome, field_of, make_call

__all__ = ["GeminiToolset", "to_gemini_function_declaration"]

GeminiMode = Literal["parameters", "parameters_json_schema"]


def to_gemini_function_declaration(
    tool: AnyTool, *, mode: GeminiMode = "parameters", rename: Rename = None, name: str | None = None
) -> dict[str, Any]:
    """A Gemini `FunctionDeclaration`: `{name, description, parameters | parametersJsonSchema}`.

    `mode="parameters"` gives Gemini's OpenAPI-3.0 `Schema` (refs inlined, `nullable`, string
    enums); `mode="parameters_json_schema"` the JSON Schema subset (local refs kept). A tool
    without arguments gets no schema at all (Gemini rejects an object with no properties). The
    fields of `meta["provider_options"]["gemini"]` are added as given. `rename=` as on every `to_X`
    (`name=` is its deprecated alias).
    """
    name = descriptor_name(tool, rename, name, provider="gemini", where="to_gemini_function_declaration")
    return _declaration(tool, mode, name)


def _declaration(tool: AnyTool, mode: GeminiMode, name: str) -> dict[str, Any]:
    name = check_name(name, "gemini")
    check_object_root(input_json_schema(tool), tool_name=name, target="gemini")
    out: dict[str, Any] = {"name": name, "description": tool.description}
    if mode == "parameters":
        try:
            openapi = input_json_schema(tool, target="openapi-3.0")
        except RefError as e:  # Gemini's `Schema` has no refs: they are inlined, and this one cannot be
            raise SchemaConversionError(
                f"tool {name!r}: cannot inline the $refs of its input schema for gemini: {e}; "
                "pass mode='parameters_json_schema' to send them as they are"
            ) from e
        schema = gemini_schema_from_openapi(openapi)
        if schema.get("properties"):
            out["parameters"] = schema
    elif mode == "parameters_json_schema":
        schema = to_gemini_json_schema(input_json_schema(tool))
        if schema.get("properties"):
            out["parametersJsonSchema"] = schema
    else:
        raise ValueError(f"unknown Gemini mode {mode!r}; expected 'parameters' or 'parameters_json_schema'")
    out.update(provider_options(tool.meta, "gemini"))  # e.g. {"behavior": "NON_BLOCKING"}, as given
    return out


def _calls(obj: Any) -> list[ToolCall]:
    """The function calls of a GenerateContentResponse, a Content, or a list of parts/calls."""
    if isinstance(obj, (list, tuple)):
        parts: Sequence[Any] = obj
    elif (candidates := field_of(obj, "candidates")) is not None:
        parts = field_of(field_of(candidates[0], "content"), "parts") or []
    elif field_of(obj, "parts") is not None:
        parts = field_of(obj, "parts")
    else:
        parts = [obj]
    calls: list[ToolCall] = []
    for part in parts:
        fc = field_of(part, "function_call", "functionCall")
        if fc is None and field_of(part, "name") is not None and field_of(part, "text") is None:
            fc = part  # a bare FunctionCall
        if fc is not None:
            calls.append(make_call(field_of(fc, "id"), field_of(fc, "name"), field_of(fc, "args")))
    return calls


def _part(outcome: ToolOutcome) -> dict[str, Any]:
    """The `functionResponse` part (a tool whose model output is its own sends that text as
    `output`; the structured value stays the application's)."""
    body: dict[str, Any] = {"name": outcome.call.name}
    if outcome.is_error:
        body["response"] = {"error": outcome.text}
    elif outcome.outcome.has_content:  # multimodal function response: text, plus inline data parts
        texts = [p for p in outcome.parts if isinstance(p, str)]
        body["response"] = {"output": "\n".join(texts) if texts else "(see the attached content)"}
        body["parts"] = [
            {"inlineData": {"mimeType": p.media_type, "data": p.base64}}
            for p in outcome.parts
            if not isinstance(p, str)
        ]
    elif outcome.outcome.shows_text:
        body["response"] = {"output": outcome.text}
    else:
        value = to_jsonable(outcome.value)
        # Gemini reads a `$ref` key in a function response as a reference to one of its media parts
        # by display name, and refuses the request (HTTP 400) when none matches: a value holding
        # one (a JSON Schema, an OpenAPI document, tool_search's results) goes as its JSON text.
        body["response"] = {"output": to_json_text(value) if has_ref_key(value) else value}
    if outcome.call.id is not None:
        body["id"] = outcome.call.id
    return {"functionResponse": body}


class GeminiToolset:
    """Neutral tools for the `google-genai` SDK: a `Tool` with the declarations, and the responses.

    ```python
    toolset = GeminiToolset([get_weather])
    config = types.GenerateContentConfig(tools=toolset.tools)
    response = client.models.generate_content(model=..., contents=contents, config=config)
    contents += [response.candidates[0].content,
                 {"role": "user", "parts": toolset.dispatch(response, context=user)}]
    ```
    Results go back as `{"output": value}` (images, audio and files as inline-data parts of the
    function response; a value with a `$ref` key, which Gemini would read as a media-part
    reference and refuse, as its JSON text), failures as `{"error": message}`. Options: the shared ones.
    """

    def __init__(
        self,
        tools: Sequence[AnyTool],
        *,
        mode: GeminiMode = "parameters",
        parallel: bool = True,
        **options: Unpack[ToolOptions],
    ) -> None:
        declarations: list[dict[str, Any]] = []

        def declare(tool: AnyTool, name: str) -> None:
            declarations.append(_declaration(tool, mode, name))

        self.dispatcher = Dispatcher(
            tools, provider="gemini", strict_for=declare, parallel=parallel, **options
        )
        self.declarations: list[dict[str, Any]] = declarations
        """The function declarations."""
        # list[Any]: the SDK's own request types (TypedDicts) are what these are, so
        # `create(tools=toolset.tools)` type-checks without this module importing the SDK
        self.tools: list[Any] = [{"functionDeclarations": declarations}]
        """What to pass as `GenerateContentConfig(tools=...)`."""

    def dispatch(self, response: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """Run the function calls in `response`; the `functionResponse` parts for the next turn."""
        return [_part(o) for o in self.dispatcher.run(_calls(response), context)]

    async def adispatch(self, response: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """`dispatch` from async code."""
        return [_part(o) for o in await self.dispatcher.arun(_calls(response), context)]
