"""Context you can trust: a secret in the context reaches the tool and nothing else.

The context holds SECRET; each test runs a real loop where the tool receives it (the tool checks)
and then scans everything the framework recorded or showed: callbacks (`on_tool_start` inputs),
a LangChain tracer, `astream_events` data, pydantic-ai OpenTelemetry spans, OpenAI Agents trace
spans, LlamaIndex workflow events and instrumentation events, provider messages, MCP results,
approval requests (interrupt values, deferred requests, interruptions), checkpoints, error text.
A natively written LangChain tool taking `runtime: ToolRuntime` is the reference: our tool must
show exactly what it shows (the model's arguments only).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from _trust import APPROVE, ASYNC_TARGETS, Call, Reject, drive
from langchain.tools import ToolRuntime

import interop

SECRET = "SECRET-c0ffee-9d1"


@dataclasses.dataclass
class Ctx:
    token: str
    user: str = "ann"


GOT: list[Any] = []


def _holds_secret(ctx: Any) -> bool:
    return SECRET in repr(ctx)


def look_tool(*, gated: bool = False) -> Any:
    meta: dict[str, Any] = {"requires_approval": (lambda v, c: v.q == "danger")} if gated else {}

    @interop.tool(context="ctx", meta=meta)
    def look(q: str, ctx: Any = None) -> str:
        """Look something up for the user in the context."""
        assert _holds_secret(ctx), ctx  # the context did reach the tool
        GOT.append(q)
        return f"found {q}"

    return look


def _scan(label: str, *things: Any) -> None:
    text = "\n".join(repr(t) + json.dumps(t, default=repr) for t in things)
    assert SECRET not in text, f"{label} shows the context secret"


# ------------------------------------------------------------------------------------------ LangChain


def _lc_native_tool() -> Any:
    from langchain.tools import tool as lc_tool

    @lc_tool
    def look(q: str, runtime: ToolRuntime) -> str:
        """Look something up for the user in the context."""
        assert _holds_secret(runtime.context)
        GOT.append(q)
        return f"found {q}"

    return look


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["interop", "native ToolRuntime"])
async def test_ctx_langchain_callbacks_tracer_and_events_show_only_the_model_arguments(kind: str) -> None:
    from langchain.agents import create_agent
    from langchain_core.callbacks import BaseCallbackHandler
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.tracers.base import BaseTracer

    from interop.langchain import to_langchain

    class Model(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self

    class Callbacks(BaseCallbackHandler):
        def __init__(self) -> None:
            self.starts: list[Any] = []
            self.everything: list[Any] = []

        def on_tool_start(self, serialized: Any, input_str: str, *, inputs: Any = None, **kw: Any) -> None:
            self.starts.append((input_str, inputs))
            self.everything.append((serialized, input_str, inputs, kw.get("metadata"), kw.get("tags")))

        def on_tool_end(self, output: Any, **kw: Any) -> None:
            self.everything.append(output)

        def on_tool_error(self, error: BaseException, **kw: Any) -> None:
            self.everything.append(error)

    class Tracer(BaseTracer):
        def __init__(self) -> None:
            super().__init__()
            self.runs: list[Any] = []

        def _persist_run(self, run: Any) -> None:
            pass

        def _on_tool_end(self, run: Any) -> None:
            self.runs.append(run)

        def _on_tool_error(self, run: Any) -> None:
            self.runs.append(run)

    GOT.clear()
    tool = to_langchain(look_tool()) if kind == "interop" else _lc_native_tool()
    steps = [
        AIMessage("", tool_calls=[{"name": "look", "args": {"q": "a"}, "id": "c1", "type": "tool_call"}]),
        AIMessage("", tool_calls=[{"name": "look", "args": {"q": 7}, "id": "c2", "type": "tool_call"}]),
        AIMessage("done"),
    ]
    agent = create_agent(Model(messages=iter(steps), disable_streaming=True), [tool], context_schema=Ctx)
    callbacks, tracer = Callbacks(), Tracer()
    events = [
        ev
        async for ev in agent.astream_events(
            {"messages": [HumanMessage("go")]},
            {"callbacks": [callbacks, tracer]},
            context=Ctx(token=SECRET),
            version="v2",
        )
    ]
    assert GOT == ["a"]
    assert callbacks.starts[0] == ("{'q': 'a'}", {"q": "a"})  # exactly what the model sent
    tool_events = [e for e in events if e["event"].startswith("on_tool")]
    assert next(e["data"].get("input") for e in tool_events if e["event"] == "on_tool_start") == {"q": "a"}
    assert tracer.runs and tracer.runs[0].inputs == {"q": "a"}
    _scan("callbacks", callbacks.everything)
    _scan("tracer", [(r.inputs, r.outputs, r.error, r.extra, r.tags) for r in tracer.runs])
    _scan("astream_events", tool_events)
    final = [e for e in events if e["event"] == "on_chain_end"][-1]["data"]["output"]
    messages = [m for m in final["messages"] if isinstance(m, ToolMessage)]
    _scan("tool messages", [(m.content, m.artifact, m.additional_kwargs) for m in messages])


@pytest.mark.anyio
async def test_ctx_langgraph_interrupt_values_and_checkpoints_never_hold_the_context() -> None:
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    from interop.langchain import approve, to_langchain

    class Model(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self

    GOT.clear()
    saver = InMemorySaver()
    steps = [
        AIMessage(
            "", tool_calls=[{"name": "look", "args": {"q": "danger"}, "id": "c1", "type": "tool_call"}]
        ),
        AIMessage("done"),
    ]
    agent = create_agent(
        Model(messages=iter(steps), disable_streaming=True),
        [to_langchain(look_tool(gated=True))],
        context_schema=Ctx,
        checkpointer=saver,
    )
    config: Any = {"configurable": {"thread_id": "secret"}}
    paused = await agent.ainvoke({"messages": [HumanMessage("go")]}, config, context=Ctx(token=SECRET))
    (intr,) = paused["__interrupt__"]
    assert intr.value["args"] == {"q": "danger"} and GOT == []
    _scan("interrupt value", intr.value)
    done = await agent.ainvoke(
        Command(resume={intr.id: approve(intr)}), config, context=Ctx(token=SECRET)
    )
    assert GOT == ["danger"] and done["messages"][-1].content == "done"
    _scan("checkpoints", [c.checkpoint for c in saver.list(config)], [c.metadata for c in saver.list(config)])


# ------------------------------------------------------------------------------------------ pydantic-ai


@pytest.mark.anyio
async def test_ctx_pydantic_ai_spans_and_deferred_requests_never_hold_the_context(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from pydantic_ai import Agent, DeferredToolRequests
    from pydantic_ai.capabilities.instrumentation import Instrumentation
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel
    from pydantic_ai.models.instrumented import InstrumentationSettings

    from interop.pydantic_ai import approval_results, to_pydantic_ai

    def model_fn(messages: list[Any], info: Any) -> ModelResponse:
        if not any(isinstance(m, ModelResponse) for m in messages):
            return ModelResponse(
                parts=[
                    ToolCallPart("look", {"q": "a"}, tool_call_id="c1"),
                    ToolCallPart("look", {"q": 7}, tool_call_id="c2"),
                    ToolCallPart("look", {"q": "danger"}, tool_call_id="c3"),
                ]
            )
        return ModelResponse(parts=[TextPart("done")])

    GOT.clear()
    exporter = InMemorySpanExporter()
    # Other frameworks' test kits quiet their tracing with OTEL_SDK_DISABLED: this provider must record.
    monkeypatch.delenv("OTEL_SDK_DISABLED", raising=False)
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    settings = InstrumentationSettings(tracer_provider=provider, include_content=True)
    agent = Agent(
        FunctionModel(model_fn),
        tools=[to_pydantic_ai(look_tool(gated=True))],
        output_type=[str, DeferredToolRequests],
        capabilities=[Instrumentation(settings=settings)],
    )
    first = await agent.run("go", deps=Ctx(token=SECRET))
    assert isinstance(first.output, DeferredToolRequests)
    assert [p.tool_call_id for p in first.output.approvals] == ["c3"]
    _scan("deferred requests", first.output.approvals, first.output.metadata)
    second = await agent.run(
        message_history=first.all_messages(),
        deferred_tool_results=approval_results(first.output, {"c3": True}),
        deps=Ctx(token=SECRET),
    )
    assert second.output == "done" and sorted(GOT) == ["a", "danger"]
    spans = exporter.get_finished_spans()
    tool_spans = [s for s in spans if s.name.startswith("execute_tool")]
    assert tool_spans and any(
        s.attributes and s.attributes.get("gen_ai.tool.call.arguments") for s in tool_spans
    ), [(s.name, sorted(s.attributes or {})) for s in spans]
    _scan(
        "spans",
        [
            (s.name, dict(s.attributes or {}), [(e.name, dict(e.attributes or {})) for e in s.events])
            for s in spans
        ],
    )
    _scan("messages", second.all_messages())


# ------------------------------------------------------------------------------------------ OpenAI Agents


@pytest.mark.anyio
async def test_ctx_openai_agents_trace_spans_and_interruptions_never_hold_the_context() -> None:
    from agents import Agent, RunConfig, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import TracingProcessor, set_trace_processors, set_tracing_disabled

    from interop.openai_agents import to_openai_agents

    class Recorder(TracingProcessor):
        def __init__(self) -> None:
            self.items: list[Any] = []

        def on_trace_start(self, trace: Any) -> None:
            self.items.append(trace.export())

        def on_trace_end(self, trace: Any) -> None:
            self.items.append(trace.export())

        def on_span_start(self, span: Any) -> None:
            pass

        def on_span_end(self, span: Any) -> None:
            self.items.append(span.export())

        def shutdown(self) -> None:
            pass

        def force_flush(self) -> None:
            pass

    GOT.clear()
    recorder = Recorder()
    set_trace_processors([recorder])
    set_tracing_disabled(False)
    try:
        model = ScriptedModel(
            [
                [
                    function_call("look", {"q": "a"}, call_id="c1"),
                    function_call("look", {"q": 7}, call_id="c2"),
                    function_call("look", {"q": "danger"}, call_id="c3"),
                ],
                [assistant_message("done")],
            ]
        )
        agent = Agent(name="a", model=model, tools=[to_openai_agents(look_tool(gated=True))])
        run_config = RunConfig(tracing_disabled=False)
        first = await Runner.run(agent, "go", context=Ctx(token=SECRET), run_config=run_config)
        assert [i.raw_item.call_id for i in first.interruptions] == ["c3"]
        _scan("interruptions", [i.raw_item.model_dump() for i in first.interruptions])
        state = first.to_state()
        state.approve(first.interruptions[0])
        second = await Runner.run(agent, state, run_config=run_config)
        assert second.final_output == "done" and sorted(GOT) == ["a", "danger"]
    finally:
        set_tracing_disabled(True)
        set_trace_processors([])
    spans = [i for i in recorder.items if i and (i.get("span_data") or {}).get("type") == "function"]
    assert {s["span_data"]["input"] for s in spans} >= {'{"q":"a"}', '{"q":7}'}
    _scan("trace spans", recorder.items)
    _scan("model inputs", [c.input for c in model.calls])


# ------------------------------------------------------------------------------------------ LlamaIndex


@pytest.mark.anyio
async def test_ctx_llamaindex_events_and_instrumentation_never_hold_the_context() -> None:
    from llama_index.core.instrumentation import get_dispatcher
    from llama_index.core.instrumentation.event_handlers import BaseEventHandler

    seen: list[Any] = []

    class Events(BaseEventHandler):
        @classmethod
        def class_name(cls) -> str:
            return "TrustEvents"

        def handle(self, event: Any, **kwargs: Any) -> None:
            seen.append(event.model_dump() if hasattr(event, "model_dump") else repr(event))

    GOT.clear()
    handler = Events()
    dispatcher = get_dispatcher()
    dispatcher.add_event_handler(handler)
    try:
        loop = await drive(
            "llamaindex",
            look_tool(gated=True),
            [Call("c0", {"q": "a"})],
            context=Ctx(token=SECRET),
            approval=lambda request: request.input["q"] != "danger",
        )
    finally:
        dispatcher.event_handlers.remove(handler)
    assert GOT == ["a"] and not loop.error("c0"), loop.seen
    _scan(
        "workflow events",
        [ev.model_dump() if hasattr(ev, "model_dump") else repr(ev) for ev in loop.extra["events"]],
    )
    assert seen  # the dispatcher did report the agent's events
    _scan("instrumentation events", seen)


# ------------------------------------------------------------------------------------------ everywhere


@pytest.mark.anyio
@pytest.mark.parametrize("target", [*ASYNC_TARGETS, "neutral"])
async def test_ctx_what_the_model_sees_never_holds_the_context(target: str) -> None:
    """Results, bad-argument errors, tool errors, denials and crashes under errors="all"."""
    GOT.clear()

    @interop.tool(context="ctx", meta={"requires_approval": lambda v, c: v.q == "danger"})
    def look(q: str, ctx: Any = None) -> str:
        """Look something up for the user in the context."""
        assert _holds_secret(ctx), ctx
        if q == "boom":
            raise RuntimeError("the index is down")
        if q == "tool-error":
            raise interop.ToolError("nothing found for tool-error")
        GOT.append(q)
        return f"found {q}"

    def deny_danger(request: interop.ApprovalRequest) -> bool:
        assert _holds_secret(request.context)  # the callback may see it: it is the application's
        return request.input.get("q") != "danger"

    the_calls = [
        Call("c0", {"q": "a"}),
        Call("c1", {"q": 7}),
        Call("c2", {"q": "tool-error"}),
        Call("c3", {"q": "danger"}),
        Call("c4", {"q": "boom"}),
    ]
    context = Ctx(token=SECRET)
    if target == "neutral":
        tool: Any = interop.with_formatted_output(interop.with_approval(look, deny_danger))
        loop = await drive("neutral", tool, the_calls, context=context)
    elif target in ("langgraph", "pydantic-ai", "openai-agents"):
        loop = await drive(
            target,
            look,
            the_calls,
            context=context,
            errors="all",
            decide=lambda cid: Reject("no") if cid == "c3" else APPROVE,
        )
    else:
        loop = await drive(target, look, the_calls, context=context, errors="all", approval=deny_danger)
    assert GOT == ["a"], (target, loop.seen)
    assert "found a" in loop.text("c0")
    assert "the index is down" in loop.text("c4")  # errors="all": the message, and only the message
    _scan(f"{target}: what the model saw", loop.seen)
    toolset = loop.extra.get("toolset")
    if toolset is not None:
        _scan(f"{target}: descriptors", toolset.tools)
