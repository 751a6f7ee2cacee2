"""One function per framework: convert a scenario's tools, run the framework's real agent loop with
a scripted offline model, and report what the model saw. Each imports its framework lazily."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from ._script import FrameworkRun, Scenario, describe

__all__ = ["DRIVERS"]


def _approve_all(request: Any) -> bool:
    """The demo's stand-in for a human: approves every call (only frameworks without native approval ask)."""
    return True


# ------------------------------------------------------------------------------------------- LangChain


def run_langchain(scenario: Scenario) -> FrameworkRun:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain_tools

    run = FrameworkRun("LangChain: langchain.agents.create_agent (LangGraph ToolNode)", scenario)
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
        for i, c in enumerate(scenario.calls)
    ]
    model = ScriptedChatModel(messages=iter([*turns, AIMessage(content=scenario.final_answer)]))
    # No context given: every tool gets None (the default mapping would fall back to the run config).
    hook: dict[str, Any] = {} if scenario.context_type() else {"context": lambda call: None}
    lc_tools = to_langchain_tools(scenario.tools, **hook)
    agent = create_agent(model, lc_tools, context_schema=scenario.context_type())
    out = agent.invoke({"messages": [HumanMessage(scenario.prompt)]}, context=scenario.make_context())
    replies = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    run.schema_seen = next(
        t["function"]["parameters"] for t in seen[0] if t["function"]["name"] == scenario.schema_tool
    )
    last = out["messages"][-1]
    return run.observe(
        [(describe(m.content), m.status == "error") for m in replies],
        str(last.content) if isinstance(last, AIMessage) else None,
    )


# ------------------------------------------------------------------------------------------- pydantic-ai


def run_pydantic_ai(scenario: Scenario) -> FrameworkRun:
    from pydantic_ai import Agent
    from pydantic_ai.messages import (
        ModelMessage,
        ModelResponse,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    run = FrameworkRun("pydantic-ai: Agent.run_sync with FunctionModel", scenario)
    calls = scenario.calls
    shown: list[tuple[str, bool]] = []
    step = iter(range(len(calls) + 1))

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if run.schema_seen is None:
            run.schema_seen = next(
                t.parameters_json_schema for t in info.function_tools if t.name == scenario.schema_tool
            )
        parts = list(getattr(messages[-1], "parts", []))
        for part in parts:
            if isinstance(part, ToolReturnPart):
                text = part.model_response_str()
                if not text:  # content (an image): in the return, or in the user part that follows it
                    text = describe(part.content) or describe(
                        [p.content for p in parts if isinstance(p, UserPromptPart)]
                    )
                shown.append((text, getattr(part, "outcome", "success") != "success"))
        i = next(step)
        if i == len(calls):
            return ModelResponse(parts=[TextPart(scenario.final_answer)])
        c = calls[i]
        return ModelResponse(parts=[ToolCallPart(c.tool, c.args, tool_call_id=f"call_{i}")])

    deps_type: Any = scenario.context_type() or type(None)
    tools = [to_pydantic_ai(t) for t in scenario.tools]
    # A budget for every retry the script makes (a tool may also refuse made-up arguments).
    agent = Agent(FunctionModel(model), deps_type=deps_type, tools=tools, retries=len(calls))
    result = agent.run_sync(scenario.prompt, deps=scenario.make_context())
    return run.observe(shown, str(result.output))


# ------------------------------------------------------------------------------------------- LlamaIndex


async def run_llamaindex(scenario: Scenario) -> FrameworkRun:
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM
    from llama_index.core.workflow import Context

    from interop.llamaindex import run_context, to_llamaindex_tools

    run = FrameworkRun("LlamaIndex: FunctionAgent workflow with MockFunctionCallingLLM", scenario)
    calls = scenario.calls
    step = iter(range(len(calls) + 1))

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        if run.schema_seen is None:
            specs = [t.metadata.to_openai_tool(skip_length_check=True) for t in kwargs.get("tools", [])]
            run.schema_seen = next(
                s["function"]["parameters"] for s in specs if s["function"]["name"] == scenario.schema_tool
            )
        i = next(step)
        if i == len(calls):
            return ChatMessage(role=MessageRole.ASSISTANT, content=scenario.final_answer)
        c = calls[i]
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[ToolCallBlock(tool_call_id=f"call_{i}", tool_name=c.tool, tool_kwargs=c.args)],
        )

    li_tools: list[Any] = list(to_llamaindex_tools(scenario.tools, approval=_approve_all))
    agent = FunctionAgent(tools=li_tools, llm=MockFunctionCallingLLM(response_generator=respond))
    with run_context(scenario.make_context()):  # the live object, by identity (the store would serialize it)
        handler = agent.run(user_msg=scenario.prompt, ctx=Context(agent))
    shown: list[tuple[str, bool]] = []
    async for event in handler.stream_events():
        if isinstance(event, ToolCallResult):
            output = event.tool_output
            shown.append((describe(output.content or output.blocks), bool(output.is_error)))
    result: Any = await handler
    return run.observe(shown, str(result.response.content))


