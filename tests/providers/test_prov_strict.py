"""The strict compilers over the shared schema corpus: provider rules, the OpenAI Agents SDK's own
check, meaning kept (nulls for omitted fields removed again), clear failures."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from agents.strict_schema import ensure_strict_json_schema
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from prov_rules import anthropic_violations, as_model_sends, openai_violations
from pydantic import BaseModel, create_model
from schema_corpus import SHAPES, Shape

import interop
from interop.errors import SchemaConversionError
from interop.protocols import Success
from interop.providers import (
    StrictSchema,
    compile_anthropic_strict,
    compile_openai_strict,
    is_openai_strict,
    resolve_strict,
)

NOT_OPENAI = {"list_of_models", "dict_of_models", "containers", "any", "annotated_list", "optional_scalar"}
NOT_ANTHROPIC = NOT_OPENAI | {"recursive", "linked_list", "mutual_recursion", "raw_recursive"}


def _emit(shape: Shape) -> dict[str, Any]:
    return interop.as_schema(shape.schema).__standard_schema__.json_schema.input(target="draft-2020-12")


def _validate(shape: Shape, value: Any) -> Any:
    result = interop.as_schema(shape.schema).__standard_schema__.validate(value)
    assert isinstance(result, Success), (shape.name, value, result)
    return result.value


def _check_round_trip(shape: Shape, compiled: StrictSchema, original: dict[str, Any], value: Any) -> None:
    """What the model sends validates against the strict schema and, restored, means `value`
    (except that an omitted field that was already nullable now reads as an explicit null)."""
    sent = as_model_sends(value, original, original)
    jsonschema.Draft202012Validator(compiled.schema).validate(sent)
    intended = as_model_sends(value, original, original, only_nullable=True)
    assert _validate(shape, compiled.restore(sent)) == _validate(shape, intended)


def _compiled(
    shape: Shape, compile: Callable[..., StrictSchema], refused: set[str], refusal: str
) -> tuple[dict[str, Any], StrictSchema | None]:
    """The shape's emitted schema and `compile`'s strict version of it; None where the shape is one the
    provider cannot take (in `refused`: the compiler refuses it, its message matching `refusal`). The
    emitted schema is never mutated."""
    original = _emit(shape)
    before = copy.deepcopy(original)
    if shape.name in refused:
        with pytest.raises(SchemaConversionError, match=refusal):
            compile(original, tool_name="corpus_tool")
        assert original == before
        return original, None
    compiled = compile(original, tool_name="corpus_tool")
    assert original == before  # never mutated
    return original, compiled


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_openai_strict_over_corpus(shape: Shape) -> None:
    original, compiled = _compiled(
        shape, compile_openai_strict, NOT_OPENAI, r"tool 'corpus_tool'.* at #\S*: "
    )
    if compiled is None:
        return
    assert openai_violations(compiled.schema) == []
    # the OpenAI Agents SDK's own strict conversion finds nothing left to change
    assert ensure_strict_json_schema(copy.deepcopy(compiled.schema)) == compiled.schema
    assert compiled.strict_unchanged == (compiled.changes == ()) == (compiled.schema == original)
    for value in shape.valid:
        _check_round_trip(shape, compiled, original, value)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_anthropic_strict_over_corpus(shape: Shape) -> None:
    _, compiled = _compiled(shape, compile_anthropic_strict, NOT_ANTHROPIC, r"tool 'corpus_tool'.* at #")
    if compiled is None:
        return
    assert anthropic_violations(compiled.schema) == []
    for value in shape.valid:  # optional fields stay optional: the same values are accepted as they are
        jsonschema.Draft202012Validator(compiled.schema).validate(value)
        assert compiled.restore(value) == value


def test_failures_name_tool_and_path() -> None:
    class Settings(BaseModel):
        name: str
        labels: dict[str, int]

    schema = interop.as_schema(Settings).__standard_schema__.json_schema.input()
    with pytest.raises(SchemaConversionError) as err:
        compile_openai_strict(schema, tool_name="configure")
    assert "tool 'configure'" in str(err.value) and "#/properties/labels" in str(err.value)
    assert "dict[str, X]" in str(err.value) and "strict=False" in str(err.value)
    assert resolve_strict(schema, None, tool_name="configure") is None  # strict=None: quietly non-strict
    with pytest.raises(SchemaConversionError, match="root uses anyOf"):
        compile_openai_strict({"anyOf": [{"type": "object"}, {"type": "string"}]}, tool_name="u")


def test_strict_none_only_when_already_strict() -> None:
    qualifying = {
        "type": "object",
        "properties": {"q": {"type": "string"}, "n": {"type": ["integer", "null"]}},
        "required": ["q", "n"],
        "additionalProperties": False,
    }
    assert is_openai_strict(qualifying)
    compiled = resolve_strict(qualifying, None, tool_name="t")
    assert compiled is not None and compiled.schema == qualifying and compiled.changes == ()
    loose = {**qualifying, "required": ["q"]}
    assert not is_openai_strict(loose) and resolve_strict(loose, None, tool_name="t") is None
    assert resolve_strict(qualifying, False, tool_name="t") is None
    forced = resolve_strict(loose, True, tool_name="t")
    assert forced is not None and forced.schema["required"] == ["q", "n"]
    # n was already nullable: its null keeps meaning null
    assert forced.restore({"q": "x", "n": None}) == {"q": "x", "n": None}


def test_changes_are_reported_and_constraints_kept_in_description() -> None:
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2, "description": "Who."},
            "kind": {"oneOf": [{"const": "a"}, {"const": "b"}]},
            "site": {"type": "string", "format": "uri"},
            "count": {"type": "integer", "default": 3},
        },
        "required": ["name", "kind", "site"],
    }
    compiled = compile_openai_strict(schema, tool_name="t")
    props = compiled.schema["properties"]
    assert props["name"]["description"] == "Who. (minLength: 2)"
    assert props["kind"] == {"anyOf": [{"enum": ["a"]}, {"enum": ["b"]}]}
    assert props["site"] == {"type": "string", "description": '(format: "uri")'}
    assert props["count"] == {"type": ["integer", "null"], "description": "(default: 3)"}
    text = "\n".join(compiled.changes)
    for expected in (
        "#/properties/name/minLength",
        "oneOf changed to anyOf",
        "#/properties/site/format",
        "#/properties/count/default",
        "#/properties/count: optional field made required and nullable",
    ):
        assert expected in text
    assert compiled.restore({"name": "ab", "kind": "a", "site": "x", "count": None}) == {
        "name": "ab",
        "kind": "a",
        "site": "x",
    }


def test_restore_reaches_nested_lists_refs_and_unions() -> None:
    class Leaf(BaseModel):
        x: int
        tag: str = "t"

    class Branch(BaseModel):
        leaves: list[Leaf]
        extra: Leaf | None = None
        either: Leaf | int = 0

    compiled = compile_openai_strict(
        interop.as_schema(Branch).__standard_schema__.json_schema.input(), tool_name="b"
    )
    sent = {
        "leaves": [{"x": 1, "tag": None}, {"x": 2, "tag": "k"}],
        "extra": None,
        "either": {"x": 5, "tag": None},
    }
    assert compiled.restore(sent) == {
        "leaves": [{"x": 1}, {"x": 2, "tag": "k"}],
        "extra": None,
        "either": {"x": 5},
    }
    assert sent["leaves"][0] == {"x": 1, "tag": None}  # the input is not modified
    assert Branch.model_validate(compiled.restore(sent)).leaves[0].tag == "t"


def test_budgets() -> None:
    deep: dict[str, Any] = {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]}
    for _ in range(11):
        deep = {"type": "object", "properties": {"n": deep}, "required": ["n"]}
    with pytest.raises(SchemaConversionError, match="nested 11 deep; the limit is 10"):
        compile_openai_strict(deep, tool_name="deep")
    wide = {"type": "object", "properties": {f"p{i}": {"type": "integer"} for i in range(5001)}}
    with pytest.raises(SchemaConversionError, match="5001 properties"):
        compile_openai_strict(wide, tool_name="wide")
    many = create_model("Many", **{f"o{i}": (int | None, None) for i in range(25)})  # type: ignore[call-overload]
    with pytest.raises(SchemaConversionError, match="25 optional params; the limit is 24"):
        compile_anthropic_strict(many.model_json_schema(), tool_name="many")


# ---------------------------------------------------------------------------------------------- hypothesis

_FORMATS = {
    "date-time": st.sampled_from(["2024-01-02T03:04:05Z", "1999-12-31T23:59:59+01:00"]),
    "date": st.sampled_from(["2024-01-02", "2000-02-29"]),
    "time": st.sampled_from(["03:04:05", "23:59:59Z"]),
    "duration": st.sampled_from(["PT1H", "P1D"]),
    "uuid": st.uuids().map(str),
    "email": st.sampled_from(["a@example.com"]),
}


def _instances(node: Any, root: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of a (2020-12) schema; constraints are honoured roughly, `assume` filters the rest."""
    if node is True or node == {}:
        return st.one_of(st.none(), st.integers(), st.text(max_size=3))
    ref = node.get("$ref")
    if ref is not None:
        target = root if ref == "#" else root["$defs"][ref.rsplit("/", 1)[-1]]
        return _instances({**target, **{k: v for k, v in node.items() if k != "$ref"}}, root, depth + 1)
    for key in ("anyOf", "oneOf"):
        if key in node:
            branches = (
                node[key] if depth < 4 else [b for b in node[key] if b.get("type") == "null"] or node[key]
            )
            return st.one_of(*(_instances(b, root, depth + 1) for b in branches))
    if "allOf" in node:
        return _instances(
            {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}, root, depth
        )
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    types = node.get("type")
    types = [types] if isinstance(types, str) else list(types or ["object"])
    return st.one_of(*(_typed(t, node, root, depth) for t in types))


