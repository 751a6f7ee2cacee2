"""`@tool`: names, docstrings (Google, NumPy, Sphinx), Annotated/Field descriptions, explicit
context, awkward parameter names, defaults, sync/async, output schema, extra arguments."""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field
from schema_corpus import TARGETS

import interop
from interop import FromContext, StandardToolValidationError
from interop._tool import keywords_call


def _props(t: Any, target: str = "draft-2020-12") -> dict[str, Any]:
    return dict(interop.input_json_schema(t, target)["properties"])


def _google(city: str, days: int = 3) -> str:
    """Get the weather forecast.

    Looks the city up first, then asks the forecast service.

    Args:
        city: The city name,
            for example Paris.
        days (int): How many days ahead.

    Returns:
        The forecast as text.

    Raises:
        ToolError: when the city is unknown.
    """
    return f"{city}:{days}"


def _numpy(city: str, days: int = 3) -> str:
    """Get the weather forecast.

    Looks the city up first, then asks the forecast service.

    Parameters
    ----------
    city : str
        The city name,
        for example Paris.
    days : int, optional
        How many days ahead.

    Returns
    -------
    str
        The forecast as text.
    """
    return f"{city}:{days}"


def _sphinx(city: str, days: int = 3) -> str:
    """Get the weather forecast.

    Looks the city up first, then asks the forecast service.

    :param city: The city name,
        for example Paris.
    :param int days: How many days ahead.
    :returns: The forecast as text.
    :raises ToolError: when the city is unknown.
    """
    return f"{city}:{days}"


@pytest.mark.parametrize("fn", [_google, _numpy, _sphinx], ids=["google", "numpy", "sphinx"])
def test_docstring_styles(fn: Any) -> None:
    t = interop.tool(fn)
    assert t.name == fn.__name__
    assert (
        t.description
        == "Get the weather forecast.\n\nLooks the city up first, then asks the forecast service."
    )
    for target in TARGETS:
        props = _props(t, target)
        assert props["city"]["description"] == "The city name, for example Paris."
        assert props["days"]["description"] == "How many days ahead."
        assert props["days"]["default"] == 3
    schema = interop.input_json_schema(t)
    assert schema["required"] == ["city"]
    assert schema["additionalProperties"] is False
    assert "title" not in schema and all("title" not in p for p in schema["properties"].values())
    for word in ("Args", "Parameters", ":param", "Returns", "Raises", "----"):
        assert word not in t.description
    assert interop.call(t, {"city": "Oslo"}) == "Oslo:3"


def test_no_docstring_gives_empty_description() -> None:
    @interop.tool
    def bare(x: int) -> int:
        return x

    assert bare.description == ""
    assert "description" not in _props(bare)["x"]


def test_name_title_description_meta_overrides() -> None:
    @interop.tool(name="lookup", title="Look up", description="Custom.", meta={"read_only": True})
    def f(q: str) -> str:
        """Ignored."""
        return q

    assert (f.name, f.title, f.description, dict(f.meta)) == (
        "lookup",
        "Look up",
        "Custom.",
        {"read_only": True},
    )
    assert f.__wrapped__ is not None


def test_annotated_descriptions_win_over_docstring() -> None:
    @interop.tool
    def search(
        query: Annotated[str, Field(description="What to search for", min_length=1)],
        limit: Annotated[int, "How many results"] = 10,
        lang: Annotated[Literal["en", "fr"], Field(description="Language")] = "en",
    ) -> list[str]:
        """Search.

        Args:
            query: docstring text that Field overrides
            limit: docstring text that the string annotation overrides
            lang: docstring lang
        """
        return [query] * limit

    props = _props(search)
    assert props["query"] == {"description": "What to search for", "minLength": 1, "type": "string"}
    assert props["limit"] == {"default": 10, "description": "How many results", "type": "integer"}
    assert props["lang"]["description"] == "Language"
    assert props["lang"]["enum"] == ["en", "fr"]
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(search, {"query": ""})
    assert info.value.issues[0].path == ("query",)
    assert interop.call(search, {"query": "a", "limit": 2}) == ["a", "a"]


