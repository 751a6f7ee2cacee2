"""Strict compiler defects (issue 14, items 5 and 8), each pinned by a test: a one-element
`prefixItems` compiled once."""

from __future__ import annotations

from collections import Counter

import jsonschema

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
