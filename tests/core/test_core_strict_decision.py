"""One strict decision and one object-root rule, seen through every target that makes them.

`interop.jsonschema.resolve_strict` decides, for the provider descriptors and every adapter with
a strict mode, whether a tool's schema is sent strict (compiled) or as it is; what differs per
target is only the default when nothing is asked. Each case below is checked on the real objects
the targets build (OpenAI/Anthropic descriptors, OpenAI Agents `FunctionTool`, AutoGen
`ToolSchema`, pydantic-ai `ToolDefinition`; CrewAI, in its own environment, in
`tests/crewai/test_crew_strict_decision.py`), and against the decision itself. The object-root
rule (`object_root_problem`) is checked the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest
from strict_cases import QUALIFIES, SCHEMAS, strict_tool

import interop
from interop import providers
from interop.errors import SchemaConversionError
from interop.jsonschema import (
    compile_anthropic_strict,
    compile_openai_strict,
    object_root_problem,
    resolve_strict,
)

# what is asked: (the target's `strict=` option, the tool's meta["strict"])
ASKS: dict[str, tuple[bool | None, bool | None]] = {
    "unset": (None, None),
    "option True": (True, None),
    "option False": (False, None),
    "meta True": (None, True),
    "meta False": (None, False),
    "option False over meta True": (False, True),
}

S, N, RAISES = "strict", "as is", "raises"
ASKED = {  # the same for every target: True compiles or raises, False sends the schema as it is
    "option True": {"qualifies": S, "compiles": S, "cannot": RAISES},
    "meta True": {"qualifies": S, "compiles": S, "cannot": RAISES},
    "option False": {"qualifies": N, "compiles": N, "cannot": N},
    "meta False": {"qualifies": N, "compiles": N, "cannot": N},
    "option False over meta True": {"qualifies": N, "compiles": N, "cannot": N},
}
UNSET = {  # the one thing that differs: the default when nothing is asked
    "if-qualifies": {"qualifies": S, "compiles": N, "cannot": N},
    "never": {"qualifies": N, "compiles": N, "cannot": N},
}


def _expected(default: Default, schema: str, ask: str) -> str:
    return UNSET[default][schema] if ask == "unset" else ASKED[ask][schema]


# ------------------------------------------------------------------------------------------ targets
# each: (tool, strict option) -> (the schema sent, whether it is sent strict)


def _openai_chat(tool: Any, strict: bool | None) -> tuple[dict[str, Any], bool]:
    fn = providers.to_openai_chat_tool(tool, strict=strict)["function"]
    return fn["parameters"], fn.get("strict") is True


def _anthropic(tool: Any, strict: bool | None) -> tuple[dict[str, Any], bool]:
    d = providers.to_anthropic_tool(tool, strict=strict)
    return d["input_schema"], d.get("strict") is True


def _openai_agents(tool: Any, strict: bool | None) -> tuple[dict[str, Any], bool]:
    pytest.importorskip("interop.openai_agents", exc_type=ImportError)  # the framework, as the adapter imports it
    from interop.openai_agents import to_openai_agents

    native = to_openai_agents(tool) if strict is None else to_openai_agents(tool, strict=strict)
    return native.params_json_schema, native.strict_json_schema


def _autogen(tool: Any, strict: bool | None) -> tuple[dict[str, Any], bool]:
    pytest.importorskip("interop.autogen", exc_type=ImportError)  # the framework, as the adapter imports it
    from interop.autogen import to_autogen

    native = to_autogen(tool) if strict is None else to_autogen(tool, strict=strict)
    sent = native.schema
    return dict(sent["parameters"]), sent.get("strict") is True


def _pydantic_ai(tool: Any, strict: bool | None) -> tuple[dict[str, Any], bool]:
    assert strict is None  # pydantic-ai's tools have no option: the tool's meta asks
    pytest.importorskip("interop.pydantic_ai", exc_type=ImportError)  # the framework, as the adapter imports it
    from interop.pydantic_ai import to_pydantic_ai

    td = to_pydantic_ai(tool).tool_def
    # unset, pydantic-ai's model profile decides (strict None); False and True are passed on
    assert td.strict is tool.meta.get("strict")
    return td.parameters_json_schema, td.strict is True


Target = Callable[[Any, "bool | None"], "tuple[dict[str, Any], bool]"]
Default = Literal["if-qualifies", "never"]
Dialect = Literal["openai", "anthropic"]
TARGETS: dict[str, tuple[Target, Default, Dialect, bool]] = {
    # name: (build, the default when nothing is asked, dialect, has a strict= option)
    "openai-chat": (_openai_chat, "if-qualifies", "openai", True),
    "anthropic": (_anthropic, "if-qualifies", "anthropic", True),
    "openai-agents": (_openai_agents, "if-qualifies", "openai", True),
    "autogen": (_autogen, "never", "openai", True),
    "pydantic-ai": (_pydantic_ai, "never", "openai", False),
}

CASES = [
    pytest.param(target, schema, ask, id=f"{target}-{schema}-{ask}")
    for target, (_, _, _, has_option) in TARGETS.items()
    for schema in SCHEMAS
    for ask, (option, _) in ASKS.items()
    if has_option or option is None
]


@pytest.mark.parametrize(("target", "schema_name", "ask"), CASES)
def test_one_strict_decision_for_every_target(target: str, schema_name: str, ask: str) -> None:
    build, default, dialect, _ = TARGETS[target]
    schema = SCHEMAS[schema_name]
    option, meta_strict = ASKS[ask]
    tool = strict_tool(schema, meta_strict)
    original = interop.input_json_schema(tool)
    expected = _expected(default, schema_name, ask)
    compile_ = compile_anthropic_strict if dialect == "anthropic" else compile_openai_strict

    if expected == RAISES:
        with pytest.raises(
            SchemaConversionError, match=r"tool 't'.*cannot be made \w+ strict at #/properties/m"
        ):
            build(tool, option)
        with pytest.raises(SchemaConversionError):
            resolve_strict(original, option, tool_name="t", dialect=dialect, meta=tool.meta, default=default)
        return
    sent, is_strict = build(tool, option)
    decided = resolve_strict(
        original, option, tool_name="t", dialect=dialect, meta=tool.meta, default=default
    )
    assert is_strict is (expected == S) is (decided is not None)
    if expected == S:
        assert sent == compile_(original, tool_name="t").schema
        assert sent["additionalProperties"] is False
        assert sent["required"] == (
            ["a", "b"] if schema_name == "compiles" and dialect == "openai" else ["a"]
        )
    else:
        assert sent == original


# ------------------------------------------------------------------------------------------ object root

NOT_OBJECT_ROOTS = {
    "union": {"anyOf": [QUALIFIES, {"type": "object", "properties": {"z": {"type": "integer"}}}]},
    "string": {"type": "string"},
    "nullable object": {"type": ["object", "null"], "properties": {"a": {"type": "string"}}},
}


def _root_targets() -> dict[str, Callable[[Any], Any]]:
    targets: dict[str, Callable[[Any], Any]] = {
        "openai": lambda t: providers.to_openai_chat_tool(t, strict=False),
        "anthropic": lambda t: providers.to_anthropic_tool(t, strict=False),
        "gemini": providers.to_gemini_function_declaration,
        "the strict compiler": lambda t: compile_openai_strict(interop.input_json_schema(t), tool_name="t"),
    }
    try:
        from interop.pydantic_ai import to_pydantic_ai

        targets["pydantic-ai"] = to_pydantic_ai
    except ImportError:
        pass
    try:
        from interop.autogen import to_autogen

        targets["AutoGen"] = to_autogen
    except ImportError:
        pass
    return targets


@pytest.mark.parametrize("root", NOT_OBJECT_ROOTS)
def test_one_object_root_rule_for_every_target(root: str) -> None:
    schema = NOT_OBJECT_ROOTS[root]
    tool = strict_tool(schema, None)
    problem = object_root_problem(interop.input_json_schema(tool))
    assert problem is not None
    for name, build in _root_targets().items():
        with pytest.raises(SchemaConversionError) as caught:
            build(tool)
        message = str(caught.value)
        assert "tool 't'" in message and problem in message, (name, message)
        if name != "the strict compiler":
            assert f"{name} needs an object schema at the root of the input" in message, message
    with pytest.raises(
        ValueError, match=r"cannot be transformed.*" + problem.split(";")[0].replace("[", r"\[")
    ):
        interop.transform_tool(tool, args={"a": interop.ArgTransform(hide=True, default="x")})


def test_object_roots_that_pass() -> None:
    assert object_root_problem(QUALIFIES) is None
    assert object_root_problem({"properties": {"a": {}}}) is None  # no type: an object by its properties
    assert object_root_problem({}) == (
        "has no type and no properties (any JSON value); wrap the value in a field of a model"
    )
    assert object_root_problem({"$ref": "#/$defs/X"}) is not None
