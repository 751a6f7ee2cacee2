"""Converted FastAPI routes in real agent loops: pydantic-ai (scripted FunctionModel), LangChain
(`create_agent` with a scripted chat model) and an MCP server called by the SDK's own client.
The routes run in-process; the bearer token comes from each framework's per-call context."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("fastapi")

import store_app

import interop
from interop.openapi import from_asgi


@dataclass
class Session:
    token: str


def bearer(ctx: Session | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {ctx.token}"} if isinstance(ctx, Session) else {}


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store_app.reset()


def _tools(**options: Any) -> list[Any]:
    return from_asgi(store_app.app, headers=bearer, tags=["items"], **options)


# -- pydantic-ai ------------------------------------------------------------------------------------


def test_pydantic_ai_agent_loop() -> None:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.messages import (
        ModelMessage,
        ModelResponse,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
    )
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import to_pydantic_ai_toolset

    steps = iter(
        [
            ToolCallPart("create_item", {"name": "desk", "price": -5}, tool_call_id="c1"),  # bad price
            ToolCallPart("create_item", {"name": "desk", "price": 120, "tags": ["office"]}, tool_call_id="c2"),
            ToolCallPart("get_item", {"item_id": 99}, tool_call_id="c3"),  # the API says 404
            ToolCallPart("list_items", {"tag": ["office"]}, tool_call_id="c4"),
        ]
    )
    seen: list[Any] = []
    defs: list[Any] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        defs.append({d.name: d for d in info.function_tools})
        seen.extend(p for p in messages[-1].parts if isinstance(p, ToolReturnPart))
        step = next(steps, None)
        return ModelResponse(parts=[step] if step else [TextPart("done")])

    agent = Agent(FunctionModel(model), deps_type=Session, toolsets=[to_pydantic_ai_toolset(_tools())])
    result = agent.run_sync("add a desk", deps=Session("tok-ann"))
    assert result.output == "done"

    tools = {t.name: t for t in _tools()}
    create_def = defs[0]["create_item"]
    assert create_def.parameters_json_schema == interop.input_json_schema(tools["create_item"])
    assert create_def.description == "Create an item\n\nCreate an item owned by the caller."

    bad, made, missing, listed = seen
    assert bad.outcome == "retried" and "price" in bad.model_response_str()  # local validation
    assert made.outcome == "success" and made.content["name"] == "desk" and made.content["owner"] == "ann"
    assert missing.outcome == "retried" and "item 99 not found" in missing.model_response_str()
    assert listed.outcome == "success" and [i["name"] for i in listed.content] == ["desk"]
    # the bad call never reached the app; every request that did carried the deps' token
    assert [r["method"] for r in store_app.SEEN] == ["POST", "GET", "GET"]
    assert {r["headers"]["authorization"] for r in store_app.SEEN} == {"Bearer tok-ann"}


def test_pydantic_ai_approval_for_unsafe_methods() -> None:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent, DeferredToolRequests
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import approval_results, to_pydantic_ai_toolset

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart("delete_item", {"item_id": 1}, tool_call_id="d1")])
        return ModelResponse(parts=[TextPart("deleted")])

    toolset = to_pydantic_ai_toolset(_tools(requires_approval="unsafe"))
    agent = Agent(FunctionModel(model), deps_type=Session, toolsets=[toolset], output_type=[str, DeferredToolRequests])
    first = agent.run_sync("delete the lamp", deps=Session("tok-ann"))
    assert isinstance(first.output, DeferredToolRequests) and first.output.approvals[0].tool_name == "delete_item"
    assert store_app.SEEN == [] and 1 in store_app.ITEMS  # nothing ran before approval
    approved = approval_results(first.output, {"d1": True})
    second = agent.run_sync(
        message_history=first.all_messages(), deferred_tool_results=approved, deps=Session("tok-ann")
    )
    assert second.output == "deleted" and 1 not in store_app.ITEMS


# -- LangChain --------------------------------------------------------------------------------------


def _scripted_chat_model(steps: list[Any]) -> Any:
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from pydantic import Field

    class Scripted(GenericFakeChatModel):
        sent_tools: list[Any] = Field(default_factory=list)

        def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
            formatted = [convert_to_openai_tool(t) for t in tools]  # what a provider is sent
            self.sent_tools.append(formatted)
            return self.bind(tools=formatted, **kw)

    messages = [
        AIMessage(content=s)
        if isinstance(s, str)
        else AIMessage(content="", tool_calls=[{"name": n, "args": a, "id": i, "type": "tool_call"} for n, a, i in s])
        for s in steps
    ]
    return Scripted(messages=iter(messages), sent_tools=[])


def test_langchain_agent_loop() -> None:
    pytest.importorskip("langgraph")
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage, ToolMessage

    from interop.langchain import to_langchain_tools

    model = _scripted_chat_model(
        [
            [("create_item", {"name": "", "price": 3}, "c1")],
            [("create_item", {"name": "pen", "price": 3}, "c2"), ("get_item", {"item_id": 42}, "c3")],
            [("list_items", {"order": "price"}, "c4")],
            "made a pen",
        ]
    )
    agent = create_agent(model, to_langchain_tools(_tools()), context_schema=Session)
    out = agent.invoke({"messages": [HumanMessage("make a pen")]}, context=Session("tok-bob"))
    tool_messages = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    bad, made, missing, listed = tool_messages
    assert bad.status == "error" and "name" in bad.content
    assert made.status == "success" and json.loads(made.content)["owner"] == "bob"
    assert missing.status == "error" and "404" in missing.content and "item 42 not found" in missing.content
    assert [i["name"] for i in json.loads(listed.content)] == ["pen"] and listed.artifact[0]["price"] == 3.0
    assert out["messages"][-1].content == "made a pen"
    sent = {t["function"]["name"]: t["function"] for t in model.sent_tools[0]}
    assert sent["get_item"]["parameters"]["properties"]["item_id"]["minimum"] == 1
    assert [r["headers"]["authorization"] for r in store_app.SEEN][:2] == ["Bearer tok-bob"] * 2


# -- MCP --------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_served_over_mcp() -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    from interop.mcp import build_server

    server = build_server(_tools(), context=lambda ctx: Session("tok-ann"))
    async with Client(server) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert set(listed) == {"list_items", "get_item", "create_item", "replace_item", "delete_item", "item_label"}
        get = listed["get_item"]
        assert get.title == "Get an item" and get.input_schema["properties"]["item_id"]["minimum"] == 1
        assert get.annotations is not None and get.annotations.read_only_hint is True
        assert listed["delete_item"].annotations.destructive_hint is True

        got = await client.call_tool("get_item", {"item_id": 1})
        assert not got.is_error and got.structured_content["name"] == "lamp"
        missing = await client.call_tool("get_item", {"item_id": 5})
        assert missing.is_error and "item 5 not found" in missing.content[0].text
        bad = await client.call_tool("create_item", {"name": "x", "price": "free"})
        assert bad.is_error and "price" in bad.content[0].text
    assert all(r["headers"]["authorization"] == "Bearer tok-ann" for r in store_app.SEEN)
    assert len(store_app.SEEN) == 2  # the bad call never reached the app


@pytest.mark.anyio
async def test_an_image_route_served_over_mcp_is_image_content() -> None:
    pytest.importorskip("mcp")
    import mcp.types as mt
    from mcp import Client

    from interop.mcp import build_server

    async with Client(build_server(_tools(), context=lambda ctx: Session("tok-ann"))) as client:
        label = await client.call_tool("item_label", {"item_id": 1})
    assert [type(c) for c in label.content] == [mt.ImageContent] and label.content[0].mime_type == "image/png"
