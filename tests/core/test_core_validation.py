"""The validating tool (`standard_tool`, `@tool`): error target, message and paths, the function
never running on bad input, output validation, pass-through of the function's own errors,
context by identity and never in a schema, and transforming (input side != output side) schemas."""

from __future__ import annotations

import datetime
from typing import Annotated, Any

import msgspec
import pydantic
import pytest
from pydantic import BaseModel, BeforeValidator, computed_field, field_serializer
from schema_corpus import TARGETS, Item

import interop
import interop.bridge
from interop import FromContext, StandardToolValidationError, ToolError
from interop.bridge import to_jsonable
from interop.protocols import Issue


class Order(BaseModel):
    items: list[Item]
    notes: dict[str, Item] = {}


class Receipt(BaseModel):
    total: int


def _order_tool(calls: list[Any]) -> interop.StandardTool[Any, Any, Any]:
    def place(order: Order) -> dict[str, int]:
        calls.append(order)
        return {"total": sum(i.qty for i in order.items)}

    return interop.standard_tool(
        name="place_order",
        description="Place an order.",
        execute=place,
        input_schema=Order,
        output_schema=Receipt,
    )


def test_valid_input_is_validated_and_output_is_the_validated_output() -> None:
    calls: list[Any] = []
    t = _order_tool(calls)
    result = interop.call(t, {"items": [{"sku": "a", "qty": "2"}, {"sku": "b", "qty": 3}]})
    assert result == Receipt(total=5)
    assert isinstance(calls[0], Order)  # the function gets the validated (coerced) value
    assert calls[0].items[0].qty == 2


def test_input_error_message_target_and_paths() -> None:
    calls: list[Any] = []
    t = _order_tool(calls)
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, {"items": [{"sku": "a", "qty": 0}]})
    err = info.value
    assert str(err) == "input validation failed: items.0.qty: Input should be greater than 0"
    assert err.target == "input"
    assert err.tool_name == "place_order"
    assert err.issues == (Issue("Input should be greater than 0", ("items", 0, "qty")),)
    assert err.issues[0].dot_path == "items.0.qty"
    assert calls == []


def test_several_issues_with_list_and_dict_paths() -> None:
    calls: list[Any] = []
    t = _order_tool(calls)
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(
            t, {"items": [{"sku": "a", "qty": 1}, {"qty": 1}], "notes": {"gift": {"sku": 5, "qty": 1}}}
        )
    paths = [i.path for i in info.value.issues]
    assert paths == [("items", 1, "sku"), ("notes", "gift", "sku")]
    assert str(info.value) == (
        "input validation failed: items.1.sku: Field required; notes.gift.sku: Input should be a valid string"
    )
    assert calls == []


def test_root_level_issue_has_an_empty_path() -> None:
    t = _order_tool([])
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, "not an object")
    assert info.value.issues[0].path == ()
    assert str(info.value).startswith("input validation failed: Input should be a valid dictionary")


def test_invalid_output_raises_an_output_error() -> None:
    ran: list[int] = []

    def bad(order: Order) -> Any:
        ran.append(1)
        return {"total": "lots"}

    t = interop.standard_tool(
        name="bad", description="", execute=bad, input_schema=Order, output_schema=Receipt
    )
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, {"items": []})
    assert info.value.target == "output"
    assert info.value.issues[0].path == ("total",)
    assert str(info.value).startswith("output validation failed: total: Input should be a valid integer")
    assert ran == [1]


@pytest.mark.anyio
async def test_async_tool_validates_both_sides() -> None:
    ran: list[Order] = []

    async def place(order: Order) -> dict[str, Any]:
        ran.append(order)
        return {"total": "x"} if order.items and order.items[0].sku == "bad" else {"total": 1}

    t = interop.standard_tool(
        name="aplace", description="", execute=place, input_schema=Order, output_schema=Receipt
    )
    assert interop.bridge.is_async_tool(t)
    assert await interop.acall(t, {"items": [{"sku": "a", "qty": 1}]}) == Receipt(total=1)
    with pytest.raises(StandardToolValidationError) as info:
        await interop.acall(t, {"items": [{"sku": "a", "qty": -1}]})
    assert info.value.target == "input"
    assert len(ran) == 1
    with pytest.raises(StandardToolValidationError) as info:
        await interop.acall(t, {"items": [{"sku": "bad", "qty": 1}]})
    assert info.value.target == "output"


