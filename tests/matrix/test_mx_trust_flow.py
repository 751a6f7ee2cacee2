"""Control flow and threads you can trust.

- A framework's control flow passes every wrapper: a LangGraph interrupt raised inside a tool
  wrapped with `with_formatted_output` (and under `errors="all"` / `"masked"`) still pauses the
  graph; pydantic-ai `ApprovalRequired` / `CallDeferred` raised inside a neutral tool (or a native
  pydantic-ai tool wrapped as one) converted back to pydantic-ai still defer.
- An async approval callback on a sync tool is awaited on the event loop without blocking it,
  and the sync body still runs off the loop, on every async path.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from _trust import APPROVE, ASYNC_TARGETS, Call, drive
from pydantic_ai import RunContext

import interop

RAN: list[Any] = []


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


# ------------------------------------------------------------------------------------------ LangGraph


def _asking_tool(is_async: bool) -> Any:
    from langgraph.types import interrupt

    if is_async:

        async def aask(question: str) -> str:
            """Ask the user a question."""
            answer = interrupt({"question": question})
            RAN.append(answer)
            return f"user said {answer}"

        return interop.tool(aask, name="ask")

    def ask(question: str) -> str:
        """Ask the user a question."""
        answer = interrupt({"question": question})
        RAN.append(answer)
        return f"user said {answer}"

    return interop.tool(ask)


LG_WRAPS: dict[str, tuple[Any, dict[str, Any]]] = {
    "formatted": (interop.with_formatted_output, {}),
    "formatted+errors=all": (interop.with_formatted_output, {"errors": "all"}),
    "errors=all": (lambda t: t, {"errors": "all"}),
    "errors=masked": (lambda t: t, {"errors": "masked"}),
    "formatted(custom)+masked": (
        lambda t: interop.with_formatted_output(t, lambda r: {"wrapped": str(r)}),
        {"errors": "masked"},
    ),
    "formatted(with_approval)": (
        lambda t: interop.with_formatted_output(interop.with_approval(t, lambda r: True)),
        {},
    ),
    "model_output(formatted)": (
        lambda t: interop.with_model_output(interop.with_formatted_output(t), str),
        {},
    ),
}


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["async", "sync", "async-tool"])
@pytest.mark.parametrize("wrap", list(LG_WRAPS))
async def test_flow_a_langgraph_interrupt_passes_every_wrapper(wrap: str, mode: str) -> None:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    from interop.langchain import to_langchain

    class Model(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self

    make, options = LG_WRAPS[wrap]
    tool = to_langchain(make(_asking_tool(mode == "async-tool")), **options)
    steps = [
        AIMessage(
            "", tool_calls=[{"name": "ask", "args": {"question": "colour?"}, "id": "c1", "type": "tool_call"}]
        ),
        AIMessage("done"),
    ]
    agent = create_agent(
        Model(messages=iter(steps), disable_streaming=True), [tool], checkpointer=InMemorySaver()
    )
    config: Any = {"configurable": {"thread_id": f"{wrap}-{mode}"}}

    async def step(payload: Any) -> Any:
        if mode == "sync":
            return await asyncio.to_thread(agent.invoke, payload, config)
        return await agent.ainvoke(payload, config)

    paused = await step({"messages": [HumanMessage("go")]})
    (intr,) = paused["__interrupt__"]
    assert intr.value == {"question": "colour?"} and RAN == []
    done = await step(Command(resume={intr.id: "blue"}))
    (msg,) = [m for m in done["messages"] if isinstance(m, ToolMessage)]
    assert RAN == ["blue"] and "user said blue" in msg.text and msg.status == "success"
    assert done["messages"][-1].content == "done"


# ------------------------------------------------------------------------------------------ pydantic-ai


def _act(kind: str, ctx: RunContext[Any], n: int) -> str:
    """What both `act` tools do: defer the call (`kind` "CallDeferred"), or ask for approval
    until a human gave it, then act."""
    from pydantic_ai import ApprovalRequired, CallDeferred

    if kind == "CallDeferred":
        raise CallDeferred()
    if not ctx.tool_call_approved:
        raise ApprovalRequired()
    RAN.append(n)
    return f"acted {n}"


def _deferring_neutral(kind: str) -> Any:
    @interop.tool(context="ctx")
    def act(n: int, ctx: Any = None) -> str:
        """Act, once a human approved (or elsewhere)."""
        return _act(kind, ctx, n)

    return act


def _deferring_native(kind: str) -> Any:
    from pydantic_ai import Tool

    def act(ctx: RunContext[Any], n: int) -> str:
        """Act, once a human approved (or elsewhere)."""
        return _act(kind, ctx, n)

    return Tool(act)


PAI_WRAPS: dict[str, tuple[Any, dict[str, Any]]] = {
    "plain": (lambda t: t, {}),
    "formatted": (interop.with_formatted_output, {}),
    "formatted+errors=all": (interop.with_formatted_output, {"errors": "all"}),
    "errors=masked": (lambda t: t, {"errors": "masked"}),
    "model_output(formatted)": (
        lambda t: interop.with_model_output(interop.with_formatted_output(t), str),
        {},
    ),
}


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["ApprovalRequired", "CallDeferred"])
@pytest.mark.parametrize("origin", ["neutral tool", "native pydantic-ai tool"])
@pytest.mark.parametrize("wrap", list(PAI_WRAPS))
async def test_flow_pydantic_ai_deferrals_pass_every_wrapper(wrap: str, origin: str, kind: str) -> None:
    from pydantic_ai import Agent, DeferredToolRequests, DeferredToolResults
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import from_pydantic_ai, to_pydantic_ai

    make, options = PAI_WRAPS[wrap]
    if origin == "neutral tool":
        base = _deferring_neutral(kind)
        options = {**options, "context": lambda ctx: ctx}  # the tool reads ctx.tool_call_approved
    else:
        base = from_pydantic_ai(_deferring_native(kind))
    wrapped = make(base)
    native = to_pydantic_ai(wrapped, **options)

    def model_fn(messages: list[Any], info: Any) -> ModelResponse:
        if not any(isinstance(m, ModelResponse) for m in messages):
            return ModelResponse(parts=[ToolCallPart("act", {"n": 1}, tool_call_id="c1")])
        returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        return ModelResponse(parts=[TextPart(f"final: {returns[-1].model_response_str()}")])

    agent = Agent(FunctionModel(model_fn), tools=[native], output_type=[str, DeferredToolRequests])
    first = await agent.run("go")
    assert isinstance(first.output, DeferredToolRequests), first.output
    if kind == "ApprovalRequired":
        assert [p.tool_call_id for p in first.output.approvals] == ["c1"] and not first.output.calls
        results = DeferredToolResults(approvals={"c1": True})
        expected = "acted 1"
    else:
        assert [p.tool_call_id for p in first.output.calls] == ["c1"] and not first.output.approvals
        results = DeferredToolResults(calls={"c1": "done elsewhere"})
        expected = "done elsewhere"
    assert RAN == []
    second = await agent.run(message_history=first.all_messages(), deferred_tool_results=results)
    assert isinstance(second.output, str) and expected in second.output, second.output
    assert RAN == ([1] if kind == "ApprovalRequired" else [])


@pytest.mark.anyio
@pytest.mark.parametrize(
    "target", ["langchain", "langgraph", "openai-agents", "llamaindex", "openai-chat", "mcp"]
)
async def test_flow_a_native_pydantic_ai_approval_elsewhere_fails_closed(target: str) -> None:
    """Outside pydantic-ai nobody can answer the native tool's own `ApprovalRequired`: not approved."""
    from interop.pydantic_ai import from_pydantic_ai

    neutral = from_pydantic_ai(_deferring_native("ApprovalRequired"))
    loop = await drive(target, neutral, [Call("c0", {"n": 1})], decide=lambda c: APPROVE)
    assert RAN == [] and "not approved" in loop.text("c0") and loop.error("c0"), loop.seen


