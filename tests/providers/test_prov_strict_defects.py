"""Strict compiler defects (issue 14, items 5 and 8), each pinned by a test: a one-element
`prefixItems` compiled once, and a union whose branches a strict model cannot tell apart but
whose nulls mean different things reported at compile time."""

from __future__ import annotations

from collections import Counter
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel
from schema_corpus import SHAPES, Shape

import interop
from interop.errors import SchemaConversionError
from interop.providers import compile_anthropic_strict, compile_openai_strict

ONE_POSITION = {
    "type": "object",
    "properties": {
        "pair": {
            "type": "array",
            "prefixItems": [
                {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}
            ],
            "minItems": 1,
            "maxItems": 1,
        }
    },
    "required": ["pair"],
}


def test_a_one_element_prefix_items_is_compiled_once() -> None:
    compiled = compile_openai_strict(ONE_POSITION, tool_name="t")
    repeated = [line for line, n in Counter(compiled.changes).items() if n > 1]
    assert repeated == []
    assert compiled.stats["properties"] == 3 and compiled.stats["optional_params"] == 2
    # nulls are injected at the compiled node, and only there
    assert dict(compiled.injected) == {"/properties/pair/items": frozenset({"a", "b"})}
    items = compiled.schema["properties"]["pair"]["items"]
    assert items["required"] == ["a", "b"] and items["additionalProperties"] is False
    sent = {"pair": [{"a": None, "b": 2}]}
    jsonschema.Draft202012Validator(compiled.schema).validate(sent)
    assert compiled.restore(sent) == {"pair": [{"b": 2}]}
    anthropic = compile_anthropic_strict(ONE_POSITION, tool_name="t")
    assert [line for line, n in Counter(anthropic.changes).items() if n > 1] == []
    assert anthropic.stats["optional_params"] == 2


def test_a_longer_prefix_items_keeps_one_branch_per_position() -> None:
    schema = {
        "type": "object",
        "properties": {
            "row": {
                "type": "array",
                "prefixItems": [
                    {"type": "string"},
                    {"type": "object", "properties": {"n": {"type": "integer"}}},
                ],
                "items": {"type": "boolean"},
            }
        },
        "required": ["row"],
    }
    compiled = compile_openai_strict(schema, tool_name="t")
    assert len(compiled.schema["properties"]["row"]["items"]["anyOf"]) == 3
    assert dict(compiled.injected) == {"/properties/row/items/anyOf/1": frozenset({"n"})}
    assert compiled.restore({"row": ["x", {"n": None}, True]}) == {"row": ["x", {}, True]}


# ---------------------------------------------------------------------------------------------- ambiguity

SAME_ONCE_STRICT = {
    "type": "object",
    "properties": {
        "choice": {
            "anyOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False},
                {
                    "type": "object",
                    "properties": {"a": {"type": ["string", "null"]}},
                    "required": ["a"],
                    "additionalProperties": False,
                },
            ]
        }
    },
    "required": ["choice"],
}


def _ambiguity_notes(changes: tuple[str, ...]) -> list[str]:
    return [c for c in changes if "means 'omitted' in one and null in the other" in c]


def test_identical_branches_with_different_nulls_are_reported() -> None:
    compiled = compile_openai_strict(SAME_ONCE_STRICT, tool_name="t")
    branches = compiled.schema["properties"]["choice"]["anyOf"]
    assert branches[0] == branches[1]  # the model sees one shape twice
    (note,) = _ambiguity_notes(compiled.changes)
    assert note.startswith("#/properties/choice/anyOf: branches 0 and 1") and "'a'" in note
    assert "read as branch 0" in note
    # and restore does what the note says: the first branch reads the null as "omitted"
    assert compiled.restore({"choice": {"a": None}}) == {"choice": {}}
    swapped = {
        **SAME_ONCE_STRICT,
        "properties": {"choice": {"anyOf": SAME_ONCE_STRICT["properties"]["choice"]["anyOf"][::-1]}},
    }
    compiled = compile_openai_strict(swapped, tool_name="t")
    assert len(_ambiguity_notes(compiled.changes)) == 1
    assert compiled.restore({"choice": {"a": None}}) == {"choice": {"a": None}}


def test_pydantic_union_of_a_default_and_a_nullable_field_is_reported() -> None:
    class WithDefault(BaseModel):
        limit: int = 10

    class Nullable(BaseModel):
        limit: int | None

    class Nested(BaseModel):
        inner: WithDefault

    class NestedNullable(BaseModel):
        inner: Nullable

    class Query(BaseModel):
        q: WithDefault | Nullable
        deep: Nested | NestedNullable

    schema = interop.as_schema(Query).__standard_schema__.json_schema.input()
    notes = _ambiguity_notes(compile_openai_strict(schema, tool_name="query").changes)
    assert len(notes) == 2
    assert notes[0].startswith("#/properties/q/anyOf: branches 0 and 1") and "'limit'" in notes[0]
    assert notes[1].startswith("#/properties/deep/anyOf: branches 0 and 1") and "'inner.limit'" in notes[1]


def test_distinguishable_unions_are_not_reported() -> None:
    class Cat(BaseModel):
        meow: str | None = None

    class Dog(BaseModel):
        bark: int = 1

    class Pet(BaseModel):
        pet: Cat | Dog
        size: int | None = None

    schema = interop.as_schema(Pet).__standard_schema__.json_schema.input()
    assert _ambiguity_notes(compile_openai_strict(schema, tool_name="pet").changes) == []


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_no_ambiguity_is_reported_over_the_corpus(shape: Shape) -> None:
    schema: dict[str, Any] = interop.as_schema(shape.schema).__standard_schema__.json_schema.input()
    try:
        compiled = compile_openai_strict(schema, tool_name="corpus_tool")
    except SchemaConversionError:
        return
    assert _ambiguity_notes(compiled.changes) == []


def test_a_moved_subschema_is_described_without_refs_where_the_sent_schema_has_no_defs() -> None:
    # pydantic's `Json[Model]`: a string whose decoded content has a schema (`contentSchema`, which
    # strict mode cannot carry: moved into the description); Anthropic strict inlines every ref,
    # so the description must not point at a `$defs` entry the sent schema no longer has
    from pydantic import Json

    class Item(BaseModel):
        sku: str

    class Args(BaseModel):
        payload: Json[Item]
        item: Item

    schema = interop.as_schema(Args).__standard_schema__.json_schema.input(target="draft-2020-12")
    anthropic = compile_anthropic_strict(schema, tool_name="t").schema
    described = anthropic["properties"]["payload"]["description"]
    assert "$defs" not in described and '"sku"' in described and "$defs" not in anthropic
    openai = compile_openai_strict(schema, tool_name="t").schema  # keeps `$defs`: the ref resolves
    assert "#/$defs/Item" in openai["properties"]["payload"]["description"] and "Item" in openai["$defs"]
