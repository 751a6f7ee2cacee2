"""One function per framework: convert the example tools, run the framework's real agent loop with
a scripted offline model, and report what the model saw. Each imports its framework lazily."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import Any

from interop import StandardToolV0

from ._script import CONTEXT_USER, FINAL_ANSWER, SCHEMA_TOOL, SCRIPT, FrameworkRun, Observation

__all__ = ["DRIVERS"]

Tools = Sequence[StandardToolV0[Any, Any, Any]]
USER_PROMPT = "Check the weather in Paris, convert 10 EUR to USD, order two widgets, and tell me who I am."


def _approve_all(request: Any) -> bool:
    """The demo's stand-in for a human: approves every call (only frameworks without native approval ask)."""
    return True


def _context() -> Any:
    from acme_tools import AcmeContext

    return AcmeContext(user=CONTEXT_USER)


def _pair(run: FrameworkRun, shown: Sequence[tuple[str, bool]]) -> None:
    run.observations = [
        Observation(call, text, err) for call, (text, err) in zip(SCRIPT, shown, strict=False)
    ]


# ------------------------------------------------------------------------------------------- LangChain


def run_langchain(tools: Tools) -> FrameworkRun:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain_tools

    run = FrameworkRun("LangChain: langchain.agents.create_agent (LangGraph ToolNode)")
    seen: list[list[dict[str, Any]]] = []

    class ScriptedChatModel(GenericFakeChatModel):
        def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
            formatted = [convert_to_openai_tool(t) for t in tools]  # what a provider integration sends
            seen.append(formatted)
            return self.bind(tools=formatted, **kwargs)

    turns = [
        AIMessage(
            content="", tool_calls=[{"name": c.tool, "args": c.args, "id": f"call_{i}", "type": "tool_call"}]
        )
        for i, c in enumerate(SCRIPT)
    ]
    model = ScriptedChatModel(messages=iter([*turns, AIMessage(content=FINAL_ANSWER)]))
    from acme_tools import AcmeContext

    agent = create_agent(model, to_langchain_tools(tools), context_schema=AcmeContext)
    out = agent.invoke({"messages": [HumanMessage(USER_PROMPT)]}, context=_context())
    replies = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    _pair(run, [(str(m.content), m.status == "error") for m in replies])
    run.schema_seen = next(
        t["function"]["parameters"] for t in seen[0] if t["function"]["name"] == SCHEMA_TOOL
    )
    last = out["messages"][-1]
    run.final = str(last.content) if isinstance(last, AIMessage) else None
    return run


# ------------------------------------------------------------------------------------------- pydantic-ai


def run_pydantic_ai(tools: Tools) -> FrameworkRun:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    run = FrameworkRun("pydantic-ai: Agent.run_sync with FunctionModel")
    shown: list[tuple[str, bool]] = []
    step = iter(range(len(SCRIPT) + 1))

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if run.schema_seen is None:
            run.schema_seen = next(
                t.parameters_json_schema for t in info.function_tools if t.name == SCHEMA_TOOL
            )
        for part in getattr(messages[-1], "parts", []):
            if isinstance(part, ToolReturnPart):
                shown.append((part.model_response_str(), getattr(part, "outcome", "success") != "success"))
        i = next(step)
        if i == len(SCRIPT):
            return ModelResponse(parts=[TextPart(FINAL_ANSWER)])
        c = SCRIPT[i]
        return ModelResponse(parts=[ToolCallPart(c.tool, c.args, tool_call_id=f"call_{i}")])

    from acme_tools import AcmeContext

    agent = Agent(FunctionModel(model), deps_type=AcmeContext, tools=[to_pydantic_ai(t) for t in tools])
    result = agent.run_sync(USER_PROMPT, deps=_context())
    _pair(run, shown)
    run.final = str(result.output)
    return run


# ------------------------------------------------------------------------------------------- LlamaIndex


def run_llamaindex(tools: Tools) -> FrameworkRun:
    return asyncio.run(_run_llamaindex(tools))


