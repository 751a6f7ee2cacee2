"""`to_semantic_kernel`: neutral tools in Semantic Kernel's own function calling loop (a real
`Kernel`, `FunctionChoiceBehavior.Auto()`, a scripted chat service) and called directly."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from typing import Annotated, Any

import jsonschema
import pytest
from approval_tools import RAN, wipe
from pydantic import BaseModel, Field
from semantic_kernel.connectors.ai.function_calling_utils import (
    kernel_function_metadata_to_function_call_format,
)
from semantic_kernel.exceptions import KernelInvokeException
from semantic_kernel.functions import KernelArguments, KernelPlugin
from sk_kit import kernel_with, run, run_streaming

import interop
from interop.errors import SchemaConversionError, ToolNameError
from interop.semantic_kernel import (
    CONTEXT_KEY,
    StandardKernelFunction,
    ToolResultText,
    approval_filter,
    from_semantic_kernel,
    run_context,
    to_semantic_kernel,
)

pytestmark = pytest.mark.anyio


class Where(BaseModel):
    city: str = Field(description="City name")
    days: int = Field(1, ge=1, le=7)


class Node(BaseModel):
    label: str
    children: list[Node] = []


CALLS: list[Any] = []


@interop.tool
def forecast(where: Where, unit: str = "C") -> dict[str, Any]:
    """Forecast for a city."""
    CALLS.append(("forecast", where.city))
    return {"city": where.city, "days": where.days, "unit": unit}


@interop.tool
async def shout(text: str) -> str:
    """Upper-case a text."""
    CALLS.append(("shout", text))
    await asyncio.sleep(0)
    return text.upper()


@interop.tool
def refuse(reason: str) -> str:
    """Always refuses."""
    raise interop.ToolError(f"cannot do that: {reason}")


@pytest.fixture(autouse=True)
def _clear() -> None:
    CALLS.clear()


def sent_parameters(plugin: KernelPlugin, name: str) -> dict[str, Any]:
    """The `parameters` the OpenAI connector sends for one function."""
    return kernel_function_metadata_to_function_call_format(plugin[name].metadata)["function"]["parameters"]  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------- what the model sees


def test_model_sees_the_neutral_properties_exactly() -> None:
    plugin = to_semantic_kernel([forecast, shout], "weather", description="Weather tools")
    assert (
        isinstance(plugin, KernelPlugin)
        and plugin.name == "weather"
        and plugin.description == "Weather tools"
    )
    fn = plugin["forecast"]
    assert isinstance(fn, StandardKernelFunction) and fn.standard_tool is forecast
    assert fn.fully_qualified_name == "weather-forecast" and fn.description == "Forecast for a city."
    schema = interop.bridge.input_json_schema(forecast)
    flat = interop.bridge.inline_refs(schema)
    sent = sent_parameters(plugin, "forecast")
    assert sent == {"type": "object", "properties": flat["properties"], "required": flat["required"]}
    assert sent["properties"]["where"]["properties"]["days"] == {
        "default": 1,
        "maximum": 7,
        "minimum": 1,
        "type": "integer",
    }
    jsonschema.Draft202012Validator.check_schema(sent)


async def test_the_loop_sends_each_function_with_our_schema() -> None:
    plugin = to_semantic_kernel([forecast, shout], "weather")
    kernel, service = kernel_with(plugin, steps=["hi"])
    await run(kernel, service)
    tools = {t["function"]["name"]: t["function"] for t in service.tools[0]}
    assert set(tools) == {"weather-forecast", "weather-shout"}
    assert tools["weather-shout"] == {
        "name": "weather-shout",
        "description": "Upper-case a text.",
        "parameters": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    }


def test_a_recursive_definition_moves_into_its_property() -> None:
    @interop.tool
    def count(tree: Node, depth: int = 3) -> int:
        """Count the nodes of a tree."""
        return 1 + len(tree.children)

    sent = sent_parameters(to_semantic_kernel(count, "trees"), "count")
    tree = sent["properties"]["tree"]
    assert tree["properties"]["children"]["items"] == {"$ref": "#/properties/tree/$defs/Node"}
    assert tree["$defs"]["Node"]["properties"]["children"]["items"] == {
        "$ref": "#/properties/tree/$defs/Node"
    }
    validator = jsonschema.Draft202012Validator(sent)
    assert validator.is_valid({"tree": {"label": "a", "children": [{"label": "b", "children": []}]}})
    assert not validator.is_valid({"tree": {"label": "a", "children": [{"label": 3}]}})


def test_root_keywords_that_would_weaken_the_schema_are_refused() -> None:
    either = interop.StandardTool(
        name="either",
        description="One of two.",
        input_schema=interop.as_schema(
            {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
            }
        ),
        execute=lambda i, c=None: "x",
    )
    with pytest.raises(SchemaConversionError, match=r"'either'.*oneOf at the top level"):
        to_semantic_kernel(either, "p")
    bag = interop.StandardTool(
        name="bag",
        description="Free-form counts.",
        input_schema=interop.as_schema({"type": "object", "additionalProperties": {"type": "integer"}}),
        execute=lambda i, c=None: "x",
    )
    with pytest.raises(SchemaConversionError, match="additionalProperties"):
        to_semantic_kernel(bag, "p")
    closed = interop.StandardTool(
        name="closed",
        description="Closed object, a title and a description.",
        input_schema=interop.as_schema(
            {
                "type": "object",
                "title": "T",
                "description": "d",
                "properties": {"a": {"type": "string"}},
                "additionalProperties": False,
            }
        ),
        execute=lambda i, c=None: "x",
    )
    assert sent_parameters(to_semantic_kernel(closed, "p"), "closed") == {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": [],
    }


def test_names_semantic_kernel_would_misroute_are_refused() -> None:
    @interop.tool
    def configure(settings: str) -> str:
        """Has an argument Semantic Kernel takes for itself."""
        return settings

    with pytest.raises(SchemaConversionError, match="execution settings"):
        to_semantic_kernel(configure, "p")

    @interop.tool
    def leaky(interop_context: str) -> str:
        """Has an argument named like the context key."""
        return interop_context

    with pytest.raises(SchemaConversionError, match="context"):
        to_semantic_kernel(leaky, "p")
    to_semantic_kernel(leaky, "p", context=lambda ctx: None)  # a hook of its own: nothing read from there
    with pytest.raises(ToolNameError, match="plugin name"):
        to_semantic_kernel(shout, "bad-plugin")
    with pytest.raises(ToolNameError, match="at most 64"):
        to_semantic_kernel(shout, "p" * 60)
    with pytest.raises(ToolNameError, match="two tools"):
        to_semantic_kernel([shout, shout], "p")
    assert list(to_semantic_kernel([shout, forecast], "p", rename={"shout": "yell"}).functions) == [
        "yell",
        "forecast",
    ]


def test_meta_title_and_output_schema_are_carried() -> None:
    @interop.tool(title="Look up", meta={"read_only": True, "group": "crm"})
    def lookup(id: int) -> Where:
        """Look a record up."""
        return Where(city="x")

    fn = to_semantic_kernel(lookup, "crm")["lookup"]
    extra = fn.metadata.additional_properties
    assert extra is not None and extra["read_only"] is True and extra["group"] == "crm"
    assert extra["interop"]["title"] == "Look up"
    assert fn.metadata.return_parameter is not None
    assert fn.metadata.return_parameter.schema_data == interop.bridge.output_json_schema(lookup)
    assert from_semantic_kernel(fn) is lookup


# ---------------------------------------------------------------------------------- the loop


async def test_sync_and_async_tools_run_in_the_auto_loop() -> None:
    plugin = to_semantic_kernel([forecast, shout], "weather")
    kernel, service = kernel_with(
        plugin,
        steps=[
            [("weather-forecast", {"where": {"city": "Paris"}}), ("weather-shout", {"text": "hi"})],
            "done",
        ],
    )
    answer = await run(kernel, service)
    assert str(answer) == "done"
    assert sorted(CALLS) == [("forecast", "Paris"), ("shout", "hi")]
    results = {m["tool_call_id"]: m["content"] for m in service.tool_messages()}
    assert json.loads(results["call_0_0"]) == {"city": "Paris", "days": 1, "unit": "C"}  # JSON, not a repr
    assert results["call_0_1"] == "HI"


async def test_the_application_keeps_the_structured_value() -> None:
    plugin = to_semantic_kernel(forecast, "weather")
    kernel, service = kernel_with(
        plugin, steps=[[("weather-forecast", {"where": {"city": "Oslo", "days": 2}})], "ok"]
    )
    from semantic_kernel.contents import ChatHistory, FunctionResultContent

    history = ChatHistory()
    history.add_user_message("go")
    from sk_kit import auto_settings

    await service.get_chat_message_content(history, auto_settings(), kernel=kernel)
    (result,) = [i for m in history.messages for i in m.items if isinstance(i, FunctionResultContent)]
    assert isinstance(result.result, ToolResultText)
    assert result.result.value == {"city": "Oslo", "days": 2, "unit": "C"}
    direct = await kernel.invoke(plugin["forecast"], where={"city": "Rome"})
    assert direct is not None and direct.value == {"city": "Rome", "days": 1, "unit": "C"}


async def test_the_history_keeps_a_snapshot_and_a_direct_call_after_the_loop_gets_the_value() -> None:
    shared: dict[str, Any] = {"items": ["a"], "meta": {"n": 1}}

    @interop.tool
    def state() -> dict[str, Any]:
        """The tool's own state, returned as it is."""
        return shared

    plugin = to_semantic_kernel(state, "s", threaded=False)
    kernel, service = kernel_with(plugin, steps=[[("s-state", {})], "ok"])
    from semantic_kernel.contents import ChatHistory, FunctionResultContent
    from sk_kit import auto_settings

    history = ChatHistory()
    history.add_user_message("go")
    await service.get_chat_message_content(history, auto_settings(), kernel=kernel)
    shared["items"].append("b")  # the tool changes its state after the call
    shared["meta"]["n"] = 2
    (result,) = [i for m in history.messages for i in m.items if isinstance(i, FunctionResultContent)]
    assert isinstance(result.result, ToolResultText)
    assert result.result.value == {"items": ["a"], "meta": {"n": 1}}  # Semantic Kernel's snapshot holds
    assert json.loads(result.result) == {"items": ["a"], "meta": {"n": 1}}
    # in the same task, right after the loop's call: a direct call is a direct call
    direct = await kernel.invoke(plugin["state"])
    assert direct is not None and type(direct.value) is dict and direct.value == shared
    streamed = [r async for r in kernel.invoke_stream(plugin["state"])]
    assert [type(r.value) for r in streamed] == [dict]