# ------------------------------------------------------------------------------------------- OpenAI Agents


def run_openai_agents(scenario: Scenario) -> FrameworkRun:
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents_tools

    set_tracing_disabled(True)
    run = FrameworkRun("OpenAI Agents SDK: Runner.run_sync with ScriptedModel", scenario)
    calls = scenario.calls
    turns: list[list[Any]] = [
        [function_call(c.tool, c.args, call_id=f"call_{i}")] for i, c in enumerate(calls)
    ]
    model = ScriptedModel([*turns, [assistant_message(scenario.final_answer)]])
    oa_tools: list[Any] = list(to_openai_agents_tools(scenario.tools))
    agent = Agent(name="demo", instructions="Use the tools.", model=model, tools=oa_tools)
    result = Runner.run_sync(
        agent, scenario.prompt, context=scenario.make_context(), max_turns=len(calls) + 2
    )
    shown: list[tuple[str, bool]] = []
    for turn in model.calls[1:]:
        items = turn.input if isinstance(turn.input, list) else []
        outputs = [i for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"]
        if outputs:
            text = describe(outputs[-1]["output"])
            shown.append((text, text.startswith(("Invalid arguments", "Error from tool"))))
    first_tools: list[Any] = list(model.calls[0].tools)
    run.schema_seen = next(
        t.params_json_schema for t in first_tools if getattr(t, "name", "") == scenario.schema_tool
    )
    return run.observe(shown, str(result.final_output))


# ------------------------------------------------------------------------------------------- MCP


async def run_mcp(scenario: Scenario) -> FrameworkRun:
    from interop import StandardToolValidationError, ToolError, acall
    from interop.bridge import describe_error
    from interop.mcp import build_server, mcp_tools

    run = FrameworkRun("MCP round trip: in-process server -> ClientSession -> from_mcp tools", scenario)
    from_meta = scenario.context_from_mcp_meta

    def context(request: Any) -> Any:
        if from_meta is None:
            return scenario.make_context()
        meta = getattr(request, "meta", None)
        if meta is not None and not isinstance(meta, dict):
            meta = meta.model_dump() if hasattr(meta, "model_dump") else vars(meta)
        return from_meta(meta or {})

    server = build_server(scenario.tools, name="demo", context=context, approval=_approve_all)
    shown: list[tuple[str, bool]] = []
    sent = scenario.mcp_request_meta
    async with mcp_tools(server, native_context=(lambda context: dict(sent)) if sent else None) as remote:
        by_name = {t.name: t for t in remote}
        for c in scenario.calls:
            try:
                value = await acall(by_name[c.tool], c.args)
                shown.append((describe(value), False))
            except (ToolError, StandardToolValidationError) as e:  # what an MCP host tells its model
                shown.append((describe_error(e, c.tool), True))
        from interop._tool import input_json_schema

        run.schema_seen = input_json_schema(by_name[scenario.schema_tool])
    return run.observe(
        shown,
        (
            f"{len(remote)} tool{'' if len(remote) == 1 else 's'} listed over MCP and called through one session"
        ),
    )


def _blocking(
    driver: Callable[[Scenario], Coroutine[Any, Any, FrameworkRun]],
) -> Callable[[Scenario], FrameworkRun]:
    """An async driver run to its end from sync code (each in its own event loop)."""
    return lambda scenario: asyncio.run(driver(scenario))


DRIVERS: dict[str, tuple[str, Callable[[Scenario], FrameworkRun]]] = {
    "langchain": ("interop.langchain", run_langchain),
    "pydantic-ai": ("interop.pydantic_ai", run_pydantic_ai),
    "llamaindex": ("interop.llamaindex", _blocking(run_llamaindex)),
    "openai-agents": ("interop.openai_agents", run_openai_agents),
    "mcp": ("interop.mcp", _blocking(run_mcp)),
}
"""framework -> (adapter module, driver)."""
