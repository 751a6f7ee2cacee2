"""Strict schemas for converted tools: the SDK accepts them unchanged and optional keeps its meaning."""

from __future__ import annotations

import copy
import json
from enum import Enum
from typing import Any, Literal

import pytest
from agents import Agent, Runner
from agents.strict_schema import ensure_strict_json_schema
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tool_context import ToolContext
from agents.tracing import set_tracing_disabled
from pydantic import BaseModel, Field
from schema_corpus import SHAPES, Shape

import interop
from interop.bridge import compile_openai_strict, to_json_text
from interop.errors import SchemaConversionError
from interop.openai_agents import to_openai_agents

set_tracing_disabled(True)


class Color(str, Enum):
    RED = "red"
    BLUE = "blue"


class Address(BaseModel):
    street: str
    zip: str | None = None


class Line(BaseModel):
    sku: str
    qty: int = Field(default=1, ge=1)
    color: Color = Color.RED
    address: Address | None = None


def make_order(log: list[dict[str, Any]]) -> interop.StandardTool[Any, Any, Any]:
    @interop.tool(meta={"strict": True})
    def order(
        lines: list[Line],
        note: str | None = None,
        priority: Literal["low", "high"] = "low",
        ship_to: Address | None = None,
        gift: bool = False,
        coupon: str | None = "WELCOME",
    ) -> str:
        """Place an order."""
        log.append(
            {
                "lines": [line.model_dump(mode="json") for line in lines],
                "note": note,
                "priority": priority,
                "ship_to": ship_to.model_dump() if ship_to else None,
                "gift": gift,
                "coupon": coupon,
            }
        )
        return "ok"

    return order


def outputs(model: ScriptedModel, turn: int) -> list[str]:
    return [
        i["output"]
        for i in model.calls[turn].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]


