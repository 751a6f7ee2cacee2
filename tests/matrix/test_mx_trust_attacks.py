"""The classes of attack of issue 38, on every framework's real call path.

Each test runs for every framework of the matrix (`neutral`, LangChain, pydantic-ai, LlamaIndex,
OpenAI Agents, MCP, Haystack, DSPy, Google ADK, Genkit, smolagents, the Claude Agent SDK, CrewAI,
Strands, Agno, Microsoft Agent Framework, Semantic Kernel, google-genai, the Anthropic tool runner)
and the raw provider toolsets; CrewAI, Strands and Semantic Kernel run in their own environments
(`make test-crewai`, `test-strands`, `test-semantic-kernel`), and are skipped elsewhere.

1. A decision is bound to its call: a callback approving `wipe("/tmp/safe")` never runs
   `wipe("/etc")`, with both calls in flight at once and the approval answered last; and where the
   harness drives one model turn with several calls, the same in one turn.
2. One approval runs one call (replay): an approval given once is not reused by the same call
   made again.
3. Fail closed on the direct paths: a tool that needs approval, converted with nobody to ask, is
   refused at conversion, or every way of calling it outside the framework's gate (the native
   object's own call methods, the harness's call path) refuses it.
4. Hidden arguments are never quoted: an argument a transform fills from the context is not in
   what the model is sent, cannot be set by the model, and its value is in no error.
5. The context is never in what the model, a log or a tracer sees: every log record (DEBUG, every
   logger) and every OpenTelemetry span of a successful call, a bad call and a denied call.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from _harness import (
    ALL_FRAMEWORKS,
    FRAMEWORKS,
    PLUGINS,
    Outcome,
    call_target,
    convert,
    fw_module,
    mcp_target,
    view,
)

import interop
from interop import ArgTransform, transform_tool
from interop.errors import ApprovalRequiredError

SECRET = "SECRET-9b41e7"
SDK_LOOPS = ("google-genai", "anthropic")
"""google-genai's automatic function calling and the Anthropic SDK's tool runner (`anthropic` in the
matrix; the raw `AnthropicToolset` is the `anthropic` of the one-turn test's `ONE_TURN`)."""
EVERY = [
    *sorted({*ALL_FRAMEWORKS, "smolagents", "claude-agent-sdk", "crewai", "semantic-kernel", *SDK_LOOPS}),
    "providers",
]
"""Every framework; those not installed in this environment are skipped."""

RAN: list[str] = []

pytestmark = pytest.mark.anyio


def _installed(framework: str) -> None:
    if framework != "providers" and framework not in FRAMEWORKS:
        pytest.skip(f"{framework} is not installed in this environment (it runs in its own)")


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


def gated(rule: Any = True) -> interop.StandardTool[Any, Any, Any]:
    async def wipe(path: str) -> str:
        """Delete everything under a path."""
        RAN.append(path)
        return f"wiped {path}"

    return interop.tool(wipe, meta={"destructive": True, "requires_approval": rule})


Call = Callable[[Any, Any], Awaitable[Outcome]]
REFERENCED: dict[str, Any] = {}
"""Genkit: the contexts its run context names by reference (see `session`)."""


@contextlib.asynccontextmanager
async def session(framework: str, tool: Any, **options: Any) -> AsyncIterator[tuple[Call, str]]:
    """`tool` converted for `framework` with `options`: (one call through its own path, what its
    model is sent as JSON text)."""
    if framework == "mcp":
        async with mcp_target([tool], **options) as mcp:

            async def call_mcp(args: Any, context: Any) -> Outcome:
                return await mcp.call(tool.name, args, context)

            yield call_mcp, json.dumps(mcp.listed[tool.name].model_dump(mode="json"))
        return
    if framework == "providers":
        from interop.providers import OpenAIToolset, ToolCall

        toolset = OpenAIToolset([tool], **options)

        async def call_provider(args: Any, context: Any) -> Outcome:
            call_ = ToolCall(id=f"c{uuid.uuid4().hex[:8]}", name=tool.name, arguments=json.dumps(args))
            out = await toolset.dispatcher.arun_one(call_, context)
            return Outcome(out.is_error, out.text)

        yield call_provider, json.dumps(toolset.tools)
        return
    if framework == "neutral" and "approval" in options:  # interop.acall: the tool asks itself
        tool = interop.with_approval(tool, options.pop("approval"))
    if framework == "genkit":
        # Genkit records its generate(context=...) dict in its own trace spans
        # (`genkit:metadata:context`, for its own tools too): it carries a reference, and a
        # context= hook makes the secret context of it
        options.setdefault("context", lambda run: REFERENCED.get((run.context or {}).get("ref")))
    native = convert(framework, tool, **options)
    seen = view(framework, native)

    async def call_native(args: Any, context: Any) -> Outcome:
        if framework == "genkit" and context is not None:
            ref = uuid.uuid4().hex
            REFERENCED[ref] = context
            context = {"ref": ref}
        if framework == "semantic-kernel":
            # Semantic Kernel logs a function's KernelArguments at DEBUG (its own behaviour, for its
            # own functions too): a secret context goes through run_context, as the adapter says
            from interop.semantic_kernel import run_context

            with run_context(context):
                return await call_target(framework, native, args, None)
        return await call_target(framework, native, args, context)

    yield call_native, json.dumps([seen.name, seen.description, seen.schema, seen.meta], default=str)


def _refused(out: Outcome) -> bool:
    """The call came back as an error the model reads, or the run refused it (the OpenAI Agents
    SDK shows a refusal as a plain tool output)."""
    return out.error or out.raised is not None or "not approved" in out.text


# ------------------------------------------------------------------------------ 1. bound to its call


@pytest.mark.parametrize("framework", EVERY)
async def test_attack_a_decision_runs_only_its_own_call(framework: str) -> None:
    _installed(framework)

    async def reviewer(request: interop.ApprovalRequest) -> bool:
        if request.input["path"] == "/tmp/safe":
            await asyncio.sleep(0.2)  # the approval arrives after the other call's refusal
            return True
        return False

    async with session(framework, gated(), approval=reviewer) as (call, _):
        safe, other = await asyncio.gather(call({"path": "/tmp/safe"}, None), call({"path": "/etc"}, None))
    assert RAN == ["/tmp/safe"]
    assert not safe.error and "wiped /tmp/safe" in safe.text, safe.text
    assert _refused(other) and "/etc" not in RAN, other.text


ONE_TURN = [
    "langgraph",
    "pydantic-ai",
    "openai-agents",
    "langchain",
    "llamaindex",
    "openai-chat",
    "anthropic",
    "gemini",
]
ONE_TURN_PLUGINS = ["strands", "agno", "agent-framework", "semantic-kernel"]
ONE_CALL_PER_TURN = {
    "dspy": "DSPy's ReAct makes one tool call per step: there are no parallel calls in one turn",
    "haystack": "the harness's Haystack chat generator sends one tool call per turn: concurrent calls "
    "are the first test",
    "google-adk": "the harness calls an ADK tool through its confirmation gate one call at a time: "
    "concurrent calls are the first test",
    "genkit": "the harness runs a Genkit tool action one call at a time: concurrent calls are the first test",
    "smolagents": "the harness runs smolagents' execute_tool_call one call at a time: concurrent "
    "calls are the first test",
    "claude-agent-sdk": "the Claude Agent SDK's CLI sends each tool use as its own MCP tools/call: "
    "concurrent calls are the first test",
    "crewai": "the harness drives CrewAI's executor function for one native tool call (execute_single_native_tool_call): "
    "concurrent calls are the first test",
    "mcp": "MCP has no turns: each tools/call is its own request (concurrent calls are the first test)",
    "neutral": "interop.acall runs one call: concurrent calls are the first test",
    "providers": "the toolsets' dispatch of several calls is the openai-chat/anthropic/gemini targets here",
}


PATHS = ["/tmp/safe", "/etc", "/tmp/safe-2"]
"""The paths of the three calls in one turn: the first is approved, the others refused."""


def _slow_reviewer() -> tuple[Any, list[str]]:
    """An approval callback that takes 0.2 s to approve `/tmp/safe` and refuses every other path
    (at once); and the paths it was asked about."""
    asked: list[str] = []

    async def reviewer(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input["path"])
        if request.input["path"] == "/tmp/safe":
            await asyncio.sleep(0.2)
            return True
        return False

    return reviewer, asked


async def _one_turn_plugin(framework: str, native: Any, paths: list[str]) -> None:
    """One scripted model turn holding a call per path, through the framework's real loop."""
    module = PLUGINS[framework] if framework in PLUGINS else fw_module(framework)
    step = [(getattr(native, "tool_name", None) or native.name, json.dumps({"path": p})) for p in paths]
    if framework == "strands":
        await module.make_agent(native, [step, "done"]).invoke_async("go")
    elif framework == "agno":
        agent, _ = module.make_agent(native, [step, "done"])
        await agent.arun("go")
    elif framework == "agent-framework":
        await module.make_agent(native, [step, "done"]).run("go")
    elif framework == "semantic-kernel":
        step = [(native.fully_qualified_name, json.dumps({"path": p})) for p in paths]
        kernel, service = module.make_kernel(native, [step, "done"])
        await module._run(kernel, service)


@pytest.mark.parametrize("framework", [*ONE_TURN, *ONE_TURN_PLUGINS, *ONE_CALL_PER_TURN])
async def test_attack_parallel_calls_in_one_turn_each_decided_alone(framework: str) -> None:
    if framework in ONE_CALL_PER_TURN:
        pytest.skip(ONE_CALL_PER_TURN[framework])
    reviewer, asked = _slow_reviewer()
    paths = list(PATHS)
    if framework in ONE_TURN:
        needs = {"langgraph": "langchain.agents", "langchain": "langchain_core", "pydantic-ai": "pydantic_ai"}
        needs.update({"openai-agents": "agents", "llamaindex": "llama_index.core"})
        if framework in needs:
            pytest.importorskip(needs[framework], reason=f"{framework} is not installed in this environment")
        from _trust import calls, drive

        loop = await drive(framework, gated(), calls(*paths), approval=reviewer)
        assert loop.final is not None  # the loop went on
        assert not loop.error("c0") and loop.error("c1") and loop.error("c2")
    else:
        _installed(framework)
        native = convert(framework, gated(), approval=reviewer)
        await _one_turn_plugin(framework, native, paths)
    assert RAN == ["/tmp/safe"] and sorted(asked) == sorted(paths)


@pytest.mark.parametrize("framework", SDK_LOOPS)
async def test_attack_parallel_calls_in_one_turn_of_an_sdk_loop(framework: str) -> None:
    """google-genai's automatic function calling (`client.aio`) and the Anthropic tool runner
    (`AsyncAnthropic`): one scripted model turn holding three calls."""
    _installed(framework)
    reviewer, asked = _slow_reviewer()
    paths = list(PATHS)
    native = convert(framework, gated(), approval=reviewer)
    if framework == "google-genai":
        from genai_kit import arun as genai_run

        response, scripted = await genai_run([[("wipe", {"path": p}) for p in paths], "done"], native)
        assert response.text == "done"  # the loop went on
        results = [r["response"] for r in scripted.responses()]
        assert "result" in results[0] and all("error" in r for r in results[1:]), results
    else:
        from anthropic_kit import arun as runner_run
        from anthropic_kit import text

        final, scripted = await runner_run([[("wipe", {"path": p}) for p in paths], "done"], native)
        assert text(final) == "done"
        results = scripted.results()
        assert not results[0].get("is_error") and all(r.get("is_error") for r in results[1:]), results
    assert RAN == ["/tmp/safe"] and sorted(asked) == sorted(paths)


# ------------------------------------------------------------------------------ 2. replay


@pytest.mark.parametrize("framework", EVERY)
async def test_attack_one_approval_runs_one_call(framework: str) -> None:
    _installed(framework)
    grants = ["/x"]

    def once(request: interop.ApprovalRequest) -> bool:
        if request.input["path"] in grants:
            grants.remove(request.input["path"])
            return True
        return False

    async with session(framework, gated(), approval=once) as (call, _):
        first = await call({"path": "/x"}, None)
        again = await call({"path": "/x"}, None)  # the same call made again: asked again, refused
    assert not first.error and _refused(again), (first.text, again.text)
    assert RAN == ["/x"]


async def test_attack_a_langgraph_resume_replayed_runs_nothing_again() -> None:
    """The resume form sent again (a replayed HTTP request to the app) after the run went on."""
    pytest.importorskip(
        "langchain.agents", reason="LangChain's create_agent is not installed in this environment"
    )
    from _trust import FINAL, _lc_model
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    from interop.langchain import approve, to_langchain

    native = to_langchain(gated())
    from _trust import Call as TrustCall

    agent = create_agent(
        _lc_model(native.name, [TrustCall("c0", {"path": "/x"})]), [native], checkpointer=InMemorySaver()
    )
    config: dict[str, Any] = {"configurable": {"thread_id": uuid.uuid4().hex}}
    state = await agent.ainvoke({"messages": [HumanMessage("go")]}, config)
    (intr,) = state["__interrupt__"]
    resume = Command(resume={intr.id: approve(intr)})
    state = await agent.ainvoke(resume, config)
    assert RAN == ["/x"] and state["messages"][-1].content == FINAL
    with contextlib.suppress(Exception):  # LangGraph may refuse a resume with nothing to resume
        await agent.ainvoke(resume, config)
    assert RAN == ["/x"]


# ------------------------------------------------------------------------------ 3. direct paths


def _direct_paths(framework: str, native: Any) -> list[tuple[str, Callable[[], Any]]]:
    """The ways to call a converted tool outside its framework's approval gate."""
    args = {"path": "/"}
    if framework == "langchain":
        return [
            ("invoke", lambda: native.invoke(args)),
            ("ainvoke", lambda: native.ainvoke(args)),
            ("func", lambda: native.func(**args) if native.func else native.coroutine(**args)),
        ]
    if framework == "pydantic-ai":
        from pydantic_ai import RunContext
        from pydantic_ai.models.test import TestModel
        from pydantic_ai.usage import RunUsage

        ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage())
        return [("function", lambda: native.function(ctx, **args))]
    if framework == "openai-agents":
        from agents.tool_context import ToolContext

        text = json.dumps(args)
        ctx = ToolContext(None, tool_name=native.name, tool_call_id="c1", tool_arguments=text)
        return [("on_invoke_tool", lambda: native.on_invoke_tool(ctx, text))]
    if framework == "google-adk":
        tool_context = fw_module("google-adk").tool_context
        return [
            (
                "run_async without the confirmation gate",
                lambda: native.run_async(args=args, tool_context=tool_context(None)),
            )
        ]
    if framework == "genkit":
        return [("action().run", lambda: native.action().run(args))]
    if framework == "claude-agent-sdk":
        return [("handler", lambda: native.handler(args))]
    if framework == "agno":
        from agno.tools.function import FunctionCall

        return [
            ("entrypoint", lambda: native.entrypoint(**args)),
            ("FunctionCall.execute", lambda: FunctionCall(function=native, arguments=args).execute()),
            ("FunctionCall.aexecute", lambda: FunctionCall(function=native, arguments=args).aexecute()),
        ]
    if framework == "agent-framework":
        return [("__call__", lambda: native(**args)), ("invoke", lambda: native.invoke(arguments=args))]
    if framework == "strands":
        tool_use = {"toolUseId": "t1", "name": native.tool_name, "input": args}

        async def stream() -> list[Any]:
            return [event async for event in native.stream(tool_use, {})]

        return [("stream outside an agent", stream)]
    if framework == "semantic-kernel":
        from semantic_kernel import Kernel
        from semantic_kernel.functions import KernelArguments

        return [
            ("invoke without the approval filter", lambda: native.invoke(Kernel(), KernelArguments(**args)))
        ]
    if framework == "ag2":
        from ag2 import MemoryStream
        from ag2.context import ConversationContext
        from ag2.events import HumanInputRequest, ToolCallEvent
        from ag2.hitl import default_hitl_hook

        call = ToolCallEvent(name=native.name, arguments=json.dumps(args))

        async def without_a_hitl_hook() -> Any:  # what an agent subscribes when it has no hitl_hook
            context = ConversationContext(stream=MemoryStream())
            with context.stream.where(HumanInputRequest).sub_scope(default_hitl_hook(())):
                return await native(call, context)

        return [
            ("__call__ outside a turn", lambda: native(call, None)),
            ("__call__ in a turn without a hitl_hook", without_a_hitl_hook),
            ("the fast_depends entry (model.call)", lambda: native.model.call(None, **args)),
        ]
    return []


