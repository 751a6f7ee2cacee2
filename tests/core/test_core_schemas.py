"""`as_schema` on every adapter kind, the `StandardSchemaV1` shape, emission caching and targets."""

from __future__ import annotations

import copy
import dataclasses
from typing import Annotated, Any, ClassVar, Literal

import jsonschema
import msgspec
import pydantic
import pytest
from pydantic import BaseModel, Field
from schema_corpus import RAW_DRAFT07, TARGETS, Item
from typing_extensions import TypedDict

import interop
from interop import as_schema
from interop.protocols import Failure, Issue, Success


class Cart(BaseModel):
    items: list[Item]


class Movie(TypedDict):
    title: str
    year: int


@dataclasses.dataclass
class Point:
    x: float
    y: float


class MsgLine(msgspec.Struct):
    sku: str
    qty: int


class MsgCart(msgspec.Struct):
    lines: list[MsgLine]
    by_name: dict[str, MsgLine] = {}


def _validate(schema: Any, value: Any) -> Success[Any] | Failure:
    return as_schema(schema).__standard_schema__.validate(value)


def test_protocol_shape_of_every_adapter() -> None:
    for x, vendor in [
        (Cart, "pydantic"),
        (list[int], "pydantic"),
        ({"type": "object"}, "jsonschema"),
        (MsgCart, "msgspec"),
    ]:
        schema = as_schema(x)
        assert isinstance(schema, interop.StandardSchemaV1)
        props = schema.__standard_schema__
        assert props.version == 1
        assert props.vendor == vendor
        assert callable(props.validate)
        assert isinstance(props.json_schema.input(), dict)
        assert isinstance(props.json_schema.output(), dict)


def test_pydantic_model() -> None:
    ok = _validate(Cart, {"items": [{"sku": "a", "qty": "3"}]})
    assert isinstance(ok, Success) and ok.value == Cart(items=[Item(sku="a", qty=3)])
    bad = _validate(Cart, {"items": [{"sku": "a", "qty": 0}, {"qty": 1}]})
    assert isinstance(bad, Failure)
    assert bad.issues == (
        Issue("Input should be greater than 0", ("items", 0, "qty")),
        Issue("Field required", ("items", 1, "sku")),
    )
    assert as_schema(Cart) is as_schema(Cart)  # adapted once


@pytest.mark.parametrize(
    ("tp", "good", "expected", "bad", "path"),
    [
        (Movie, {"title": "M", "year": "1999"}, {"title": "M", "year": 1999}, {"title": "M"}, ("year",)),
        (Point, {"x": 1, "y": 2}, Point(1.0, 2.0), {"x": 1, "y": "up"}, ("y",)),
        (Annotated[int, Field(ge=0)], "5", 5, -1, ()),
        (
            list[Item],
            [{"sku": "a", "qty": 1}],
            [Item(sku="a", qty=1)],
            [{"sku": "a", "qty": 1}, {}],
            (1, "sku"),
        ),
        (dict[str, list[int]], {"a": [1]}, {"a": [1]}, {"a": [1, "x"]}, ("a", 1)),
        (Literal["a", "b"], "a", "a", "c", ()),
        (int | None, None, None, "x", ()),
    ],
)
def test_type_adapter_types(tp: Any, good: Any, expected: Any, bad: Any, path: tuple[Any, ...]) -> None:
    ok = _validate(tp, good)
    assert isinstance(ok, Success) and ok.value == expected
    failed = _validate(tp, bad)
    assert isinstance(failed, Failure)
    assert path in [i.path for i in failed.issues]


def test_raw_json_schema_is_validated_by_jsonschema_with_paths() -> None:
    raw = {
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {"$ref": "#/$defs/Row"}},
            "meta": {"type": "object", "additionalProperties": {"type": "integer"}},
        },
        "required": ["rows"],
        "$defs": {
            "Row": {
                "type": "object",
                "properties": {"n": {"type": "integer", "minimum": 1}},
                "required": ["n"],
            }
        },
    }
    value = {"rows": [{"n": 1}], "meta": {"a": 1}}
    ok = _validate(raw, value)
    assert isinstance(ok, Success) and ok.value is value  # JSON Schema does not coerce
    bad = _validate(raw, {"rows": [{"n": 1}, {"n": 0}, {}], "meta": {"k": "v"}})
    assert isinstance(bad, Failure)
    assert [(i.dot_path, i.message) for i in bad.issues] == [
        ("meta.k", "'v' is not of type 'integer'"),
        ("rows.1.n", "0 is less than the minimum of 1"),
        ("rows.2", "'n' is a required property"),
    ]
    root = _validate(raw, {})
    assert isinstance(root, Failure) and root.issues == (Issue("'rows' is a required property", ()),)