class Boom(Exception):
    pass


@pytest.mark.parametrize(
    "exc", [Boom("kaput"), ToolError("try another city"), ValueError("v"), KeyError("k")]
)
def test_errors_raised_by_the_function_pass_through_unchanged(exc: Exception) -> None:
    def fail(order: Order) -> None:
        raise exc

    t = interop.standard_tool(name="f", description="", execute=fail, input_schema=Order)
    with pytest.raises(type(exc)) as info:
        interop.call(t, {"items": []})
    assert info.value is exc


@pytest.mark.anyio
async def test_async_errors_pass_through_unchanged() -> None:
    exc = Boom("async kaput")

    @interop.tool
    async def fail(x: int) -> int:
        raise exc

    with pytest.raises(Boom) as info:
        await interop.acall(fail, {"x": 1})
    assert info.value is exc
    with pytest.raises(Boom) as info:
        interop.call(fail, {"x": 1})
    assert info.value is exc


def test_a_validation_error_raised_by_the_function_is_not_relabelled() -> None:
    """A pydantic error from inside the function is the function's error, not an input error."""

    def inner(order: Order) -> None:
        Item.model_validate({"sku": 1})

    t = interop.standard_tool(name="inner", description="", execute=inner, input_schema=Order)
    with pytest.raises(pydantic.ValidationError):
        interop.call(t, {"items": []})


# ------------------------------------------------------------------------------------------- context


class Deps:
    """An unvalidatable, unserializable per-call object."""

    def __init__(self) -> None:
        self.user = "ada"


def test_context_is_forwarded_by_identity_to_standard_tool() -> None:
    seen: list[Any] = []

    def run(order: Order, context: Deps) -> int:
        seen.append(context)
        return len(order.items)

    t = interop.standard_tool(name="ctx", description="", execute=run, input_schema=Order)
    deps = Deps()
    assert interop.call(t, {"items": []}, deps) == 0
    assert seen[0] is deps
    assert t.execute({"items": []}, deps) == 0
    assert seen[1] is deps
    assert interop.call(t, {"items": []}) == 0
    assert seen[2] is None


def test_single_parameter_function_never_sees_the_context() -> None:
    def run(order: Order) -> int:
        return len(order.items)

    t = interop.standard_tool(name="noctx", description="", execute=run, input_schema=Order)
    assert interop.call(t, {"items": []}, Deps()) == 0


@pytest.mark.anyio
async def test_context_by_identity_through_tool_decorator_sync_and_async() -> None:
    seen: list[Any] = []

    @interop.tool
    def who(greeting: str, deps: Annotated[Deps, FromContext]) -> str:
        seen.append(deps)
        return f"{greeting} {deps.user}"

    @interop.tool(context="deps")
    async def awho(greeting: str, deps: Deps) -> str:
        seen.append(deps)
        return f"{greeting} {deps.user}"

    deps = Deps()
    assert interop.call(who, {"greeting": "hi"}, deps) == "hi ada"
    assert await interop.acall(awho, {"greeting": "hey"}, deps) == "hey ada"
    assert seen == [deps, deps]
    assert seen[0] is deps and seen[1] is deps
    for t in (who, awho):
        for target in TARGETS:
            schema = interop.input_json_schema(t, target)
            assert "deps" not in str(schema)
            assert set(schema["properties"]) == {"greeting"}
            assert schema["required"] == ["greeting"]


def test_model_cannot_set_the_context_through_its_arguments() -> None:
    @interop.tool
    def who(greeting: str, deps: Annotated[Deps, FromContext]) -> str:
        return deps.user

    with pytest.raises(StandardToolValidationError) as info:
        interop.call(who, {"greeting": "hi", "deps": {"user": "mallory"}}, Deps())
    assert info.value.issues[0].path == ("deps",)


