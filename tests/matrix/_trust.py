"""Real agent loops for the trust suite (`test_mx_trust.py`), one driver per path.

Each driver converts a neutral tool for its target, lets a scripted offline model ask for every
call of `calls` in ONE turn, pauses where the framework pauses for approval, resumes the run with
the framework's documented resume form (a decision per paused call: approve, or reject with an
optional message), and reports what the model saw for each call and whether the loop went on to
its final answer.

Targets and how approval shows up there:

| target | approval | resume form |
|---|---|---|
| `langgraph` / `langgraph-sync` | LangGraph interrupt | `Command(resume={interrupt.id: approve(interrupt) or reject(interrupt, m)})` |
| `pydantic-ai` | deferred tool request | `approval_results(requests, {call_id: True or ToolDenied(m)})` |
| `openai-agents` | run interruption | `state.approve(item)` / `state.reject(item, rejection_message=m)` |
| `langchain`, `langchain-sync`, `llamaindex`, `openai-chat`, `openai-chat-sync`, `openai-responses`, `anthropic`, `gemini`, `mcp` | `approval=` callback | (asked inside the call) |
| `neutral` | `with_approval(tool, callback)` | (asked inside the call) |

The native targets take `approval=` too (the callback then replaces the native mechanism).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from _adapters import from_framework, to_framework

import interop
from interop._kit import CONTEXT_KEY
from interop.bridge import describe_error, to_json_text

NATIVE = ["langgraph", "langgraph-sync", "pydantic-ai", "openai-agents"]
"""Targets with a native way to pause a run for a human."""
CALLBACK_ONLY = [
    "langchain",
    "langchain-sync",
    "llamaindex",
    "openai-chat",
    "openai-chat-sync",
    "openai-responses",
    "anthropic",
    "gemini",
    "mcp",
]
"""Targets where an `approval=` callback asks (conversion refuses a gated tool without one, except
MCP, which asks the client, see `ELICITS`)."""
ELICITS = ["mcp"]
"""Targets that, given no callback, ask the client (MCP elicitation) and refuse when it cannot answer."""
TARGETS = NATIVE + CALLBACK_ONLY
"""Every path a converted tool is called on (`neutral` is `with_approval` + `interop.acall`)."""
ASYNC_TARGETS = [t for t in TARGETS if not t.endswith("-sync")]
"""One async path per framework and provider (no `-sync` variant)."""


@dataclass(frozen=True)
class Reject:
    """A human's rejection, with what the model should be told (None: the default message)."""

    message: str | None = None


APPROVE = "approve"
Decision = Any  # APPROVE | Reject
Decide = Callable[[str], Decision]


@dataclass(frozen=True)
class Call:
    id: str
    args: dict[str, Any]


def calls(*paths: str, name: str = "wipe") -> list[Call]:
    """One call per path, ids `c0`, `c1`, ... (all asked for in one model turn)."""
    return [Call(f"c{i}", {"path": p}) for i, p in enumerate(paths)]


@dataclass
class Loop:
    """What came of one scripted turn (and its resumptions)."""

    seen: dict[str, tuple[str, bool]] = field(default_factory=dict)
    """call id -> (the text the model saw for it, whether the framework marked it an error)."""
    paused: list[str] = field(default_factory=list)
    """The call ids the framework paused for a human (in order), over all resumptions."""
    final: str | None = None
    """The model's final answer: the loop went on after the tool results."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Target-specific evidence (interrupt values, deferred requests, ...)."""

    def text(self, call_id: str) -> str:
        return self.seen[call_id][0]

    def error(self, call_id: str) -> bool:
        return self.seen[call_id][1]


def _decide_all(decide: Decide | None, call_id: str) -> Decision:
    if decide is None:
        raise AssertionError(f"call {call_id} paused for approval, but the test expected no pause")
    return decide(call_id)


FINAL = "done"

# ------------------------------------------------------------------------------------------ LangChain