def test_raw_json_schema_long_values_are_shortened_in_messages() -> None:
    bad = _validate({"type": "string"}, list(range(500)))
    assert isinstance(bad, Failure) and len(bad.issues[0].message) <= 300


def test_an_invalid_raw_json_schema_is_refused() -> None:
    with pytest.raises(jsonschema.SchemaError):
        as_schema({"type": "objekt"})


def test_a_foreign_schema_that_is_not_json_schema_is_refused_saying_where() -> None:
    from interop.bridge import foreign_schema
    from interop.errors import SchemaConversionError
    from interop.protocols import Success

    ok = foreign_schema({"type": "object", "properties": {"n": {"type": "integer"}}}, where="X")
    assert ok.__standard_schema__.validate({"n": 1}) == Success({"n": 1})
    with pytest.raises(SchemaConversionError) as info:
        foreign_schema(
            {"type": "object", "properties": {"n": {"minimum": "ten"}}},
            where="MCP tool 'x': its input schema",
        )
    assert str(info.value) == (
        "MCP tool 'x': its input schema is not valid JSON Schema at /properties/n/minimum: 'ten' is not of type 'number'"
    )
    with pytest.raises(
        SchemaConversionError, match="w is not valid JSON Schema at /type: 'objekt' is not valid"
    ):
        foreign_schema({"type": "objekt"}, where="w")


def test_draft_07_raw_schema_is_understood_and_emitted_as_2020_12() -> None:
    raw = RAW_DRAFT07  # a $ref into "definitions" and a tuple as a list of "items"
    before = copy.deepcopy(raw)
    schema = as_schema(raw).__standard_schema__
    bad = schema.validate({"user": {}, "coords": [1, "b"]})
    assert isinstance(bad, Failure)
    assert {i.dot_path for i in bad.issues} == {"user", "coords.1"}
    emitted = schema.json_schema.input()
    assert "$schema" not in emitted and "definitions" not in emitted
    assert emitted["properties"]["user"] == {"$ref": "#/$defs/User"}
    assert emitted["$defs"]["User"]["required"] == ["id"]
    assert emitted["properties"]["coords"]["prefixItems"] == [{"type": "number"}, {"type": "number"}]
    d7 = schema.json_schema.input(target="draft-07")
    assert d7["properties"]["user"] == {"$ref": "#/definitions/User"}
    assert d7["properties"]["coords"]["items"] == [{"type": "number"}, {"type": "number"}]
    assert raw == before  # the caller's dict is untouched


