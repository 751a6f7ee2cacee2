"""The real `openai` client against a scripted local transport: Chat Completions and Responses loops."""

from __future__ import annotations

import json
from typing import Any

import httpx
import openai
import pytest
from prov_tools import TOOLS, Deps, get_weather, place_order
from provider_clients import chat_completion, openai_client, response

from interop import ApprovalRequest, standard_tool, tool
from interop.errors import ApprovalRequiredError, ToolNameError
from interop.providers import OpenAIToolset, ToolCall, to_openai_chat_tool, to_openai_responses_tool


def _tc(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def _run_chat(client: openai.OpenAI, toolset: OpenAIToolset, deps: Deps, turns: int = 4) -> str:
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for _ in range(turns):
        completion = client.chat.completions.create(model="gpt-test", messages=messages, tools=toolset.tools)
        message = completion.choices[0].message
        if not message.tool_calls:
            return message.content or ""
        messages.append(message.model_dump(exclude_none=True))
        messages.extend(toolset.dispatch(completion, context=deps))
    raise AssertionError("the loop did not finish")


def test_chat_loop_strict_restores_omitted_fields() -> None:
    toolset = OpenAIToolset(TOOLS, strict=True)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return chat_completion(
                {
                    "tool_calls": [
                        _tc("c1", "get_weather", json.dumps({"city": "Paris", "units": None, "days": None})),
                        _tc(
                            "c2",
                            "place_order",
                            json.dumps(
                                {"lines": [{"sku": "a", "qty": 2, "note": None, "gift": None}], "rush": None}
                            ),
                        ),
                        _tc("c3", "ping", "{}"),
                    ]
                }
            )
        outputs = {m["tool_call_id"]: m["content"] for m in body["messages"] if m["role"] == "tool"}
        return chat_completion(
            {"content": f"weather={outputs['c1']} order={outputs['c2']} ping={outputs['c3']}"}
        )

    deps = Deps(user="ada")
    final = _run_chat(openai_client(script, seen), toolset, deps)

    # the SDK sent exactly our descriptors, every one strict, and they are what the single-tool functions give
    assert seen[0]["tools"] == toolset.tools == [to_openai_chat_tool(t, strict=True) for t in TOOLS]
    assert all(t["function"]["strict"] is True for t in seen[0]["tools"])
    assert seen[0]["tools"][0]["function"]["parameters"]["required"] == ["city", "units", "days"]
    # nulls for optional fields meant "omitted": the defaults applied
    assert ("get_weather", "Paris", "c", None) in deps.seen
    assert ("place_order", [{"sku": "a", "qty": 2, "note": None, "gift": False}], False) in deps.seen
    assert json.loads(final.split(" order=")[0].removeprefix("weather=")) == {
        "city": "Paris",
        "temp": 21,
        "days": None,
        "user": "ada",
    }
    assert "order=order of 2 items for ada" in final and final.endswith("ping=pong")
    # the follow-up request carried the assistant turn and one tool message per call, in order
    tool_msgs = [m for m in seen[1]["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == ["c1", "c2", "c3"]


def test_chat_loop_errors_are_correctable() -> None:
    toolset = OpenAIToolset(TOOLS)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return chat_completion(
                {
                    "tool_calls": [
                        _tc("b1", "get_weather", "{city: Paris"),
                        _tc("b2", "get_forecast", "{}"),
                        _tc("b3", "place_order", json.dumps({"lines": [{"sku": "a", "qty": 0}]})),
                        _tc("b4", "get_weather", json.dumps({"city": "Atlantis"})),
                    ]
                }
            )
        if n == 2:
            errors = {m["tool_call_id"]: m["content"] for m in body["messages"] if m["role"] == "tool"}
            assert "not valid JSON" in errors["b1"] and "get_weather" in errors["b1"]
            assert "Unknown tool 'get_forecast'" in errors["b2"] and "'get_weather'" in errors["b2"]
            assert "place_order" in errors["b3"] and "lines.0.qty" in errors["b3"]
            assert "unknown city 'Atlantis'" in errors["b4"]
            return chat_completion(
                {"tool_calls": [_tc("f1", "place_order", json.dumps({"lines": [{"sku": "a", "qty": 1}]}))]}
            )
        return chat_completion({"content": "fixed: " + body["messages"][-1]["content"]})

    deps = Deps(user="bob")
    assert _run_chat(openai_client(script, seen), toolset, deps) == "fixed: order of 1 items for bob"
    # non-strict by default for a schema that does not qualify: no "strict" key at all
    assert all("strict" not in t["function"] for t in seen[0]["tools"])
    # the tool never ran with invalid input
    assert [s for s in deps.seen if s[0] == "place_order"] == [
        ("place_order", [{"sku": "a", "qty": 1, "note": None, "gift": False}], False)
    ]


def test_responses_loop() -> None:
    toolset = OpenAIToolset(TOOLS, api="responses", strict=True)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return response(
                [
                    {
                        "type": "function_call",
                        "id": "fc_1",
                        "call_id": "call_1",
                        "name": "get_weather",
                        "arguments": json.dumps({"city": "Oslo", "units": "f", "days": 3}),
                        "status": "completed",
                    },
                    {
                        "type": "function_call",
                        "id": "fc_2",
                        "call_id": "call_2",
                        "name": "get_weather",
                        "arguments": json.dumps({"city": "Rome", "units": None, "days": None}),
                        "status": "completed",
                    },
                ]
            )
        outs = [i for i in body["input"] if isinstance(i, dict) and i.get("type") == "function_call_output"]
        text = " | ".join(o["output"] for o in outs)
        return response(
            [
                {
                    "type": "message",
                    "id": "m1",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": text, "annotations": []}],
                }
            ]
        )

    client = openai_client(script, seen)
    deps = Deps(user="cy")
    items: list[Any] = [{"role": "user", "content": "weather?"}]
    first = client.responses.create(model="gpt-test", input=items, tools=toolset.tools)
    follow_up = toolset.dispatch(first, context=deps)
    assert [f["call_id"] for f in follow_up] == ["call_1", "call_2"]
    items += [o.model_dump(exclude_none=True) for o in first.output] + follow_up
    final = client.responses.create(model="gpt-test", input=items, tools=toolset.tools)

    assert seen[0]["tools"] == toolset.tools == [to_openai_responses_tool(t, strict=True) for t in TOOLS]
    assert seen[0]["tools"][0]["type"] == "function" and seen[0]["tools"][0]["name"] == "get_weather"
    assert '"temp":70' in final.output_text and '"city":"Rome","temp":21' in final.output_text
    assert {("get_weather", "Oslo", "f", 3), ("get_weather", "Rome", "c", None)} <= set(deps.seen)
    # two sync calls ran concurrently on worker threads
    assert any(name.startswith("interop-tool") for name in deps.threads)


@pytest.mark.anyio
async def test_async_client_gathers_async_tools() -> None:
    toolset = OpenAIToolset([place_order, get_weather], strict=True)
    seen: list[dict[str, Any]] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        seen.append(body)
        if len(seen) == 1:
            calls = [
                _tc(
                    f"o{i}",
                    "place_order",
                    json.dumps(
                        {"lines": [{"sku": "s", "qty": i, "note": "x", "gift": True}], "rush": i == 2}
                    ),
                )
                for i in (1, 2)
            ]
            return httpx.Response(200, json=chat_completion({"tool_calls": calls}))
        return httpx.Response(
            200,
            json=chat_completion(
                {"content": ";".join(m["content"] for m in body["messages"] if m["role"] == "tool")}
            ),
        )

    client = openai.AsyncOpenAI(
        api_key="sk-test",
        base_url="http://127.0.0.1:9/v1",
        http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)),
    )
    deps = Deps(user="di")
    messages: list[Any] = [{"role": "user", "content": "order"}]
    completion = await client.chat.completions.create(
        model="gpt-test", messages=messages, tools=toolset.tools
    )
    messages += [
        completion.choices[0].message.model_dump(exclude_none=True),
        *await toolset.adispatch(completion, context=deps),
    ]
    final = await client.chat.completions.create(model="gpt-test", messages=messages, tools=toolset.tools)
    assert final.choices[0].message.content == "order of 1 items for di;order of 2 items for di (rush)"
    assert ("place_order", [{"sku": "s", "qty": 2, "note": "x", "gift": True}], True) in deps.seen


def test_descriptor_rules() -> None:
    # a schema that already qualifies goes strict by default (strict=None); others stay non-strict
    closed = standard_tool(
        name="lookup",
        description="Look a word up.",
        execute=lambda args: args["word"],
        input_schema={
            "type": "object",
            "properties": {"word": {"type": "string"}},
            "required": ["word"],
            "additionalProperties": False,
        },
    )
    assert to_openai_chat_tool(closed)["function"]["strict"] is True
    assert "strict" not in to_openai_chat_tool(closed, strict=False)["function"]
    assert "strict" not in to_openai_responses_tool(get_weather)
    assert to_openai_responses_tool(get_weather, name="weather_v2")["name"] == "weather_v2"
    with pytest.raises(ToolNameError, match="openai"):
        to_openai_chat_tool(get_weather, name="weather.today")
    with pytest.raises(ToolNameError, match="rename"):
        OpenAIToolset([get_weather, get_weather])
    renamed = OpenAIToolset([get_weather], rename={"get_weather": "wx"})
    assert renamed.tools[0]["function"]["name"] == "wx"
    out = renamed.dispatch(
        [{"id": "r1", "type": "function", "function": {"name": "wx", "arguments": '{"city": "Lima"}'}}],
        context=Deps(user="e"),
    )
    assert out[0]["role"] == "tool" and '"city":"Lima"' in out[0]["content"]


def test_approval_is_never_dropped() -> None:
    delete = standard_tool(
        name="delete_file",
        description="Delete a file.",
        execute=lambda args: f"deleted {args['path']}",
        input_schema={"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        meta={"requires_approval": True},
    )
    with pytest.raises(ApprovalRequiredError, match="delete_file"):
        OpenAIToolset([delete])
    asked: list[Any] = []

    def approve(request: ApprovalRequest) -> bool:
        asked.append((request.tool_call_id, request.input))
        return request.input["path"].startswith("/tmp/")

    toolset = OpenAIToolset([delete], approval=approve)
    calls = [
        _tc("d1", "delete_file", '{"path": "/etc/passwd"}'),
        _tc("d2", "delete_file", '{"path": "/tmp/x"}'),
    ]
    denied, allowed = toolset.dispatch(calls)
    assert "not approved" in denied["content"] and allowed["content"] == "deleted /tmp/x"
    # the two calls run in parallel (a sync tool each on its own worker thread), so the callback is
    # asked for both, in whichever order the threads reach it, each request naming its own call
    assert sorted(asked) == [("d1", {"path": "/etc/passwd"}), ("d2", {"path": "/tmp/x"})]
    assert (
        OpenAIToolset([delete], allow_unapproved=True).dispatch(calls[:1])[0]["content"]
        == "deleted /etc/passwd"
    )


def test_one_call_dispatch_is_the_batch_result() -> None:
    """A response with one call (dispatched without a `ToolOutcome`) gives what `run` gives for it:
    a sync tool, an async tool (run on a loop), an unknown tool, a Responses item."""

    @tool
    def double(x: int) -> int:
        """Double."""
        return 2 * x

    @tool
    async def triple(x: int) -> int:
        """Triple."""
        return 3 * x

    toolset = OpenAIToolset([double, triple])
    for call in (_tc("a", "double", '{"x": 2}'), _tc("b", "triple", '{"x": 2}'), _tc("c", "nope", "{}")):
        (one,) = toolset.dispatch([call])
        outcome = toolset.dispatcher.run(
            [ToolCall(id=call["id"], name=call["function"]["name"], arguments=call["function"]["arguments"])]
        )[0]
        assert one == {"role": "tool", "tool_call_id": call["id"], "content": outcome.text}
    assert [m["content"] for m in toolset.dispatch([_tc("a", "double", '{"x": 2}')])] == ["4"]
    assert "Unknown tool 'nope'" in toolset.dispatch([_tc("c", "nope", "{}")])[0]["content"]
    item = {"type": "function_call", "call_id": "r1", "name": "triple", "arguments": '{"x": 5}'}
    assert toolset.dispatch([item]) == [{"type": "function_call_output", "call_id": "r1", "output": "15"}]
    bad = toolset.dispatch([_tc("d", "double", '{"x": "two"}')])[0]["content"]
    assert "double" in bad and "x" in bad


def test_calls_made_fast_are_the_same_dataclasses() -> None:
    from interop.providers._dispatch import make_call

    call = make_call("c1", "double", '{"x": 1}')
    assert call == ToolCall(id="c1", name="double", arguments='{"x": 1}')
    assert hash(call) == hash(ToolCall(id="c1", name="double", arguments='{"x": 1}'))
    with pytest.raises(AttributeError):
        call.id = "c2"  # type: ignore[misc]
