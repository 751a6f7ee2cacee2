"""The one inbound path (`bridge.from_native`) and the one foreign-result decoder (`bridge.decode_*`)."""

from __future__ import annotations

import asyncio
import base64
import inspect
import warnings
from typing import Any

import pytest

import interop
from interop import bridge
from interop.errors import SchemaConversionError
from interop.protocols import Issue

PNG = b"\x89PNG\r\n\x1a\nfake"
B64 = base64.b64encode(PNG).decode()


class Refused(Exception):
    """A framework's own "the tool says no" exception."""


class Native:
    """A stand-in for a framework's tool object (what `from_native` records as the origin)."""

    name = "lookup"


SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}},
    "required": ["city"],
}


# ---------------------------------------------------------------------------------- decoder


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("42", "42"),
        ("true", "true"),
        ("null", "null"),
        ('"quoted"', '"quoted"'),
        ('{"a": 1}', {"a": 1}),
        ("  [1, 2]", [1, 2]),
        ("{not json", "{not json"),
        ("plain words", "plain words"),
    ],
)
def test_the_one_text_rule(text: str, value: Any) -> None:
    assert bridge.decode_text(text) == value


def test_blocks_as_wire_dicts_and_as_objects_decode_alike() -> None:
    class Obj:
        def __init__(self, **kw: Any) -> None:
            self.__dict__.update(kw)

    wire = [
        {"type": "text", "text": "caption"},
        {"type": "image", "data": B64, "mimeType": "image/png"},
        {"type": "resource_link", "uri": "file:///a.txt", "name": "a.txt", "mimeType": "text/plain"},
        {"type": "resource", "resource": {"uri": "file:///b.md", "text": "# B", "mimeType": "text/markdown"}},
    ]
    objects = [
        Obj(type="text", text="caption"),
        Obj(type="image", data=B64, mime_type="image/png"),
        Obj(type="resource_link", uri="file:///a.txt", name="a.txt", mime_type="text/plain", title=None),
        Obj(type="resource", resource=Obj(uri="file:///b.md", text="# B", mime_type="text/markdown")),
    ]
    for blocks in (wire, objects):
        value = bridge.decode_result({"content": blocks, "isError": False}, tool_name="t")
        assert value[0] == "caption"
        assert value[1] == interop.Image(PNG, "image/png")
        link = value[2]
        assert isinstance(link, bridge.ResourceLink) and link.uri == "file:///a.txt"
        assert value[3] == interop.File(b"# B", "text/markdown", name="file:///b.md")


def test_one_text_block_follows_the_text_rule_everywhere() -> None:
    for text, expected in (("42", "42"), ('{"n": 42}', {"n": 42})):
        mcp_style = {"content": [{"type": "text", "text": text}], "isError": False}
        converse = {"status": "success", "content": [{"text": text}]}
        assert bridge.decode_result(mcp_style, tool_name="t") == expected
        assert bridge.decode_result(converse, tool_name="t") == expected
        assert bridge.decode_result(text, tool_name="t") == expected


def test_error_results_raise_tool_error_with_their_text() -> None:
    with pytest.raises(interop.ToolError, match="database down"):
        bridge.decode_result(
            {"content": [{"type": "text", "text": "database down"}], "isError": True}, tool_name="t"
        )
    with pytest.raises(interop.ToolError, match="quota"):
        bridge.decode_result({"status": "error", "content": [{"text": "quota"}]}, tool_name="t")
    with pytest.raises(interop.ToolError, match="tool 't' failed"):
        bridge.decode_result({"content": [], "isError": True}, tool_name="t")


def test_structured_content_and_converse_media() -> None:
    assert bridge.decode_result(
        {"content": [{"type": "text", "text": "{}"}], "structuredContent": {"w": 1}, "isError": False},
        tool_name="t",
    ) == {"w": 1}
    converse = {
        "status": "success",
        "content": [
            {"text": "x"},
            {"image": {"format": "png", "source": {"bytes": PNG}}},
            {"json": {"k": 1}},
        ],
    }
    assert bridge.decode_result(converse, tool_name="t") == ["x", interop.Image(PNG, "image/png"), {"k": 1}]


def test_plain_data_is_never_mistaken_for_a_result() -> None:
    for value in (
        {"status": "ok", "content": [1, 2]},
        {"content": ["a", "b"]},
        [{"type": "object"}, {"type": "string"}],
        [{"text": "hello"}],
        {"type": "text"},
    ):
        assert bridge.decode_result(value, tool_name="t") == value
    assert bridge.decode_result('{"a": 1}', tool_name="t", text=False) == '{"a": 1}'