def _ran_nothing(result: Any) -> bool:
    text = str(result)
    return "wiped" not in text


@pytest.mark.parametrize("framework", EVERY)
async def test_attack_direct_paths_fail_closed(framework: str) -> None:
    _installed(framework)
    tool = gated()
    if framework == "neutral":  # application code calling the tool: nobody asked, so refused
        with pytest.raises(interop.ApprovalDeniedError, match="wipe"):
            await interop.acall(tool, {"path": "/"})
        with pytest.raises(interop.ApprovalDeniedError, match="wipe"):
            await asyncio.to_thread(interop.call, tool, {"path": "/"})
        with pytest.raises(interop.ApprovalDeniedError, match="wipe"):
            await interop.acall(tool, {"path": "/"}, approval=lambda request: False)
        assert RAN == []
        assert await interop.acall(tool, {"path": "/ok"}, approval=lambda request: True) == "wiped /ok"
        assert RAN == ["/ok"]
        return
    if framework == "mcp":  # a client that cannot be asked (no elicitation capability) is refused
        async with mcp_target([tool]) as mcp:
            out = await mcp.call(tool.name, {"path": "/"}, None)
        assert out.error and RAN == [], out.text
        return
    try:
        if framework == "providers":
            from interop.providers import OpenAIToolset

            OpenAIToolset([tool])
        else:
            native = convert(framework, tool)
    except ApprovalRequiredError:  # nobody to ask on this target: refused when converted
        assert RAN == []
        return
    tried = 0
    for label, thunk in _direct_paths(framework, native):
        tried += 1
        try:
            result = thunk()
            if asyncio.iscoroutine(result) or hasattr(result, "__await__"):
                result = await result
        except Exception:
            continue  # refused
        assert _ran_nothing(result), f"{label}: {result!r}"
    try:  # the framework's own loop with nobody answering: it pauses (the run stops) or refuses
        out = await call_target(framework, native, {"path": "/"}, None)
    except (Exception, AssertionError):
        pass  # pydantic-ai: a deferred call with no DeferredToolRequests output; Agent Framework: paused
    else:
        assert _refused(out) or "wiped" not in out.text, out.text
    assert RAN == [], f"ran unapproved through {framework}"
    assert tried or framework in ("haystack", "dspy", "smolagents", "crewai", "llamaindex")