class Deps:
    def __init__(self, user: str) -> None:
        self.user = user


def test_context_marked_with_fromcontext() -> None:
    @interop.tool
    def greet(name: str, deps: Annotated[Deps, FromContext]) -> str:
        """Greet.

        Args:
            name: who
            deps: never shown
        """
        return f"{deps.user} greets {name}"

    assert set(_props(greet)) == {"name"}
    assert "never shown" not in str(interop.input_json_schema(greet))
    assert interop.call(greet, {"name": "bo"}, Deps("ada")) == "ada greets bo"


def test_context_named_in_decorator() -> None:
    @interop.tool(context="session")
    def greet(name: str, session: Deps) -> str:
        return f"{session.user} greets {name}"

    assert set(_props(greet)) == {"name"}
    assert interop.call(greet, {"name": "bo"}, Deps("ada")) == "ada greets bo"


def test_context_mistakes_are_refused() -> None:
    with pytest.raises(TypeError, match="no parameter named 'ctx'"):

        @interop.tool(context="ctx")
        def f(a: int) -> int:
            return a

    with pytest.raises(TypeError, match="more than one context parameter"):

        @interop.tool
        def g(a: Annotated[int, FromContext], b: Annotated[int, FromContext]) -> int:
            return a


@pytest.mark.parametrize("pname", ["context", "ctx", "config", "deps", "run_context"])
def test_an_argument_named_like_a_context_stays_an_argument(pname: str) -> None:
    ns: dict[str, Any] = {}
    exec(
        f"def f({pname}: str, n: int = 1) -> str:\n    return {pname} * n\n",
        {},
        ns,
    )
    t = interop.tool(ns["f"])
    assert set(_props(t)) == {pname, "n"}
    assert interop.call(t, {pname: "ab", "n": 2}, object()) == "abab"


def test_a_model_argument_named_context_with_a_separate_context_parameter() -> None:
    class Context(BaseModel):
        topic: str

    @interop.tool
    def answer(context: Context, deps: Annotated[Deps, FromContext]) -> str:
        return f"{deps.user}:{context.topic}"

    schema = interop.input_json_schema(answer)
    assert set(schema["properties"]) == {"context"}
    assert interop.call(answer, {"context": {"topic": "tea"}}, Deps("ada")) == "ada:tea"


def test_names_that_collide_with_basemodel_attributes() -> None:
    @interop.tool
    def odd(
        json: str, schema: int, copy: bool, model_config: str, dict: list[int], validate: str = "v"
    ) -> str:
        """Odd names.

        Args:
            json: a json text
            schema: a number
        """
        return f"{json}|{schema}|{copy}|{model_config}|{dict}|{validate}"

    props = _props(odd)
    assert list(props) == ["json", "schema", "copy", "model_config", "dict", "validate"]
    assert props["json"]["description"] == "a json text"
    assert interop.input_json_schema(odd)["required"] == ["json", "schema", "copy", "model_config", "dict"]
    args = {"json": "{}", "schema": 1, "copy": True, "model_config": "m", "dict": [1]}
    assert interop.call(odd, args) == "{}|1|True|m|[1]|v"
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(odd, {**args, "schema": "x"})
    assert info.value.issues[0].path == ("schema",)


def test_private_names() -> None:
    @interop.tool
    def p(_hidden: int, __dunder: str = "d") -> str:
        return f"{_hidden}{__dunder}"

    assert set(_props(p)) == {"_hidden", "__dunder"}
    assert interop.call(p, {"_hidden": 1}) == "1d"
    assert interop.call(p, {"_hidden": 1, "__dunder": "x"}) == "1x"


def test_positional_only_and_keyword_only_parameters() -> None:
    @interop.tool
    def f(a: int, /, b: int, *, c: int = 3) -> list[int]:
        return [a, b, c]

    assert set(_props(f)) == {"a", "b", "c"}
    assert interop.call(f, {"a": 1, "b": 2}) == [1, 2, 3]


def test_defaults_and_mutable_defaults_are_not_shared() -> None:
    @interop.tool
    def append(x: int, into: list[int] = []) -> list[int]:
        into.append(x)
        return into

    assert interop.call(append, {"x": 1}) == [1]
    assert interop.call(append, {"x": 2}) == [2]
    assert _props(append)["into"]["default"] == []