async def test_streaming_loop() -> None:
    plugin = to_semantic_kernel([forecast, shout], "weather")
    kernel, service = kernel_with(plugin, steps=[[("weather-shout", {"text": "a"})], "done"])
    assert await run_streaming(kernel, service) == "done"
    assert [m["content"] for m in service.tool_messages()] == ["A"]


async def test_bad_arguments_reach_the_model_and_the_loop_goes_on() -> None:
    plugin = to_semantic_kernel([forecast], "weather")
    kernel, service = kernel_with(
        plugin,
        steps=[
            [("weather-forecast", {"where": {"city": 3}})],
            [("weather-forecast", {"where": {"city": "Lima", "days": 9}})],
            [("weather-forecast", '{"where": ')],
            [("weather-forecast", {"unit": "F"})],
            [("weather-forecast", {"where": {"city": "Lima"}, "extra": 1})],
            [("weather-forecast", {"where": {"city": "Lima"}})],
            "done",
        ],
    )
    assert str(await run(kernel, service)) == "done"
    texts = [m["content"] for m in service.tool_messages()]
    assert texts[0].startswith(
        "An error occurred while invoking the function weather-forecast: Invalid arguments for tool 'forecast'"
    )
    assert "where.city" in texts[0]
    assert "where.days" in texts[1]
    assert "malformed" in texts[2]  # Semantic Kernel's own answer to arguments that are not JSON
    assert "Missing required argument(s): ['where']" in texts[3]
    assert "unexpected argument(s): ['extra']" in texts[4]
    assert json.loads(texts[5])["city"] == "Lima"
    assert CALLS == [("forecast", "Lima")]  # never called with invalid input


