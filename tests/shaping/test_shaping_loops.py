"""Deferred loading where the target has no native mechanism: `split_tools` + `tool_search`, in real
agent loops (scripted models). The model starts with the loaded tools and the search tool, searches,
and a tool the search found is offered, and called, from the next step on.

- pydantic-ai: a toolset whose tool list follows the run's messages (the deferred tools found by
  the search so far), around the `FunctionToolset` of converted tools;
- LangChain: a `create_agent` middleware that offers the model only the tools found so far, while
  the agent's tool node can run every tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from search_corpus import corpus_tools

import interop
from interop import split_tools, tool_search

SEARCH = "tool_search"


@interop.tool
def get_time() -> str:
    """The current time."""
    return "12:00"


def shaped_tools() -> tuple[list[Any], list[Any], Any]:
    loaded, deferred = split_tools([get_time, *corpus_tools()])
    assert [t.name for t in loaded] == ["get_time"] and len(deferred) >= 180
    return loaded, deferred, tool_search(deferred)


def found_names(results: Iterable[Any]) -> set[str]:
    """The tool names in search results (the structured value, or its JSON text)."""
    names: set[str] = set()
    for result in results:
        value = json.loads(result) if isinstance(result, str) else result
        names.update(match["name"] for match in value["tools"])
    return names


# ------------------------------------------------------------------------------------------ pydantic-ai


def test_pydantic_ai_toolset_whose_tools_follow_the_search() -> None:
    from pydantic_ai import Agent, RunContext
    from pydantic_ai.messages import (
        ModelMessage,
        ModelRequest,
        ModelResponse,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
    )
    from pydantic_ai.models.function import AgentInfo, FunctionModel
    from pydantic_ai.toolsets import ToolsetTool, WrapperToolset

    from interop.pydantic_ai import to_pydantic_ai_toolset

    loaded, deferred, search = shaped_tools()

    @dataclass
    class DiscoveredToolset(WrapperToolset[Any]):
        """The loaded tools and the search tool, plus each deferred tool once a search returned it."""

        deferred: frozenset[str] = field(default_factory=frozenset)

        async def get_tools(self, ctx: RunContext[Any]) -> dict[str, ToolsetTool[Any]]:
            found = found_names(
                part.content
                for message in ctx.messages
                if isinstance(message, ModelRequest)
                for part in message.parts
                if isinstance(part, ToolReturnPart) and part.tool_name == SEARCH
            )
            tools = await self.wrapped.get_tools(ctx)
            return {
                name: replace(
                    tool, tool_def=replace(tool.tool_def, defer_loading=False)
                )  # we do the deferring
                for name, tool in tools.items()
                if name not in self.deferred or name in found
            }

    toolset = DiscoveredToolset(
        wrapped=to_pydantic_ai_toolset([*loaded, search, *deferred]),
        deferred=frozenset(t.name for t in deferred),
    )
    offered: list[list[str]] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        offered.append([t.name for t in info.function_tools])
        turn = len(offered)
        if turn == 1:
            return ModelResponse(
                parts=[ToolCallPart(SEARCH, {"query": "scale a kubernetes deployment"}, tool_call_id="s1")]
            )
        if turn == 2:
            args = {"namespace": "prod", "deployment": "api", "replicas": "5"}
            return ModelResponse(parts=[ToolCallPart("scale_deployment", args, tool_call_id="k1")])
        return ModelResponse(parts=[TextPart("scaled")])

    result = Agent(FunctionModel(model), toolsets=[toolset]).run_sync("scale the api deployment to 5")
    assert result.output == "scaled"
    assert offered[0] == ["get_time", SEARCH]  # 180+ tools kept out of the first prompt
    assert "scale_deployment" in offered[1] and len(offered[1]) <= 2 + 5  # what the search found, no more
    returns = {
        p.tool_call_id: p.content
        for m in result.all_messages()
        for p in m.parts
        if isinstance(p, ToolReturnPart)
    }
    assert returns["s1"]["tools"][0]["name"] == "scale_deployment"
    assert (
        returns["s1"]["tools"][0]["input_schema"]["properties"]["replicas"]["description"] == "Replica count"
    )
    assert returns["k1"] == {
        "tool": "scale_deployment",
        "input": {"namespace": "prod", "deployment": "api", "replicas": "5"},
    }


# ------------------------------------------------------------------------------------------ LangChain


def test_langgraph_agent_whose_tools_follow_the_search() -> None:
    from langchain.agents import create_agent
    from langchain.agents.middleware import ModelRequest, ModelResponse, wrap_model_call
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain_tools

    loaded, deferred, search = shaped_tools()
    deferred_names = {t.name for t in deferred}

    @wrap_model_call
    def offer_found_tools(
        request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]
    ) -> ModelResponse:
        """Offer the loaded tools and the search tool, plus the deferred tools a search returned."""
        found = found_names(
            m.artifact if m.artifact is not None else m.content
            for m in request.messages
            if isinstance(m, ToolMessage) and m.name == SEARCH and m.status != "error"
        )
        tools = [
            t for t in request.tools if getattr(t, "name", None) not in deferred_names or t.name in found
        ]  # type: ignore[union-attr]
        return handler(request.override(tools=tools))

    offered: list[list[str]] = []

    class Scripted(GenericFakeChatModel):
        def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
            offered.append([convert_to_openai_tool(t)["function"]["name"] for t in tools])
            return self.bind(**kw)

    def step(name: str, args: dict[str, Any], id: str) -> AIMessage:
        return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": id, "type": "tool_call"}])

    model = Scripted(
        messages=iter(
            [
                step(SEARCH, {"query": "send an email with an attachment"}, "s1"),
                step("send_email", {"to": "ops@example.com", "subject": "report", "body": "attached"}, "e1"),
                AIMessage(content="sent"),
            ]
        )
    )
    agent = create_agent(
        model, to_langchain_tools([*loaded, search, *deferred]), middleware=[offer_found_tools]
    )
    result = agent.invoke({"messages": [("user", "email the report to ops")]})
    assert result["messages"][-1].content == "sent"
    assert offered[0] == ["get_time", SEARCH]
    assert "send_email" in offered[1] and len(offered[1]) <= 2 + 5
    by_id = {m.tool_call_id: m for m in result["messages"] if isinstance(m, ToolMessage)}
    assert by_id["s1"].artifact["tools"][0]["name"] == "send_email"
    assert json.loads(by_id["e1"].content)["tool"] == "send_email" and by_id["e1"].status == "success"


@pytest.mark.parametrize("query", ["deploy to production", "refund a payment"])
def test_the_search_alone_finds_what_the_loops_need(query: str) -> None:
    _, _, search = shaped_tools()
    assert interop.call(search, {"query": query})["tools"]