# ------------------------------------------------------------------------------------------- transforming


class Event(BaseModel):
    """Input side: a datetime string (or a bare date string, widened). Output side: a timestamp."""

    when: Annotated[
        datetime.datetime,
        BeforeValidator(lambda v: f"{v}T00:00:00Z" if isinstance(v, str) and len(v) == 10 else v),
    ]
    tags: list[str] = []

    @field_serializer("when")
    def _stamp(self, value: datetime.datetime) -> float:
        return value.timestamp()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def tag_count(self) -> int:
        return len(self.tags)


def test_transforming_schema_sides_differ() -> None:
    schema = interop.as_schema(Event).__standard_schema__.json_schema
    for target in TARGETS:
        inp, out = schema.input(target=target), schema.output(target=target)
        assert inp["properties"]["when"] == {"format": "date-time", "type": "string"}
        assert out["properties"]["when"]["type"] == "number"
        assert "tag_count" not in inp["properties"]
        assert out["properties"]["tag_count"]["type"] == "integer"
        assert "tag_count" in out["required"]


def test_transforming_schema_as_tool_input_and_output() -> None:
    def reschedule(event: Event) -> Event:
        return event.model_copy(update={"tags": [*event.tags, "moved"]})

    t = interop.standard_tool(
        name="reschedule", description="", execute=reschedule, input_schema=Event, output_schema=Event
    )
    result = interop.call(t, {"when": "2024-01-02"})
    assert isinstance(result, Event)
    assert result.when == datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc)
    # what a model sees is the output side
    assert to_jsonable(result) == {"when": 1704153600.0, "tags": ["moved"], "tag_count": 1}
    assert interop.input_json_schema(t)["properties"]["when"]["type"] == "string"
    out = interop.output_json_schema(t)
    assert out is not None and out["properties"]["when"]["type"] == "number"


def test_tool_decorator_output_schema_is_the_serialization_side() -> None:
    @interop.tool
    def make(day: str) -> Event:
        return Event(when=day)  # type: ignore[arg-type]

    out = interop.output_json_schema(make)
    assert out is not None and "tag_count" in out["properties"]
    assert interop.call(make, {"day": "2024-01-02"}).tag_count == 0


# ------------------------------------------------------------------------------------------- other schema kinds


def test_raw_json_schema_tool_paths_and_message() -> None:
    seen: list[Any] = []
    schema = {
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {"type": "object", "properties": {"n": {"minimum": 1}}}}
        },
        "required": ["rows"],
    }
    t = interop.standard_tool(name="raw", description="", execute=seen.append, input_schema=schema)
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, {"rows": [{"n": 1}, {"n": 0}]})
    assert info.value.target == "input"
    assert info.value.issues == (Issue("0 is less than the minimum of 1", ("rows", 1, "n")),)
    assert str(info.value) == "input validation failed: rows.1.n: 0 is less than the minimum of 1"
    assert seen == []
    value = {"rows": [{"n": 2}]}
    interop.call(t, value)
    assert seen == [value]


class MsgArgs(msgspec.Struct):
    items: list[int]


def test_msgspec_tool_paths() -> None:
    seen: list[Any] = []
    t = interop.standard_tool(name="ms", description="", execute=seen.append, input_schema=MsgArgs)
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, {"items": [1, "x"]})
    assert info.value.issues[0].path == ("items", 1)
    assert str(info.value) == "input validation failed: items.1: Expected `int`, got `str`"
    assert seen == []
    interop.call(t, {"items": [1, 2]})
    assert seen == [MsgArgs(items=[1, 2])]


def test_tool_without_schemas_passes_values_through() -> None:
    t = interop.standard_tool(name="echo", description="", execute=lambda x: x)
    marker = object()
    assert interop.call(t, marker) is marker
    assert t.input_schema is None and t.output_schema is None