# ------------------------------------------------------------------------------------------ threads

ASYNC_PATHS = ["neutral", *ASYNC_TARGETS]


@pytest.mark.anyio
@pytest.mark.parametrize("target", ASYNC_PATHS)
async def test_flow_an_async_callback_on_a_sync_tool_keeps_the_loop_free(target: str) -> None:
    loop_thread = threading.get_ident()
    ticks = [0]
    seen: dict[str, Any] = {}

    async def ticker() -> None:
        while True:
            ticks[0] += 1
            await asyncio.sleep(0.001)

    async def approve(request: interop.ApprovalRequest) -> bool:
        seen["callback"] = threading.get_ident()
        before = ticks[0]
        await asyncio.sleep(0.05)
        seen["ticks"] = ticks[0] - before  # the loop ran other work while the callback waited
        return True

    @interop.tool(meta={"requires_approval": True})
    def work(n: int) -> int:
        """Do blocking work."""
        seen["body"] = threading.get_ident()
        RAN.append(n)
        return n * 2

    task = asyncio.ensure_future(ticker())
    try:
        if target == "neutral":
            tool = interop.with_approval(work, approve)
            assert interop.bridge.is_async_tool(tool)  # an async callback makes the tool async
            loop = await drive("neutral", tool, [Call("c0", {"n": 21})])
        else:
            loop = await drive(target, work, [Call("c0", {"n": 21})], approval=approve)
    finally:
        task.cancel()
    assert RAN == [21] and "42" in loop.text("c0")
    assert seen["callback"] == loop_thread  # awaited on the loop, not bridged to another thread
    assert seen["ticks"] > 5  # ... without blocking it
    assert seen["body"] != loop_thread  # the sync body ran on a worker thread