async def test_tool_errors_and_crashes() -> None:
    @interop.tool
    def crash() -> str:
        """Crashes."""
        raise RuntimeError("internal detail")

    plugin = to_semantic_kernel([refuse, crash], "p")
    masked = to_semantic_kernel([crash], "q", errors="masked")
    kernel, service = kernel_with(
        plugin, masked, steps=[[("p-refuse", {"reason": "policy"}), ("p-crash", {}), ("q-crash", {})], "done"]
    )
    assert str(await run(kernel, service)) == "done"
    texts = {m["tool_call_id"]: m["content"] for m in service.tool_messages()}
    assert "cannot do that: policy" in texts["call_0_0"]
    assert "internal detail" in texts["call_0_1"]  # as for a native function: Semantic Kernel shows it
    assert "internal detail" not in texts["call_0_2"] and "internal error" in texts["call_0_2"]
    with pytest.raises(KernelInvokeException) as raised:
        await kernel.invoke(plugin["refuse"], reason="x")
    assert isinstance(raised.value.__cause__.__cause__, interop.ToolError)  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------- context


class Secret:
    def __init__(self, token: str) -> None:
        self.token = token

    def __repr__(self) -> str:
        return f"Secret({self.token})"


@interop.tool
def whoami(greeting: str, context: Annotated[Any, interop.FromContext] = None) -> str:
    """Who is calling."""
    CALLS.append(context)
    if greeting == "fail":
        raise interop.ToolError("refused")
    return f"{greeting} {'someone' if context is None else 'user'}"