async def _run_llamaindex(tools: Tools) -> FrameworkRun:
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM
    from llama_index.core.workflow import Context

    from interop.llamaindex import run_context, to_llamaindex_tools

    run = FrameworkRun("LlamaIndex: FunctionAgent workflow with MockFunctionCallingLLM")
    step = iter(range(len(SCRIPT) + 1))

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        if run.schema_seen is None:
            specs = [t.metadata.to_openai_tool(skip_length_check=True) for t in kwargs.get("tools", [])]
            run.schema_seen = next(
                s["function"]["parameters"] for s in specs if s["function"]["name"] == SCHEMA_TOOL
            )
        i = next(step)
        if i == len(SCRIPT):
            return ChatMessage(role=MessageRole.ASSISTANT, content=FINAL_ANSWER)
        c = SCRIPT[i]
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[ToolCallBlock(tool_call_id=f"call_{i}", tool_name=c.tool, tool_kwargs=c.args)],
        )

    li_tools: list[Any] = list(to_llamaindex_tools(tools, approval=_approve_all))
    agent = FunctionAgent(tools=li_tools, llm=MockFunctionCallingLLM(response_generator=respond))
    with run_context(_context()):  # the live object, by identity (the workflow store would serialize it)
        handler = agent.run(user_msg=USER_PROMPT, ctx=Context(agent))
    shown: list[tuple[str, bool]] = []
    async for event in handler.stream_events():
        if isinstance(event, ToolCallResult):
            shown.append((str(event.tool_output.content), bool(event.tool_output.is_error)))
    result: Any = await handler
    _pair(run, shown)
    run.final = str(result.response.content)
    return run


# ------------------------------------------------------------------------------------------- OpenAI Agents


def run_openai_agents(tools: Tools) -> FrameworkRun:
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents_tools

    set_tracing_disabled(True)
    run = FrameworkRun("OpenAI Agents SDK: Runner.run_sync with ScriptedModel")
    turns: list[list[Any]] = [
        [function_call(c.tool, c.args, call_id=f"call_{i}")] for i, c in enumerate(SCRIPT)
    ]
    model = ScriptedModel([*turns, [assistant_message(FINAL_ANSWER)]])
    oa_tools: list[Any] = list(to_openai_agents_tools(tools))
    agent = Agent(name="acme", instructions="Use the tools.", model=model, tools=oa_tools)
    result = Runner.run_sync(agent, USER_PROMPT, context=_context(), max_turns=len(SCRIPT) + 2)
    shown: list[tuple[str, bool]] = []
    for turn in model.calls[1:]:
        items = turn.input if isinstance(turn.input, list) else []
        outputs = [i for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"]
        if outputs:
            text = str(outputs[-1]["output"])
            shown.append((text, text.startswith(("Invalid arguments", "Error from tool"))))
    first_tools: list[Any] = list(model.calls[0].tools)
    run.schema_seen = next(t.params_json_schema for t in first_tools if getattr(t, "name", "") == SCHEMA_TOOL)
    _pair(run, shown)
    run.final = str(result.final_output)
    return run


# ------------------------------------------------------------------------------------------- MCP


def run_mcp(tools: Tools) -> FrameworkRun:
    return asyncio.run(_run_mcp(tools))


async def _run_mcp(tools: Tools) -> FrameworkRun:
    from interop import StandardToolValidationError, ToolError, acall
    from interop.bridge import describe_error
    from interop.mcp import build_server, mcp_tools

    run = FrameworkRun("MCP round trip: in-process server -> ClientSession -> from_mcp tools")

    def context(request: Any) -> Any:
        meta = getattr(request, "meta", None)
        user = getattr(meta, "user", None) if meta is not None else None
        if user is None and isinstance(meta, dict):
            user = meta.get("user")
        from acme_tools import AcmeContext

        return AcmeContext(user=str(user or "guest"))

    server = build_server(tools, name="acme", context=context, approval=_approve_all)
    shown: list[tuple[str, bool]] = []
    async with mcp_tools(server, request_meta=lambda context: {"user": CONTEXT_USER}) as remote:
        by_name = {t.name: t for t in remote}
        for c in SCRIPT:
            try:
                value = await acall(by_name[c.tool], c.args)
                shown.append((json.dumps(value, default=str), False))
            except (ToolError, StandardToolValidationError) as e:  # what an MCP host tells its model
                shown.append((describe_error(e, c.tool), True))
        from interop._tool import input_json_schema

        run.schema_seen = input_json_schema(by_name[SCHEMA_TOOL])
    _pair(run, shown)
    run.final = f"{len(remote)} tools listed over MCP and called through one session"
    return run


DRIVERS: dict[str, tuple[str, Callable[[Tools], FrameworkRun]]] = {
    "langchain": ("interop.langchain", run_langchain),
    "pydantic-ai": ("interop.pydantic_ai", run_pydantic_ai),
    "llamaindex": ("interop.llamaindex", run_llamaindex),
    "openai-agents": ("interop.openai_agents", run_openai_agents),
    "mcp": ("interop.mcp", run_mcp),
}
"""framework -> (adapter module, driver)."""