def _typed(kind: str, node: dict[str, Any], root: dict[str, Any], depth: int) -> st.SearchStrategy[Any]:
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        low = node.get(
            "minimum", node.get("exclusiveMinimum", -50) + (1 if "exclusiveMinimum" in node else 0)
        )
        high = node.get(
            "maximum", node.get("exclusiveMaximum", 50) - (1 if "exclusiveMaximum" in node else 0)
        )
        step = node.get("multipleOf", 1)
        return st.integers(min_value=-(-low // step), max_value=high // step).map(lambda k: k * step)
    if kind == "number":
        return st.floats(
            min_value=node.get("minimum", -50), max_value=node.get("maximum", 50), allow_nan=False
        )
    if kind == "string":
        if node.get("format") in _FORMATS:
            return _FORMATS[node["format"]]
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True).filter(
                lambda s: len(s) <= node.get("maxLength", 99)
            )
        return st.text(min_size=node.get("minLength", 0), max_size=node.get("maxLength", 5))
    if kind == "array":
        items = node.get("items", {}) if depth < 4 else {"type": "null"}
        if "prefixItems" in node:
            return st.tuples(*(_instances(p, root, depth + 1) for p in node["prefixItems"])).map(list)
        return st.lists(
            _instances(items, root, depth + 1),
            min_size=node.get("minItems", 0),
            max_size=min(node.get("maxItems", 3), 3),
        )
    props = node.get("properties", {})
    required = set(node.get("required", []))
    return st.fixed_dictionaries(
        {k: _instances(v, root, depth + 1) for k, v in props.items() if k in required},
        optional={
            k: _instances(v, root, depth + 1) for k, v in props.items() if k not in required and depth < 4
        },
    )


@pytest.mark.parametrize("shape", [s for s in SHAPES if s.name not in NOT_OPENAI], ids=lambda s: s.name)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_hypothesis_nulls_for_omitted_fields_restore_to_the_same_value(
    shape: Shape, data: st.DataObject
) -> None:
    original = _emit(shape)
    compiled = compile_openai_strict(original, tool_name="h")
    value = data.draw(_instances(original, original))
    assume(jsonschema.Draft202012Validator(original).is_valid(value))
    assume(isinstance(interop.as_schema(shape.schema).__standard_schema__.validate(value), Success))
    _check_round_trip(shape, compiled, original, value)
    json.dumps(compiled.restore(as_model_sends(value, original, original)))