async def test_context_from_run_context_never_reaches_model_or_logs(caplog: pytest.LogCaptureFixture) -> None:
    secret = Secret("s3cr3t-token")
    plugin = to_semantic_kernel(whoami, "id")
    assert "context" not in sent_parameters(plugin, "whoami")["properties"]
    kernel, service = kernel_with(
        plugin, steps=[[("id-whoami", {"greeting": "hi"}), ("id-whoami", {"greeting": "fail"})], "done"]
    )
    with caplog.at_level(logging.DEBUG), run_context(secret):
        await run(kernel, service)
    assert CALLS == [secret, secret]  # by identity, in both parallel calls
    seen = json.dumps(service.sent) + json.dumps(service.tools) + caplog.text
    assert "s3cr3t" not in seen


async def test_context_from_kernel_arguments_and_from_a_hook() -> None:
    secret = Secret("k")
    kernel, service = kernel_with(
        to_semantic_kernel(whoami, "id"), steps=[[("id-whoami", {"greeting": "hi"})], "done"]
    )
    await run(kernel, service, **{CONTEXT_KEY: secret})
    assert CALLS == [secret]
    assert "Secret" not in json.dumps(service.sent)
    seen: list[Any] = []

    def hook(ctx: Any) -> Any:
        seen.append(ctx)
        return ctx.arguments["user"]

    kernel, service = kernel_with(
        to_semantic_kernel(whoami, "id", context=hook), steps=[[("id-whoami", {"greeting": "hi"})], "done"]
    )
    await run(kernel, service, user=secret)
    assert CALLS[-1] is secret and type(seen[0]).__name__ == "FunctionInvocationContext"
    assert seen[0].function.name == "whoami"


async def test_the_model_cannot_set_the_context() -> None:
    kernel, service = kernel_with(
        to_semantic_kernel(whoami, "id"),
        steps=[[("id-whoami", {"greeting": "hi", CONTEXT_KEY: "forged"})], "done"],
    )
    await run(kernel, service, **{CONTEXT_KEY: Secret("real")})
    assert CALLS == []  # Semantic Kernel refuses an undeclared argument
    assert "unexpected argument" in service.tool_messages()[0]["content"]


# ---------------------------------------------------------------------------------- approval


def _only_tmp(input: Any, context: Any) -> bool:
    return not str(input.path).startswith("/tmp/")


@interop.tool(meta={"requires_approval": _only_tmp})
def remove(path: str) -> str:
    """Remove a file (approval outside /tmp)."""
    RAN.append(path)
    return f"removed {path}"