def test_extra_arguments_are_rejected() -> None:
    ran: list[int] = []

    @interop.tool
    def f(a: int) -> int:
        ran.append(a)
        return a

    with pytest.raises(StandardToolValidationError) as info:
        interop.call(f, {"a": 1, "b": 2})
    assert str(info.value) == "input validation failed: b: Extra inputs are not permitted"
    assert ran == []


def test_no_argument_tool() -> None:
    @interop.tool
    def now() -> str:
        """The time."""
        return "noon"

    for target in TARGETS:
        schema = interop.input_json_schema(now, target)
        assert schema["type"] == "object"
        assert schema["properties"] == {}
    assert interop.call(now, {}) == "noon"
    with pytest.raises(StandardToolValidationError):
        interop.call(now, {"x": 1})


@pytest.mark.anyio
async def test_sync_function_gives_sync_execute_async_gives_async() -> None:
    @interop.tool
    def s(a: int) -> int:
        return a + 1

    @interop.tool
    async def a(a: int) -> int:
        return a + 2

    assert not inspect.iscoroutinefunction(s.execute)
    assert inspect.iscoroutinefunction(a.execute)
    assert s.execute({"a": 1}) == 2
    assert await a.execute({"a": 1}) == 3


def test_output_schema_from_return_annotation() -> None:
    class Out(BaseModel):
        n: int

    @interop.tool
    def typed(a: int) -> Out:
        return Out(n=a) if a >= 0 else {"n": "bad"}  # type: ignore[return-value]

    @interop.tool
    def untyped(a: int):  # type: ignore[no-untyped-def]
        return a

    @interop.tool
    def returns_none(a: int) -> None:
        return None

    @interop.tool
    def returns_list(a: int) -> list[int]:
        return [a]

    out = interop.output_json_schema(typed)
    assert out is not None and out["properties"] == {"n": {"type": "integer"}}
    assert interop.output_json_schema(untyped) is None
    assert interop.output_json_schema(returns_none) is None
    assert interop.output_json_schema(returns_list) == {"items": {"type": "integer"}, "type": "array"}
    assert interop.call(typed, {"a": 1}) == Out(n=1)
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(typed, {"a": -1})
    assert info.value.target == "output"


class _Text(str):
    pass


@pytest.mark.parametrize(
    ("annotation", "result"),
    [
        (str, "Paris"),
        (str, _Text("a str subclass")),
        (str, 3),
        (int, 7),
        (int, True),
        (int, 2.0),
        (int, "8"),
        (float, 1.5),
        (float, float("inf")),
        (float, 3),
        (bool, False),
        (bool, 1),
        (bool, "yes"),
        (Annotated[str, Field(max_length=2)], "abc"),
        (Literal["a"], "b"),
    ],
)
@pytest.mark.parametrize("is_async", [False, True])
@pytest.mark.anyio
async def test_a_plain_result_is_checked_as_pydantic_checks_it(annotation: Any, result: Any, is_async: bool) -> None:
    """A bare `str`/`int`/`float`/`bool` result of that very type is returned without a validator
    call: every other result still goes through pydantic (coerced or refused exactly as it would)."""
    import pydantic

    def sync(a: int) -> Any:
        return result

    async def coro(a: int) -> Any:
        return result

    for fn in (sync, coro):
        fn.__annotations__["return"] = annotation
    t: Any = interop.tool(description="Gives the result.")(coro if is_async else sync)

    async def run() -> Any:
        return await interop.acall(t, {"a": 1}) if is_async else interop.call(t, {"a": 1})

    try:
        expected: Any = pydantic.TypeAdapter(annotation).validate_python(result)
    except pydantic.ValidationError:
        with pytest.raises(StandardToolValidationError) as info:
            await run()
        assert info.value.target == "output"
        with pytest.raises(StandardToolValidationError):
            keywords_call(t.execute).output(result)  # type: ignore[union-attr]
        return
    got = await run()
    assert got == expected and type(got) is type(expected)
    halves = keywords_call(t.execute)  # what a framework validating ahead (pydantic-ai) calls
    assert halves is not None
    checked = halves.output(result)
    assert checked == expected and type(checked) is type(expected)


