"""A transformed tool through every adapter, in each framework's real call path (scripted models):
the schema the model sees follows the transform, the model calls with the new names, the function
gets its original names (hidden ones filled), and a forged hidden argument is refused."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from provider_clients import chat_completion, chat_tool_call, openai_client
from shaping_kit import EXPECTED_RUN, FORGED_CALL, GOOD_CALL, LOG, RESERVE, book_room, check_schema
from typing_extensions import TypedDict

import interop
from interop import ArgTransform, call, transform_tool


@pytest.fixture(autouse=True)
def _clear_log() -> None:
    LOG.clear()


# ------------------------------------------------------------------------------------------ LangChain


class Ctx(TypedDict):
    user: str


def test_langchain_create_agent() -> None:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain

    seen: list[Any] = []

    class Scripted(GenericFakeChatModel):
        def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
            seen.append([convert_to_openai_tool(t) for t in tools])  # what a provider is sent
            return self.bind(**kw)

    calls = [("c1", GOOD_CALL), ("c2", FORGED_CALL)]
    steps = [
        AIMessage(content="", tool_calls=[{"name": "reserve", "args": a, "id": i, "type": "tool_call"}])
        for i, a in calls
    ]
    model = Scripted(messages=iter([*steps, AIMessage(content="done")]))
    agent = create_agent(model, [to_langchain(RESERVE)], context_schema=Ctx)
    result = agent.invoke({"messages": [("user", "book A1")]}, context=Ctx(user="ann"))

    (fn,) = seen[0]
    assert fn["function"]["name"] == "reserve"
    assert fn["function"]["description"] == "Reserve a meeting room for the current user."
    check_schema(fn["function"]["parameters"])
    assert LOG == [EXPECTED_RUN]
    tool_messages = [m for m in result["messages"] if isinstance(m, ToolMessage)]
    assert json.loads(tool_messages[0].content) == {"room": "A1", "by": "ann", "hours": 2}
    assert tool_messages[1].status == "error" and "user_id" in tool_messages[1].content


def test_langchain_native_tool_transformed_gets_its_own_names() -> None:
    from langchain_core.tools import tool as lc_tool

    from interop.langchain import from_langchain, to_langchain

    got: list[Any] = []

    @lc_tool
    def lookup_user(user_id: str, fields: list[str]) -> dict[str, Any]:
        """Look up a user."""
        got.append((user_id, fields))
        return {"id": user_id}

    native = from_langchain(lookup_user)
    shaped = transform_tool(
        native,
        name="me",
        args={
            "user_id": ArgTransform(from_context=lambda c: c["uid"]),
            "fields": ArgTransform(name="attributes"),
        },
    )
    assert call(shaped, {"attributes": ["email"]}, {"uid": "u7"}) == {"id": "u7"}
    assert got == [("u7", ["email"])]
    back = to_langchain(shaped)
    assert back is not lookup_user  # a transform never goes home as its base's native tool
    assert set(back.args) == {"attributes"} and back.name == "me"
    assert json.loads(
        back.invoke(
            {"name": "me", "args": {"attributes": ["x"]}, "id": "1", "type": "tool_call"},
            {"configurable": {"uid": "u8"}},
        ).content
    ) == {"id": "u8"}
    assert got[-1] == ("u8", ["x"])


# ------------------------------------------------------------------------------------------ pydantic-ai


def test_pydantic_ai_agent_run() -> None:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    seen: list[Any] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(info.function_tools)
        turn = len(seen)
        if turn == 1:
            return ModelResponse(parts=[ToolCallPart("reserve", GOOD_CALL, tool_call_id="c1")])
        if turn == 2:
            return ModelResponse(parts=[ToolCallPart("reserve", FORGED_CALL, tool_call_id="c2")])
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(model), tools=[to_pydantic_ai(RESERVE)], deps_type=dict)
    result = agent.run_sync("book", deps={"user": "ann"})
    (td,) = seen[0]
    assert td.name == "reserve" and td.description == "Reserve a meeting room for the current user."
    check_schema(td.parameters_json_schema)
    assert LOG == [EXPECTED_RUN]
    returns = [p for m in result.all_messages() for p in m.parts if isinstance(p, ToolReturnPart)]
    assert returns[0].content == {"room": "A1", "by": "ann", "hours": 2}
    retry = next(p for p in returns if p.tool_call_id == "c2")
    assert retry.outcome == "retried" and "user_id" in retry.model_response_str()


# ------------------------------------------------------------------------------------------ LlamaIndex


@pytest.mark.anyio
async def test_llamaindex_function_agent() -> None:
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop.llamaindex import run_context, to_llamaindex

    seen: list[Any] = []
    steps = iter([[("reserve", GOOD_CALL)], [("reserve", FORGED_CALL)], "done"])

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        seen.append([t.metadata.to_openai_tool(skip_length_check=True) for t in kwargs.get("tools", [])])
        step = next(steps)
        if isinstance(step, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=step)
        blocks = [ToolCallBlock(tool_call_id=f"t{len(seen)}", tool_name=n, tool_kwargs=kw) for n, kw in step]
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=blocks)

    agent = FunctionAgent(
        tools=[to_llamaindex(RESERVE)], llm=MockFunctionCallingLLM(response_generator=respond)
    )
    with run_context({"user": "ann"}):
        handler = agent.run(user_msg="book")
        events = [e async for e in handler.stream_events() if isinstance(e, ToolCallResult)]
        await handler
    check_schema(seen[0][0]["function"]["parameters"])
    assert LOG == [EXPECTED_RUN]
    assert json.loads(events[0].tool_output.content) == {"room": "A1", "by": "ann", "hours": 2}
    assert events[1].tool_output.is_error and "user_id" in events[1].tool_output.content


# ------------------------------------------------------------------------------------------ OpenAI Agents


@pytest.mark.anyio
async def test_openai_agents_runner() -> None:
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents

    set_tracing_disabled(True)
    model = ScriptedModel(
        [
            [function_call("reserve", GOOD_CALL, call_id="c1")],
            [function_call("reserve", FORGED_CALL, call_id="c2")],
            [assistant_message("done")],
        ]
    )
    native = to_openai_agents(RESERVE)
    check_schema(native.params_json_schema)
    result = await Runner.run(Agent(name="a", model=model, tools=[native]), "book", context={"user": "ann"})
    assert result.final_output == "done"
    assert [t.name for t in model.calls[0].tools] == ["reserve"]
    assert LOG == [EXPECTED_RUN]
    outputs = [
        i["output"]
        for c in model.calls
        for i in c.input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    assert json.loads(outputs[0]) == {"room": "A1", "by": "ann", "hours": 2}
    assert "user_id" in outputs[-1]


# ------------------------------------------------------------------------------------------ MCP


@pytest.mark.anyio
async def test_mcp_served_and_consumed() -> None:
    from mcp import Client

    from interop.mcp import build_server, mcp_tools

    server = build_server([RESERVE], context=lambda ctx: {"user": "ann"})
    async with Client(server) as client:
        (listed,) = (await client.list_tools()).tools
        assert listed.name == "reserve"
        check_schema(listed.input_schema)
        ok = await client.call_tool("reserve", GOOD_CALL)
        assert ok.structured_content == {"room": "A1", "by": "ann", "hours": 2}
        forged = await client.call_tool("reserve", FORGED_CALL)
        assert forged.is_error and "user_id" in forged.content[0].text
    assert LOG == [EXPECTED_RUN]

    # a tool consumed from an MCP server, transformed: the server receives its own argument names
    async with mcp_tools(build_server([book_room])) as (remote,):
        shaped = transform_tool(
            remote,
            args={"room_id": ArgTransform(name="room"), "user_id": ArgTransform(hide=True, default="svc")},
        )
        assert set(interop.input_json_schema(shaped)["properties"]) == {"room", "hours", "note"}
        assert await interop.acall(shaped, {"room": "C3", "hours": 4}) == {
            "room": "C3",
            "by": "svc",
            "hours": 4,
        }
    assert LOG[-1] == {"room_id": "C3", "user_id": "svc", "hours": 4, "note": ""}


# ------------------------------------------------------------------------------------------ providers


def test_openai_chat_completions_with_the_sdk() -> None:
    from interop.providers import OpenAIToolset

    toolset = OpenAIToolset([RESERVE])
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return chat_completion(
                {
                    "tool_calls": [
                        chat_tool_call("c1", "reserve", GOOD_CALL),
                        chat_tool_call("c2", "reserve", FORGED_CALL),
                    ]
                }
            )
        return chat_completion({"content": "done"})

    client = openai_client(script, seen)
    completion = client.chat.completions.create(
        model="gpt-test", messages=[{"role": "user", "content": "go"}], tools=toolset.tools
    )
    replies = toolset.dispatch(completion, context={"user": "ann"})
    check_schema(seen[0]["tools"][0]["function"]["parameters"])
    assert LOG == [EXPECTED_RUN]
    assert json.loads(replies[0]["content"]) == {"room": "A1", "by": "ann", "hours": 2}
    assert "user_id" in replies[1]["content"]


def test_anthropic_and_gemini_descriptors() -> None:
    from interop.providers import AnthropicToolset, to_gemini_function_declaration

    toolset = AnthropicToolset([RESERVE])
    check_schema(toolset.tools[0]["input_schema"])
    blocks = toolset.dispatch(
        [{"type": "tool_use", "id": "t1", "name": "reserve", "input": GOOD_CALL}], context={"user": "ann"}
    )
    assert json.loads(blocks[0]["content"]) == {"room": "A1", "by": "ann", "hours": 2}
    declaration = to_gemini_function_declaration(RESERVE, mode="parameters_json_schema")
    assert set(declaration["parametersJsonSchema"]["properties"]) == {"room", "hours"}
    assert LOG == [EXPECTED_RUN]
