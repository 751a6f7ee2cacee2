"""The shared helpers adapters use: meta vocabulary, approval, names, origin stash, results."""

from __future__ import annotations

import dataclasses
import datetime
import uuid
from typing import Any

import msgspec
import pytest
from pydantic import BaseModel

import interop
import interop.bridge
from interop import ToolError
from interop.bridge import (
    MCP_HINT_DEFAULTS,
    NAME_RULES,
    check_name,
    describe_error,
    get_origin,
    hints_meta,
    is_model_facing_error,
    json_safe_meta,
    meta_flag,
    meta_tags,
    resolve_name,
    set_origin,
    split_hints,
    to_json_text,
    to_jsonable,
)
from interop.errors import ToolNameError
from interop.protocols import Issue


def _tool(
    meta: dict[str, Any] | None = None, calls: list[Any] | None = None
) -> interop.StandardTool[Any, Any, Any]:
    sink = calls if calls is not None else []

    @interop.tool(meta=meta)
    def delete(path: str) -> str:
        """Delete a file."""
        sink.append(path)
        return f"deleted {path}"

    return delete


# ------------------------------------------------------------------------------------------- meta


@pytest.mark.parametrize(
    ("meta", "key", "expected"),
    [
        ({"read_only": "yes"}, "read_only", "must be bool, got str"),
        ({"destructive": 1}, "destructive", "must be bool, got int"),
        ({"idempotent": None}, "idempotent", "must be bool"),
        ({"open_world": "false"}, "open_world", "must be bool"),
        ({"requires_approval": 0}, "requires_approval", "must be True, False or a function"),
        ({"strict": "true"}, "strict", "must be bool"),
        ({"return_direct": []}, "return_direct", "must be bool"),
        ({"tags": "a,b"}, "tags", "must be list, got str"),
    ],
)
def test_well_known_meta_keys_are_type_checked(meta: dict[str, Any], key: str, expected: str) -> None:
    with pytest.raises(TypeError) as info:
        _tool(meta)
    assert f"meta[{key!r}]" in str(info.value)
    assert expected in str(info.value)
    assert "'delete'" in str(info.value)  # names the tool
    with pytest.raises(TypeError, match=key):
        interop.bridge.validate_meta(meta)


def test_tags_must_be_strings_and_meta_a_mapping() -> None:
    with pytest.raises(TypeError, match=r"meta\['tags'\] must be a list of str"):
        _tool({"tags": ["a", 1]})
    with pytest.raises(TypeError, match="meta must be a mapping"):
        interop.standard_tool(name="x", description="", execute=print, meta=["read_only"])  # type: ignore[call-overload]


def test_valid_and_unknown_meta_keys_are_kept() -> None:
    marker = object()
    meta: interop.ToolMeta = {"read_only": True, "tags": ["fs"], "strict": False}
    t = _tool({**meta, "com.example/owner": "ops", "callback": marker})
    assert (
        t.meta["read_only"] is True and t.meta["com.example/owner"] == "ops" and t.meta["callback"] is marker
    )
    assert set(interop.bridge.WELL_KNOWN_META) == set(interop.ToolMeta.__annotations__)


def test_meta_flag_defaults_follow_mcp() -> None:
    assert dict(MCP_HINT_DEFAULTS) == {
        "read_only": False,
        "destructive": True,
        "idempotent": False,
        "open_world": True,
    }
    empty: dict[str, Any] = {}
    assert meta_flag(empty, "read_only") is False
    assert meta_flag(empty, "destructive") is True
    assert meta_flag(empty, "idempotent") is False
    assert meta_flag(empty, "open_world") is True
    for key in ("requires_approval", "strict", "return_direct", "anything"):
        assert meta_flag(empty, key) is False
    assert meta_flag({"destructive": False, "strict": True}, "destructive") is False
    assert meta_flag({"destructive": False, "strict": True}, "strict") is True