def all_objects(schema: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        if "properties" in schema:
            found.append(schema)
        for value in schema.values():
            found.extend(all_objects(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(all_objects(value))
    return found


def all_nodes(schema: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        found.append(schema)
        for key, value in schema.items():
            if key not in ("enum", "const"):
                found.extend(all_nodes(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(all_nodes(value))
    return found


def test_strict_schema_passes_the_sdk_unchanged() -> None:
    tool = make_order([])
    native = to_openai_agents(tool)
    schema = native.params_json_schema
    assert native.strict_json_schema is True
    assert schema == compile_openai_strict(interop.input_json_schema(tool), tool_name="order").schema
    assert ensure_strict_json_schema(copy.deepcopy(schema)) == schema
    for obj in all_objects(schema):  # every object closed, every property required
        assert obj["additionalProperties"] is False
        assert sorted(obj["required"]) == sorted(obj["properties"])
    assert not any("default" in node for node in all_nodes(schema))  # moved into descriptions
    assert '(default: "low")' in schema["properties"]["priority"]["description"]
    # optional fields became nullable; required ones did not
    props = schema["properties"]
    assert "null" in json.dumps(props["priority"])
    assert "null" not in json.dumps(props["lines"])


@pytest.mark.anyio
async def test_nulls_for_optional_fields_reach_the_function_as_not_given() -> None:
    log: list[dict[str, Any]] = []
    native = to_openai_agents(make_order(log))
    args = {
        "lines": [{"sku": "a", "qty": None, "color": None, "address": None}],
        "note": None,
        "priority": None,
        "ship_to": {"street": "Main", "zip": None},
        "gift": None,
        "coupon": None,
    }
    model = ScriptedModel([[function_call("order", args, call_id="c1")], [assistant_message("done")]])
    await Runner.run(Agent(name="a", model=model, tools=[native]), "x")
    assert outputs(model, 1) == ["ok"]
    assert log == [
        {
            "lines": [{"sku": "a", "qty": 1, "color": "red", "address": None}],
            "note": None,
            "priority": "low",
            "ship_to": {"street": "Main", "zip": None},
            "gift": False,
            "coupon": None,  # already nullable: a null is a real value, kept
        }
    ]


@pytest.mark.anyio
async def test_real_values_and_constraints_still_validated() -> None:
    log: list[dict[str, Any]] = []
    native = to_openai_agents(make_order(log))
    good = {
        "lines": [{"sku": "b", "qty": 3, "color": "blue", "address": None}],
        "note": "hi",
        "priority": "high",
    }
    bad = {"lines": [{"sku": "b", "qty": 0, "color": "green"}]}
    model = ScriptedModel(
        [
            [function_call("order", good | {"ship_to": None, "gift": True, "coupon": "X"}, call_id="c1")],
            [function_call("order", bad, call_id="c2")],
            [assistant_message("done")],
        ]
    )
    await Runner.run(Agent(name="a", model=model, tools=[native]), "x")
    assert log[0]["lines"] == [{"sku": "b", "qty": 3, "color": "blue", "address": None}]
    assert log[0]["priority"] == "high" and log[0]["gift"] is True and log[0]["coupon"] == "X"
    error = outputs(model, 2)[-1]
    assert "Invalid arguments for tool 'order'" in error
    assert "lines.0.qty" in error and "lines.0.color" in error
    assert len(log) == 1


def test_default_strictness_follows_the_sdk_rule() -> None:
    @interop.tool
    def plain(a: int, b: str) -> int:
        """All required: already strict."""
        return a

    @interop.tool
    def optional(a: int, b: str = "x") -> int:
        """An optional field: the SDK would change it, so strict stays off and the schema verbatim."""
        return a

    assert to_openai_agents(plain).strict_json_schema is True
    native = to_openai_agents(optional)
    assert native.strict_json_schema is False
    assert native.params_json_schema == interop.input_json_schema(optional)
    assert native.params_json_schema["required"] == ["a"]

    off = interop.standard_tool(
        name="off",
        description="",
        execute=lambda i: i,
        input_schema=plain.input_schema,
        meta={"strict": False},
    )
    assert to_openai_agents(off).strict_json_schema is False
    assert to_openai_agents(optional, strict=True).strict_json_schema is True


def test_non_strictable_schema_fails_naming_tool_and_path() -> None:
    @interop.tool(meta={"strict": True})
    def tagger(labels: dict[str, str]) -> int:
        """An open map cannot be strict."""
        return len(labels)

    with pytest.raises(SchemaConversionError) as raised:
        to_openai_agents(tagger)
    assert "tagger" in str(raised.value) and "labels" in str(raised.value)
    # without asking for strict it converts, non-strict, verbatim
    assert to_openai_agents(tagger, strict=False).params_json_schema == interop.input_json_schema(tagger)


def _strict_model_arguments(value: Any, injected: frozenset[str]) -> Any:
    """What a strict model sends for `value`: null for each omitted top-level optional field.

    (An optional field that was already nullable keeps null as a real value, so strict mode cannot
    say "omitted" for it; such fields stay omitted here.)
    """
    if not isinstance(value, dict):
        return value
    return {key: None for key in injected} | value


@pytest.mark.anyio
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
async def test_corpus_strict_compilation_keeps_meaning(shape: Shape) -> None:
    tool = interop.standard_tool(
        name="probe", description="", execute=lambda x: x, input_schema=shape.schema, meta={"strict": True}
    )
    schema = interop.input_json_schema(tool)
    if schema.get("type") != "object":
        pytest.skip("strict tool arguments need an object root")
    try:
        native = to_openai_agents(tool)
    except SchemaConversionError as e:
        assert "probe" in str(e)  # names the tool (and the path)
        return
    compiled = compile_openai_strict(schema, tool_name="probe")
    assert native.params_json_schema == compiled.schema  # the SDK's own strict pass changed nothing
    assert ensure_strict_json_schema(copy.deepcopy(compiled.schema)) == compiled.schema
    for value in shape.valid:
        sent = json.dumps(_strict_model_arguments(value, compiled.injected.get("", frozenset())))
        ctx = ToolContext(None, tool_name="probe", tool_call_id="c", tool_arguments=sent)
        got = await native.on_invoke_tool(ctx, sent)
        assert json.loads(got) == json.loads(to_json_text(interop.call(tool, value)))
