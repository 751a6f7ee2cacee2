"""The real `anthropic` client against a scripted local transport: tool_use -> tool_result loops."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest
from prov_tools import TOOLS, Deps, get_weather, place_order
from provider_clients import anthropic_client, anthropic_message
from pydantic import BaseModel
from schema_corpus import doubling_schema

from interop import standard_tool, tool
from interop.errors import SchemaConversionError, ToolNameError
from interop.providers import AnthropicToolset, to_anthropic_tool


def _results(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    last = body["messages"][-1]
    assert last["role"] == "user"
    return {b["tool_use_id"]: b for b in last["content"]}


def _loop(client: anthropic.Anthropic, toolset: AnthropicToolset, deps: Deps, turns: int = 4) -> str:
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for _ in range(turns):
        message = client.messages.create(
            model="claude-test", max_tokens=100, messages=messages, tools=toolset.tools
        )  # type: ignore[arg-type]
        if message.stop_reason != "tool_use":
            return "".join(b.text for b in message.content if b.type == "text")
        messages.append(
            {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in message.content]}
        )
        messages.append({"role": "user", "content": toolset.dispatch(message, context=deps)})
    raise AssertionError("the loop did not finish")


def test_anthropic_loop_with_errors_and_correction() -> None:
    toolset = AnthropicToolset(TOOLS)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return anthropic_message(
                [
                    {"type": "text", "text": "Let me check."},
                    {"type": "tool_use", "id": "tu1", "name": "get_weather", "input": {"city": "Paris"}},
                    {
                        "type": "tool_use",
                        "id": "tu2",
                        "name": "place_order",
                        "input": {"lines": [{"sku": "a", "qty": -1}]},
                    },
                    {"type": "tool_use", "id": "tu3", "name": "get_forecast", "input": {}},
                    {"type": "tool_use", "id": "tu4", "name": "ping", "input": {}},
                ]
            )
        if n == 2:
            results = _results(body)
            assert (
                "is_error" not in results["tu1"] and json.loads(results["tu1"]["content"])["city"] == "Paris"
            )
            assert results["tu2"]["is_error"] is True and "lines.0.qty" in results["tu2"]["content"]
            assert (
                results["tu3"]["is_error"] is True
                and "Unknown tool 'get_forecast'" in results["tu3"]["content"]
            )
            assert results["tu4"]["content"] == "pong"
            return anthropic_message(
                [
                    {
                        "type": "tool_use",
                        "id": "tu5",
                        "name": "place_order",
                        "input": {"lines": [{"sku": "a", "qty": 3}], "rush": True},
                    }
                ]
            )
        return anthropic_message([{"type": "text", "text": "done: " + _results(body)["tu5"]["content"]}])

    deps = Deps(user="ada")
    assert _loop(anthropic_client(script, seen), toolset, deps) == "done: order of 3 items for ada (rush)"
    # exactly our descriptors went out
    assert seen[0]["tools"] == toolset.tools == [to_anthropic_tool(t) for t in TOOLS]
    order_schema = seen[0]["tools"][1]["input_schema"]
    assert "$defs" not in order_schema and "$ref" not in json.dumps(order_schema)  # refs inlined
    assert order_schema["properties"]["lines"]["items"]["properties"]["qty"]["exclusiveMinimum"] == 0
    assert [s for s in deps.seen if s[0] == "place_order"] == [
        ("place_order", [{"sku": "a", "qty": 3, "note": None, "gift": False}], True)
    ]


def test_anthropic_strict_descriptors() -> None:
    toolset = AnthropicToolset([get_weather, place_order], strict=True)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return anthropic_message(
                [
                    {
                        "type": "tool_use",
                        "id": "s1",
                        "name": "get_weather",
                        "input": {"city": "Oslo", "days": 2},
                    }
                ]
            )
        return anthropic_message([{"type": "text", "text": _results(body)["s1"]["content"]}])

    deps = Deps(user="bo")
    final = _loop(anthropic_client(script, seen), toolset, deps)
    assert json.loads(final) == {"city": "Oslo", "temp": 21, "days": 2, "user": "bo"}
    sent = seen[0]["tools"]
    assert sent == toolset.tools and all(t["strict"] is True for t in sent)
    weather = sent[0]["input_schema"]
    assert weather["additionalProperties"] is False and weather["required"] == [
        "city"
    ]  # optional stays optional
    qty = sent[1]["input_schema"]["properties"]["lines"]["items"]["properties"]["qty"]
    assert "exclusiveMinimum" not in qty and "exclusiveMinimum" in qty["description"]  # moved, not lost


class Node(BaseModel):
    name: str
    children: list[Node] = []


def test_anthropic_schema_rules() -> None:
    @tool
    def walk(tree: Node) -> int:
        """Count nodes."""
        return 1

    # a recursive schema keeps its refs (and only the $defs they need) when not strict
    schema = to_anthropic_tool(walk)["input_schema"]
    assert set(schema.get("$defs", {})) == {"Node"}
    assert schema["properties"]["tree"]["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}
    with pytest.raises(SchemaConversionError, match=r"'walk'.*recursive"):
        to_anthropic_tool(walk, strict=True)

    @tool
    def pick(choice: int | str) -> str:
        """Pick."""
        return str(choice)

    assert to_anthropic_tool(pick)["input_schema"]["type"] == "object"
    either = standard_tool(
        name="either",
        description="A or B.",
        execute=lambda args: args,
        input_schema={
            "anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object"}]
        },
    )
    with pytest.raises(SchemaConversionError, match=r"'either'.*anyOf at the top level"):
        to_anthropic_tool(either)
    with pytest.raises(ToolNameError, match="anthropic"):
        to_anthropic_tool(place_order, name="orders/place")
    assert to_anthropic_tool(place_order, inline_refs=False)["input_schema"]["$defs"]


class Item(BaseModel):
    sku: str


def test_a_ref_inside_content_schema_is_inlined_not_left_dangling() -> None:
    # pydantic's `Json[Model]` is a string whose decoded content has a schema (`contentSchema`)
    # that refers to `$defs`; inlining drops `$defs`, so that ref must be inlined too
    from pydantic import Json

    @tool
    def submit(payload: Json[Item], item: Item) -> str:
        """Submit an item given as JSON text."""
        return payload.sku + item.sku

    sent = to_anthropic_tool(submit)["input_schema"]
    assert "$ref" not in json.dumps(sent) and "$defs" not in sent
    content = sent["properties"]["payload"]
    assert content["type"] == "string" and content["contentSchema"]["required"] == ["sku"]


def test_a_schema_that_would_explode_when_inlined_is_refused_with_the_way_out() -> None:
    hostile = standard_tool(
        name="hostile",
        description="A schema as a hostile server could send it.",
        execute=lambda args: args,
        input_schema=doubling_schema(60),  # 2**60 nodes once inlined
    )
    with pytest.raises(
        SchemaConversionError, match=r"'hostile'.*more than 20000 subschemas.*inline_refs=False"
    ):
        to_anthropic_tool(hostile)
    assert to_anthropic_tool(hostile, inline_refs=False)["input_schema"]["$defs"]["D60"]


@pytest.mark.anyio
async def test_anthropic_async_dispatch_of_sdk_blocks() -> None:
    toolset = AnthropicToolset([place_order, get_weather])
    message = anthropic.types.Message.model_validate(
        anthropic_message(
            [
                {
                    "type": "tool_use",
                    "id": "a1",
                    "name": "place_order",
                    "input": {"lines": [{"sku": "x", "qty": 1}]},
                },
                {"type": "tool_use", "id": "a2", "name": "get_weather", "input": {"city": "Atlantis"}},
            ]
        )
    )
    blocks = await toolset.adispatch(message, context=Deps(user="cy"))
    assert blocks[0] == {"type": "tool_result", "tool_use_id": "a1", "content": "order of 1 items for cy"}
    assert blocks[1]["is_error"] is True and "Atlantis" in blocks[1]["content"]