def test_refused_functions() -> None:
    with pytest.raises(TypeError, match=r"\*args"):

        @interop.tool
        def star(*args: int) -> None: ...

    with pytest.raises(TypeError, match=r"\*\*kwargs"):

        @interop.tool
        def kw(**kwargs: int) -> None: ...

    with pytest.raises(ValueError, match="name="):
        interop.tool(lambda x: x)
    assert interop.tool(name="ident")(lambda x: x).name == "ident"


def test_a_tool_whose_arguments_are_all_optional_runs_without_input() -> None:
    import asyncio

    from interop import StandardToolValidationError, acall, call, tool

    @tool
    def now() -> str:
        """The time."""
        return "12:00"

    @tool
    def greet(name: str = "you") -> str:
        """Greet."""
        return f"hi {name}"

    @tool
    def needs(name: str) -> str:
        """Needs a name."""
        return name

    assert call(now) == "12:00"
    assert call(greet) == "hi you"
    assert asyncio.run(acall(greet)) == "hi you"
    assert now.input_schema is not None
    assert now.input_schema.__standard_schema__.validate(None).issues is None
    with pytest.raises(StandardToolValidationError, match="input validation failed"):
        call(needs)


def test_a_tool_returning_content_has_no_output_schema() -> None:
    from collections.abc import Sequence

    from interop import Audio, File, Image

    @interop.tool
    def chart() -> Image:
        """A chart."""
        return Image(b"\x89PNG", "image/png")

    @interop.tool
    def captioned() -> list[str | Image]:
        """A caption and a chart."""
        return ["caption", Image(b"\x89PNG", "image/png")]

    @interop.tool
    def maybe_sound() -> Audio | None:
        """A sound, or nothing."""
        return None

    @interop.tool
    def export() -> Sequence[str | File]:
        """A file."""
        return [File(b"a,b", "text/csv", "a.csv")]

    @interop.tool
    def raw() -> bytes:
        """Raw bytes."""
        return b"\x00"

    class Screenshot(Image):
        """A user's own kind of image."""

    @interop.tool
    def shot() -> Screenshot:
        """A screenshot."""
        return Screenshot(b"\x89PNG", "image/png")

    @interop.tool
    def names() -> list[str]:
        """Data, not content."""
        return ["a"]

    for t in (chart, captioned, maybe_sound, export, raw, shot):
        assert t.output_schema is None, t.name  # content is not data: no MCP outputSchema
        assert interop.output_json_schema(t) is None
    assert interop.output_json_schema(names) == {"type": "array", "items": {"type": "string"}}
    assert interop.call(chart) == Image(b"\x89PNG", "image/png")


def test_an_unsupported_parameter_type_suggests_from_context() -> None:
    import sqlite3

    with pytest.raises(TypeError) as info:

        @interop.tool
        def count(table: str, db: sqlite3.Connection) -> int:
            """Count rows."""
            return 0

    message = str(info.value)
    assert "parameter 'db' has type Connection" in message
    assert "Annotated[Connection, FromContext]" in message and "arbitrary_types_allowed" not in message


def test_a_required_context_parameter_without_a_context_is_a_clear_error() -> None:
    import sqlite3

    @interop.tool
    def count(table: str, db: Annotated[sqlite3.Connection, interop.FromContext]) -> int:
        """Count rows."""
        return int(db.execute(f"select count(*) from {table}").fetchone()[0])

    conn = sqlite3.connect(":memory:")
    conn.execute("create table t (x)")
    assert interop.call(count, {"table": "t"}, conn) == 0
    with pytest.raises(TypeError, match="needs a context for its parameter 'db'"):
        interop.call(count, {"table": "t"})

    @interop.tool
    def optional(user: Annotated[str | None, interop.FromContext] = None) -> str:
        """A context with a default may be absent."""
        return user or "guest"

    assert interop.call(optional) == "guest"