@pytest.fixture(autouse=True)
def _clear_ran() -> None:
    RAN.clear()


async def test_an_approval_required_call_never_runs_without_an_approval_point() -> None:
    plugin = to_semantic_kernel(wipe, "fs")  # converts: Semantic Kernel has a native approval point
    kernel, service = kernel_with(plugin, steps=[[("fs-wipe", {"path": "/etc"})], "done"])
    await run(kernel, service)
    assert RAN == []
    (message,) = service.tool_messages()
    assert "was not approved" in message["content"] and "approval_filter" in message["content"]
    with pytest.raises(KernelInvokeException):
        await kernel.invoke(plugin["wipe"], path="/etc")
    assert RAN == []


async def test_the_approval_filter_asks_each_call_once() -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input, request.tool_call_id))
        return request.input["path"] == "/srv/cache"

    kernel, service = kernel_with(
        to_semantic_kernel(wipe, "fs"),
        steps=[
            [("fs-wipe", {"path": "/srv/cache"}), ("fs-wipe", {"path": "/etc"}), ("fs-wipe", {"path": 7})],
            "done",
        ],
    )
    kernel.add_filter("auto_function_invocation", approval_filter(approve))
    await run(kernel, service)
    assert RAN == ["/srv/cache"]
    assert sorted(asked, key=lambda a: a[2]) == [
        ("wipe", {"path": "/srv/cache"}, "call_0_0"),
        ("wipe", {"path": "/etc"}, "call_0_1"),
    ]
    texts = {m["tool_call_id"]: m["content"] for m in service.tool_messages()}
    assert texts["call_0_0"] == "wiped /srv/cache"
    assert "not approved" in texts["call_0_1"]
    assert "Invalid arguments" in texts["call_0_2"]  # never asked about a call that cannot run


async def test_conditional_approval_and_non_true_answers() -> None:
    asked: list[Any] = []

    async def approve(request: interop.ApprovalRequest) -> Any:
        asked.append(request.input["path"])
        return "yes"  # truthy, not True: denied

    kernel, service = kernel_with(
        to_semantic_kernel(remove, "fs"),
        steps=[[("fs-remove", {"path": "/tmp/x"}), ("fs-remove", {"path": "/home/x"})], "done"],
    )
    kernel.add_filter("auto_function_invocation", approval_filter(approve))
    await run(kernel, service)
    assert RAN == ["/tmp/x"] and asked == ["/home/x"]


async def test_an_approval_is_for_that_call_only() -> None:
    """A function calling the gated function again inside its approved call is refused."""
    inner: list[Any] = []

    @interop.tool(meta={"requires_approval": True})
    async def outer(path: str) -> str:
        """Calls the gated function itself."""
        kernel = KERNEL[0]
        try:
            await kernel.invoke(kernel.get_function("fs", "wipe"), path="/etc")
        except Exception as e:
            inner.append(type(e).__name__)
        return "outer done"

    KERNEL: list[Any] = []
    kernel, service = kernel_with(
        to_semantic_kernel([wipe, outer], "fs"), steps=[[("fs-outer", {"path": "/a"})], "done"]
    )
    KERNEL.append(kernel)
    kernel.add_filter("auto_function_invocation", approval_filter(lambda r: True))
    await run(kernel, service)
    assert inner == ["KernelInvokeException"] and RAN == []


async def test_approval_callback_at_conversion() -> None:
    plugin = to_semantic_kernel(wipe, "fs", approval=lambda r: r.input["path"] == "/ok")
    kernel, service = kernel_with(
        plugin, steps=[[("fs-wipe", {"path": "/ok"}), ("fs-wipe", {"path": "/no"})], "done"]
    )
    await run(kernel, service)
    assert RAN == ["/ok"]
    result = await kernel.invoke(plugin["wipe"], path="/ok")
    assert result is not None and result.value == "wiped /ok" and RAN == ["/ok", "/ok"]


# ---------------------------------------------------------------------------------- identities and copies