def test_msgspec_struct_with_paths() -> None:
    ok = _validate(MsgCart, {"lines": [{"sku": "a", "qty": 1}]})
    assert isinstance(ok, Success) and ok.value == MsgCart(lines=[MsgLine("a", 1)])
    bad = _validate(MsgCart, {"lines": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": "two"}]})
    assert isinstance(bad, Failure)
    assert bad.issues == (Issue("Expected `int`, got `str`", ("lines", 1, "qty")),)
    bad = _validate(MsgCart, {"lines": [], "by_name": {"x": {"sku": 1, "qty": 1}}})
    assert isinstance(bad, Failure) and bad.issues[0].path == ("by_name", "x", "sku")
    missing = _validate(MsgCart, {})
    assert isinstance(missing, Failure) and missing.issues == (
        Issue("Object missing required field `lines`", ()),
    )
    emitted = as_schema(MsgCart).__standard_schema__.json_schema.input()
    assert emitted["type"] == "object" and emitted["required"] == ["lines"]


class Upper:
    """A third-party schema implementing the protocol without importing interop."""

    class _Json:
        def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
            if target not in TARGETS:
                raise ValueError(target)
            return {"type": "string"}

        output = input

    class _Props:
        version: Literal[1] = 1
        vendor = "upper"
        json_schema: Any = None

        def validate(self, value: object) -> Any:
            if isinstance(value, str):
                return Success(value.upper())
            return Failure((Issue("expected a string"),))

    def __init__(self) -> None:
        props = self._Props()
        props.json_schema = self._Json()
        self.__standard_schema__ = props


def test_an_object_implementing_the_protocol_is_returned_as_is_and_used() -> None:
    upper = Upper()
    assert as_schema(upper) is upper
    assert isinstance(upper, interop.StandardSchemaV1)
    t = interop.standard_tool(name="shout", description="", execute=lambda s: s + "!", input_schema=upper)
    assert interop.call(t, "hi") == "HI!"  # the transformed (output-side) value reaches the function
    with pytest.raises(
        interop.StandardToolValidationError, match=r"^input validation failed: expected a string$"
    ):
        interop.call(t, 3)
    assert interop.input_json_schema(t) == {"type": "string"}
    # an already-adapted schema is returned as is too
    cart = as_schema(Cart)
    assert as_schema(cart) is cart


def test_things_that_are_not_schemas_are_refused() -> None:
    class NotAType:
        pass

    with pytest.raises(TypeError, match="cannot build a schema"):
        as_schema(NotAType())


# ------------------------------------------------------------------------------------------- emission


@pytest.mark.parametrize("x", [Cart, {"type": "object", "properties": {"a": {"type": "integer"}}}, MsgCart])
def test_unknown_target_raises(x: Any) -> None:
    converter = as_schema(x).__standard_schema__.json_schema
    for method in (converter.input, converter.output):
        with pytest.raises(ValueError, match="unknown JSON Schema target 'draft-04'"):
            method(target="draft-04")
    t = interop.standard_tool(name="t", description="", execute=print, input_schema=x, output_schema=x)
    with pytest.raises(ValueError, match="unknown JSON Schema target"):
        interop.input_json_schema(t, "openapi-3.1")
    with pytest.raises(ValueError, match="unknown JSON Schema target"):
        interop.output_json_schema(t, "openapi-3.1")


def test_tool_without_schemas() -> None:
    t = interop.standard_tool(name="t", description="", execute=lambda: 1)
    for target in TARGETS:
        assert interop.input_json_schema(t, target) == {"type": "object", "properties": {}}
        assert interop.output_json_schema(t, target) is None
    first = interop.input_json_schema(t)
    first["properties"]["x"] = {}
    assert interop.input_json_schema(t) == {"type": "object", "properties": {}}
    with pytest.raises(ValueError, match="unknown JSON Schema target"):
        interop.input_json_schema(t, "nope")


class Counted(BaseModel):
    """Counts how often pydantic generates its JSON Schema."""

    generated: ClassVar[list[str]] = []
    child: Item | None = None

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> Any:
        cls.generated.append(handler.mode)
        return handler(core_schema)


def test_emission_is_cached_per_direction_and_copies_are_independent() -> None:
    converter = as_schema(Counted).__standard_schema__.json_schema
    first = converter.input()
    for target in TARGETS:
        converter.input(target=target)
        converter.input(target=target)
    assert Counted.generated == ["validation"]
    converter.output()
    converter.output(target="openapi-3.0")
    assert Counted.generated == ["validation", "serialization"]

    second = converter.input()
    assert second == first and second is not first
    second["properties"]["child"]["anyOf"].append({"type": "string"})
    second["required"] = ["mutated"]
    second["$defs"]["Item"]["properties"].clear()
    third = converter.input()
    assert third == first
    for target in TARGETS:
        a = converter.input(target=target)
        a.clear()
        assert converter.input(target=target) != {}


def test_recursive_model_root_is_an_object_with_defs_kept() -> None:
    class Node(BaseModel):
        name: str
        children: list[Node] = []

    Node.model_rebuild()
    emitted = as_schema(Node).__standard_schema__.json_schema.input()
    assert emitted["type"] == "object" and "$ref" not in emitted
    assert emitted["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}
    assert "Node" in emitted["$defs"]
    openapi = as_schema(Node).__standard_schema__.json_schema.input(target="openapi-3.0")
    assert "$defs" not in openapi
    assert openapi["properties"]["children"]["items"]["type"] == "object"


def test_non_recursive_nested_model_root_is_hoisted() -> None:
    emitted = as_schema(Cart).__standard_schema__.json_schema.input()
    assert emitted["type"] == "object"
    assert set(emitted["$defs"]) == {"Item"}


def test_dialect_details() -> None:
    class D(BaseModel):
        maybe: int | None = None
        kind: Literal["a"] = "a"
        pair: tuple[int, str]
        positive: int = Field(gt=0, lt=10)

    js = as_schema(D).__standard_schema__.json_schema
    oa = js.input(target="openapi-3.0")["properties"]
    assert oa["maybe"] == {"default": None, "nullable": True, "type": "integer"}
    assert oa["kind"]["enum"] == ["a"] and "const" not in oa["kind"]
    assert oa["positive"] == {
        "exclusiveMinimum": True,
        "minimum": 0,
        "exclusiveMaximum": True,
        "maximum": 10,
        "type": "integer",
    }
    assert "prefixItems" not in oa["pair"] and oa["pair"]["maxItems"] == 2
    d7 = js.input(target="draft-07")["properties"]
    assert d7["pair"]["items"] == [{"type": "integer"}, {"type": "string"}]
    assert d7["positive"]["exclusiveMinimum"] == 0
    assert d7["kind"]["const"] == "a"


def test_pydantic_schema_error_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        as_schema(pydantic)  # a module is not a type