# ------------------------------------------------------------------------------ 4. hidden arguments


async def _lookup(q: str, api_key: str) -> str:
    """Look something up."""
    RAN.append(q)
    return "found" if api_key == SECRET else "wrong key"


def hidden_tool() -> Any:
    return transform_tool(
        interop.tool(_lookup, name="lookup"),
        args={"api_key": ArgTransform(from_context=lambda ctx: ctx["key"])},
    )


@pytest.mark.parametrize("framework", EVERY)
async def test_attack_hidden_arguments_are_never_quoted_nor_set(framework: str) -> None:
    _installed(framework)
    context = {"key": SECRET}
    async with session(framework, hidden_tool()) as (call, shown):
        assert "api_key" not in shown and SECRET not in shown
        ok = await call({"q": "a"}, context)
        assert not ok.error and "found" in ok.text, ok.text
        bad = await call({"q": ["not", "text"]}, context)
        assert _refused(bad) and SECRET not in bad.text, bad.text
        assert "lookup" in bad.text or bad.tool_name == "lookup", bad.text  # named, or bound to the call
        forged = await call({"q": "b", "api_key": "forged"}, context)  # refused, or the context's value
        assert SECRET not in forged.text and "wrong key" not in forged.text, forged.text
    assert RAN in (["a"], ["a", "b"])