def test_an_optional_context_parameter_defaulting_to_none_stays_out_of_the_schema() -> None:
    # Python 3.10's get_type_hints wraps `Annotated[..., FromContext] = None` in Optional[...]
    @interop.tool
    def whoami(
        prefix: Annotated[str, Field(description="Shown first")] = "",
        ctx: Annotated[Any, FromContext] = None,
        limit: Annotated[int | None, Field(description="At most")] = None,
    ) -> str:
        """Who is calling."""
        return f"{prefix}{ctx}"

    schema = interop.input_json_schema(whoami)
    assert set(schema["properties"]) == {"prefix", "limit"}
    assert schema["properties"]["limit"]["description"] == "At most"
    assert interop.call(whoami, {"prefix": "user="}, "ann") == "user=ann"


# ----------------------------------------------------------------- schemas written without pydantic

_SIMPLE_TYPES: list[Any] = [
    str,
    int,
    float,
    bool,
    list[str],
    list[int | None],
    list[list[float]],
    dict[str, int],
    dict[str, list[str]],
    int | None,
    None | str,  # pydantic moves the null last
    int | str,
    str | int,  # equal to `int | str` as a type, emitted in its own order
    list[int | str],
    list[str | int],
    bool | int | float,
    list[str] | None,
    dict[str, bool] | None,
]
_SIMPLE_DEFAULTS: list[Any] = [None, 0, 1.5, "x", True, False, -3]


def _pydantic_emission(schema: Any, direction: Literal["input", "output"]) -> str:
    """What pydantic itself emits for the model `@tool` would build with the descriptions (the
    model a call validates with leaves them out: it is shared by every signature of its shape)."""
    import json

    import pydantic

    from interop._decorator import _CONFIG, _model_field, _Signature
    from interop._schema import PydanticSchema

    source = schema.__dict__.get("_source")
    if isinstance(source, _Signature):
        fields = {p[0]: _model_field(*p[1:]) for p in source.params}
        described = pydantic.create_model("described", __config__=_CONFIG, **fields)  # type: ignore[call-overload]
        return json.dumps(PydanticSchema(described)._emit(direction))
    return json.dumps(PydanticSchema(schema.type)._emit(direction))


@pytest.mark.parametrize("tp", _SIMPLE_TYPES, ids=repr)
def test_simple_signatures_are_described_exactly_as_pydantic_would(tp: Any) -> None:
    """`@tool` writes the JSON Schema of simple signatures itself: byte for byte pydantic's (key
    order included), for required and defaulted parameters, with and without descriptions, and
    for the output schema."""
    import json

    for default in [inspect.Parameter.empty, *_SIMPLE_DEFAULTS]:
        params = [
            inspect.Parameter(
                "first", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=tp, default=default
            ),
            inspect.Parameter("second", inspect.Parameter.KEYWORD_ONLY, annotation=tp, default=default),
            inspect.Parameter("third", inspect.Parameter.KEYWORD_ONLY, default=default),
        ]

        def fn(*args: Any, **kwargs: Any) -> Any:
            """Do it.

            Args:
                first: The first one.
            """
            return None

        fn.__signature__ = inspect.Signature(params, return_annotation=tp)  # type: ignore[attr-defined]
        fn.__annotations__ = {"first": tp, "second": tp, "return": tp}
        built = interop.tool(fn)
        assert "type" not in built.input_schema.__dict__  # written here, model not built yet
        emitted = json.dumps(interop.input_json_schema(built))
        out = json.dumps(interop.output_json_schema(built))
        assert emitted == _pydantic_emission(built.input_schema, "input")
        assert out == _pydantic_emission(built.output_schema, "output")


def test_a_deferred_tool_is_built_once_under_concurrent_first_calls() -> None:
    """The arguments model of a plain signature is built on the first validation, once, whichever
    thread gets there first; every concurrent first call validates (bad input still refused)."""
    from concurrent.futures import ThreadPoolExecutor

    @interop.tool
    def add(a: int, b: int = 1) -> int:
        """Add."""
        return a + b

    assert "type" not in add.input_schema.__dict__
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda i: interop.call(add, {"a": str(i)}), range(64)))
    assert results == [i + 1 for i in range(64)]
    schema: Any = add.input_schema
    model = schema.type
    assert model.__name__ == "arguments" and schema.type is model  # names no tool
    with pytest.raises(StandardToolValidationError):
        interop.call(add, {"a": "x"})
    with pytest.raises(StandardToolValidationError):
        interop.call(add, {"a": 1, "c": 2})  # extra="forbid", as for an eagerly built model