# ---------------------------------------------------------------------------------- from_native


def _from_native(
    call: Any, *, name: str = "n", description: str = "", native: Any = None, **kw: Any
) -> interop.StandardTool[Any, Any, Any]:
    """The neutral tool `bridge.from_native` makes of a "Testing" framework's tool (a `Native`
    unless `native` is given) named `name`, whose own call is `call`."""
    return bridge.from_native(
        Native() if native is None else native,
        framework="Testing",
        name=name,
        description=description,
        call=call,
        **kw,
    )


def _sync_tool(**kw: Any) -> tuple[interop.StandardTool[Any, Any, Any], list[tuple[Any, Any]]]:
    calls: list[tuple[Any, Any]] = []

    def call(arguments: Any, native_context: Any) -> Any:
        calls.append((arguments, native_context))
        if arguments.get("city") == "nowhere":
            raise Refused("no such city")
        return {"city": arguments["city"], "temp": 21}

    return _from_native(call, name="lookup", description="Look up.", input_schema=SCHEMA, **kw), calls


def test_validates_before_calling_and_names_the_field() -> None:
    tool, calls = _sync_tool()
    with pytest.raises(interop.StandardToolValidationError) as err:
        tool.execute({"city": "Paris", "days": 0})
    assert err.value.target == "input" and "days" in str(err.value)
    assert calls == []
    assert tool.execute({"city": "Paris"}) == {"city": "Paris", "temp": 21}


def test_framework_refusals_become_tool_errors_others_pass_through() -> None:
    refusing, _ = _sync_tool(error_types=(Refused,))
    with pytest.raises(interop.ToolError, match="no such city"):
        refusing.execute({"city": "nowhere"})
    plain, _ = _sync_tool()
    with pytest.raises(Refused):
        plain.execute({"city": "nowhere"})


def test_native_context_hooks_user_first_then_default_then_identity() -> None:
    tool, calls = _sync_tool(default_native_context=lambda c: ("default", c))
    tool.execute({"city": "A"}, "ctx")
    assert calls[-1][1] == ("default", "ctx")

    async def user_hook(c: Any) -> Any:  # an async hook, on a sync tool: awaited by the core
        return ("user", c)

    tool, calls = _sync_tool(default_native_context=lambda c: ("default", c), native_context=user_hook)
    tool.execute({"city": "A"}, "ctx")
    assert calls[-1][1] == ("user", "ctx")
    tool, calls = _sync_tool()
    tool.execute({"city": "A"}, "ctx")
    assert calls[-1][1] == "ctx"


def test_async_call_gives_an_async_tool_usable_from_both_sides() -> None:
    async def call(arguments: Any, native_context: Any) -> Any:
        await asyncio.sleep(0)
        return {"content": [{"type": "text", "text": f"hi {arguments['city']}"}], "isError": False}

    tool = _from_native(call, name="greet", input_schema=SCHEMA)
    assert interop.bridge.is_async_tool(tool)
    assert asyncio.run(interop.acall(tool, {"city": "Oslo"})) == "hi Oslo"
    assert interop.call(tool, {"city": "Oslo"}) == "hi Oslo"


def test_output_schema_is_checked_after_decoding() -> None:
    tool = _from_native(
        lambda a, c: '{"n": "many"}',
        name="count",
        text_results=True,
        output_schema={"type": "object", "properties": {"n": {"type": "integer"}}},
    )
    with pytest.raises(interop.StandardToolValidationError) as err:
        tool.execute({})
    assert err.value.target == "output" and "n" in str(err.value)


def test_origin_both_ways() -> None:
    native = Native()
    tool = _from_native(lambda a, c: 1, native=native)
    assert bridge.get_origin(tool) is native
    assert bridge.neutral_home(native) is None
    bridge.set_origin(native, tool)
    assert bridge.neutral_home(native) is tool


def test_an_invalid_foreign_schema_is_refused_naming_the_tool() -> None:
    with pytest.raises(SchemaConversionError, match=r"Testing tool 'bad': its input schema"):
        _from_native(
            lambda a, c: 1,
            name="bad",
            input_schema={"type": "object", "properties": {"n": {"minimum": "ten"}}},
        )


