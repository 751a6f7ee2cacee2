"""Property: whatever a tool's input schema accepts, `execute` accepts (and hands the validated value
to the function); whatever it rejects, `execute` rejects with an input error carrying the same
issues, without running the function. Also: the emitted JSON Schema is never stricter than the
validator (a value the emitted schema accepts is accepted)."""

from __future__ import annotations

from typing import Any

import jsonschema
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field

import interop
from interop import StandardToolValidationError
from interop.protocols import Failure, Success


class Item(BaseModel):
    sku: str
    qty: int = Field(gt=0, le=100)


class Order(BaseModel):
    items: list[Item]
    notes: dict[str, Item] = {}
    rush: bool = False


class MsgItem(msgspec.Struct):
    sku: str
    qty: int


class MsgOrder(msgspec.Struct):
    items: list[MsgItem]
    notes: dict[str, MsgItem] = {}
    rush: bool = False


RAW_ORDER: dict[str, Any] = {
    "type": "object",
    "properties": {
        "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
        "notes": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Item"}},
        "rush": {"type": "boolean"},
    },
    "required": ["items"],
    "$defs": {
        "Item": {
            "type": "object",
            "properties": {
                "sku": {"type": "string"},
                "qty": {"type": "integer", "exclusiveMinimum": 0, "maximum": 100},
            },
            "required": ["sku", "qty"],
        }
    },
}


def _decorated(received: list[Any]) -> interop.StandardTool[Any, Any, Any]:
    @interop.tool
    def place(items: list[Item], notes: dict[str, Item] | None = None, rush: bool = False) -> int:
        """Place an order."""
        received.append({"items": items, "notes": notes, "rush": rush})
        return len(items)

    return place


def _standard(schema: Any) -> Any:
    def make(received: list[Any]) -> interop.StandardTool[Any, Any, Any]:
        return interop.standard_tool(
            name="place", description="", execute=received.append, input_schema=schema
        )

    return make


TOOLS = {
    "pydantic_model": _standard(Order),
    "tool_decorator": _decorated,
    "raw_json_schema": _standard(RAW_ORDER),
    "msgspec_struct": _standard(MsgOrder),
}

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 120)
    | st.integers(-1, 101).map(float)
    | st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=200)
    | st.text(max_size=4)
)
items = st.fixed_dictionaries(
    {"sku": st.text(max_size=3) | scalars, "qty": scalars | st.integers(1, 100)}
) | (st.dictionaries(st.sampled_from(["sku", "qty", "other"]), scalars, max_size=3))
orders = st.fixed_dictionaries(
    {"items": st.lists(items, max_size=3) | scalars},
    optional={
        "notes": st.dictionaries(st.text(max_size=3), items, max_size=2) | scalars,
        "rush": st.booleans() | scalars,
        "extra": scalars,
    },
)
values = orders | scalars | st.lists(scalars, max_size=2)


@pytest.mark.parametrize("kind", list(TOOLS))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=values)
def test_execute_agrees_with_the_input_schema(kind: str, value: Any) -> None:
    received: list[Any] = []
    tool = TOOLS[kind](received)
    assert tool.input_schema is not None
    props = tool.input_schema.__standard_schema__
    verdict = props.validate(value)
    emitted = jsonschema.Draft202012Validator(props.json_schema.input())
    if emitted.is_valid(value):
        assert isinstance(verdict, Success), (
            f"the emitted JSON Schema accepts {value!r} but the validator does not"
        )
    if isinstance(verdict, Success):
        interop.call(tool, value)
        assert len(received) == 1
        if kind != "tool_decorator":
            assert received[0] == verdict.value
    else:
        assert isinstance(verdict, Failure)
        with pytest.raises(StandardToolValidationError) as info:
            interop.call(tool, value)
        assert info.value.target == "input"
        assert info.value.issues == verdict.issues
        assert received == []