async def test_round_trips_and_copies() -> None:
    plugin = to_semantic_kernel([forecast, shout], "weather")
    assert from_semantic_kernel(plugin) == [forecast, shout]
    assert from_semantic_kernel(plugin)[0] is forecast
    assert to_semantic_kernel(from_semantic_kernel(plugin), "weather") is plugin
    kernel, _ = kernel_with(plugin, steps=[])
    clone = kernel.clone()  # deep-copies the plugins
    copied = clone.get_function("weather", "shout")
    assert copied is not plugin["shout"] and from_semantic_kernel(copied) is shout
    assert (await clone.invoke(copied, text="y")).value == "Y"  # type: ignore[union-attr]
    moved = KernelPlugin(name="other", functions=[plugin["shout"]])  # Semantic Kernel copies it in
    assert (
        from_semantic_kernel(moved["shout"]) is shout and moved["shout"].fully_qualified_name == "other-shout"
    )
    assert copy.deepcopy(plugin)["shout"].standard_tool is shout


async def test_a_direct_call_with_kernel_arguments() -> None:
    kernel, _ = kernel_with(to_semantic_kernel(shout, "t"), steps=[])
    result = await kernel.invoke(
        function_name="shout", plugin_name="t", arguments=KernelArguments(text="a", other=1)
    )
    assert result is not None and result.value == "A"


async def test_a_sync_tool_leaves_the_event_loop_unless_threaded_false() -> None:
    import threading

    @interop.tool
    def where() -> str:
        """The thread the tool runs on."""
        return threading.current_thread().name

    threaded, _ = kernel_with(to_semantic_kernel(where, "t"), steps=[])
    result = await threaded.invoke(function_name="where", plugin_name="t")
    assert result is not None and result.value != threading.current_thread().name
    inline, _ = kernel_with(to_semantic_kernel(where, "t", threaded=False), steps=[])
    result = await inline.invoke(function_name="where", plugin_name="t")
    assert result is not None and result.value == threading.current_thread().name


async def test_the_openai_connector_sends_our_schema_on_the_wire() -> None:
    """Semantic Kernel's real OpenAI connector, over an HTTP transport that answers scripted chat
    completions: the request carries each property schema exactly, and the tool result as JSON text."""
    import httpx
    from openai import AsyncOpenAI
    from semantic_kernel import Kernel
    from semantic_kernel.connectors.ai.function_choice_behavior import FunctionChoiceBehavior
    from semantic_kernel.connectors.ai.open_ai import OpenAIChatCompletion, OpenAIChatPromptExecutionSettings
    from semantic_kernel.contents import ChatHistory

    requests: list[dict[str, Any]] = []

    def answer(message: dict[str, Any], finish: str) -> dict[str, Any]:
        return {
            "id": "r",
            "object": "chat.completion",
            "created": 0,
            "model": "gpt-test",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        requests.append(body)
        if len(requests) == 1:
            call = {
                "id": "call_1",
                "type": "function",
                "function": {"name": "weather-forecast", "arguments": '{"where": {"city": "Oslo", "days": 2}}'},
            }
            return httpx.Response(200, json=answer({"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"))
        return httpx.Response(200, json=answer({"role": "assistant", "content": "done"}, "stop"))

    client = AsyncOpenAI(api_key="test", http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))
    kernel = Kernel()
    service = OpenAIChatCompletion(ai_model_id="gpt-test", async_client=client)
    kernel.add_service(service)
    plugin = to_semantic_kernel(forecast, "weather")
    kernel.add_plugin(plugin)
    history = ChatHistory()
    history.add_user_message("weather?")
    settings = OpenAIChatPromptExecutionSettings(function_choice_behavior=FunctionChoiceBehavior.Auto())
    result = await service.get_chat_message_content(history, settings, kernel=kernel)
    assert str(result) == "done"
    (tool,) = requests[0]["tools"]
    assert tool["function"]["parameters"] == sent_parameters(plugin, "forecast")
    assert tool["function"]["parameters"]["properties"]["where"] == interop.bridge.inline_refs(
        interop.bridge.input_json_schema(forecast)
    )["properties"]["where"]
    (tool_message,) = [m for m in requests[1]["messages"] if m["role"] == "tool"]
    assert json.loads(tool_message["content"]) == {"city": "Oslo", "days": 2, "unit": "C"}
