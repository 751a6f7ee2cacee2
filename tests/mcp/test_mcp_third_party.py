"""A third-party MCP server from PyPI (`mcp-server-time`, over stdio) consumed through `mcp_tools`,
then handed to framework adapters and called from their real agent loops (scripted offline models).

One stdio session serves every framework: no session per call.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("mcp_server_time")
pytest.importorskip("interop.pydantic_ai")
pytest.importorskip("interop.langchain")
pytest.importorskip("interop.openai_agents")

from agents import Agent as OAAgent
from agents import Runner
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tracing import set_tracing_disabled
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool
from mcp import StdioServerParameters
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import interop
from interop.langchain import to_langchain
from interop.mcp import mcp_tools, mcp_tools_sync
from interop.openai_agents import to_openai_agents
from interop.pydantic_ai import to_pydantic_ai

pytestmark = pytest.mark.anyio
set_tracing_disabled(True)

TIME_SERVER = StdioServerParameters(
    command=sys.executable, args=["-m", "mcp_server_time", "--local-timezone", "UTC"]
)
CONVERT = {"source_timezone": "UTC", "time": "12:00", "target_timezone": "Asia/Tokyo"}


async def check_pydantic_ai(tools: list[Any]) -> None:
    """Bad arguments (caught locally) -> retry prompt; a server ToolError -> retry; then success."""
    seen: list[ToolReturnPart] = []
    steps = iter(
        [
            ToolCallPart("get_current_time", {"tz": "Europe/London"}, tool_call_id="bad-args"),
            ToolCallPart("get_current_time", {"timezone": "Mars/Base"}, tool_call_id="bad-zone"),
            ToolCallPart("convert_time", CONVERT, tool_call_id="ok"),
        ]
    )

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.extend(p for p in messages[-1].parts if isinstance(p, ToolReturnPart))
        step = next(steps, None)
        if step is None:
            return ModelResponse(parts=[TextPart("done")])
        return ModelResponse(parts=[step])

    agent = Agent(FunctionModel(fn), tools=[to_pydantic_ai(t) for t in tools], retries=3)
    result = await agent.run("what time is it in Tokyo at noon UTC?")
    assert result.output == "done"
    bad_args, bad_zone, ok = seen
    assert bad_args.outcome == "retried" and bad_args.tool_name == "get_current_time"
    assert "'timezone' is a required property" in bad_args.model_response_str()
    assert bad_zone.outcome == "retried" and "Invalid timezone" in bad_zone.model_response_str()
    assert ok.outcome == "success"
    payload = json.loads(ok.model_response_str())
    assert payload["target"]["datetime"].startswith(payload["source"]["datetime"][:10])
    assert payload["target"]["datetime"].endswith("21:00:00+09:00") and payload["time_difference"] == "+9.0h"


class ScriptedChat(GenericFakeChatModel):
    """A scripted offline chat model that accepts tools the way a provider model does."""

    def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools])


def lc_call(name: str, args: dict[str, Any], id: str) -> dict[str, Any]:
    return {"name": name, "args": args, "id": id, "type": "tool_call"}


async def check_langchain(tools: list[Any]) -> None:
    """LangGraph's ToolNode via `create_agent`, async path (the session lives on this loop)."""
    model = ScriptedChat(
        messages=iter(
            [
                AIMessage(content="", tool_calls=[lc_call("convert_time", {"time": "12:00"}, "c1")]),
                AIMessage(
                    content="",
                    tool_calls=[
                        lc_call("convert_time", CONVERT, "c2"),
                        lc_call("get_current_time", {"timezone": "UTC"}, "c3"),
                    ],
                ),
                AIMessage(content="done"),
            ]
        )
    )
    agent = create_agent(model, [to_langchain(t) for t in tools])
    out = await agent.ainvoke({"messages": [HumanMessage("convert noon UTC to Tokyo")]})
    bad, conv, now = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    assert bad.status == "error" and "source_timezone" in bad.content and "target_timezone" in bad.content
    assert json.loads(conv.content)["time_difference"] == "+9.0h"
    assert json.loads(now.content)["timezone"] == "UTC"
    assert out["messages"][-1].content == "done"


async def check_openai_agents(tools: list[Any]) -> None:
    model = ScriptedModel(
        [
            [function_call("get_current_time", {"timezone": 5}, call_id="x1")],
            [function_call("convert_time", CONVERT, call_id="x2")],
            [assistant_message("done")],
        ]
    )
    agent = OAAgent(name="clock", model=model, tools=[to_openai_agents(t) for t in tools])
    result = await Runner.run(agent, "time?")
    assert result.final_output == "done"

    def output_of(turn: int) -> str:
        items = [
            i
            for i in model.calls[turn].input
            if isinstance(i, dict) and i.get("type") == "function_call_output"
        ]
        return str(items[-1]["output"])

    assert "'get_current_time'" in output_of(1) and "timezone" in output_of(1)
    assert json.loads(output_of(2))["target"]["timezone"] == "Asia/Tokyo"


async def test_mcp_server_time_through_three_frameworks() -> None:
    async with mcp_tools(TIME_SERVER) as tools:
        by_name = {t.name: t for t in tools}
        assert set(by_name) == {"get_current_time", "convert_time"}
        t = by_name["convert_time"]
        # what the third-party server declared, carried into the neutral tool
        assert t.meta == {"read_only": True, "destructive": False, "idempotent": True, "open_world": False}
        assert interop.input_json_schema(t)["required"] == ["source_timezone", "time", "target_timezone"]
        assert interop.output_json_schema(t)["required"] == ["source", "target", "time_difference"]

        await check_pydantic_ai(tools)
        await check_langchain(tools)
        await check_openai_agents(tools)
        # the same session, still fine after three agent runs
        assert (await interop.acall(t, CONVERT))["time_difference"] == "+9.0h"


def test_mcp_server_time_in_a_sync_langchain_agent() -> None:
    """Sync code: `mcp_tools_sync` keeps the session on its own loop, so `agent.invoke` works."""
    with mcp_tools_sync(TIME_SERVER) as tools:
        model = ScriptedChat(
            messages=iter(
                [
                    AIMessage(content="", tool_calls=[lc_call("convert_time", CONVERT, "s1")]),
                    AIMessage(content="done"),
                ]
            )
        )
        out = create_agent(model, [to_langchain(t) for t in tools]).invoke(
            {"messages": [HumanMessage("convert")]}
        )
        (msg,) = [m for m in out["messages"] if isinstance(m, ToolMessage)]
        assert json.loads(msg.content)["target"]["timezone"] == "Asia/Tokyo"
