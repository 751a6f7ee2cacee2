# ruff: noqa: UP007, UP045  (typing.Optional/Union spellings are part of what the corpus covers)
"""A reusable corpus of schema shapes for tests across the project.

`SHAPES` lists `Shape(name, schema, valid, invalid)`: `schema` is anything `interop.as_schema`
takes (a python type or a raw JSON Schema dict); `valid` are JSON values the schema accepts and
that also conform to its emitted input JSON Schema; `invalid` are JSON values it rejects.
`SCHEMA_SHAPES` is the same list as plain `(name, schema)` pairs. `TARGETS` are the JSON Schema
dialects a schema is emitted in; `Item` (a SKU and a positive quantity) is the model the schema tests
nest in theirs.

Import it from a test as `from schema_corpus import SHAPES` (tests/ is on `sys.path` through its
conftest). Extend it by appending; keep names unique.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import uuid
from typing import Annotated, Any, Literal, Optional, Union

import msgspec
import pydantic
from pydantic import BaseModel, Field, computed_field, field_serializer
from typing_extensions import NotRequired, TypedDict

__all__ = ["RAW_DRAFT07", "SCHEMA_SHAPES", "SHAPES", "TARGETS", "Item", "Shape", "doubling_schema"]

TARGETS = ("draft-2020-12", "draft-07", "openapi-3.0")


@dataclasses.dataclass(frozen=True)
class Shape:
    """One schema shape with sample inputs."""

    name: str
    schema: Any
    valid: tuple[Any, ...] = ()
    invalid: tuple[Any, ...] = ()


# ---------------------------------------------------------------------------------------------- models


class Flat(BaseModel):
    s: str
    i: int
    f: float
    b: bool


class Item(BaseModel):
    sku: str
    qty: int = Field(gt=0)


class Order(BaseModel):
    """An order with nested items."""

    customer: str
    items: list[Item]


class WithOptional(BaseModel):
    a: Optional[int] = None
    b: str | None
    c: Optional[Item] = None


class Color(str, enum.Enum):
    red = "red"
    green = "green"


class Level(enum.IntEnum):
    low = 1
    high = 2


class WithEnums(BaseModel):
    color: Color
    level: Level
    mode: Literal["fast", "slow"]
    fixed: Literal["only"] = "only"


class Tree(BaseModel):
    value: int
    children: list[Tree] = []


class LinkedNode(BaseModel):
    value: str
    next: Optional[LinkedNode] = None


class Ping(BaseModel):
    a: int
    b: Optional[Pong] = None


class Pong(BaseModel):
    c: str
    d: Optional[Ping] = None


Ping.model_rebuild()


class Cat(BaseModel):
    kind: Literal["cat"]
    meows: int


class Dog(BaseModel):
    kind: Literal["dog"]
    barks: bool


class Pet(BaseModel):
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]


class PlainUnion(BaseModel):
    value: int | str
    thing: Cat | Dog


class Constrained(BaseModel):
    name: str = Field(min_length=1, max_length=10, pattern=r"^[a-z]+$")
    age: int = Field(ge=0, le=150)
    score: float = Field(gt=0, lt=1)
    step: int = Field(multiple_of=5)
    tags: list[str] = Field(min_length=1, max_length=3)


class Defaults(BaseModel):
    a: int = 1
    b: str = "x"
    c: list[int] = Field(default_factory=list)
    d: Optional[float] = None
    e: bool = False


class Times(BaseModel):
    at: datetime.datetime
    day: datetime.date
    clock: datetime.time
    span: datetime.timedelta


class Ids(BaseModel):
    id: uuid.UUID
    ids: list[uuid.UUID] = []


class Described(BaseModel):
    """A model with documented fields."""

    city: str = Field(description="The city name", examples=["Paris"])
    units: Literal["c", "f"] = Field("c", title="Units", description="Temperature units")


class Aliased(BaseModel):
    model_config = pydantic.ConfigDict(populate_by_name=True)

    first_name: str = Field(alias="firstName")


class Forbidding(BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")

    x: int


class Empty(BaseModel):
    pass


class Money(BaseModel):
    amount: decimal.Decimal


class Containers(BaseModel):
    pair: tuple[int, str]
    many: tuple[int, ...]
    unique: set[str]
    table: dict[str, list[int]]


class Anything(BaseModel):
    payload: Any
    blob: dict[str, Any] = {}


class Transforming(BaseModel):
    """Input and output sides differ: a serializer and a computed field."""

    when: datetime.datetime

    @field_serializer("when")
    def _when_as_timestamp(self, value: datetime.datetime) -> float:
        return value.timestamp()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def year(self) -> int:
        return self.when.year


class DeepOptional(BaseModel):
    rows: Optional[list[Optional[Item]]] = None


class Mixed(BaseModel):
    choice: Literal[1, "a", None]
    flag: Literal[True]


class Address(TypedDict):
    street: str
    zip: NotRequired[str]


class Person(TypedDict):
    name: str
    address: Address


@dataclasses.dataclass
class Point:
    x: float
    y: float
    label: str = ""


class Shapes(BaseModel):
    points: list[Point]


class MsgItem(msgspec.Struct):
    name: str
    qty: int


class MsgOrder(msgspec.Struct):
    items: list[MsgItem]
    note: Optional[str] = None


RAW_2020: dict[str, Any] = {
    "type": "object",
    "properties": {
        "q": {"type": "string", "minLength": 1},
        "limit": {"type": "integer", "exclusiveMinimum": 0, "maximum": 50},
        "mode": {"const": "search"},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "items": False},
        "maybe": {"type": ["string", "null"]},
        "filter": {"$ref": "#/$defs/Filter"},
    },
    "required": ["q"],
    "additionalProperties": False,
    "$defs": {
        "Filter": {
            "type": "object",
            "properties": {
                "field": {"type": "string"},
                "values": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["field"],
        }
    },
}

RAW_DRAFT07: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "user": {"$ref": "#/definitions/User"},
        "coords": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]},
    },
    "required": ["user"],
    "definitions": {
        "User": {
            "type": "object",
            "properties": {"id": {"type": "integer", "minimum": 1}, "email": {"type": "string"}},
            "required": ["id"],
        }
    },
}

RAW_RECURSIVE: dict[str, Any] = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}},
    "required": ["name"],
}

RAW_ENUM_NULLABLE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "size": {"enum": ["s", "m", "l"]},
        "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
}


SHAPES: list[Shape] = [
    Shape(
        "flat",
        Flat,
        ({"s": "a", "i": 1, "f": 1.5, "b": True},),
        ({"s": "a"}, {"s": 1, "i": 1, "f": 1, "b": 1}),
    ),
    Shape(
        "nested",
        Order,
        ({"customer": "c", "items": [{"sku": "a", "qty": 1}]}, {"customer": "c", "items": []}),
        ({"customer": "c", "items": [{"sku": "a", "qty": 0}]}, {"customer": "c"}),
    ),
    Shape(
        "optional",
        WithOptional,
        ({"b": None}, {"b": None, "c": None}, {"a": 3, "b": "x", "c": {"sku": "s", "qty": 2}}),
        ({}, {"b": 3}),
    ),
    Shape(
        "enums",
        WithEnums,
        ({"color": "red", "level": 2, "mode": "fast"},),
        ({"color": "blue", "level": 2, "mode": "fast"}, {"color": "red", "level": 3, "mode": "fast"}),
    ),
    Shape(
        "recursive",
        Tree,
        ({"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]},),
        ({"value": 1, "children": [{"value": "x"}]},),
    ),
    Shape(
        "linked_list", LinkedNode, ({"value": "a", "next": {"value": "b", "next": None}},), ({"next": None},)
    ),
    Shape("mutual_recursion", Ping, ({"a": 1, "b": {"c": "x", "d": {"a": 2}}},), ({"a": 1, "b": {"d": {}}},)),
    Shape(
        "list_of_models", list[Item], ([{"sku": "a", "qty": 1}], []), ([{"sku": "a"}], {"sku": "a", "qty": 1})
    ),
    Shape(
        "dict_of_models",
        dict[str, Item],
        ({"x": {"sku": "a", "qty": 1}}, {}),
        ({"x": {"sku": "a", "qty": -1}},),
    ),
    Shape(
        "discriminated_union",
        Pet,
        ({"pet": {"kind": "cat", "meows": 3}}, {"pet": {"kind": "dog", "barks": False}}),
        ({"pet": {"kind": "cow"}}, {"pet": {"kind": "cat", "barks": True}}),
    ),
    Shape(
        "plain_union",
        PlainUnion,
        (
            {"value": 1, "thing": {"kind": "dog", "barks": True}},
            {"value": "x", "thing": {"kind": "cat", "meows": 1}},
        ),
        ({"value": [], "thing": {"kind": "dog", "barks": True}},),
    ),
    Shape(
        "constraints",
        Constrained,
        ({"name": "abc", "age": 3, "score": 0.5, "step": 10, "tags": ["t"]},),
        (
            {"name": "", "age": 3, "score": 0.5, "step": 10, "tags": ["t"]},
            {"name": "abc", "age": -1, "score": 0.5, "step": 10, "tags": ["t"]},
            {"name": "abc", "age": 3, "score": 1, "step": 10, "tags": ["t"]},
            {"name": "abc", "age": 3, "score": 0.5, "step": 7, "tags": ["t"]},
            {"name": "abc", "age": 3, "score": 0.5, "step": 10, "tags": []},
        ),
    ),
    Shape("defaults", Defaults, ({}, {"a": 2, "c": [1, 2], "d": 1.5}), ({"a": "x"}, {"c": "no"})),
    Shape(
        "datetimes",
        Times,
        ({"at": "2024-01-02T03:04:05Z", "day": "2024-01-02", "clock": "03:04:05", "span": "PT1H"},),
        ({"at": "yesterday", "day": "2024-01-02", "clock": "03:04:05", "span": "PT1H"},),
    ),
    Shape(
        "uuid",
        Ids,
        ({"id": "12345678-1234-5678-1234-567812345678"},),
        ({"id": "not-a-uuid"},),
    ),
    Shape("described", Described, ({"city": "Paris"}, {"city": "Oslo", "units": "f"}), ({"units": "k"},)),
    Shape("aliased", Aliased, ({"firstName": "Ada"},), ({"firstName": 1},)),
    Shape("forbid_extra", Forbidding, ({"x": 1},), ({"x": 1, "y": 2},)),
    Shape("empty", Empty, ({},), ()),
    Shape("decimal", Money, ({"amount": 1.5}, {"amount": "2.25"}), ({"amount": "lots"},)),
    Shape(
        "containers",
        Containers,
        ({"pair": [1, "a"], "many": [1, 2, 3], "unique": ["a", "b"], "table": {"k": [1]}},),
        (
            {"pair": [1], "many": [1], "unique": [], "table": {}},
            {"pair": [1, "a"], "many": ["x"], "unique": [], "table": {}},
        ),
    ),
    Shape("any", Anything, ({"payload": [1, {"a": None}]}, {"payload": None, "blob": {"k": 1}}), ({},)),
    Shape("transforming", Transforming, ({"when": "2024-05-06T07:08:09Z"},), ({"when": "soon"},)),
    Shape(
        "deep_optional",
        DeepOptional,
        ({"rows": [None, {"sku": "a", "qty": 1}]}, {"rows": None}, {}),
        ({"rows": [{"sku": "a", "qty": 0}]},),
    ),
    Shape(
        "literal_mixed",
        Mixed,
        ({"choice": 1, "flag": True}, {"choice": None, "flag": True}),
        ({"choice": 2, "flag": True},),
    ),
    Shape(
        "typeddict",
        Person,
        ({"name": "a", "address": {"street": "s"}}, {"name": "a", "address": {"street": "s", "zip": "1"}}),
        ({"name": "a", "address": {"zip": "1"}},),
    ),
    Shape("dataclass", Point, ({"x": 1.0, "y": 2}, {"x": 0, "y": 0, "label": "o"}), ({"x": 1},)),
    Shape(
        "dataclass_in_model", Shapes, ({"points": [{"x": 1, "y": 2}]},), ({"points": [{"x": "a", "y": 2}]},)
    ),
    Shape(
        "msgspec_struct",
        MsgOrder,
        ({"items": [{"name": "a", "qty": 1}]},),
        ({"items": [{"name": "a", "qty": "one"}]}, {"items": [{"name": 1, "qty": 1}]}),
    ),
    Shape("annotated_list", Annotated[list[int], Field(min_length=1)], ([1, 2],), ([], ["a"])),
    Shape("optional_scalar", Optional[int], (1, None), ("x",)),
    Shape(
        "raw_2020_12",
        RAW_2020,
        ({"q": "x", "limit": 3, "pair": ["a", 1], "filter": {"field": "f"}},),
        ({"q": ""}, {"q": "x", "limit": 0}),
    ),
    Shape("raw_draft07", RAW_DRAFT07, ({"user": {"id": 1}, "coords": [1, 2]},), ({"user": {"id": 0}}, {})),
    Shape(
        "raw_recursive",
        RAW_RECURSIVE,
        ({"name": "a", "children": [{"name": "b", "children": []}]},),
        ({"name": "a", "children": [{}]},),
    ),
    Shape("raw_enum_nullable", RAW_ENUM_NULLABLE, ({"size": "m", "note": None}, {}), ({"size": "xl"},)),
]

SCHEMA_SHAPES: list[tuple[str, Any]] = [(s.name, s.schema) for s in SHAPES]


def doubling_schema(levels: int) -> dict[str, Any]:
    """An object schema of `levels` small definitions, each using the one before twice: tiny as
    written, 2**levels nodes once its `$ref`s are inlined (what a hostile MCP server or OpenAPI
    document can send)."""
    defs: dict[str, Any] = {"D0": {"type": "integer"}}
    for i in range(1, levels + 1):
        ref = {"$ref": f"#/$defs/D{i - 1}"}
        defs[f"D{i}"] = {"type": "object", "properties": {"x": ref, "y": ref}}
    return {"type": "object", "properties": {"root": {"$ref": f"#/$defs/D{levels}"}}, "$defs": defs}