def test_meta_tags_and_json_safe_meta() -> None:
    assert meta_tags({}) == []
    tags = ["a", "b"]
    got = meta_tags({"tags": tags})
    assert got == tags and got is not tags
    meta = {
        "read_only": True,
        "tags": ["x"],
        "n": 1.5,
        "nested": {"k": [1, None]},
        "tuple": (1, 2),
        "fn": print,
    }
    safe = json_safe_meta(meta)
    assert safe == {"read_only": True, "tags": ["x"], "n": 1.5, "nested": {"k": [1, None]}, "tuple": [1, 2]}
    safe["tags"].append("y")
    assert meta["tags"] == ["x"]  # a copy


# ------------------------------------------------------------------------------------------- names


def test_behaviour_hints_as_mcp_annotations_and_back() -> None:
    meta = {"read_only": True, "destructive": False, "idempotent": "yes", "tags": ["a"], "x": 1}
    hints, rest = split_hints(meta)
    # only hints that are set to a bool travel as annotations; the rest stays with the meta
    assert hints == {"readOnlyHint": True, "destructiveHint": False}
    assert rest == {"idempotent": "yes", "tags": ["a"], "x": 1}
    # MCP's wire names (tests/mcp checks them against the SDK's own annotations model)
    wire = {"title": "T", **hints}
    assert hints_meta(wire) == {"read_only": True, "destructive": False}
    assert hints_meta({"openWorldHint": None, "idempotentHint": 1, "other": True}) == {}
    assert split_hints({}) == ({}, {})


def test_carried_meta_round_trip_and_well_formed_meta() -> None:
    from interop.bridge import CARRIED_KEY, carried_meta, read_carried_meta, well_formed_meta

    @interop.tool(
        title="Adder", meta={"tags": ["m"], "owner": "x", "handle": object(), "return_direct": True}
    )
    def add(a: int) -> int:
        """Add."""
        return a

    slot = carried_meta(add, leave_out={"return_direct"})
    # JSON-safe meta beside the key; the title and output schema (no field for them) under it
    assert slot == {
        "tags": ["m"],
        "owner": "x",
        CARRIED_KEY: {"title": "Adder", "output_schema": interop.output_json_schema(add)},
    }
    assert carried_meta(add, output_schema=False)[CARRIED_KEY] == {"title": "Adder"}
    meta, title, schema = read_carried_meta(slot)
    assert (meta, title, schema) == ({"tags": ["m"], "owner": "x"}, "Adder", {"type": "integer"})
    assert read_carried_meta({CARRIED_KEY: "junk", "k": 1}) == ({"k": 1}, None, None)
    assert well_formed_meta({"read_only": "yes", "tags": [1], "group": "g", "x": object}) == {
        "group": "g",
        "x": object,
    }


def test_native_argument_names_are_read_and_the_others_refused_naming_each() -> None:
    from interop.bridge import check_argument_names, keyword_parameters

    def f(a: int, *rest: int, b: int = 1) -> None: ...

    def g(a: int, **more: int) -> None: ...

    def h(a: int, /, b: int) -> None: ...

    assert keyword_parameters(f) == frozenset({"a", "b"})  # `*rest` takes nothing by keyword
    assert keyword_parameters(h) == frozenset({"b"})  # nor does a positional-only parameter
    assert keyword_parameters(g) is None  # any name
    check_argument_names({"a": 1, "b": 2}, "f", accepted={"a", "b"})
    with pytest.raises(interop.StandardToolValidationError) as info:
        check_argument_names(
            {"a": 1, "ctx": 2, "zz": 3, "key": 4},
            "f",
            accepted={"a", "ctx"},
            refused={"ctx": "the agent passes it", "key": "set by the application"},
        )
    err = info.value
    assert err.tool_name == "f" and err.target == "input"
    assert [(i.path, i.message) for i in err.issues] == [
        (("ctx",), "the agent passes it"),
        (("key",), "set by the application"),
        (("zz",), "unexpected argument (not a parameter of this tool)"),
    ]
    with pytest.raises(interop.StandardToolValidationError, match="ctx"):  # refused even when any name goes
        check_argument_names({"ctx": 1, "x": 2}, "g", accepted=None, refused={"ctx": "no"})


