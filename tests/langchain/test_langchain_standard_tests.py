"""LangChain's own standard tool tests (`langchain-tests`) on tools converted with `to_langchain`.

`ToolsUnitTests` checks the tool's name and that `get_input_schema()` (a pydantic model) accepts the
example arguments; `ToolsIntegrationTests` invokes the tool with them, sync and async, as plain
arguments and as a `ToolCall` (offline: these tools compute in memory). Each converted tool runs
both suites: one with arguments, one with none, one with nested models, one with a context
(which stays out of the schema and of the example), one whose argument names LangChain and
LangGraph treat specially. The tests after the classes check what the standard tests cannot:
that the model describes the real arguments (names, types, required, nesting, constraints).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_tests")

import pydantic
from acme_tools import AcmeContext, get_weather, place_order
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from langchain_tests.integration_tests import ToolsIntegrationTests
from langchain_tests.unit_tests import ToolsUnitTests
from reserved_names_tool import RESERVED, RESERVED_ARGS, RESERVED_NAMES

import interop
from interop import FromContext, input_json_schema, tool
from interop.errors import SchemaConversionError
from interop.langchain import LangChainCall, to_langchain

pytestmark = pytest.mark.anyio  # the integration suite's async tests run on anyio


@tool
def server_time() -> str:
    """The server's clock (a tool with no arguments)."""
    return "2026-01-01T00:00:00Z"


@dataclass
class Account:
    user: str
    balance: int


@tool
def my_balance(currency: str = "EUR", account: Annotated[Account, FromContext] = None) -> dict[str, Any]:  # type: ignore[assignment]
    """The calling user's balance; the account comes from the application, never from the model.

    Args:
        currency: The currency to report in.
    """
    return {"user": account.user, "balance": account.balance, "currency": currency}


def _account(call: LangChainCall) -> Account:
    return Account(user="std-user", balance=12)


WEATHER = to_langchain(get_weather)
NO_ARGS = to_langchain(server_time)
NESTED = to_langchain(place_order)
WITH_CONTEXT = to_langchain(my_balance, context=_account)
RESERVED_TOOL = to_langchain(RESERVED)

EXAMPLES: dict[str, tuple[BaseTool, dict[str, Any]]] = {
    "weather": (WEATHER, {"city": "Paris", "units": "F"}),
    "no_args": (NO_ARGS, {}),
    "nested": (
        NESTED,
        {
            "items": [{"sku": "WIDGET-1", "quantity": 2}, {"sku": "BOLT-9", "quantity": 10}],
            "ship_to": {"street": "1 rue de Rivoli", "city": "Paris", "country": "FR"},
        },
    ),
    "context": (WITH_CONTEXT, {"currency": "USD"}),
    "reserved": (RESERVED_TOOL, RESERVED_ARGS),
}


class _Example:
    """The standard tests' two properties, read from `EXAMPLES[key]`."""

    key: str

    @property
    def tool_constructor(self) -> BaseTool:
        return EXAMPLES[self.key][0]

    @property
    def tool_invoke_params_example(self) -> dict[str, Any]:
        return EXAMPLES[self.key][1]


SUITES = {
    "Weather": "weather",
    "NoArguments": "no_args",
    "NestedModels": "nested",
    "Context": "context",
    "ReservedNames": "reserved",
}
# both standard suites for each example: TestWeatherUnit, TestWeatherIntegration, TestNoArgumentsUnit, ...
for _name, _key in SUITES.items():
    for _kind, _suite in (("Unit", ToolsUnitTests), ("Integration", ToolsIntegrationTests)):
        globals()[f"Test{_name}{_kind}"] = type(f"Test{_name}{_kind}", (_Example, _suite), {"key": _key})


# ---- what the standard tests do not check ---------------------------------------------------


def _model_schema(lc: BaseTool) -> dict[str, Any]:
    return lc.get_input_schema().model_json_schema()


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_input_schema_has_the_tools_argument_names_and_required_set(key: str) -> None:
    lc, example = EXAMPLES[key]
    neutral = input_json_schema(lc.standard_tool)  # type: ignore[attr-defined]
    described = _model_schema(lc)
    assert set(described["properties"]) == set(neutral["properties"]) == set(lc.args)
    assert set(described.get("required", [])) == set(neutral.get("required", []))
    assert lc.get_input_schema() is lc.get_input_schema()  # built once per tool
    model = lc.get_input_schema()(**example)
    assert model.model_dump(by_alias=True, exclude_unset=True) == example


def test_input_schema_types_and_constraints_are_the_tools() -> None:
    weather = WEATHER.get_input_schema()
    props = _model_schema(WEATHER)["properties"]
    assert props["city"]["type"] == "string" and props["units"]["enum"] == ["C", "F"]
    assert props["units"]["default"] == "C" and "Paris" in props["city"]["description"]
    with pytest.raises(pydantic.ValidationError, match="units"):
        weather(city="Paris", units="K")
    with pytest.raises(pydantic.ValidationError, match="city"):
        weather()  # a required argument is required


