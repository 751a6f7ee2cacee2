"""Tool spans from real agent loops (scripted offline models): LangChain's `create_agent`
(LangGraph's ToolNode), pydantic-ai (with and without its own instrumentation, and
`propagation_only`), the OpenAI Agents SDK's Runner, LlamaIndex's FunctionAgent. Each call is one
`execute_tool` span nested in the span current in the loop; a bad call carries `error.type`; the
context (a secret) is in no exported data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import pytest
from opentelemetry import trace
from otel_kit import SECRET, Exported

import interop
import interop.telemetry
from interop import FromContext

SEEN: list[Any] = []


@interop.tool
def lookup(city: str, ctx: Annotated[Any, FromContext] = None) -> dict[str, Any]:
    """Look up a city."""
    SEEN.append(ctx)
    return {"city": city, "population": 1000}


def secret_context(native: Any) -> dict[str, str]:
    return {"token": SECRET}


CALLS = [("lookup", {"city": 7}, "call_bad"), ("lookup", {"city": "Oslo"}, "call_ok")]
"""What each scripted model asks, one call per turn: a bad argument, then a good one."""


def _check(otel: Exported, parent_name: str, *, call_ids: bool = True) -> None:
    spans = otel.tool_spans()
    assert [s.name for s in spans] == ["execute_tool lookup", "execute_tool lookup"], [
        s.name for s in otel.spans()
    ]
    bad, ok = spans
    assert bad.attributes is not None and ok.attributes is not None
    assert bad.attributes["error.type"] == "validation_error" and "error.type" not in ok.attributes
    if call_ids:
        assert [bad.attributes["gen_ai.tool.call.id"], ok.attributes["gen_ai.tool.call.id"]] == [
            "call_bad",
            "call_ok",
        ]
    (parent,) = otel.named(parent_name)
    for span in spans:
        assert span.parent is not None and span.parent.span_id == parent.context.span_id, parent_name
        assert span.context.trace_id == parent.context.trace_id
    assert SEEN[-1] == {"token": SECRET}
    assert SECRET not in otel.everything()


@pytest.mark.parametrize("capture", [False, True], ids=["capture-off", "capture-on"])
def test_langchain_create_agent(otel: Exported, capture: bool) -> None:
    pytest.importorskip("langgraph")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    from interop.langchain import to_langchain

    class Scripted(GenericFakeChatModel):
        def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
            return self

    interop.telemetry.configure(capture_content=capture)
    steps = [
        AIMessage("", tool_calls=[{"name": n, "args": a, "id": i, "type": "tool_call"}]) for n, a, i in CALLS
    ]
    agent = create_agent(
        Scripted(messages=iter([*steps, AIMessage("done")])),
        [to_langchain(lookup, context=secret_context)],
    )
    with trace.get_tracer("app").start_as_current_span("langchain agent"):
        result = agent.invoke({"messages": [("user", "go")]})
    assert result["messages"][-1].content == "done"
    _check(otel, "langchain agent")
    ok = otel.tool_spans()[1].attributes or {}
    assert ("gen_ai.tool.call.result" in ok) is capture


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["ours", "propagation_only"])
async def test_pydantic_ai_with_its_own_instrumentation(otel: Exported, mode: str) -> None:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.capabilities.instrumentation import Instrumentation
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel
    from pydantic_ai.models.instrumented import InstrumentationSettings

    from interop.pydantic_ai import to_pydantic_ai

    turns = iter([*[[ToolCallPart(n, a, tool_call_id=i)] for n, a, i in CALLS], [TextPart("done")]])

    def model(messages: list[Any], info: Any) -> ModelResponse:
        return ModelResponse(parts=next(turns))

    interop.telemetry.configure(propagation_only=mode == "propagation_only")
    agent = Agent(
        FunctionModel(model),
        tools=[to_pydantic_ai(lookup, context=secret_context)],
        capabilities=[Instrumentation(settings=InstrumentationSettings(include_content=False))],
    )
    result = await agent.run("go")
    assert result.output == "done"
    assert SEEN[-1] == {"token": SECRET} and SECRET not in otel.everything()
    theirs = [
        s for s in otel.spans() if s.instrumentation_scope and s.instrumentation_scope.name != "interop"
    ]
    framework_tool_spans = [s for s in theirs if (s.attributes or {}).get("gen_ai.tool.name") == "lookup"]
    assert len(framework_tool_spans) == 2, [(s.name, dict(s.attributes or {})) for s in theirs]
    ours = [s for s in otel.spans() if s.instrumentation_scope and s.instrumentation_scope.name == "interop"]
    if mode == "ours":  # a child of pydantic-ai's own tool span
        assert [s.name for s in ours] == ["execute_tool lookup"] * 2
        for span, framework in zip(ours, framework_tool_spans, strict=True):
            assert span.parent is not None and span.parent.span_id == framework.context.span_id
        assert (ours[0].attributes or {})["error.type"] == "validation_error"
    else:  # no second span: pydantic-ai's carries the attributes
        assert ours == []
        bad, ok = framework_tool_spans
        assert (bad.attributes or {})["error.type"] == "validation_error"
        assert (ok.attributes or {})["gen_ai.tool.description"] == "Look up a city."
        assert "error.type" not in (ok.attributes or {})


@pytest.mark.anyio
async def test_pydantic_ai_without_instrumentation(otel: Exported) -> None:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    turns = iter([*[[ToolCallPart(n, a, tool_call_id=i)] for n, a, i in CALLS], [TextPart("done")]])

    def model(messages: list[Any], info: Any) -> ModelResponse:
        return ModelResponse(parts=next(turns))

    agent = Agent(FunctionModel(model), tools=[to_pydantic_ai(lookup, context=secret_context)])
    with trace.get_tracer("app").start_as_current_span("pydantic-ai run"):
        assert (await agent.run("go")).output == "done"
    _check(otel, "pydantic-ai run")


@pytest.mark.anyio
async def test_openai_agents_runner(otel: Exported) -> None:
    pytest.importorskip("agents")
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call

    from interop.openai_agents import to_openai_agents

    model = ScriptedModel(
        [*[[function_call(n, a, call_id=i)] for n, a, i in CALLS], [assistant_message("done")]]
    )
    agent = Agent(name="a", model=model, tools=[to_openai_agents(lookup, context=secret_context)])
    with trace.get_tracer("app").start_as_current_span("openai agents run"):
        result = await Runner.run(agent, "go")
    assert result.final_output == "done"
    _check(otel, "openai agents run")


@pytest.mark.anyio
async def test_llamaindex_function_agent(otel: Exported) -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop.llamaindex import to_llamaindex

    turns = iter(CALLS)

    def model(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        step = next(turns, None)
        if step is None:
            return ChatMessage(role=MessageRole.ASSISTANT, content="done")
        name, args, call_id = step
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[ToolCallBlock(tool_call_id=call_id, tool_name=name, tool_kwargs=args)],
        )

    agent = FunctionAgent(
        tools=[to_llamaindex(lookup, context=secret_context)],
        llm=MockFunctionCallingLLM(response_generator=model),
    )
    with trace.get_tracer("app").start_as_current_span("llamaindex run"):
        result = await agent.run(user_msg="go")
    assert "done" in str(result)
    _check(otel, "llamaindex run", call_ids=False)  # LlamaIndex does not hand a tool its call id
