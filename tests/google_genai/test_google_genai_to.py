"""Neutral tools converted with `to_google_genai`, run by google-genai's real automatic function
calling (`generate_content`, chats and `client.aio`) over a scripted Gemini API (offline)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from approval_tools import RAN, wipe
from genai_kit import MODEL, Scripted, arun, config, parameters, run
from google.genai import types
from loop_tools import caller_whoami
from name_rules import assert_name_rules
from plugin_tools import make_tools
from pydantic import BaseModel, Field
from shop_fixture_tools import LINE_SCHEMA, schema_of

import interop
from interop import FromContext, Image
from interop.bridge import inline_refs
from interop.errors import ApprovalRequiredError, SchemaConversionError
from interop.google_genai import (
    from_google_genai,
    run_context,
    to_google_genai,
    to_google_genai_tools,
)
from interop.providers import to_gemini_function_declaration

SECRET = "SECRET-genai-4411"


def declared(tool: Any) -> dict[str, Any]:
    """What google-genai must declare for `tool`: the neutral schema, refs inlined, at the top
    only what google-genai writes (`type`, `properties`, `required`)."""
    schema = inline_refs(interop.input_json_schema(tool))
    return {
        "type": "object",
        "properties": schema["properties"],
        "required": [p for p in schema["properties"] if p in schema.get("required", [])],
    }


def test_the_declaration_google_genai_builds_is_the_neutral_schema() -> None:
    add, echo = make_tools([])
    fn = to_google_genai(add)
    assert fn.__name__ == "add" and callable(fn)
    _, scripted = run(["done"], fn, to_google_genai(echo, asynchronous=False))
    sent = scripted.declarations()
    assert sent["add"]["description"] == "Add two integers."
    assert parameters(scripted, "add") == declared(add)  # nested model, bounds, defaults, required
    assert parameters(scripted, "echo") == declared(echo)
    assert "ctx" not in json.dumps(sent)  # the context parameter is never declared
    # the output schema travels as google-genai's response_json_schema
    assert sent["add"]["response_json_schema"] == interop.output_json_schema(add)
    # the same as FunctionDeclaration.from_callable, the SDK's public way to read a function
    decl = types.FunctionDeclaration.from_callable_with_api_option(callable=fn, use_json_schema=True)
    assert decl.parameters_json_schema == declared(add)


def test_sync_loop_bad_arguments_are_errors_the_loop_goes_on_and_context_is_bound() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = [[("add", {"a": -1})], [("add", {"a": 13})], [("add", {"a": 2, "b": 3})], "done"]
    with run_context({"user": "ann"}):
        response, scripted = run(steps, to_google_genai(add))
    assert response.text == "done"
    bad, refused, ok = scripted.responses()
    assert set(bad["response"]) == {"error"}
    assert (
        "Invalid arguments for tool 'add'" in bad["response"]["error"] and "a: " in bad["response"]["error"]
    )
    assert "13 is unlucky" in refused["response"]["error"]
    assert ok["response"] == {"result": {"sum": 5, "user": "ann"}}
    assert [entry[:3] for entry in log] == [(13, 1, {"user": "ann"}), (2, 3, {"user": "ann"})]


def test_unexpected_exceptions_follow_google_genai_and_errors_masked_hides_them() -> None:
    add, _ = make_tools([])
    _, scripted = run([[("add", {"a": 99})], "done"], to_google_genai(add))
    assert "kaboom" in scripted.responses()[0]["response"]["error"]  # what it does for its own functions
    _, scripted = run([[("add", {"a": 99})], "done"], to_google_genai(add, errors="masked"))
    text = scripted.responses()[0]["response"]["error"]
    assert "kaboom" not in text and "internal error" in text


def test_chat_sessions_run_the_converted_function() -> None:
    add, _ = make_tools([])
    scripted = Scripted([[("add", {"a": 1, "b": 1})], "two"])
    chat = scripted.client().chats.create(model=MODEL, config=config(to_google_genai(add)))
    assert chat.send_message("1+1?").text == "two"
    assert scripted.responses()[0]["response"]["result"]["sum"] == 2


@pytest.mark.anyio
async def test_aio_awaits_async_tools_and_threads_sync_ones_with_the_bound_context() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    steps = [[("echo", {"text": "hi"}), ("add", {"a": 4})], [("echo", {"text": 5})], "done"]
    with run_context({"user": "bo"}):
        response, scripted = await arun(steps, to_google_genai(echo), to_google_genai(add))
    assert response.text == "done"
    first, second, bad = scripted.responses()
    assert first == {"name": "echo", "response": {"result": "hi"}}
    assert second["response"]["result"] == {"sum": 5, "user": "bo"}
    assert (
        "Invalid arguments for tool 'echo'" in bad["response"]["error"] and "text" in bad["response"]["error"]
    )
    echo_entry, add_entry = log
    assert echo_entry[:2] == ("hi", {"user": "bo"})
    assert add_entry[2] == {"user": "bo"} and add_entry[3] != echo_entry[2]  # the SDK's worker thread


def test_an_async_tool_needs_aio_or_asynchronous_false() -> None:
    _, echo = make_tools([])
    from google.genai import errors

    with pytest.raises(errors.UnsupportedFunctionError):  # google-genai's own rule for coroutines
        run([[("echo", {"text": "x"})], "done"], to_google_genai(echo))
    response, scripted = run([[("echo", {"text": "x"})], "done"], to_google_genai(echo, asynchronous=False))
    assert response.text == "done" and scripted.responses()[0]["response"] == {"result": "x"}


def test_context_hook_and_the_secret_never_reaches_the_model() -> None:
    whoami, seen = caller_whoami()
    fn = to_google_genai(whoami, context=lambda bound: {"user": bound["user"], "key": SECRET})
    steps = [[("whoami", {"caller": {"user": "mallory"}})], [("whoami", {})], "done"]
    with run_context({"user": "ann"}):
        _, scripted = run(steps, fn)
    assert SECRET not in json.dumps(scripted.requests)
    # the forged `caller` argument is no parameter: google-genai never passes it on
    assert seen == [{"user": "ann", "key": SECRET}] * 2
    assert [r["response"] for r in scripted.responses()] == [{"result": {"user": "ann"}}] * 2


def test_approval_fails_closed_or_asks_the_callback() -> None:
    RAN.clear()
    with pytest.raises(ApprovalRequiredError):  # google-genai has no confirmation step
        to_google_genai(wipe)
    asked: list[Any] = []

    def decide(request: Any) -> bool:
        asked.append((request.tool_name, dict(request.input)))
        return request.input["path"] == "/tmp"

    steps = [[("wipe", {"path": "/"})], [("wipe", {"path": "/tmp"})], "done"]
    _, scripted = run(steps, to_google_genai(wipe, approval=decide))
    denied, ok = scripted.responses()
    assert "wipe" in denied["response"]["error"] and "approv" in denied["response"]["error"]
    assert ok["response"] == {"result": "wiped /tmp"} and RAN == ["/tmp"]
    assert asked == [("wipe", {"path": "/"}), ("wipe", {"path": "/tmp"})]
    _, scripted = run([[("wipe", {"path": "/x"})], "done"], to_google_genai(wipe, allow_unapproved=True))
    assert RAN == ["/tmp", "/x"]


def test_schemas_google_genai_cannot_declare_are_refused_naming_what() -> None:
    def raw(schema: dict[str, Any]) -> Any:
        return interop.standard_tool(name="raw", description="Raw.", input_schema=schema, execute=lambda i: i)

    cases = {
        "'note' as optional": {"type": "object", "properties": {"note": {"type": "string"}}},
        "'n' as required": {
            "type": "object",
            "properties": {"n": {"type": "integer", "default": 1}},
            "required": ["n"],
        },
        "arguments beyond": {"type": "object", "properties": {}, "additionalProperties": {"type": "string"}},
        "$refs": {
            "type": "object",
            "properties": {"node": {"$ref": "#/$defs/Node"}},
            "required": ["node"],
            "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
        },
    }
    for what, schema in cases.items():
        with pytest.raises(SchemaConversionError) as info:
            to_google_genai(raw(schema))
        assert what in str(info.value) and "'raw'" in str(info.value) and "GeminiToolset" in str(info.value)
    # a root anyOf: the core's object-root rule (GeminiToolset refuses it as well, so no hint to it)
    either = raw({"type": "object", "properties": {}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]})
    with pytest.raises(SchemaConversionError, match=r"'raw': google-genai needs an object schema at the root"):
        to_google_genai(either)
    with pytest.raises(SchemaConversionError, match=r"'raw': gemini needs an object schema at the root.*anyOf"):
        to_gemini_function_declaration(either)


def test_names_python_cannot_spell_and_an_untyped_required_argument() -> None:
    schema = {
        "type": "object",
        "properties": {"from": {"type": "string"}, "user-id": {"type": "integer"}, "any": {}},
        "required": ["from", "user-id", "any"],
        "additionalProperties": False,
    }
    got: list[Any] = []
    tool = interop.standard_tool(name="route", description="Route.", input_schema=schema, execute=got.append)
    steps = [[("route", {"from": "Oslo", "user-id": 7, "any": [1]})], [("route", {"from": "x"})], "done"]
    _, scripted = run(steps, to_google_genai(tool))
    sent = parameters(scripted, "route")
    assert list(sent["properties"]) == ["from", "user-id", "any"]
    assert sent["properties"]["any"] == {"anyOf": [{}]} and sent["required"] == ["from", "user-id", "any"]
    assert got == [{"from": "Oslo", "user-id": 7, "any": [1]}]
    assert "user-id" in scripted.responses()[1]["response"]["error"]


def test_content_results_reach_the_model_as_placeholders() -> None:
    @interop.tool
    def chart() -> list[Any]:
        """A chart."""
        return ["the chart", Image(b"\x89PNG\r\n\x1a\n" + bytes(16), "image/png")]

    _, scripted = run([[("chart", {})], "done"], to_google_genai(chart))
    result = scripted.responses()[0]["response"]["result"]
    assert result.startswith("the chart") and "[image: image/png" in result and "iVBOR" not in result


def test_names_renames_duplicates_and_round_trips() -> None:
    add, echo = make_tools([])
    assert_name_rules(
        to_google_genai, to_google_genai_tools, bad="9lives", good="nine_lives", name_of=lambda f: f.__name__
    )
    fns = to_google_genai_tools([add, echo], rename={"add": "plus"})
    assert [f.__name__ for f in fns] == ["plus", "echo"]
    fn = to_google_genai(add)
    assert from_google_genai(fn) is add
    assert fn.standard_tool is add  # type: ignore[attr-defined]

    def native(q: str) -> str:
        """Search."""
        return q

    assert to_google_genai(from_google_genai(native)) is native


class Point(BaseModel):
    x: int
    y: int = Field(0, ge=0)


def test_a_model_parameter_reaches_the_tool_validated_once() -> None:
    got: list[Any] = []

    @interop.tool(context="ctx")
    def plot(
        point: Point,
        label: Annotated[str, Field(max_length=3)] = "p",
        ctx: Annotated[Any, FromContext] = None,
    ) -> str:
        """Plot a point."""
        got.append((point, label))
        return f"{point.x},{point.y}"

    steps = [
        [("plot", {"point": {"x": 1, "y": -1}})],
        [("plot", {"point": {"x": 1}, "label": "abc"})],
        "done",
    ]
    _, scripted = run(steps, to_google_genai(plot))
    bad, ok = scripted.responses()
    assert "point.y" in bad["response"]["error"]
    assert ok["response"] == {"result": "1,0"} and got == [(Point(x=1, y=0), "abc")]


def test_an_optional_nullable_argument_is_declared_with_a_null_default() -> None:
    schema = {
        "type": "object",
        "properties": {"q": {"type": "string"}, "note": {"type": ["string", "null"]}},
        "required": ["q"],
        "additionalProperties": False,
    }
    got: list[Any] = []
    tool = interop.standard_tool(name="find", description="Find.", input_schema=schema, execute=got.append)
    _, scripted = run(
        [[("find", {"q": "a"})], [("find", {"q": "b", "note": "n"})], "done"], to_google_genai(tool)
    )
    sent = parameters(scripted, "find")
    assert sent["properties"]["note"] == {"type": ["string", "null"], "default": None}
    assert sent["required"] == ["q"]
    # google-genai passes only what the model sent: an omitted argument stays omitted
    assert got == [{"q": "a"}, {"q": "b", "note": "n"}]


class Line(BaseModel):
    sku: str
    quantity: int = Field(gt=0)


class Receipt(BaseModel):
    order_id: int
    items: list[Line]


class Tree(BaseModel):
    children: list[Tree] = []


def test_an_output_schema_with_defs_is_declared_inlined_and_a_recursive_one_refused() -> None:
    # a result model nesting another one: its output schema has $defs, which google-genai's
    # pydantic pass over the return annotation cannot resolve (it failed building the request)
    @interop.tool
    def order(sku: str) -> Receipt:
        """Order one item."""
        return Receipt(order_id=1, items=[Line(sku=sku, quantity=1)])

    response, scripted = run([[("order", {"sku": "W-1"})], "done"], to_google_genai(order))
    assert response.text == "done"
    sent = scripted.declarations()["order"]["response_json_schema"]
    assert sent == inline_refs(interop.output_json_schema(order)) and "$defs" not in json.dumps(sent)
    assert scripted.responses()[0]["response"]["result"] == {"order_id": 1, "items": [{"sku": "W-1", "quantity": 1}]}

    @interop.tool
    def grow(depth: int) -> Tree:
        """Grow a tree."""
        return Tree()

    with pytest.raises(SchemaConversionError) as info:
        to_google_genai(grow)
    assert "'grow'" in str(info.value) and "output schema" in str(info.value)


@pytest.mark.anyio
async def test_a_result_holding_a_ref_key_goes_as_its_json_text() -> None:
    """Gemini reads a `$ref` key in a function response as a reference to a media part and answers
    HTTP 400 (the scripted API does the same): a result holding one (a JSON Schema) goes as its JSON
    text, which the model reads the same, sync and through `client.aio`."""
    for response, scripted in (
        run([[("schema_of", {"model": "order"})], "done"], to_google_genai(schema_of)),
        await arun([[("schema_of", {"model": "order"})], "done"], to_google_genai(schema_of)),
    ):
        assert response.text == "done"
        (sent,) = scripted.responses()
        assert isinstance(sent["response"]["result"], str)
        assert json.loads(sent["response"]["result"]) == LINE_SCHEMA
    _, scripted = run([[("add", {"a": 2, "b": 3})], "done"], to_google_genai(make_tools([])[0]))
    assert scripted.responses()[0]["response"]["result"]["sum"] == 5  # any other value as it is