def test_nested_models_are_models_with_their_own_fields_and_constraints() -> None:
    order = NESTED.get_input_schema()
    ship_to = order.model_fields["ship_to"].annotation
    assert isinstance(ship_to, type) and issubclass(ship_to, pydantic.BaseModel)
    assert set(ship_to.model_fields) == {"street", "city", "country"}
    assert not ship_to.model_fields["country"].is_required()
    defs = _model_schema(NESTED)["$defs"]
    assert defs["LineItem"]["properties"]["quantity"]["exclusiveMinimum"] == 0
    assert defs["LineItem"]["properties"]["quantity"]["maximum"] == 100
    good = EXAMPLES["nested"][1]
    made = order(**good)
    assert made.ship_to.city == "Paris" and made.items[1].quantity == 10  # type: ignore[attr-defined]
    with pytest.raises(pydantic.ValidationError, match="quantity"):
        order(items=[{"sku": "X", "quantity": 0}], ship_to=good["ship_to"])
    with pytest.raises(pydantic.ValidationError, match="items"):
        order(items=[], ship_to=good["ship_to"])  # minItems 1


def test_context_stays_out_of_the_schema_and_reaches_the_tool() -> None:
    assert "account" not in WITH_CONTEXT.get_input_schema().model_fields
    assert "account" not in WITH_CONTEXT.args and "account" not in json.dumps(_model_schema(WITH_CONTEXT))
    msg = WITH_CONTEXT.invoke(
        {"name": "my_balance", "args": {"currency": "USD"}, "id": "c1", "type": "tool_call"}
    )
    assert isinstance(msg, ToolMessage) and msg.status == "success"
    assert msg.artifact == {"user": "std-user", "balance": 12, "currency": "USD"}


def test_reserved_argument_names_are_the_models_own_fields() -> None:
    model = RESERVED_TOOL.get_input_schema()
    example = EXAMPLES["reserved"][1]
    assert set(_model_schema(RESERVED_TOOL)["properties"]) == set(RESERVED_NAMES)
    # LangGraph's ToolNode injects its runtime into an input-model field *named* `runtime`: the
    # model argument of that name is an alias, so ToolNode leaves it to the model
    assert "runtime" not in model.model_fields and model.model_fields["field_runtime"].alias == "runtime"
    assert model(**example).model_dump(by_alias=True) == example
    assert json.loads(RESERVED_TOOL.invoke(example)) == example


def test_recursive_and_union_schemas_become_models() -> None:
    tree = interop.standard_tool(
        name="tree",
        description="Count the nodes of a tree.",
        execute=lambda input, context: 1,
        input_schema={
            "type": "object",
            "$defs": {
                "Node": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "minLength": 1},
                        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                    },
                    "required": ["name"],
                }
            },
            "properties": {
                "root": {"$ref": "#/$defs/Node"},
                "label": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
                "weights": {"type": "object", "additionalProperties": {"type": "number"}},
            },
            "required": ["root"],
        },
    )
    model = to_langchain(tree).get_input_schema()
    made = model(root={"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}, label=3)
    assert made.root.children[0].children[0].name == "c"  # type: ignore[attr-defined]
    with pytest.raises(pydantic.ValidationError, match="name"):
        model(root={"name": "a", "children": [{"name": ""}]})
    with pytest.raises(pydantic.ValidationError, match="weights"):
        model(root={"name": "a"}, weights={"x": "heavy"})
    described = model.model_json_schema()
    assert described["required"] == ["root"]
    assert described["$defs"]["Node"]["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}


def test_acme_context_default_stays_the_applications() -> None:
    """place_order's context parameter is not an argument; without a context the tool uses a guest."""
    assert "ctx" not in NESTED.get_input_schema().model_fields
    msg = NESTED.invoke(
        {"name": "place_order", "args": EXAMPLES["nested"][1], "id": "o1", "type": "tool_call"}
    )
    assert msg.artifact.customer == AcmeContext().user and msg.artifact.total_items == 12


def test_every_corpus_shape_becomes_a_model_accepting_what_the_tool_accepts() -> None:
    from schema_corpus import SHAPES


    built = 0
    for shape in SHAPES:
        neutral = interop.standard_tool(
            name=f"shape_{built}",
            description=shape.name,
            execute=lambda input, context: input,
            input_schema=shape.schema,
        )
        try:
            lc = to_langchain(neutral)
        except SchemaConversionError:
            continue  # not an object of arguments: LangChain cannot take it (tested elsewhere)
        model = lc.get_input_schema()
        assert set(model.model_json_schema().get("properties", {})) == set(lc.args), shape.name
        for value in shape.valid:
            if isinstance(value, dict):
                model(**value)  # everything the tool accepts, the model describes as acceptable
        built += 1
    assert built >= 30
