# ruff: noqa: UP007, UP045  (typing.Optional/Union spellings are part of what the corpus covers)
"""The conversion-matrix corpus: >= 40 tool specs, each a plain typed Python function.

No `from __future__ import annotations` here on purpose: several frameworks (LlamaIndex's
`Context` detection, LangChain's schema inference) read real annotation objects.

A spec's function returns plain JSON data (dict/list/str/int/float/bool/None), so every
framework's result channel can be compared (and the OpenAI Agents SDK's `str()` of a result is
predictable). Functions read their arguments through `_j` (JSON form), because a native
LlamaIndex `FunctionTool` hands the function the raw JSON values (dicts, ISO strings) where the
pydantic-based frameworks hand it models and `datetime`s.

`CALLS` logs every call of a spec function (`(spec name, JSON arguments, context)`), so tests
can assert a function never ran on invalid input.
"""

import dataclasses
import datetime
import enum
import uuid
from collections.abc import Callable
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from interop.bridge import to_jsonable

__all__ = ["CALLS", "SPECS", "Spec", "by_name"]

CALLS: list[tuple[str, Any, Any]] = []
"""(spec name, arguments as JSON, context) for every call of a corpus function."""


def _j(value: Any) -> Any:
    return to_jsonable(value)


def _log(_spec: str, _context: Any = None, /, **args: Any) -> None:
    CALLS.append((_spec, _j(args), _context))


@dataclasses.dataclass(frozen=True)
class Spec:
    """One tool of the corpus.

    `fn` is the plain function. `context`, when set, names the parameter that receives the
    per-call context (`context_value` is what tests pass). `invalid=None`: no argument object is
    invalid under every source's own schema (e.g. a no-argument tool whose native schema allows
    extra keys), so that check does not apply.
    """

    fn: Callable[..., Any]
    valid: dict[str, Any]
    expected: Any
    invalid: dict[str, Any] | None
    title: str | None = None
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    context: str | None = None
    context_value: Any = None
    shape: str = ""

    @property
    def name(self) -> str:
        return self.fn.__name__

    @property
    def is_async(self) -> bool:
        import inspect

        return inspect.iscoroutinefunction(self.fn)


# ------------------------------------------------------------------------------------------ types


class Item(BaseModel):
    sku: str
    qty: int = Field(gt=0)


class Address(BaseModel):
    street: str
    city: str
    zip: Optional[str] = None


class Person(BaseModel):
    name: str
    address: Address


class Order(BaseModel):
    """An order with nested items."""

    customer: str
    items: list[Item]
    shipping: Optional[Address] = None


class Color(str, enum.Enum):
    red = "red"
    green = "green"
    blue = "blue"


class Level(enum.IntEnum):
    low = 1
    mid = 2
    high = 3


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool


class Point(TypedDict):
    x: int
    y: int


@dataclasses.dataclass
class Box:
    w: int
    h: int


class Greeting(BaseModel):
    message: str
    length: int


class Stats(TypedDict):
    count: int
    total: float


# ------------------------------------------------------------------------------------------ functions


def echo_str(text: str) -> str:
    """Echo the text back."""
    _log("echo_str", text=text)
    return text


def add_ints(a: int, b: int) -> int:
    """Add two integers."""
    _log("add_ints", a=a, b=b)
    return a + b


def scale_float(x: float, factor: float = 2.0) -> float:
    """Scale a number."""
    _log("scale_float", x=x, factor=factor)
    return x * factor


def toggle(flag: bool) -> bool:
    """Negate a flag."""
    _log("toggle", flag=flag)
    return not flag


def ping() -> str:
    """Answer pong (no arguments)."""
    _log("ping")
    return "pong"


def optional_int(n: Optional[int] = None) -> str:
    """Describe an optional integer."""
    _log("optional_int", n=n)
    return "none" if n is None else f"n={n}"


def nullable_required(label: Union[str, None]) -> str:
    """A required argument that may be null."""
    _log("nullable_required", label=label)
    return "<none>" if label is None else label.upper()