def test_check_name() -> None:
    assert check_name("get_weather", "openai") == "get_weather"
    assert check_name("fs.read", "mcp") == "fs.read"
    with pytest.raises(ToolNameError) as info:
        check_name("fs.read", "openai")
    assert "'fs.read'" in str(info.value) and "openai" in str(info.value) and "name=" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(ToolNameError):
        check_name("x" * 65, "anthropic")
    assert check_name("x" * 128, "mcp")
    with pytest.raises(ToolNameError):
        check_name("1abc", "gemini")
    with pytest.raises(ToolNameError):
        check_name("", "mcp")
    assert {
        "openai",
        "anthropic",
        "gemini",
        "mcp",
        "langchain",
        "pydantic-ai",
        "llamaindex",
        "openai-agents",
    } <= set(NAME_RULES)


def test_resolve_name() -> None:
    assert resolve_name("fs.read", "mcp") == "fs.read"
    assert resolve_name("fs.read", "openai", "fs_read") == "fs_read"
    assert resolve_name("fs.read", "openai", {"fs.read": "read_file"}) == "read_file"
    assert resolve_name("ok", "openai", {"other": "x"}) == "ok"
    assert resolve_name("fs.read", "openai", lambda n: n.replace(".", "__")) == "fs__read"
    with pytest.raises(ToolNameError):
        resolve_name("fs.read", "openai", {"other": "x"})
    with pytest.raises(ToolNameError):
        resolve_name("ok", "openai", "bad name")


# ------------------------------------------------------------------------------------------- origin stash


def test_origin_stash() -> None:
    t = _tool()
    assert get_origin(t) is None
    native = {"native": True}
    set_origin(t, native)  # works on the frozen dataclass
    assert get_origin(t) is native
    assert get_origin(t, dict) is native
    assert get_origin(t, (list, dict)) is native
    assert get_origin(t, list) is None

    class Plain:
        pass

    p = Plain()
    set_origin(p, t)
    assert get_origin(p) is t
    assert get_origin(p, interop.StandardTool) is t
    assert get_origin(object()) is None


# ------------------------------------------------------------------------------------------- results


class Out(BaseModel):
    when: datetime.datetime
    id: uuid.UUID


@dataclasses.dataclass
class Pair:
    a: int
    b: set[int]


class MsgOut(msgspec.Struct, rename="camel"):
    first_name: str
    tags: frozenset[str] = frozenset()


def test_parse_arguments() -> None:
    from interop.bridge import ArgumentsNotJSON, parse_arguments

    assert parse_arguments('{"a": 1}', "add") == {"a": 1}
    assert parse_arguments(b'{"a": 1}', "add") == {"a": 1}
    assert parse_arguments(None, "add") == {} and parse_arguments("  ", "add") == {}
    with pytest.raises(ArgumentsNotJSON, match="not valid JSON") as info:
        parse_arguments("{not json", "add")
    assert isinstance(info.value, interop.StandardToolValidationError) and info.value.target == "input"
    assert describe_error(info.value, "add").startswith(
        "Invalid JSON arguments for tool 'add': the text is not valid"
    )
    with pytest.raises(ArgumentsNotJSON) as deep:
        parse_arguments("[" * 100_000 + "]" * 100_000, "add")  # too deep for the parser: not a crash
    assert "call the tool again" in describe_error(deep.value, "add")