# ------------------------------------------------------------------------------ 5. context unseen


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        parts = [record.getMessage() if record.args is not None else str(record.msg), repr(record.args)]
        if record.exc_info and record.exc_info[1] is not None:
            parts.append(repr(record.exc_info[1]))
        parts.extend(repr(v) for k, v in record.__dict__.items() if k not in _STANDARD_RECORD)
        self.texts.append(" ".join(parts))


_STANDARD_RECORD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


@contextlib.contextmanager
def everything_logged() -> Any:
    handler = Records()
    root = logging.getLogger()
    old = root.level
    loggers = [logging.getLogger(n) for n in list(logging.root.manager.loggerDict)]
    levels = [(lg, lg.level, lg.disabled) for lg in loggers if isinstance(lg, logging.Logger)]
    disabled_below = logging.root.manager.disable
    logging.disable(logging.NOTSET)  # (a framework may have turned logging off: CrewAI's environment)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    for lg, _, _ in levels:
        lg.setLevel(logging.NOTSET)
        lg.disabled = False
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(old)
        logging.disable(disabled_below)
        for lg, level, disabled in levels:
            lg.setLevel(level)
            lg.disabled = disabled


def _spans() -> Any:
    """An in-memory exporter on the global tracer provider (installed once), or None."""
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    except ImportError:
        return None
    global _EXPORTER
    if _EXPORTER is None:
        provider = trace.get_tracer_provider()
        if not isinstance(provider, TracerProvider):
            # (the harness turns the SDK off for CrewAI and Strands, whose own telemetry would
            # otherwise start: this provider only records in memory, so it is made with it on)
            saved = os.environ.pop("OTEL_SDK_DISABLED", None)
            try:
                provider = TracerProvider()
            finally:
                if saved is not None:
                    os.environ["OTEL_SDK_DISABLED"] = saved
            trace.set_tracer_provider(provider)
        if isinstance(trace.get_tracer_provider(), TracerProvider):
            _EXPORTER = InMemorySpanExporter()
            trace.get_tracer_provider().add_span_processor(SimpleSpanProcessor(_EXPORTER))  # type: ignore[attr-defined]
    return _EXPORTER


