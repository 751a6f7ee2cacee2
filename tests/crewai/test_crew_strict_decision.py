"""CrewAI's case of the one strict decision (`interop.jsonschema.resolve_strict`; the other targets'
cases are in tests/core/test_core_strict_decision.py): CrewAI makes every schema strict itself, so
ours is compiled whenever it can be."""

from __future__ import annotations

import pytest
from strict_cases import SCHEMAS, strict_tool

import interop
from interop.crewai import to_crewai
from interop.jsonschema import compile_openai_strict, resolve_strict


@pytest.mark.parametrize("schema_name", SCHEMAS)
@pytest.mark.parametrize("meta_strict", [None, True, False])
def test_crewai_compiles_whenever_it_can(schema_name: str, meta_strict: bool | None) -> None:
    """CrewAI makes every schema strict itself: ours is compiled whenever it can be (keeping what
    an optional field means), whatever the tool's meta says; an open map is given as it is."""
    schema = SCHEMAS[schema_name]
    tool = strict_tool(schema, meta_strict)
    original = interop.input_json_schema(tool)
    shown = to_crewai(tool).args_schema.model_json_schema()
    decided = resolve_strict(original, None, tool_name="t", default="if-possible")
    if schema_name == "cannot":
        assert decided is None and shown == original
    else:
        assert (
            decided is not None
            and shown == decided.schema == compile_openai_strict(original, tool_name="t").schema
        )
