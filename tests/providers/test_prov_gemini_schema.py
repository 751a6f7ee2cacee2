"""Gemini schemas over the shared corpus: `parameters` is Gemini's OpenAPI subset, with nothing it rejects."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from google.genai import types
from openapi_schema_validator import OAS30Validator
from schema_corpus import SHAPES, Shape

import interop
from interop import standard_tool
from interop._gemini_schema import gemini_schema_from_openapi, to_gemini_json_schema
from interop.errors import SchemaConversionError
from interop.providers import to_gemini_function_declaration

GEMINI_KEYWORDS = {
    "type", "format", "description", "nullable", "enum", "items", "minItems", "maxItems", "properties",
    "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "anyOf", "propertyOrdering", "default", "example",
}  # fmt: skip
GEMINI_TYPES = {"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"}


def _walk(node: Any, path: str = "#") -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        out.append((path, node))
        for key, sub in (node.get("properties") or {}).items():
            out += _walk(sub, f"{path}/properties/{key}")
        if isinstance(node.get("items"), dict):
            out += _walk(node["items"], f"{path}/items")
        for i, sub in enumerate(node.get("anyOf") or []):
            out += _walk(sub, f"{path}/anyOf/{i}")
    return out


def _lower(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            k: (v.lower() if k == "type" else _lower(v) if k != "enum" and k != "example" else v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_lower(v) for v in node]
    return node


def _tool(shape: Shape) -> Any:
    return standard_tool(name="corpus_tool", description="d", execute=lambda a: a, input_schema=shape.schema)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_parameters_follow_gemini_schema_rules(shape: Shape) -> None:
    openapi = interop.as_schema(shape.schema).__standard_schema__.json_schema.input(target="openapi-3.0")
    schema = gemini_schema_from_openapi(openapi)
    text = json.dumps(schema)
    for banned in ('"$ref"', '"$defs"', '"additionalProperties"', '"const"', '"allOf"', '"oneOf"', '"title"'):
        assert banned not in text, (banned, text)
    for path, node in _walk(schema):
        assert set(node) <= GEMINI_KEYWORDS, (path, set(node) - GEMINI_KEYWORDS)
        assert node.get("type", "STRING") in GEMINI_TYPES, (
            path,
            node.get("type"),
        )  # one upper-case type, never a list
        if "enum" in node:
            assert node["enum"] and all(isinstance(v, str) for v in node["enum"]), (path, node["enum"])
        assert set(node.get("required", [])) <= set(node.get("properties", {})), path
    types.Schema.model_validate(schema)  # the SDK takes it
    # nothing that was valid became invalid: only constraints were moved into descriptions
    for value in shape.valid:
        OAS30Validator(_lower(schema)).validate(value)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_json_schema_mode_follows_gemini_rules(shape: Shape) -> None:
    original = interop.as_schema(shape.schema).__standard_schema__.json_schema.input()
    schema = to_gemini_json_schema(original)
    text = json.dumps(schema)
    assert (
        '"const"' not in text and '"oneOf"' not in text and '"$schema"' not in text and '"title"' not in text
    )
    for path, node in _walk(schema) + [(f"#/$defs/{k}", v) for k, v in schema.get("$defs", {}).items()]:
        assert not isinstance(node.get("type"), list), path
        if "$ref" in node:
            assert all(k.startswith("$") for k in node), (path, node)
        if "enum" in node:
            assert all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in node["enum"]), (
                path
            )
    for value in shape.valid:
        jsonschema.Draft202012Validator(schema).validate(value)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_declarations_over_corpus(shape: Shape) -> None:
    root = interop.as_schema(shape.schema).__standard_schema__.json_schema.input()
    if root.get("type") != "object":
        with pytest.raises(SchemaConversionError, match=r"'corpus_tool'.*root"):
            to_gemini_function_declaration(_tool(shape))
        return
    for mode in ("parameters", "parameters_json_schema"):
        declaration = to_gemini_function_declaration(_tool(shape), mode=mode)  # type: ignore[arg-type]
        parsed = types.FunctionDeclaration.model_validate(declaration)
        assert parsed.name == "corpus_tool"
        has_args = bool(root.get("properties"))
        if mode == "parameters":
            assert (parsed.parameters is not None) == has_args and parsed.parameters_json_schema is None
        else:
            assert (parsed.parameters_json_schema is not None) == has_args and parsed.parameters is None


def test_non_string_enums_and_maps_are_described() -> None:
    schema = gemini_schema_from_openapi(
        {
            "type": "object",
            "properties": {
                "level": {"type": "integer", "enum": [1, 2]},
                "when": {"type": "string", "format": "uuid", "description": "Id."},
                "table": {"type": "object", "additionalProperties": {"type": "integer"}},
                "score": {"type": "number", "minimum": 0, "exclusiveMinimum": True},
            },
        }
    )
    props = schema["properties"]
    assert props["level"] == {"type": "INTEGER", "description": "(one of: [1, 2])"}
    assert props["when"] == {"type": "STRING", "description": 'Id. (format: "uuid")'}
    assert props["table"] == {"type": "OBJECT", "description": '(values: "integer")'}
    assert props["score"] == {"type": "NUMBER", "minimum": 0, "description": "(exclusiveMinimum: 0)"}