_EXPORTER: Any = None


def _span_text(span: Any) -> str:
    events = [(e.name, dict(e.attributes or {})) for e in span.events]
    return json.dumps(
        [span.name, dict(span.attributes or {}), events, str(span.status.description)], default=str
    )


@interop.tool(context="caller")
def whoami(n: int, caller: Any = None) -> int:
    """Uses the caller's token from the context."""
    assert caller == {"token": SECRET}
    return n


@interop.tool(context="caller", meta={"requires_approval": True})
def whoami_gated(n: int, caller: Any = None) -> int:
    """Uses the caller's token from the context (needs approval)."""
    return n


@pytest.mark.parametrize("framework", EVERY)
async def test_attack_the_context_is_never_in_what_a_model_log_or_tracer_sees(framework: str) -> None:
    _installed(framework)
    exporter = _spans()
    if exporter is not None:
        exporter.clear()
    context = {"token": SECRET}
    texts: list[str] = []
    with everything_logged() as logged:
        async with session(framework, whoami) as (call, shown):
            texts.append(shown)
            for args in ({"n": 3}, {"n": "three"}, {"n": 1, "caller": {"token": "forged"}}):
                out = await call(args, context)
                texts.append(out.text)
        async with session(framework, whoami_gated, approval=lambda request: False) as (call, shown):
            out = await call({"n": 2}, context)  # denied: the callback saw the context, nobody else
            assert _refused(out), out.text
            texts.extend([shown, out.text])
    assert not [t for t in texts if SECRET in t], texts
    leaked = [t for t in logged.texts if SECRET in t]
    assert not leaked, leaked[:3]
    if exporter is not None:
        spans = [_span_text(s) for s in exporter.get_finished_spans()]
        assert not [s for s in spans if SECRET in s], [s for s in spans if SECRET in s][:3]


def test_the_capture_sees_every_log_record_and_span() -> None:
    """The negative control of test 5: a secret logged at DEBUG by any logger, or put in a span
    attribute, is found."""
    exporter = _spans()
    with everything_logged() as logged:
        logging.getLogger("some.framework.deep.inside").debug("state: %s", {"token": SECRET})
    assert any(SECRET in t for t in logged.texts)
    if exporter is not None:
        from opentelemetry import trace

        exporter.clear()
        with trace.get_tracer("control").start_as_current_span("tool") as span:
            span.set_attribute("input", json.dumps({"token": SECRET}))
        assert any(SECRET in _span_text(s) for s in exporter.get_finished_spans())