def literal_mode(mode: Literal["fast", "slow"]) -> str:
    """Pick a mode."""
    _log("literal_mode", mode=mode)
    return f"mode:{mode}"


def color_enum(color: Color) -> str:
    """Name a color."""
    _log("color_enum", color=color)
    return f"color:{_j(color)}"


def int_enum(level: Level) -> int:
    """Double a level."""
    _log("int_enum", level=level)
    return int(_j(level)) * 2


def nested_model(person: Person) -> str:
    """Where a person lives."""
    _log("nested_model", person=person)
    p = _j(person)
    return f"{p['name']}@{p['address']['city']}"


def list_models(items: list[Item]) -> int:
    """Total quantity of the items."""
    _log("list_models", items=items)
    return sum(i["qty"] for i in _j(items))


def dict_values(scores: dict[str, int]) -> int:
    """Sum the scores."""
    _log("dict_values", scores=scores)
    return sum(_j(scores).values())


def union_int_str(value: Union[int, str]) -> str:
    """Name the type of the value."""
    _log("union_int_str", value=value)
    return type(value).__name__


def discriminated(pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]) -> str:
    """Describe a pet."""
    _log("discriminated", pet=pet)
    p = _j(pet)
    return f"{p['kind']}:{p.get('lives', p.get('good'))}"


def constrained_str(code: Annotated[str, Field(min_length=3, max_length=5, pattern="^[A-Z]+$")]) -> str:
    """Lower-case a code."""
    _log("constrained_str", code=code)
    return code.lower()


def constrained_num(pct: Annotated[float, Field(ge=0, le=100)]) -> float:
    """A percentage as a fraction."""
    _log("constrained_num", pct=pct)
    return pct / 100


def defaults_mix(a: int, b: str = "x", c: list[int] = [], d: bool = False) -> dict[str, Any]:
    """Echo arguments with defaults."""
    _log("defaults_mix", a=a, b=b, c=c, d=d)
    return {"a": a, "b": b, "c": list(c), "d": d}


def datetime_in(when: datetime.datetime) -> str:
    """Echo a timestamp."""
    _log("datetime_in", when=when)
    return str(_j(when))


def date_and_uuid(day: datetime.date, ref: uuid.UUID) -> dict[str, Any]:
    """Echo a date and an id."""
    _log("date_and_uuid", day=day, ref=ref)
    return {"day": _j(day), "ref": _j(ref)}


def list_str(tags: list[str]) -> str:
    """Join tags."""
    _log("list_str", tags=tags)
    return ",".join(tags)


def optional_model(address: Optional[Address] = None) -> str:
    """The city, if an address is given."""
    _log("optional_model", address=address)
    return "nowhere" if address is None else _j(address)["city"]


def typed_dict(point: Point) -> int:
    """Manhattan norm of a point."""
    _log("typed_dict", point=point)
    p = _j(point)
    return abs(p["x"]) + abs(p["y"])


def dataclass_param(box: Box) -> int:
    """Area of a box."""
    _log("dataclass_param", box=box)
    b = _j(box)
    return b["w"] * b["h"]


def annotated_desc(
    query: Annotated[str, Field(description="Search text")],
    limit: Annotated[int, Field(description="Max hits", ge=1, le=50)] = 10,
) -> dict[str, Any]:
    """Search with a limit."""
    _log("annotated_desc", query=query, limit=limit)
    return {"query": query, "limit": limit}


def docstring_args(city: str, days: int = 1) -> str:
    """Forecast the weather.

    Args:
        city: The city to forecast.
        days: How many days ahead.
    """
    _log("docstring_args", city=city, days=days)
    return f"{city}:{days}"


def set_param(ids: set[int]) -> list[int]:
    """Sorted unique ids."""
    _log("set_param", ids=sorted(ids))
    return sorted(set(ids))


def tuple_param(pair: tuple[int, str]) -> str:
    """Join a pair."""
    _log("tuple_param", pair=pair)
    p = _j(pair)
    return f"{p[0]}-{p[1]}"


