"""`declared`: what ADK's own `FunctionTool._get_declaration()` says about a plain `FunctionTool`
(its description, parameters JSON Schema and response JSON Schema), without paying for what
`from_google_adk` does not read.

ADK (2.13) declares a function, with its `JSON_SCHEMA_FOR_FUNC_DECL` feature on (the default),
through `build_function_declaration_with_json_schema`: the parameters' pydantic fields
(`_get_function_fields`, the tool's ignored parameters left out: its context parameter and
`input_stream`), the JSON Schema of `create_model(f"{name}Params", **fields)`, and the return
annotation's `TypeAdapter` schema, which it then drops unless the variant is Vertex AI; for
Vertex AI both schemas go through its `_sanitize_json_schema_for_vertex`. Here the same ADK
pieces build the same schemas, except that:

- the parameters' model schema is assembled from each parameter's cached one-field schema
  (`interop._arguments_schema`, the same schema as the whole model's) and titled as ADK titles
  it; where a model or enum in `$defs` is named like the model itself (a name ending in
  `Arguments`, the cache's model, or `<name>Params`, ADK's; a pydantic version may rename one of
  two such names), the whole model is built as ADK builds it;
- the response schema is built only where ADK keeps it (Vertex AI).

Anything else returns `None` and the caller asks ADK (`_get_declaration()`): a tool whose class
overrides `_get_declaration` or `_api_variant` (`LongRunningFunctionTool`, ADK's own subclasses,
yours), a class or pydantic model as the function, the feature off (ADK's older `types.Schema`
declarations), ADK versions without these pieces, and any error on the way (ADK then raises its
own). `tests/google_adk/test_google_adk_declaration.py` compares both over many signatures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pydantic
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.function_tool import FunctionTool
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from interop._arguments_schema import Field, arguments_schema

try:  # ADK's private pieces (2.13); without them every tool is declared by ADK itself
    from google.adk.features import FeatureName, is_feature_enabled
    from google.adk.tools._function_tool_declarations import (
        _build_response_json_schema,
        _get_function_fields,
        _sanitize_json_schema_for_vertex,
        get_callable_name,
    )
    from google.adk.utils._callable_utils import get_callable_doc
    from google.adk.utils.variant_utils import GoogleLLMVariant

    _JSON_SCHEMA_FLAG: Any = FeatureName.JSON_SCHEMA_FOR_FUNC_DECL
except (ImportError, AttributeError):  # pragma: no cover - other ADK versions
    _JSON_SCHEMA_FLAG = None


class Declared(NamedTuple):
    """The parts of a tool's `FunctionDeclaration` that `from_google_adk` reads."""

    description: str | None
    """The tool's own description, else the declaration's (what `from_google_adk` shows)."""
    parameters_json_schema: dict[str, Any] | None
    response_json_schema: dict[str, Any] | None


def _plain(tool: BaseTool) -> Callable[..., Any] | None:
    """The tool's function when ADK declares it the plain way, else `None`."""
    if _JSON_SCHEMA_FLAG is None or not isinstance(tool, FunctionTool):
        return None
    kind = type(tool)
    if kind._get_declaration is not FunctionTool._get_declaration:
        return None
    if getattr(kind, "_api_variant", None) is not getattr(FunctionTool, "_api_variant", None):
        return None
    func = tool.func
    if func is None or isinstance(func, type) or not is_feature_enabled(_JSON_SCHEMA_FLAG):
        return None
    return func


def _parameters_schema(func: Callable[..., Any], fields: dict[str, tuple[Any, Any]]) -> dict[str, Any]:
    """`create_model(f"{name}Params", **fields).model_json_schema()`, from the per-parameter cache."""
    entries: list[Field] = []
    for name, (annotation, default) in fields.items():
        if isinstance(default, FieldInfo):  # an `Annotated` parameter: ADK's field, as it is
            entries.append((name, annotation, False, default))
        else:
            entries.append((name, annotation, default is PydanticUndefined, default))
    schema = arguments_schema(entries)
    title = f"{get_callable_name(func)}Params"
    definitions = schema.get("$defs")
    if definitions and any(key.endswith(("Arguments", title)) for key in definitions):
        whole: dict[str, Any] = pydantic.create_model(title, **fields).model_json_schema()  # type: ignore[call-overload]
        return whole
    schema["title"] = title
    return schema


def declared(tool: BaseTool) -> Declared | None:
    """What `tool._get_declaration()` would say (see the module doc), or `None`: ask ADK."""
    func = _plain(tool)
    ignored = getattr(tool, "_ignore_params", None)  # a subclass may skip FunctionTool.__init__
    if func is None or ignored is None:
        return None
    try:
        vertex = tool._api_variant == GoogleLLMVariant.VERTEX_AI
        fields = _get_function_fields(func, list(ignored))
        parameters = _parameters_schema(func, fields) if fields else None
        response = _build_response_json_schema(func) if vertex else None
        if vertex:
            parameters = _sanitize_json_schema_for_vertex(parameters) if parameters else None
            response = _sanitize_json_schema_for_vertex(response) if response else None
        description = tool.description or get_callable_doc(func) or None
    except Exception:  # ADK raises its own error for it
        return None
    return Declared(description, parameters, response)