def test_a_written_schema_is_the_callers_to_change() -> None:
    """Each description of a simple signature is a new JSON value: changing one (as adapters do,
    adding `properties` or strict-mode nulls) changes neither the tool's next description nor
    another tool's with the same parameter types."""

    @interop.tool
    def first(tags: list[str] | None = None, n: int = 1) -> list[int]:
        """First."""
        return []

    @interop.tool
    def second(tags: list[str] | None = None, n: int = 1) -> list[int]:
        """Second."""
        return []

    pristine = interop.input_json_schema(first)
    mutated = interop.input_json_schema(first)
    mutated["properties"]["tags"]["anyOf"][0]["items"]["type"] = "integer"
    mutated["properties"]["n"]["default"] = 99
    mutated["properties"]["n"]["type"] = "string"
    out = interop.output_json_schema(first)
    assert out is not None
    out["items"]["type"] = "string"
    assert interop.input_json_schema(first) == pristine
    assert interop.input_json_schema(second) == pristine
    assert interop.output_json_schema(second) == {"items": {"type": "integer"}, "type": "array"}


def test_a_signature_that_is_not_simple_keeps_no_model_until_a_call_needs_one() -> None:
    """`@tool` builds the arguments model of such a signature once (so an unsupported parameter is
    still refused at decoration), keeps only its input JSON Schema, and builds the model again on
    the first validation: a registered tool holds no pydantic model, validator or serializer."""
    import gc
    import json
    import weakref

    import pydantic

    from interop._schema import PydanticSchema

    built: list[weakref.ref[Any]] = []
    original = pydantic.create_model

    def counting(*args: Any, **kwargs: Any) -> Any:
        model = original(*args, **kwargs)
        built.append(weakref.ref(model))
        return model

    pydantic.create_model = counting  # type: ignore[assignment]
    try:

        @interop.tool
        def find(
            query: Annotated[str, pydantic.Field(description="Words", min_length=2, pattern="^[a-z]+$")],
            state: Literal["open", "closed"] = "open",
            limit: Annotated[int, pydantic.Field(ge=1, le=50)] = 10,
        ) -> list[str]:
            """Find things."""
            return [query] * min(limit, 2)

        gc.collect()
        assert len(built) == 1 and built[0]() is None  # built once, then let go
        schema: Any = find.input_schema
        assert "type" not in schema.__dict__
        emitted = interop.input_json_schema(find)
        assert emitted["properties"]["limit"] == {
            "default": 10,
            "maximum": 50,
            "minimum": 1,
            "type": "integer",
        }
        assert len(built) == 1  # describing the tool builds nothing
        assert interop.call(find, {"query": "ab", "limit": 1}) == ["ab"]
        with pytest.raises(StandardToolValidationError) as info:
            interop.call(find, {"query": "a", "state": "x"})
        assert {issue.path for issue in info.value.issues} == {("query",), ("state",)}
        assert len(built) == 2 and schema.type.__name__ == "arguments"  # built again for the call, kept
    finally:
        pydantic.create_model = original  # type: ignore[assignment]
    assert json.dumps(emitted) == json.dumps(PydanticSchema(schema.type)._emit("input"))
    emitted["properties"].clear()  # the caller's copy
    assert "query" in interop.input_json_schema(find)["properties"]
    from interop._schema_access import parameter_descriptions

    assert parameter_descriptions(find) == {"query": "Words", "state": "", "limit": ""}