def test_to_json_text() -> None:
    assert to_json_text("plain text") == "plain text"
    assert to_json_text('{"already": "json"}') == '{"already": "json"}'  # verbatim, not re-encoded
    assert to_json_text("") == ""
    assert to_json_text({"a": [1, None, True]}) == '{"a":[1,null,true]}'
    assert to_json_text(None) == "null"
    assert to_json_text(3) == "3"
    when = datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    uid = uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert to_json_text(Out(when=when, id=uid)) == (
        '{"when":"2024-01-02T03:04:05Z","id":"12345678-1234-5678-1234-567812345678"}'
    )
    assert to_json_text(when) == '"2024-01-02T03:04:05Z"'
    assert to_json_text(Pair(1, {2})) == '{"a":1,"b":[2]}'
    assert to_json_text(MsgOut("Ada", frozenset({"x"}))) == '{"firstName":"Ada","tags":["x"]}'
    assert to_json_text([MsgOut("B")]) == '[{"firstName":"B","tags":[]}]'
    with pytest.raises(interop.StandardToolValidationError, match=r"type 'builtins\.object'") as info:
        to_json_text(object(), tool_name="t")  # never a repr: an output error naming the type
    assert info.value.target == "output" and info.value.tool_name == "t"
    assert to_json_text(float("nan")) == "null" and to_json_text({"x": float("inf")}) == '{"x":null}'
    assert to_json_text({"raw": b"\xff\x00"}) == '{"raw":"/wA="}'  # nested bytes: standard base64


def test_to_jsonable() -> None:
    when = datetime.date(2024, 1, 2)
    assert to_jsonable({"d": when, "s": {1}, "t": (1, 2)}) == {"d": "2024-01-02", "s": [1], "t": [1, 2]}
    assert to_jsonable(MsgOut("Ada")) == {"firstName": "Ada", "tags": []}


def test_a_value_the_encoder_refuses_whole_is_an_output_error_naming_why() -> None:
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    # (the encoder's own words: pydantic-core's older releases call the deep case "circular
    # reference detected (depth exceeded)")
    refused = "the result cannot be sent as JSON: "
    whys = (
        (cyclic, "circular reference detected"),
        (deep, "(maximum serialization depth|circular reference)"),
    )
    for value, why in whys:
        for encode in (to_json_text, to_jsonable):  # both encoders: one exception, one wording
            with pytest.raises(interop.bridge.ResultNotJSON, match=refused + why) as info:
                encode(value, tool_name="t")
            assert info.value.tool_name == "t" and info.value.target == "output"
    with pytest.raises(interop.bridge.ResultNotJSON, match=r"type 'builtins\.object'"):
        to_jsonable({"x": object()}, tool_name="t")  # as to_json_text says it

    @interop.tool
    def loop() -> Any:
        """Return a structure that refers to itself."""
        return cyclic

    invoker = interop.bridge.Invoker(loop, name="loop", target="test", options=interop.bridge.Options())
    outcome = invoker.invoke({})  # the model is told; the loop goes on
    assert outcome.status == "error" and outcome.error_kind == "output"
    assert "circular reference detected" in outcome.text


def test_describe_error_and_model_facing_errors() -> None:
    t = _tool()
    try:
        interop.call(t, {"path": 1})
    except interop.StandardToolValidationError as e:
        assert is_model_facing_error(e)
        assert describe_error(e, "delete") == (
            "Invalid arguments for tool 'delete': path: Input should be a valid string. "
            "Fix the arguments and call the tool again."
        )
    out_err = interop.StandardToolValidationError("output", [Issue("bad", ("x",))])
    assert describe_error(out_err, "t") == "Tool 't' produced an invalid result: x: bad."
    assert describe_error(ToolError("city unknown"), "t") == "Error from tool 't': city unknown"
    assert is_model_facing_error(ToolError("x"))
    assert not is_model_facing_error(RuntimeError("x"))
    assert describe_error(RuntimeError("x"), "t") == "Error from tool 't': RuntimeError: x"