def _lc_model(name: str, cs: list[Call]) -> Any:
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    class Scripted(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self

    step = AIMessage(
        "", tool_calls=[{"name": name, "args": c.args, "id": c.id, "type": "tool_call"} for c in cs]
    )
    return Scripted(messages=iter([step, AIMessage(FINAL)]), disable_streaming=True)


def _lc_text(msg: Any) -> str:
    return msg.text if isinstance(msg.content, list) else str(msg.content)


async def run_langgraph(
    native: Any, cs: list[Call], decide: Decide | None, context: Any, *, sync: bool = False
) -> Loop:
    """`create_agent` (LangGraph) with a checkpointer; interrupts resumed by interrupt id."""
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage, ToolMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    from interop.langchain import approve, reject

    agent = create_agent(_lc_model(native.name, cs), [native], checkpointer=InMemorySaver())
    config: dict[str, Any] = {"configurable": {"thread_id": uuid.uuid4().hex}}
    if context is not None:
        config["configurable"][CONTEXT_KEY] = context

    async def step(payload: Any) -> Any:
        if sync:
            return await asyncio.to_thread(agent.invoke, payload, config)
        return await agent.ainvoke(payload, config)

    loop = Loop()
    state = await step({"messages": [HumanMessage("go")]})
    for _ in range(len(cs) + 1):
        interrupts = state.get("__interrupt__") or []
        if not interrupts:
            break
        resume: dict[str, Any] = {}
        for intr in interrupts:
            loop.extra.setdefault("interrupts", []).append(intr.value)
            call_id = intr.value["tool_call_id"]
            loop.paused.append(call_id)
            decision = _decide_all(decide, call_id)
            if decision == APPROVE:
                resume[intr.id] = approve(intr)
            else:
                resume[intr.id] = reject(intr, decision.message)
        state = await step(Command(resume=resume))
    for msg in state["messages"]:
        if isinstance(msg, ToolMessage):
            loop.seen[msg.tool_call_id] = (_lc_text(msg), msg.status == "error")
    last = state["messages"][-1]
    loop.final = last.content if not isinstance(last, ToolMessage) else None
    return loop


async def run_langchain(native: Any, cs: list[Call], context: Any, *, sync: bool = False) -> Loop:
    """A langchain-core loop (no graph): `tool.ainvoke(ToolCall)` / `tool.invoke` per call."""
    from langchain_core.messages import ToolMessage

    config = {"configurable": {CONTEXT_KEY: context}} if context is not None else None
    loop = Loop()
    for c in cs:
        tc = {"name": native.name, "args": c.args, "id": c.id, "type": "tool_call"}
        if sync:
            msg = await asyncio.to_thread(native.invoke, tc, config)
        else:
            msg = await native.ainvoke(tc, config)
        assert isinstance(msg, ToolMessage)
        loop.seen[c.id] = (_lc_text(msg), msg.status == "error")
    loop.final = FINAL
    return loop


# ------------------------------------------------------------------------------------------ pydantic-ai


async def run_pydantic_ai(native: Any, cs: list[Call], decide: Decide | None, context: Any) -> Loop:
    """`Agent.run` with a `FunctionModel`; deferred approvals resumed with `approval_results`."""
    from pydantic_ai import Agent, DeferredToolRequests, ToolDenied
    from pydantic_ai.messages import ModelResponse, RetryPromptPart, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import approval_results

    def model_fn(messages: list[Any], info: Any) -> ModelResponse:
        if not any(isinstance(m, ModelResponse) for m in messages):
            return ModelResponse(parts=[ToolCallPart(native.name, c.args, tool_call_id=c.id) for c in cs])
        return ModelResponse(parts=[TextPart(FINAL)])

    agent = Agent(FunctionModel(model_fn), tools=[native], output_type=[str, DeferredToolRequests])
    loop = Loop()
    result = await agent.run("go", deps=context)
    for _ in range(len(cs) + 1):
        output = result.output
        if not isinstance(output, DeferredToolRequests):
            break
        loop.extra.setdefault("deferred", []).append(output)
        assert not output.calls, output.calls
        approvals: dict[str, Any] = {}
        for part in output.approvals:
            loop.paused.append(part.tool_call_id)
            decision = _decide_all(decide, part.tool_call_id)
            if decision == APPROVE:
                approvals[part.tool_call_id] = True
            elif decision.message is None:
                approvals[part.tool_call_id] = False
            else:
                approvals[part.tool_call_id] = ToolDenied(decision.message)
        result = await agent.run(
            message_history=result.all_messages(),
            deferred_tool_results=approval_results(output, approvals),
            deps=context,
        )
    for message in result.all_messages():
        for part in getattr(message, "parts", []):
            if isinstance(part, ToolReturnPart):
                outcome = getattr(part, "outcome", "success")
                loop.seen[part.tool_call_id] = (part.model_response_str(), outcome != "success")
            elif isinstance(part, RetryPromptPart) and part.tool_call_id:
                loop.seen[part.tool_call_id] = (part.model_response(), True)
    loop.final = result.output if isinstance(result.output, str) else None
    loop.extra["messages"] = result.all_messages()
    return loop


# ------------------------------------------------------------------------------------------ OpenAI Agents

_OA_ERRORS = (
    "The call to tool",
    "Invalid arguments for tool",
    "Invalid JSON arguments for tool",
    "Error from tool",
    "Tool execution was not approved",
)


async def run_openai_agents(native: Any, cs: list[Call], decide: Decide | None, context: Any) -> Loop:
    """`Runner.run` with a `ScriptedModel`; interruptions resumed with `state.approve/reject`."""
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call

    model = ScriptedModel(
        [[function_call(native.name, c.args, call_id=c.id) for c in cs], [assistant_message(FINAL)]]
    )
    agent = Agent(name="a", model=model, tools=[native])
    loop = Loop()
    rejections: set[str] = set()
    result = await Runner.run(agent, "go", context=context)
    for _ in range(len(cs) + 1):
        if not result.interruptions:
            break
        loop.extra.setdefault("interruptions", []).extend(result.interruptions)
        state = result.to_state()
        for item in result.interruptions:
            call_id = item.raw_item.call_id
            loop.paused.append(call_id)
            decision = _decide_all(decide, call_id)
            if decision == APPROVE:
                state.approve(item)
            else:
                if decision.message is not None:
                    rejections.add(decision.message)
                state.reject(item, rejection_message=decision.message)
        result = await Runner.run(agent, state)
    for turn in model.calls:
        for item in turn.input if isinstance(turn.input, list) else []:
            if isinstance(item, dict) and item.get("type") == "function_call_output":
                text = item["output"] if isinstance(item["output"], str) else json.dumps(item["output"])
                loop.seen[item["call_id"]] = (text, text.startswith(_OA_ERRORS) or text in rejections)
    loop.final = result.final_output if isinstance(result.final_output, str) else None
    return loop


# ------------------------------------------------------------------------------------------ LlamaIndex


async def run_llamaindex(native: Any, cs: list[Call], context: Any) -> Loop:
    """A `FunctionAgent` driven by `MockFunctionCallingLLM`; results from `ToolCallResult` events."""
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop.llamaindex import run_context

    turns = iter(
        [
            ChatMessage(
                role=MessageRole.ASSISTANT,
                blocks=[
                    ToolCallBlock(tool_call_id=c.id, tool_name=native.metadata.name, tool_kwargs=c.args)
                    for c in cs
                ],
            ),
            ChatMessage(role=MessageRole.ASSISTANT, content=FINAL),
        ]
    )
    llm = MockFunctionCallingLLM(response_generator=lambda messages, **kw: next(turns))
    agent = FunctionAgent(tools=[native], llm=llm)
    loop = Loop()
    with run_context(context):
        handler = agent.run(user_msg="go")
    events: list[Any] = []
    async for ev in handler.stream_events():
        events.append(ev)
        if isinstance(ev, ToolCallResult):
            loop.seen[ev.tool_id] = (ev.tool_output.content, bool(ev.tool_output.is_error))
    result = await handler
    loop.final = str(result.response.content)
    loop.extra["events"] = events
    return loop


# ------------------------------------------------------------------------------------------ providers


async def run_provider(kind: str, tool: Any, cs: list[Call], context: Any, **options: Any) -> Loop:
    """A toolset's dispatch of one model response, in the provider's own message shapes."""
    from interop.providers import AnthropicToolset, GeminiToolset, OpenAIToolset

    loop = Loop(final=FINAL)  # the application's loop sends these messages back and goes on
    name = tool.name
    if kind in ("openai-chat", "openai-chat-sync"):
        toolset: Any = OpenAIToolset([tool], **options)
        response: Any = [
            {"id": c.id, "type": "function", "function": {"name": name, "arguments": json.dumps(c.args)}}
            for c in cs
        ]
        if kind == "openai-chat-sync":
            out = await asyncio.to_thread(toolset.dispatch, response, context=context)
        else:
            out = await toolset.adispatch(response, context=context)
        for m in out:
            loop.seen[m["tool_call_id"]] = (m["content"], "not approved" in m["content"])
    elif kind == "openai-responses":
        toolset = OpenAIToolset([tool], api="responses", **options)
        response = [
            {"type": "function_call", "call_id": c.id, "name": name, "arguments": json.dumps(c.args)}
            for c in cs
        ]
        for m in await toolset.adispatch(response, context=context):
            loop.seen[m["call_id"]] = (m["output"], "not approved" in m["output"])
    elif kind == "anthropic":
        toolset = AnthropicToolset([tool], **options)
        message = {"content": [{"type": "tool_use", "id": c.id, "name": name, "input": c.args} for c in cs]}
        for b in await toolset.adispatch(message, context=context):
            loop.seen[b["tool_use_id"]] = (b["content"], bool(b.get("is_error")))
    elif kind == "gemini":
        toolset = GeminiToolset([tool], **options)
        parts = [{"functionCall": {"id": c.id, "name": name, "args": c.args}} for c in cs]
        response = {"candidates": [{"content": {"role": "model", "parts": parts}}]}
        for p in await toolset.adispatch(response, context=context):
            body = p["functionResponse"]
            if "error" in body["response"]:
                loop.seen[body["id"]] = (body["response"]["error"], True)
            else:
                loop.seen[body["id"]] = (to_json_text(body["response"]["output"]), False)
    else:
        raise ValueError(kind)
    loop.extra["toolset"] = toolset
    return loop


# ------------------------------------------------------------------------------------------ MCP


async def run_mcp(tool: Any, cs: list[Call], context: Any, decide: Decide | None = None, **options: Any) -> Loop:
    """`interop.mcp.build_server` called over an in-process session; with no `approval=` callback the
    server asks the client by elicitation, answered by `decide` (or not at all: a refusal)."""
    import mcp.types as mt
    from mcp.client.client import Client

    from interop.mcp import build_server

    server = build_server([tool], context=lambda rc: context, **options)
    loop = Loop(final=FINAL)
    answering: dict[str, Any] = {}
    if decide is not None:

        async def elicit(_context: Any, _params: Any) -> mt.ElicitResult:
            decision = decide(answering["id"])
            if decision == APPROVE:
                return mt.ElicitResult(action="accept", content={"approve": True})
            return mt.ElicitResult(action="decline")

        answering["callback"] = elicit
    async with Client(server, elicitation_callback=answering.get("callback")) as client:
        for c in cs:
            answering["id"] = c.id
            result = await client.call_tool(tool.name, c.args)
            text = "\n".join(b.text for b in result.content if isinstance(b, mt.TextContent))
            loop.seen[c.id] = (text, bool(result.is_error))
    return loop


# ------------------------------------------------------------------------------------------ neutral


async def run_neutral(tool: Any, cs: list[Call], context: Any) -> Loop:
    """`interop.acall` on the tool itself (a `with_approval` tool asks its callback)."""
    loop = Loop(final=FINAL)
    for c in cs:
        try:
            value = await interop.acall(tool, c.args, context)
        except (interop.ToolError, interop.StandardToolValidationError) as e:
            loop.seen[c.id] = (describe_error(e, tool.name), True)
        else:
            loop.seen[c.id] = (to_json_text(value), False)
    return loop


# ------------------------------------------------------------------------------------------ dispatch


FRAMEWORK_TARGETS = {
    "langgraph": "langchain",
    "langgraph-sync": "langchain",
    "langchain": "langchain",
    "langchain-sync": "langchain",
    "pydantic-ai": "pydantic-ai",
    "openai-agents": "openai-agents",
    "llamaindex": "llamaindex",
}
"""The framework targets, and the framework whose adapter converts for each."""


def convert_for(target: str, tool: Any, **options: Any) -> Any:
    """`to_X(tool, **options)` for a framework target (providers and MCP convert in their driver)."""
    if target not in FRAMEWORK_TARGETS:
        raise ValueError(target)
    return to_framework(FRAMEWORK_TARGETS[target], tool, **options)


def from_native(target: str, native: Any) -> Any:
    """`from_X(native)` for a framework target."""
    if target not in FRAMEWORK_TARGETS:
        raise ValueError(target)
    return from_framework(FRAMEWORK_TARGETS[target], native)


async def drive(
    target: str,
    tool: Any,
    cs: list[Call],
    *,
    decide: Decide | None = None,
    context: Any = None,
    **options: Any,
) -> Loop:
    """Convert `tool` for `target` with `options` and run one scripted turn of `cs` through it."""
    if target == "neutral":
        assert not options, options
        return await run_neutral(tool, cs, context)
    if target in ("openai-chat", "openai-chat-sync", "openai-responses", "anthropic", "gemini"):
        return await run_provider(target, tool, cs, context, **options)
    if target == "mcp":
        return await run_mcp(tool, cs, context, decide, **options)
    native = convert_for(target, tool, **options)
    return await drive_native(target, native, cs, decide=decide, context=context)


async def drive_native(
    target: str, native: Any, cs: list[Call], *, decide: Decide | None = None, context: Any = None
) -> Loop:
    """Run one scripted turn through an already converted framework tool."""
    if target in ("langgraph", "langgraph-sync"):
        return await run_langgraph(native, cs, decide, context, sync=target == "langgraph-sync")
    if target in ("langchain", "langchain-sync"):
        return await run_langchain(native, cs, context, sync=target == "langchain-sync")
    if target == "pydantic-ai":
        return await run_pydantic_ai(native, cs, decide, context)
    if target == "openai-agents":
        return await run_openai_agents(native, cs, decide, context)
    if target == "llamaindex":
        return await run_llamaindex(native, cs, context)
    raise ValueError(target)