def nested_lists(rows: list[list[int]]) -> int:
    """Sum a matrix."""
    _log("nested_lists", rows=rows)
    return sum(sum(r) for r in rows)


def order_total(order: Order) -> dict[str, Any]:
    """Summarise an order."""
    _log("order_total", order=order)
    o = _j(order)
    return {
        "customer": o["customer"],
        "qty": sum(i["qty"] for i in o["items"]),
        "ships": o.get("shipping") is not None,
    }


def optional_list(tags: Optional[list[str]] = None) -> int:
    """Count the tags."""
    _log("optional_list", tags=tags)
    return 0 if tags is None else len(tags)


def open_dict(data: dict[str, Any]) -> list[str]:
    """Sorted keys of an open object."""
    _log("open_dict", data=data)
    return sorted(data)


async def async_echo(text: str) -> str:
    """Echo the text back (async)."""
    _log("async_echo", text=text)
    return text


async def async_add(a: int, b: int = 1) -> int:
    """Add two integers (async)."""
    _log("async_add", a=a, b=b)
    return a + b


async def async_nested(person: Person) -> str:
    """Where a person lives (async)."""
    _log("async_nested", person=person)
    p = _j(person)
    return f"{p['name']}@{p['address']['city']}"


async def async_ping() -> str:
    """Answer pong (async, no arguments)."""
    _log("async_ping")
    return "pong"


def output_model(name: str) -> Greeting:
    """Greet with a structured result."""
    _log("output_model", name=name)
    return {"message": f"hello {name}", "length": len(name)}  # type: ignore[return-value]


def output_list(n: int) -> list[int]:
    """The first n integers."""
    _log("output_list", n=n)
    return list(range(n))


def output_typed_dict(values: list[float]) -> Stats:
    """Count and total."""
    _log("output_typed_dict", values=values)
    return {"count": len(values), "total": sum(values)}


def search_web(query: str, page: int = 1) -> dict[str, Any]:
    """Search the web."""
    _log("search_web", query=query, page=page)
    return {"query": query, "page": page, "hits": 3}


async def delete_file(path: str, force: bool = False) -> str:
    """Delete a file."""
    _log("delete_file", path=path, force=force)
    return f"deleted {path}"


def lookup_user(user_id: Annotated[int, Field(ge=1)]) -> dict[str, Any]:
    """Look a user up."""
    _log("lookup_user", user_id=user_id)
    return {"id": user_id, "name": f"user{user_id}"}


def greet_ctx(name: str, caller: dict[str, Any]) -> str:
    """Greet on behalf of the caller."""
    _log("greet_ctx", caller, name=name)
    return f"hi {name} from {caller['user']}"


async def async_ctx_sum(a: int, caller: dict[str, Any]) -> int:
    """Add the caller's offset (async)."""
    _log("async_ctx_sum", caller, a=a)
    return a + caller["n"]


def ctx_items(items: list[Item], caller: dict[str, Any]) -> dict[str, Any]:
    """Count items for the caller."""
    _log("ctx_items", caller, items=items)
    return {"user": caller["user"], "qty": sum(i["qty"] for i in _j(items))}


async def ctx_optional(caller: dict[str, Any], note: Optional[str] = None) -> str:
    """The caller and an optional note (async)."""
    _log("ctx_optional", caller, note=note)
    return f"{caller['user']}:{note}"


def context_named_args(context: str, config: str = "cfg") -> str:
    """Model-facing arguments that happen to be named `context` and `config`."""
    _log("context_named_args", context=context, config=config)
    return f"{context}/{config}"


def ctx_named_arg(ctx: int, runtime: str = "rt") -> str:
    """Model-facing arguments named `ctx` and `runtime`."""
    _log("ctx_named_arg", ctx=ctx, runtime=runtime)
    return f"{ctx}/{runtime}"


UUID_1 = "12345678-1234-5678-1234-567812345678"