def test_outcome_says_whether_the_model_output_is_the_tools_own() -> None:
    """`shaped`/`shows_text`: the one rule adapters with a JSON-data channel (Genkit, ADK, Gemini,
    Strands) follow: a tool's own model output, or a string value, goes as text; else the value."""

    @interop.tool
    def lookup(city: str) -> dict[str, int]:
        """Look up."""
        return {"population": len(city)}

    @interop.tool
    def greet(name: str) -> str:
        """Greet."""
        return f"hi {name}"

    plain = interop.bridge.Invoker(
        lookup, name="lookup", target="test", options=interop.bridge.Options()
    ).invoke({"city": "Oslo"})
    assert plain.ok and not plain.shaped and not plain.shows_text
    assert plain.value == {"population": 4} and plain.text == '{"population":4}'

    text = interop.bridge.Invoker(
        greet, name="greet", target="test", options=interop.bridge.Options()
    ).invoke({"name": "Ada"})
    assert text.ok and not text.shaped and text.shows_text and text.text == "hi Ada"

    shaped_tool = interop.with_model_output(lookup, lambda out: f"{out['population']} people")
    shaped = interop.bridge.Invoker(
        shaped_tool, name="lookup", target="test", options=interop.bridge.Options()
    ).invoke({"city": "Oslo"})
    assert shaped.shaped and shaped.shows_text
    assert shaped.text == "4 people" and shaped.value == {"population": 4}  # the app keeps the value

    failed = interop.bridge.Invoker(
        shaped_tool, name="lookup", target="test", options=interop.bridge.Options()
    ).invoke({"city": 3})
    assert failed.status == "error" and not failed.shaped


def test_call_arguments_for_frameworks_that_pass_them_positionally() -> None:
    """LlamaIndex's and smolagents' calling conventions, decided once: keywords; one mapping; the
    value of a tool's only argument; anything else goes on for the pipeline to parse or refuse."""
    from collections import OrderedDict

    from interop.bridge import call_arguments

    assert call_arguments((), {"a": 1}, ["a", "b"], "t") == {"a": 1}
    given = {"a": 1}
    assert call_arguments((given,), {}, ["a", "b"], "t") is given  # a dict passes as it is
    assert call_arguments((OrderedDict(a=1),), {}, ["a"], "t") == {"a": 1}
    assert type(call_arguments((OrderedDict(a=1),), {}, ["a"], "t")) is dict
    assert call_arguments(("Oslo",), {}, ["city"], "t") == {"city": "Oslo"}  # the one argument
    assert call_arguments(('{"a": 1}',), {}, ["a", "b"], "t") == '{"a": 1}'  # text for the parser
    with pytest.raises(
        TypeError, match=r"tool 't' takes keyword arguments \(or one mapping\), got 2 positional"
    ):
        call_arguments((1, 2), {}, ["a", "b"], "t")
    with pytest.raises(TypeError, match="got 1 positional"):
        call_arguments((1,), {"b": 2}, ["a", "b"], "t")


def test_smolagents_and_llamaindex_take_positional_arguments_alike() -> None:
    pytest.importorskip("smolagents")
    pytest.importorskip("llama_index.core")
    from interop.llamaindex import to_llamaindex
    from interop.smolagents import to_smolagents

    @interop.tool
    def shout(text: str) -> str:
        """Shout."""
        return text.upper()

    li: Any = to_llamaindex(shout)  # a StandardFunctionTool (typed as LlamaIndex's BaseTool)
    sa = to_smolagents(shout)
    assert li.call("hi").raw_output == "HI" and sa("hi", sanitize_inputs_outputs=False) == "HI"
    assert li.call({"text": "hi"}).raw_output == "HI" and sa({"text": "hi"}) == "HI"
    with pytest.raises(TypeError, match="'shout' takes keyword arguments"):
        li.call("a", "b")
    with pytest.raises(TypeError, match="'shout' takes keyword arguments"):
        sa.forward("a", "b")
