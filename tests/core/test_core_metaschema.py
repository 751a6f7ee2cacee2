"""Every emitted schema of the corpus, in every target and both directions, is valid against the
official metaschema of its target, keeps its `$ref`s resolvable, and still accepts the corpus's
valid samples (so a down-conversion never changes what a schema means for good data)."""

from __future__ import annotations

from typing import Any

import jsonschema
import openapi_spec_validator
import pytest
from openapi_schema_validator import OAS30Validator
from schema_corpus import SHAPES, TARGETS, Shape

import interop
import interop.protocols
from interop.bridge import to_jsonable

DIRECTIONS = ("input", "output")


def _emit(shape: Shape, direction: str, target: str) -> dict[str, Any]:
    converter = interop.as_schema(shape.schema).__standard_schema__.json_schema
    return converter.input(target=target) if direction == "input" else converter.output(target=target)


def _keys(node: Any) -> set[str]:
    """Every key used anywhere in a schema (property names included; fine for negative checks)."""
    if isinstance(node, dict):
        return set(node) | {k for v in node.values() for k in _keys(v)}
    if isinstance(node, list):
        return {k for v in node for k in _keys(v)}
    return set()


def _check_openapi_30(schema: dict[str, Any]) -> None:
    """Embed the schema in a minimal OpenAPI 3.0 document and validate it with openapi-spec-validator."""
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "corpus", "version": "1"},
        "paths": {},
        "components": {"schemas": {"Subject": schema}},
    }
    openapi_spec_validator.validate(spec, cls=openapi_spec_validator.OpenAPIV30SpecValidator)


def _samples(shape: Shape, direction: str) -> list[Any]:
    """JSON values the emitted schema must accept: the valid inputs, or what they serialize to."""
    if direction == "input":
        return list(shape.valid)
    schema = interop.as_schema(shape.schema).__standard_schema__
    out = []
    for value in shape.valid:
        result = schema.validate(value)
        assert isinstance(result, interop.protocols.Success)
        out.append(to_jsonable(result.value))
    return out


def test_corpus_is_large_enough() -> None:
    assert len(SHAPES) >= 30
    assert len({s.name for s in SHAPES}) == len(SHAPES)


VALIDATORS = {
    "draft-2020-12": jsonschema.Draft202012Validator,
    "draft-07": jsonschema.Draft7Validator,
    "openapi-3.0": OAS30Validator,
}


def _check_metaschema(schema: dict[str, Any], target: str) -> None:
    """The schema is valid against the official metaschema of `target`."""
    if target == "openapi-3.0":
        _check_openapi_30(schema)
    else:
        VALIDATORS[target].check_schema(schema)


def _checked(shape: Shape, direction: str, target: str) -> dict[str, Any]:
    """The shape's schema emitted for `target`, checked: valid against the target's metaschema, and
    accepting every one of the shape's valid samples."""
    schema = _emit(shape, direction, target)
    _check_metaschema(schema, target)
    validator = VALIDATORS[target](schema)
    for sample in _samples(shape, direction):
        validator.validate(sample)
    return schema


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_draft_2020_12(shape: Shape, direction: str) -> None:
    assert "definitions" not in _checked(shape, direction, "draft-2020-12")


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_draft_07(shape: Shape, direction: str) -> None:
    schema = _checked(shape, direction, "draft-07")
    # 2020-12-only keywords the draft-07 metaschema would silently tolerate as unknown
    assert not (
        {"$defs", "prefixItems", "$dynamicRef", "dependentRequired"} & _keys(schema) - _property_names(schema)
    )


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_openapi_3_0(shape: Shape, direction: str) -> None:
    schema = _checked(shape, direction, "openapi-3.0")
    assert "$ref" not in _keys(schema) - _property_names(schema)


def _property_names(node: Any) -> set[str]:
    if isinstance(node, dict):
        names = set(node["properties"]) if isinstance(node.get("properties"), dict) else set()
        return names | {k for v in node.values() for k in _property_names(v)}
    if isinstance(node, list):
        return {k for v in node for k in _property_names(v)}
    return set()


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_corpus_samples_agree_with_the_validator(shape: Shape) -> None:
    props = interop.as_schema(shape.schema).__standard_schema__
    for value in shape.valid:
        assert isinstance(props.validate(value), interop.protocols.Success), value
    for value in shape.invalid:
        result = props.validate(value)
        assert isinstance(result, interop.protocols.Failure), value
        assert result.issues and all(isinstance(i.message, str) and i.message for i in result.issues)


def _tools() -> list[interop.StandardTool[Any, Any, Any]]:
    from typing import Annotated, Literal

    from pydantic import Field

    from interop import FromContext

    @interop.tool
    def no_args() -> None:
        """Takes nothing."""

    @interop.tool
    def documented(
        city: Annotated[str, Field(description="City", min_length=1)],
        units: Literal["c", "f"] = "c",
        days: Annotated[int, "How many days"] = 1,
        deps: Annotated[object, FromContext] = None,
    ) -> dict[str, float]:
        """Forecast.

        Args:
            city: ignored, Field wins
            units: Units.
        """
        return {}

    @interop.tool
    def awkward(json: str, schema: int | None = None, _private: list[str] | None = None) -> list[int]:
        return []

    return [no_args, documented, awkward]


@pytest.mark.parametrize("target", TARGETS)
def test_tool_decorator_schemas_are_valid_in_every_target(target: str) -> None:
    for t in _tools():
        schemas = [interop.input_json_schema(t, target)]
        out = interop.output_json_schema(t, target)
        if out is not None:
            schemas.append(out)
        for schema in schemas:
            _check_metaschema(schema, target)
        assert schemas[0]["type"] == "object"