def test_native_context_option_keeps_the_old_names_for_a_release() -> None:
    def hook(c: Any) -> Any:
        return c

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert bridge.native_context_option(None, {"context": hook}, where="from_x") is hook
    assert any("native_context=" in str(w.message) for w in seen)
    with pytest.raises(TypeError, match="unexpected keyword argument 'contxt'"):
        bridge.native_context_option(None, {"contxt": hook}, where="from_x")
    with pytest.raises(TypeError, match="native_context= only"):
        bridge.native_context_option(hook, {"context": hook}, where="from_x")


def test_inbound_opens_every_from_x_the_same_way() -> None:
    from interop._kit import inbound

    seen_hooks: list[Any] = []

    @inbound(kind=Native, refusal="from_testing needs a Native, got ", old=("state",))
    def from_testing(
        native: Native, *, native_context: Any = None, **deprecated: Any
    ) -> interop.StandardTool[Any, Any, Any]:
        seen_hooks.append(native_context)
        return _from_native(lambda a, c: 1, native=native)

    def hook(c: Any) -> Any:
        return c

    native = Native()
    tool = from_testing(native)
    assert seen_hooks == [None] and bridge.get_origin(tool) is native
    made = _from_native(lambda a, c: 2)
    bridge.set_origin(native, made)
    assert from_testing(native) is made  # the neutral home, the function not called
    assert len(seen_hooks) == 1
    assert from_testing(native, native_context=hook) is not made  # a hook: the native runs with it
    assert seen_hooks[-1] is hook
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        from_testing(Native(), state=hook)
    assert seen_hooks[-1] is hook
    assert [w.filename for w in warned] == [__file__]  # the warning points at the caller
    assert "from_testing: state= is deprecated" in str(warned[0].message)
    with pytest.raises(TypeError, match="from_testing needs a Native, got int"):
        from_testing(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="from_testing\\(\\) got an unexpected keyword argument 'context'"):
        from_testing(Native(), context=hook)
    assert bridge.get_origin(from_testing(native=Native())) is not None  # by its keyword, as typed
    with pytest.raises(TypeError, match="from_testing\\(\\) missing 1 required positional argument: 'native'"):
        from_testing()  # type: ignore[call-arg]
    assert from_testing.__name__ == "from_testing"
    assert "native_context" in str(inspect.signature(from_testing))


class Paused(Exception):
    """A framework's control flow (a pause), though it subclasses the framework's tool exception."""


class Wrapped(Exception):
    """A framework's wrapper around whatever the tool raised (its text quotes the arguments)."""


class ArgumentsRefused(TypeError):
    """A framework's own argument validation refusing the call."""


def _raising(error: BaseException, **kw: Any) -> interop.StandardTool[Any, Any, Any]:
    def call(arguments: Any, native_context: Any) -> Any:
        raise error

    return _from_native(call, name="lookup", **kw)


def test_control_flow_passes_the_framework_refusals() -> None:
    class Pause(Refused):
        pass

    bridge.register_control_flow(Pause)
    with pytest.raises(Pause):
        _raising(Pause("ask the user"), error_types=(Refused,)).execute({})


def test_a_wrapper_gives_way_to_what_the_tool_raised() -> None:
    cause = KeyError("missing row")
    try:
        try:
            raise cause
        except KeyError as e:
            raise Wrapped("Failed with parameters {'api_key': 'SECRET'}") from e
    except Wrapped as e:
        wrapped = e
    with pytest.raises(KeyError, match="missing row") as err:
        _raising(wrapped, wrapper_types=(Wrapped,)).execute({})
    assert err.value is cause and err.value.__cause__ is None and err.value.__suppress_context__
    # a wrapper the tool raised itself (no cause): the tool refusing, shown to the model
    with pytest.raises(interop.ToolError, match="quota exhausted"):
        _raising(Wrapped("quota exhausted"), wrapper_types=(Wrapped,)).execute({})


def test_the_frameworks_own_validation_is_a_validation_error_naming_the_tool() -> None:
    with pytest.raises(interop.StandardToolValidationError, match="qty must be positive") as err:
        _raising(ArgumentsRefused("qty must be positive"), invalid_types=(ArgumentsRefused,)).execute({})
    assert err.value.target == "input" and err.value.tool_name == "lookup"
    with pytest.raises(TypeError):  # another TypeError is the tool's own
        _raising(TypeError("bug"), invalid_types=(ArgumentsRefused,)).execute({})


