"""The JSON Schema toolkit (`interop._jsonschema`): local `$ref` resolution, deref chains, the
cycle-safe inliner and its recursion policies. Inlined schemas are checked against jsonschema's
own validator: they must accept and refuse exactly what the original accepts and refuses."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from schema_corpus import SHAPES, Shape, doubling_schema

import interop
from interop._jsonschema import (
    InlineSizeError,
    RecursiveRefError,
    RefError,
    accepts_null,
    def_name,
    deref,
    inline_refs,
    iter_subschemas,
    json_type,
    map_subschemas,
    merge_ref,
    named_ref,
    resolve_ref,
    walk,
)

ROOT: dict[str, Any] = {
    "type": "object",
    "properties": {"a/b": {"type": "string"}, "t~x": {"$ref": "#/$defs/Alias"}},
    "$defs": {
        "Item": {"type": "integer", "minimum": 1},
        "a/b~c": {"type": "boolean"},
        "Alias": {"$ref": "#/$defs/Item"},
        "Loop1": {"$ref": "#/$defs/Loop2"},
        "Loop2": {"$ref": "#/$defs/Loop1"},
        "Anchored": {"$anchor": "here", "type": "null"},
        "with space": {"type": "number"},
    },
    "definitions": {"Old": {"type": "string", "maxLength": 3}},
}


@pytest.mark.parametrize(
    ("ref", "pointer", "expected"),
    [
        ("#", "", ROOT),
        ("#/$defs/Item", "/$defs/Item", {"type": "integer", "minimum": 1}),
        ("#/definitions/Old", "/definitions/Old", {"type": "string", "maxLength": 3}),
        ("#/$defs/a~1b~0c", "/$defs/a~1b~0c", {"type": "boolean"}),
        ("#/properties/a~1b", "/properties/a~1b", {"type": "string"}),
        ("#/$defs/with%20space", "/$defs/with space", {"type": "number"}),
        ("#here", "/$defs/Anchored", {"$anchor": "here", "type": "null"}),
    ],
)
def test_resolve_ref_follows_json_pointers_escapes_and_anchors(ref: str, pointer: str, expected: Any) -> None:
    assert resolve_ref(ROOT, ref) == (pointer, expected)


@pytest.mark.parametrize(
    "ref", ["#/$defs/Missing", "#/properties/a~1b/items", "#nowhere", "other.json#/x", ""]
)
def test_unresolvable_or_foreign_refs_raise_ref_error(ref: str) -> None:
    with pytest.raises(RefError):
        resolve_ref(ROOT, ref)


def test_def_name_and_named_ref_give_what_a_docs_generator_shows() -> None:
    assert def_name("#/$defs/a~1b~0c") == "a/b~c"
    assert def_name("#/definitions/Old") == "Old"
    assert def_name("#/$defs/Item/properties/x") is None and def_name("#") is None
    assert named_ref(ROOT, "#/$defs/Item") == ("Item", {"type": "integer", "minimum": 1})
    assert named_ref(ROOT, "#/properties/a~1b") == ("a/b", {"type": "string"})
    titled = {"title": "Tree", "type": "object"}
    assert named_ref(titled, "#") == ("Tree", titled)


def test_deref_follows_chains_and_stops_on_cycles() -> None:
    assert deref(ROOT, {"$ref": "#/$defs/Alias"}) == ({"type": "integer", "minimum": 1}, "/$defs/Item")
    assert deref(ROOT, {"type": "string"}, "/x") == ({"type": "string"}, "/x")
    with pytest.raises(RefError, match="circular"):
        deref(ROOT, {"$ref": "#/$defs/Loop1"})


def test_walk_and_iter_subschemas_give_pointers_that_resolve() -> None:
    for shape in SHAPES:
        schema = interop.as_schema(shape.schema).__standard_schema__.json_schema.input()
        for pointer, node in walk(schema):
            assert resolve_ref(schema, "#" + pointer)[1] is node
    assert [p for p, _ in iter_subschemas({"items": [{}, {}], "not": {}, "x-other": {}})] == [
        "/items/0",
        "/items/1",
        "/not",
    ]
    doubled = map_subschemas({"anyOf": [1, 2], "properties": {"p": 3}, "const": 4}, lambda s: s * 2)
    assert doubled == {"anyOf": [2, 4], "properties": {"p": 6}, "const": 4}


def test_merge_ref_merges_only_when_the_meaning_is_kept() -> None:
    body = {"type": "object", "properties": {"a": {"type": "integer"}}, "description": "inner"}
    assert merge_ref(body, {"description": "outer"}) == {**body, "description": "outer"}
    # `additionalProperties` next to the ref would close the target's `properties`: keep both apart
    closed = merge_ref(body, {"additionalProperties": False})
    assert closed == {"additionalProperties": False, "allOf": [body]}
    for value in ({"a": 1}, {"a": 1, "b": 2}, {}):
        original = {"$defs": {"B": body}, "$ref": "#/$defs/B", "additionalProperties": False}
        assert jsonschema.Draft202012Validator(original).is_valid(value) == (
            jsonschema.Draft202012Validator(closed).is_valid(value)
        )
    assert merge_ref({"type": "integer", "minimum": 1}, {"minimum": 5})["allOf"] == [
        {"type": "integer", "minimum": 1}
    ]


def _same_verdicts(original: dict[str, Any], inlined: dict[str, Any], values: list[Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(inlined)
    for value in values:
        assert jsonschema.Draft202012Validator(original).is_valid(value) == (
            jsonschema.Draft202012Validator(inlined).is_valid(value)
        ), value


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_inline_refs_keep_policy_keeps_meaning_over_the_corpus(shape: Shape) -> None:
    original = interop.as_schema(shape.schema).__standard_schema__.json_schema.input()
    inlined = inline_refs(original)
    kept = {node["$ref"] for _, node in walk(inlined) if "$ref" in node}
    # only recursive refs stay, with exactly the definitions they need
    assert set(inlined.get("$defs", {})) == {def_name(r) for r in kept} - {None}
    _same_verdicts(original, inlined, [*shape.valid, *shape.invalid])


def test_inline_refs_recursion_policies() -> None:
    tree = {
        "type": "object",
        "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {"v": {"$ref": "#/$defs/Leaf"}, "next": {"$ref": "#/$defs/Node"}},
            },
            "Leaf": {"type": "integer"},
            "Unused": {"type": "string"},
        },
    }
    kept = inline_refs(tree)
    assert set(kept["$defs"]) == {"Node"}  # Leaf inlined everywhere, Unused dropped
    assert kept["$defs"]["Node"]["properties"]["v"] == {"type": "integer"}
    assert kept["properties"]["kids"]["items"]["properties"]["next"] == {"$ref": "#/$defs/Node"}
    deep = {"kids": [{"v": 1, "next": {"v": 2, "next": {"v": "x"}}}]}
    _same_verdicts(tree, kept, [deep, {"kids": [{"v": 1}]}, {"kids": [{"v": "x"}]}])

    with pytest.raises(RecursiveRefError) as err:
        inline_refs(tree, recursion="raise")
    assert err.value.pointer == "/$defs/Node/properties/next" and err.value.ref == "#/$defs/Node"

    unrolled = inline_refs(tree, recursion=2)
    assert "$defs" not in unrolled and not any("$ref" in n for _, n in walk(unrolled))
    node = unrolled["properties"]["kids"]["items"]
    assert node["properties"]["next"]["properties"]["next"] == {
        "description": "(recursive structure; nesting limit 2 reached)"
    }
    with pytest.raises(ValueError, match="positive int"):
        inline_refs(tree, recursion=0)


def test_inline_refs_handles_root_recursion_mutual_recursion_and_siblings() -> None:
    linked = {"type": "object", "properties": {"next": {"$ref": "#", "description": "the rest"}}}
    assert inline_refs(linked) == linked
    mutual = {
        "$ref": "#/$defs/A",
        "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
            "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
        },
    }
    out = inline_refs(mutual)
    assert out["type"] == "object" and set(out["$defs"]) == {"A"}
    _same_verdicts(mutual, out, [{"b": {"a": {"b": {}}}}, {"b": {"a": {"b": 1}}}])
    with pytest.raises(RefError):
        inline_refs({"properties": {"x": {"$ref": "https://example.com/x.json"}}})


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, "null"), (True, "boolean"), (0, "integer"), (1.5, "number"), ("x", "string"),
     ([1], "array"), ((1,), "array"), ({}, "object")],
)  # fmt: skip
def test_json_type_names_each_json_value(value: Any, expected: str) -> None:
    assert json_type(value) == expected
    if not isinstance(value, tuple):  # and agrees with a real validator on the value's type
        assert jsonschema.Draft202012Validator({"type": expected}).is_valid(value)


NULLS_ROOT: dict[str, Any] = {
    "$defs": {
        "Opt": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        "Str": {"type": "string"},
        "Via": {"$ref": "#/$defs/Opt"},
        "No": False,
    }
}


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": ["string", "null"]}, True),
        ({"type": "string", "enum": ["a", None]}, False),  # the type rules: null is not a string
        ({"type": "string", "anyOf": [{"type": "null"}]}, False),
        ({"enum": ["a", None]}, True),
        ({"enum": ["a"]}, False),
        ({"const": None}, True),
        ({"const": 0}, False),
        ({"oneOf": [{"type": "integer"}, {"const": None}]}, True),
        ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, False),
        ({"$ref": "#/$defs/Opt"}, True),
        ({"$ref": "#/$defs/Via"}, True),  # a chain of refs
        ({"$ref": "#/$defs/Str"}, False),
        ({"$ref": "#/$defs/No"}, False),
        ({"anyOf": [{"$ref": "#/$defs/Str"}, {"$ref": "#/$defs/Opt"}]}, True),
        (True, True),
        (False, False),
    ],
)
def test_accepts_null_agrees_with_a_validator(schema: Any, expected: bool) -> None:
    assert accepts_null(schema, NULLS_ROOT) is expected
    assert accepts_null(schema, NULLS_ROOT, unknown=True) is expected  # the schema says: no guess
    whole = {**NULLS_ROOT, "allOf": [schema]} if isinstance(schema, dict) else schema
    assert jsonschema.Draft202012Validator(whole).is_valid(None) is expected


@pytest.mark.parametrize(
    "schema", [{}, {"minimum": 3}, {"allOf": [{"type": "null"}]}, {"$ref": "#/$defs/Missing"}, "x"]
)
def test_accepts_null_answers_unknown_where_the_schema_does_not_say(schema: Any) -> None:
    assert accepts_null(schema, NULLS_ROOT, unknown=True) is True
    assert accepts_null(schema, NULLS_ROOT) is False


def test_accepts_null_without_a_root_reads_the_node_alone() -> None:
    assert accepts_null({"$ref": "#/$defs/Opt"}) is False
    assert accepts_null({"$ref": "#/$defs/Opt"}, unknown=True) is True
    assert accepts_null({"$ref": "#/$defs/Opt", "type": "null"}) is True


def test_content_schema_is_a_subschema_for_every_walker() -> None:
    schema = {
        "type": "object",
        "properties": {"doc": {"type": "string", "contentSchema": {"$ref": "#/$defs/P"}}},
        "$defs": {
            "P": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
            "A": {"type": "integer"},
        },
    }
    inlined = inline_refs(schema, recursion="raise")
    assert inlined == {
        "type": "object",
        "properties": {
            "doc": {
                "type": "string",
                "contentSchema": {"type": "object", "properties": {"a": {"type": "integer"}}},
            }
        },
    }
    assert "/properties/doc/contentSchema" in dict(walk(schema))
    assert map_subschemas({"contentSchema": {"x": 1}}, lambda s: {"seen": s}) == {
        "contentSchema": {"seen": {"x": 1}}
    }


def test_inline_refs_stops_at_its_size_limit_instead_of_exploding() -> None:
    small = inline_refs(doubling_schema(5), recursion="raise")  # 2**5 leaves: fine
    assert json.dumps(small).count('"integer"') == 32 and "$defs" not in small
    # 60 levels would be 2**60 nodes: refused once the limit is reached, not after
    with pytest.raises(InlineSizeError, match="more than 20000 subschemas") as info:
        inline_refs(doubling_schema(60))
    assert isinstance(info.value, RefError)  # callers that handle RefError handle this too
    with pytest.raises(InlineSizeError, match="more than 10 subschemas"):
        inline_refs(doubling_schema(5), max_nodes=10)
    for policy in ("keep", "raise", 3):  # every recursion policy is bounded alike
        with pytest.raises(InlineSizeError):
            inline_refs(doubling_schema(60), recursion=policy)