_FIELDS: list[tuple[Any, Any]] = [
    (int, Field(description="How many", ge=1, le=50)),
    (int, Field(gt=0, lt=10, multiple_of=2)),
    (float, Field(ge=0.5, description="Share")),
    (float, Field(lt=1)),
    (str, Field(description="Name", min_length=1, max_length=40)),
    (str, Field(max_length=3)),
    (list[str], Field(min_length=1, max_length=5, description="Tags")),
    (list[int] | None, Field(description="Optional numbers")),
    (dict[str, int], Field(description="Counts")),
    (int | str, Field(description="Either")),
    (Literal["open", "closed"], Field(description="State")),
    (Literal["b", "a"], None),
    (Literal["a", "b"], None),
    (Literal["only"], None),
    (Literal[1, 2, 3], Field(description="Level")),
    (Literal[True], None),
    (Literal["x", "y"] | None, None),
    (list[Literal["x", "y"]], Field(description="Picks", min_length=1)),
]


@pytest.mark.parametrize(("tp", "field"), _FIELDS, ids=repr)
def test_field_descriptions_constraints_and_literals_are_described_exactly_as_pydantic_would(
    tp: Any, field: Any
) -> None:
    """`Annotated[T, Field(description=..., ge=..., max_length=...)]` and `Literal[...]`
    parameters are written without pydantic (no model at decoration), byte for byte what pydantic
    emits; the model built on the first call applies the same constraints."""
    import json

    annotation = tp if field is None else Annotated[tp, field]
    for default in [inspect.Parameter.empty, None]:
        params = [
            inspect.Parameter(
                "first", inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
            ),
            inspect.Parameter(
                "second", inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
            ),
        ]

        def fn(**kwargs: Any) -> Any:
            """Do it.

            Args:
                first: From the docstring.
            """
            return None

        fn.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        fn.__annotations__ = {"first": annotation, "second": annotation}
        built = interop.tool(fn)
        assert "type" not in built.input_schema.__dict__  # written here, model not built yet
        emitted = json.dumps(interop.input_json_schema(built))
        assert emitted == _pydantic_emission(built.input_schema, "input")


def test_a_constrained_simple_parameter_is_validated_by_its_field() -> None:
    @interop.tool
    def page(
        size: Annotated[int, Field(description="Rows", ge=1, le=100)] = 10,
        state: Literal["open", "closed"] = "open",
    ) -> int:
        """Page through rows."""
        return size

    assert "type" not in page.input_schema.__dict__
    assert interop.input_json_schema(page)["properties"]["size"] == {
        "default": 10,
        "description": "Rows",
        "maximum": 100,
        "minimum": 1,
        "type": "integer",
    }
    assert interop.call(page, {"size": 5}) == 5
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(page, {"size": 0, "state": "x"})
    assert [issue.path for issue in info.value.issues] == [("size",), ("state",)]


def test_fields_this_module_does_not_write_go_to_pydantic() -> None:
    """A field with anything else (a title, a pattern, a default, a constraint the type cannot
    take, pydantic's own metadata) is left to pydantic's model, built at decoration."""
    from interop._decorator import _constraints

    assert _constraints(str, Field(title="T")) is None
    assert _constraints(str, Field(pattern="^a")) is None
    assert _constraints(int, Field(default=3)) is None
    assert _constraints(str, Field(ge=1)) is None
    assert _constraints(int | None, Field(ge=1)) is None
    assert _constraints(int, Field(strict=True)) is None


def test_a_tool_without_a_description_warns_at_the_decorated_line() -> None:
    with pytest.warns(UserWarning, match=r"tool 'lookup' has no description.*give lookup\(\) a docstring") as seen:

        @interop.tool
        def lookup(key: str) -> str:
            return key

    assert seen[0].filename == __file__  # the user's line, not the library's
    with pytest.warns(UserWarning, match=r"tool 'renamed' has no description.*@tool\(description=\.\.\.\)") as seen:

        @interop.tool(name="renamed")
        def fetch(key: str) -> str:
            return key

    assert seen[0].filename == __file__
    assert lookup.description == "" and fetch.name == "renamed"  # still a working tool


def test_a_docstring_or_description_silences_the_warning() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")

        @interop.tool
        def documented(key: str) -> str:
            """Look a key up."""
            return key

        @interop.tool(description="Look a key up.")
        def described(key: str) -> str:
            return key

    assert documented.description == described.description == "Look a key up."