def test_names_the_native_call_does_not_take_are_refused_before_it_runs() -> None:
    tool, calls = _sync_tool(accepted={"city", "days"}, refused={"user": "filled from the agent state"})
    with pytest.raises(interop.StandardToolValidationError, match="user") as err:
        tool.execute({"city": "A", "user": "eve"})
    assert "filled from the agent state" in str(err.value)
    with pytest.raises(interop.StandardToolValidationError, match="extra"):
        tool.execute({"city": "A", "extra": 1})
    assert calls == []
    assert tool.execute({"city": "A", "days": 2}) == {"city": "A", "temp": 21}


def test_pass_context_gives_call_the_neutral_context_too() -> None:
    seen: list[Any] = []

    async def call(arguments: Any, native: Any, context: Any) -> Any:
        seen.append((native, context))
        return "ok"

    tool = _from_native(
        call,
        native_context=lambda c: {"state": c},
        pass_context=True,
    )
    assert interop.call(tool, {}, "ctx") == "ok"
    assert seen == [({"state": "ctx"}, "ctx")]


class HoldsCause(Exception):
    """A framework's wrapper around the exception that matters (Genkit's `GenkitError(cause=...)`)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"wrapped: {cause}")
        self.cause = cause


class Interrupt(Exception):
    """A framework's control flow, raised inside the tool and wrapped by the framework."""


def test_map_error_maps_unwraps_or_lets_pass() -> None:
    def map_error(e: Exception) -> BaseException | None:
        if isinstance(e, HoldsCause) and isinstance(e.cause, Interrupt):
            return e.cause  # already raised inside the tool: re-raised as it was
        if isinstance(e, KeyError):
            return interop.ApprovalDeniedError("lookup", "asked for approval itself")
        return None

    pause = Interrupt("wait for a human")
    try:
        raise pause
    except Interrupt:
        pass
    with pytest.raises(Interrupt) as paused:
        _raising(HoldsCause(pause), map_error=map_error).execute({})
    assert paused.value is pause and paused.value.__cause__ is None
    with pytest.raises(interop.ApprovalDeniedError) as denied:
        _raising(KeyError("k"), map_error=map_error).execute({})
    assert isinstance(denied.value.__cause__, KeyError)  # a new exception is chained to the native one
    with pytest.raises(interop.ToolError, match="no such city"):  # None: error_types applies next
        _raising(Refused("no such city"), map_error=map_error, error_types=(Refused,)).execute({})
    with pytest.raises(ValueError, match="other"):
        _raising(ValueError("other"), map_error=map_error).execute({})
    # interop's own errors pass unchanged, whatever the mapping says
    with pytest.raises(interop.ToolError, match="mine"):
        _raising(
            interop.ToolError("mine"), map_error=lambda e: Interrupt(), error_types=(Exception,)
        ).execute({})


def test_input_validator_replaces_the_schema_check_and_feeds_call() -> None:
    seen: list[Any] = []

    def lax(arguments: Any) -> Any:  # a framework's own (lax) validation: "6" is an integer there
        try:
            return {"n": int(arguments["n"])}
        except (KeyError, ValueError):
            raise interop.StandardToolValidationError(
                "input", [Issue("not an integer", ("n",))], tool_name="n"
            ) from None

    def call(arguments: Any, native_context: Any) -> Any:
        seen.append(arguments)
        return arguments["n"] * 7

    tool = _from_native(
        call,
        input_schema={"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        input_validator=lax,
    )
    assert tool.execute({"n": "6"}) == 42 and seen == [{"n": 6}]
    with pytest.raises(interop.StandardToolValidationError, match="not an integer"):
        tool.execute({"n": "six"})
    assert bridge.input_json_schema(tool)["properties"] == {"n": {"type": "integer"}}  # still advertised


def test_check_output_false_keeps_a_describing_output_schema_unchecked() -> None:
    class Weather:
        temp = 21

    out = {"type": "object", "properties": {"temp": {"type": "integer"}}}
    described = _from_native(lambda a, c: Weather(), name="w", output_schema=out, check_output=False)
    assert isinstance(described.execute({}), Weather)
    assert bridge.output_json_schema(described) == out
    with pytest.raises(interop.StandardToolValidationError):
        _from_native(lambda a, c: Weather(), name="w", output_schema=out).execute({})
