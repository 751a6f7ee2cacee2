"""The three schemas the strict-decision tests run through every target (tests/core and, in
CrewAI's own environment, tests/crewai): one strict as it is, one strict once compiled, one never."""

from __future__ import annotations

from typing import Any

import interop

QUALIFIES = {
    "type": "object",
    "properties": {"a": {"type": "string"}},
    "required": ["a"],
    "additionalProperties": False,
}
"""Strict as it is: strict by default where unset means "only if nothing changes"."""
COMPILES = {
    "type": "object",
    "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
    "required": ["a"],
}
"""Strict only once compiled (closed; for OpenAI `b` also becomes required and nullable)."""
CANNOT = {
    "type": "object",
    "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}},
    "required": ["m"],
    "additionalProperties": False,
}
"""An open map: never strict."""
SCHEMAS = {"qualifies": QUALIFIES, "compiles": COMPILES, "cannot": CANNOT}


def strict_tool(schema: dict[str, Any], meta_strict: bool | None) -> Any:
    """A tool named `t` with the input `schema` and, unless None, `meta["strict"]`."""
    return interop.standard_tool(
        name="t",
        description="A tool.",
        execute=lambda args: args,
        input_schema=schema,
        meta={} if meta_strict is None else {"strict": meta_strict},
    )