SPECS: list[Spec] = [
    Spec(echo_str, {"text": "hello"}, "hello", {}, shape="str"),
    Spec(add_ints, {"a": 2, "b": 3}, 5, {"a": "x", "b": 1}, shape="int"),
    Spec(scale_float, {"x": 1.5}, 3.0, {"x": "big"}, shape="float+default"),
    Spec(toggle, {"flag": True}, False, {"flag": "maybe"}, shape="bool"),
    Spec(ping, {}, "pong", None, shape="no-arg"),
    Spec(optional_int, {"n": 4}, "n=4", {"n": "four"}, shape="Optional+default None"),
    Spec(nullable_required, {"label": None}, "<none>", {"label": 5}, shape="required nullable"),
    Spec(literal_mode, {"mode": "fast"}, "mode:fast", {"mode": "medium"}, shape="Literal"),
    Spec(color_enum, {"color": "green"}, "color:green", {"color": "purple"}, shape="str Enum"),
    Spec(int_enum, {"level": 2}, 4, {"level": 7}, shape="IntEnum"),
    Spec(
        nested_model,
        {"person": {"name": "Ada", "address": {"street": "1 Main", "city": "Paris"}}},
        "Ada@Paris",
        {"person": {"name": "Ada"}},
        shape="nested model ($ref)",
    ),
    Spec(
        list_models,
        {"items": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 3}]},
        5,
        {"items": [{"sku": "a", "qty": 0}]},
        shape="list of models + gt",
    ),
    Spec(dict_values, {"scores": {"a": 1, "b": 2}}, 3, {"scores": {"a": "x"}}, shape="dict[str, int]"),
    Spec(union_int_str, {"value": 5}, "int", {"value": [1]}, shape="int | str"),
    Spec(
        discriminated,
        {"pet": {"kind": "dog", "good": True}},
        "dog:True",
        {"pet": {"kind": "cow"}},
        shape="discriminated union",
    ),
    Spec(constrained_str, {"code": "ABC"}, "abc", {"code": "ab"}, shape="str constraints"),
    Spec(constrained_num, {"pct": 50}, 0.5, {"pct": 101}, shape="number bounds"),
    Spec(
        defaults_mix,
        {"a": 1, "c": [1, 2]},
        {"a": 1, "b": "x", "c": [1, 2], "d": False},
        {"b": "y"},
        shape="several defaults",
    ),
    Spec(
        datetime_in,
        {"when": "2024-05-06T07:08:09Z"},
        "2024-05-06T07:08:09Z",
        {"when": None},
        shape="datetime",
    ),
    Spec(
        date_and_uuid,
        {"day": "2024-05-06", "ref": UUID_1},
        {"day": "2024-05-06", "ref": UUID_1},
        {"day": None, "ref": UUID_1},
        shape="date + UUID",
    ),
    Spec(list_str, {"tags": ["a", "b"]}, "a,b", {"tags": "a,b"}, shape="list[str]"),
    Spec(
        optional_model,
        {"address": {"street": "s", "city": "Rome"}},
        "Rome",
        {"address": {"street": 1, "city": "Rome"}},
        shape="Optional model",
    ),
    Spec(typed_dict, {"point": {"x": 3, "y": -4}}, 7, {"point": {"x": 1}}, shape="TypedDict"),
    Spec(dataclass_param, {"box": {"w": 2, "h": 5}}, 10, {"box": {"w": 2}}, shape="dataclass"),
    Spec(
        annotated_desc,
        {"query": "q"},
        {"query": "q", "limit": 10},
        {"query": "q", "limit": 0},
        shape="Annotated Field descriptions",
    ),
    Spec(docstring_args, {"city": "Oslo"}, "Oslo:1", {"city": 5}, shape="docstring Args"),
    Spec(set_param, {"ids": [3, 1, 2]}, [1, 2, 3], {"ids": ["a"]}, shape="set (uniqueItems)"),
    Spec(tuple_param, {"pair": [1, "a"]}, "1-a", {"pair": ["x", "y"]}, shape="tuple (prefixItems)"),
    Spec(nested_lists, {"rows": [[1, 2], [3]]}, 6, {"rows": [[1, "a"]]}, shape="list[list[int]]"),
    Spec(
        order_total,
        {"order": {"customer": "c", "items": [{"sku": "a", "qty": 2}]}},
        {"customer": "c", "qty": 2, "ships": False},
        {"order": {"customer": "c", "items": [{"sku": "a", "qty": -1}]}},
        shape="deep nesting",
    ),
    Spec(optional_list, {"tags": ["x"]}, 1, {"tags": [1]}, shape="Optional list"),
    Spec(open_dict, {"data": {"b": 1, "a": [2]}}, ["a", "b"], {"data": [1]}, shape="dict[str, Any]"),
    Spec(async_echo, {"text": "hi"}, "hi", {"text": None}, shape="async str"),
    Spec(async_add, {"a": 2}, 3, {"a": "two"}, shape="async int+default"),
    Spec(
        async_nested,
        {"person": {"name": "Bo", "address": {"street": "s", "city": "Oslo"}}},
        "Bo@Oslo",
        {"person": {"name": 1, "address": {"street": "s", "city": "Oslo"}}},
        shape="async nested",
    ),
    Spec(async_ping, {}, "pong", None, shape="async no-arg"),
    Spec(
        output_model,
        {"name": "Ada"},
        {"message": "hello Ada", "length": 3},
        {"name": ["Ada"]},
        shape="output model",
    ),
    Spec(output_list, {"n": 3}, [0, 1, 2], {"n": "three"}, shape="output list[int]"),
    Spec(
        output_typed_dict,
        {"values": [1.5, 2.5]},
        {"count": 2, "total": 4.0},
        {"values": ["x"]},
        shape="output TypedDict",
    ),
    Spec(
        search_web,
        {"query": "mcp"},
        {"query": "mcp", "page": 1, "hits": 3},
        {"query": "mcp", "page": "one"},
        title="Search the web",
        meta={"owner": "team-search", "tags": ["web", "read"], "read_only": True, "open_world": True},
        shape="title + meta",
    ),
    Spec(
        delete_file,
        {"path": "/tmp/x"},
        "deleted /tmp/x",
        {"path": 3},
        title="Delete a file",
        meta={"destructive": True, "idempotent": True, "owner": "ops"},
        shape="async + title + hints",
    ),
    Spec(
        lookup_user,
        {"user_id": 7},
        {"id": 7, "name": "user7"},
        {"user_id": 0},
        title="Look up user",
        meta={"version": 2, "tags": ["users"]},
        shape="title + meta + ge",
    ),
    Spec(
        greet_ctx,
        {"name": "Bo"},
        "hi Bo from ada",
        {"name": 1},
        context="caller",
        context_value={"user": "ada"},
        shape="context",
    ),
    Spec(
        async_ctx_sum,
        {"a": 1},
        11,
        {"a": "one"},
        context="caller",
        context_value={"n": 10},
        shape="async + context",
    ),
    Spec(
        ctx_items,
        {"items": [{"sku": "a", "qty": 4}]},
        {"user": "cy", "qty": 4},
        {"items": [{"sku": "a"}]},
        context="caller",
        context_value={"user": "cy"},
        shape="context + list of models",
    ),
    Spec(
        ctx_optional,
        {"note": "n1"},
        "di:n1",
        {"note": 1},
        context="caller",
        context_value={"user": "di"},
        shape="async + context first + optional",
    ),
    Spec(
        context_named_args,
        {"context": "c1", "config": "k1"},
        "c1/k1",
        {"config": "k1"},
        shape="model args named context/config",
    ),
    Spec(
        ctx_named_arg,
        {"ctx": 3, "runtime": "r"},
        "3/r",
        {"ctx": "three"},
        shape="model args named ctx/runtime",
    ),
]


def by_name(name: str) -> Spec:
    for spec in SPECS:
        if spec.name == name:
            return spec
    raise KeyError(name)
