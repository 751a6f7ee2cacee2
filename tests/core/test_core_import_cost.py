"""What only emission or docstring parsing needs is loaded on first use, not by `from interop import tool`
(issue 14, item 7: the import must cost at most 1.15x pydantic's own)."""

from __future__ import annotations

import json
import subprocess
import sys

EMISSION_ONLY = ("interop._dialects",)
"""Dialect conversion (and through it the strict compilers): what only emission needs."""
CONTENT = "interop._content"
"""`Image`/`Audio`/`File`: loaded by whoever names them (a return annotation cannot name them
before), so `@tool` does not need them to tell a content annotation."""


def _after(code: str) -> dict[str, object]:
    script = (
        "import sys, json\n"
        f"{code}\n"
        "import interop._schema as s, interop._docstrings as d\n"
        "print(json.dumps({'modules': sorted(m for m in sys.modules if m.startswith('interop.')),"
        " 'generator': s._generator is not None, 'patterns': d._rx.cache_info().currsize}))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_importing_tool_loads_no_emission_machinery() -> None:
    state = _after("from interop import tool")
    modules = state["modules"]
    assert isinstance(modules, list)
    assert not set(EMISSION_ONLY) & set(modules), modules
    assert CONTENT not in modules, modules
    assert state["generator"] is False  # pydantic's GenerateJsonSchema subclass not built yet
    assert state["patterns"] == 0  # no docstring pattern compiled yet


def test_first_use_loads_what_it_needs() -> None:
    code = (
        "import interop, pydantic\n"
        "from typing import Annotated\n"
        "@interop.tool\n"
        "def f(a: Annotated[int, pydantic.Field(ge=0, title='A')]) -> int:\n"  # a schema pydantic emits (a title)
        "    '''Add one.\n\n    Args:\n        a: A number.\n    '''\n"
        "    return a + 1\n"
        "schema = interop.input_json_schema(f, target='openapi-3.0')\n"
        "assert schema['properties']['a']['description'] == 'A number.', schema\n"
    )
    state = _after(code)
    modules = state["modules"]
    assert isinstance(modules, list)
    assert {"interop._dialects", "interop._jsonschema"} <= set(modules)
    assert state["generator"] is True
    assert isinstance(state["patterns"], int) and state["patterns"] > 0


def test_a_simple_signature_is_described_without_pydantic_emission() -> None:
    """`@tool` writes the JSON Schema of plain scalar/list/dict arguments itself: describing such a
    tool builds neither pydantic's generator nor the arguments model (built on first validation)."""
    code = (
        "import interop\n"
        "@interop.tool\n"
        "def f(a: int, tags: list[str] | None = None) -> int:\n"
        "    '''Add one.\n\n    Args:\n        a: A number.\n    '''\n"
        "    return a + 1\n"
        "schema = interop.input_json_schema(f, target='openapi-3.0')\n"
        "assert schema['properties']['a']['description'] == 'A number.', schema\n"
        "assert 'type' not in f.input_schema.__dict__\n"
        "assert interop.call(f, {'a': '1'}) == 2 and f.input_schema.type.__name__ == 'arguments'\n"
    )
    state = _after(code)
    assert state["generator"] is False
