"""Security properties on every path.

- A model cannot set the context through its arguments: not for neutral tools in any target
  (see also the context-key cases of `test_mx_hostile.py`), and not for native tools whose
  framework context parameter (`config`, `ctx`, ...) is hidden from the model.
- No context value, bound `partial_params` value or injected argument value ever appears in an
  emitted schema or an error message.
- `requires_approval` is enforced or refused on every path, never silently dropped.
- Cancelling an agent run cancels an in-flight async tool (pydantic-ai, OpenAI Agents, MCP).
"""

from __future__ import annotations

import contextlib
import json
from typing import Annotated, Any

import pytest
from _corpus import CALLS, by_name
from _harness import EXTRA, FRAMEWORKS, PLUGINS, call_target, convert, mcp_target, source_tools, view
from _probes import cancel_when_started, model_cannot_set_the_context, slow_tool
from langchain_core.tools import InjectedToolArg

import interop
import interop.bridge
from interop.bridge import get_origin
from interop.errors import ApprovalRequiredError

SECRET = "SECRET-7f3a9c"

NATIVE_CTX_NAMES = ["context", "ctx", "config", "caller", "deps", "runtime", "callbacks", "run_manager"]
NATIVE_CTX_NAMES += ["tool_context"]  # ADK's injected parameter


@pytest.mark.anyio
@pytest.mark.parametrize("source", FRAMEWORKS)
async def test_mx_model_cannot_set_a_native_tools_context(source: str) -> None:
    if source in EXTRA or not getattr(PLUGINS.get(source), "NATIVE_CONTEXT", True):
        pytest.skip(f"{source} gives its native tools no per-call context: there is none to set")
    spec = by_name("greet_ctx")
    async with source_tools(source, [spec]) as tools:
        _, neutral = tools[spec.name]
        await model_cannot_set_the_context(neutral, NATIVE_CTX_NAMES)
        out = await interop.acall(neutral, {"name": "Bo"}, {"user": "ada"})
        assert out == "hi Bo from ada" and CALLS[-1][2] == {"user": "ada"}


def _secret_tools() -> list[Any]:
    """Neutral tools holding SECRET only in their context, a bound value, or an injected argument."""
    from langchain_core.tools import StructuredTool
    from llama_index.core.tools import FunctionTool

    from interop.langchain import from_langchain
    from interop.llamaindex import from_llamaindex

    @interop.tool(context="caller")
    def ctx_tool(n: int, caller: Any = None) -> int:
        """Uses a secret from the context."""
        assert caller == {"api_key": SECRET}
        return n

    def bound(n: int, api_key: str) -> int:
        """Uses a bound secret."""
        assert api_key == SECRET
        return n

    li = from_llamaindex(
        FunctionTool.from_defaults(bound, name="li_bound", partial_params={"api_key": SECRET})
    )

    def injected(n: int, api_key: Annotated[str, InjectedToolArg]) -> int:
        """Uses an injected secret."""
        assert api_key == SECRET
        return n

    lc = from_langchain(StructuredTool.from_function(injected, name="lc_injected"))
    return [ctx_tool, li, lc]


@pytest.mark.anyio
@pytest.mark.parametrize("target", FRAMEWORKS)
async def test_mx_secrets_never_in_schemas_or_errors(target: str) -> None:
    tools = _secret_tools()
    context = {"api_key": SECRET}
    manager = mcp_target(tools) if target == "mcp" else contextlib.nullcontext(None)
    async with manager as mcp:
        for tool in tools:
            native = tool.name if target == "mcp" else convert(target, tool)
            seen = view("mcp", None, mcp.listed[tool.name]) if target == "mcp" else view(target, native)
            assert SECRET not in json.dumps(seen.schema) + seen.description + json.dumps(
                seen.meta, default=str
            )
            if native is get_origin(tool):
                # a native tool at home keeps its framework's behaviour: LangChain injects
                # `InjectedToolArg` only under ToolNode; LlamaIndex validates nothing
                continue
            ok = await call_target(target, native, {"n": 3}, context, mcp)
            assert not ok.error and ok.text == "3", ok.text
            out = await call_target(target, native, {"n": "x"}, context, mcp)
            assert out.error and SECRET not in out.text, out.text
            for forged in ({"n": 1, "api_key": "forged"}, {"n": 1, "caller": "forged"}):
                # refused, or run with the real secret (each tool asserts it got SECRET)
                out = await call_target(target, native, forged, context, mcp)
                assert SECRET not in out.text and (out.error or out.text == "1"), out.text


def test_mx_partial_is_refused_without_showing_its_values() -> None:
    import functools

    def f(q: str, api_key: str) -> str:
        return q

    with pytest.raises(TypeError) as info:
        interop.tool(functools.partial(f, api_key=SECRET), name="f")
    assert SECRET not in str(info.value) and "partial" in str(info.value)


# ------------------------------------------------------------------------------------------ approval

RAN: list[str] = []


def _guarded() -> Any:
    @interop.tool(meta={"requires_approval": True})
    async def wipe(path: str) -> str:
        """Delete everything under a path."""
        RAN.append(path)
        return "wiped"

    return wipe


def _deny(request: Any) -> bool:
    return False


@pytest.mark.anyio
async def test_mx_requires_approval_is_enforced_or_refused_on_every_path() -> None:
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from langchain_core.messages import AIMessage, HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from pydantic_ai import Agent as PAgent
    from pydantic_ai import DeferredToolRequests
    from pydantic_ai.messages import ModelResponse, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    from interop.mcp import build_server
    from interop.providers import OpenAIToolset

    tool = _guarded()
    RAN.clear()
    # refused where there is no native mechanism, unless a callback (here: deny) is given
    for make in (
        lambda **kw: convert("llamaindex", tool, **kw),
        lambda **kw: OpenAIToolset([tool], **kw),
        *((lambda **kw: convert("smolagents", tool, **kw)),) * ("smolagents" in FRAMEWORKS),
        *((lambda **kw: convert("google-genai", tool, **kw)),) * ("google-genai" in FRAMEWORKS),
        *((lambda **kw: convert("anthropic", tool, **kw)),) * ("anthropic" in FRAMEWORKS),
    ):
        with pytest.raises(ApprovalRequiredError):
            make()
        make(approval=_deny)
    for target in ("google-genai", "anthropic"):  # no confirmation step: the callback's denial
        if target in FRAMEWORKS:
            out = await call_target(target, convert(target, tool, approval=_deny), {"path": "/"}, None)
            assert out.error and "wipe" in out.text, out.text
    li = convert("llamaindex", tool, approval=_deny)
    assert (await li.acall(path="/")).is_error
    async with mcp_target([tool], approval=_deny) as mcp:
        assert (await mcp.call("wipe", {"path": "/"}, None)).error
    # MCP: served; each call asks the client's user (elicitation): a client that cannot ask is refused
    from mcp import Client

    for mode in ("legacy", "auto"):
        async with Client(build_server([tool]), mode=mode) as client:
            assert (await client.call_tool("wipe", {"path": "/"})).is_error
    # pydantic-ai: deferred (the run ends asking for approval)
    p_tool = convert("pydantic-ai", tool)
    assert p_tool.requires_approval
    model = FunctionModel(
        lambda m, i: ModelResponse(parts=[ToolCallPart("wipe", {"path": "/"}, tool_call_id="c1")])
    )
    result = await PAgent(model, tools=[p_tool], output_type=[str, DeferredToolRequests]).run("go")
    assert isinstance(result.output, DeferredToolRequests)
    # OpenAI Agents: the run is interrupted for approval
    o_tool = convert("openai-agents", tool)
    scripted = ScriptedModel([[function_call("wipe", {"path": "/"}, call_id="c1")], [assistant_message("x")]])
    run = await Runner.run(Agent(name="a", model=scripted, tools=[o_tool]), "go")
    assert run.interruptions
    # LangChain: a LangGraph interrupt pauses the agent run
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    class Fake(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self

    lc_model = Fake(
        messages=iter([AIMessage("", tool_calls=[{"name": "wipe", "args": {"path": "/"}, "id": "c1"}])])
    )
    agent = create_agent(lc_model, [convert("langchain", tool)], checkpointer=InMemorySaver())
    state = await agent.ainvoke({"messages": [HumanMessage("go")]}, {"configurable": {"thread_id": "t"}})
    assert state.get("__interrupt__")
    # Claude Agent SDK: a gated call runs only after can_use_tool allowed it (here: nobody did)
    if "claude-agent-sdk" in FRAMEWORKS:
        assert (await convert("claude-agent-sdk", tool).handler({"path": "/"}))["is_error"]
    # the flag travels: through MCP's _meta and back, and from native pydantic-ai / OpenAI Agents tools
    from agents import function_tool
    from pydantic_ai import Tool

    from interop.mcp import mcp_tools
    from interop.openai_agents import from_openai_agents
    from interop.pydantic_ai import from_pydantic_ai

    async def zap(path: str) -> str:
        """Zap a path."""
        RAN.append(path)
        return "zapped"

    async with mcp_tools(build_server([tool], allow_unapproved=True)) as remote:
        carried = [
            remote[0],
            from_pydantic_ai(Tool(zap, requires_approval=True)),
            from_openai_agents(function_tool(zap, needs_approval=True)),
        ]
        for neutral in carried:
            assert interop.bridge.requires_approval(neutral), neutral
            with pytest.raises(ApprovalRequiredError):
                convert("llamaindex", neutral)
            assert convert("pydantic-ai", neutral).requires_approval
            assert convert("openai-agents", neutral).needs_approval is not False
    assert RAN == []


# ------------------------------------------------------------------------------------------ cancellation


@pytest.mark.anyio
async def test_mx_cancelling_a_pydantic_ai_run_cancels_the_tool() -> None:
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    slow, state = slow_tool()
    model = FunctionModel(
        lambda m, i: ModelResponse(parts=[ToolCallPart("slow", {"n": 1}, tool_call_id="c1")])
    )
    await cancel_when_started(Agent(model, tools=[convert("pydantic-ai", slow)]).run("go"), state)


@pytest.mark.anyio
async def test_mx_cancelling_an_openai_agents_run_cancels_the_tool() -> None:
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call

    slow, state = slow_tool()
    model = ScriptedModel([[function_call("slow", {"n": 1}, call_id="c1")], [assistant_message("x")]])
    await cancel_when_started(
        Runner.run(Agent(name="a", model=model, tools=[convert("openai-agents", slow)]), "go"), state
    )


@pytest.mark.anyio
async def test_mx_cancelling_an_mcp_call_cancels_the_served_tool() -> None:
    slow, state = slow_tool()
    async with mcp_target([slow]) as mcp:
        await cancel_when_started(mcp.call("slow", {"n": 1}, None), state)


# ------------------------------------------------------------------------------------------ Haystack, DSPy


@pytest.mark.anyio
async def test_mx_requires_approval_is_enforced_or_refused_in_haystack_and_dspy() -> None:
    import fw_haystack
    from agents import function_tool
    from haystack.hooks.human_in_the_loop import (
        AlwaysAskPolicy,
        BlockingConfirmationStrategy,
        ConfirmationUIResult,
    )
    from pydantic_ai import Tool

    from interop.haystack import to_haystack
    from interop.openai_agents import from_openai_agents
    from interop.pydantic_ai import from_pydantic_ai

    class Rejects:
        def get_user_confirmation(self, tool_name: str, tool_description: str, tool_params: Any) -> Any:
            return ConfirmationUIResult(action="reject", feedback="not this one")

        def to_dict(self) -> dict[str, Any]:
            return {}

    async def zap(path: str) -> str:
        """Zap a path."""
        RAN.append(path)
        return "zapped"

    tool = _guarded()
    RAN.clear()
    carried = [
        from_pydantic_ai(Tool(zap, requires_approval=True)),
        from_openai_agents(function_tool(zap, needs_approval=True)),
    ]
    for target in ("haystack", "dspy"):
        # refused without a way to ask (DSPy has none; Haystack's is a confirmation strategy)
        for neutral in (tool, *carried):
            with pytest.raises(ApprovalRequiredError):
                convert(target, neutral)
        out = await call_target(target, convert(target, tool, approval=_deny), {"path": "/"}, None)
        assert out.error and "wipe" in out.text, out.text
    # Haystack's own confirmation strategy rejects inside a real Agent run
    strategy = BlockingConfirmationStrategy(confirmation_policy=AlwaysAskPolicy(), confirmation_ui=Rejects())
    out = await fw_haystack.call(to_haystack(tool, confirmation_strategy=strategy), {"path": "/"}, None)
    assert out.error and "not this one" in out.text, out.text
    assert RAN == []


@pytest.mark.anyio
async def test_mx_cancelling_a_haystack_agent_run_cancels_the_tool() -> None:
    import fw_haystack
    from haystack.components.agents import Agent
    from haystack.dataclasses import ChatMessage

    slow, state = slow_tool()
    agent = Agent(chat_generator=fw_haystack.OneCall("slow", {"n": 1}), tools=[convert("haystack", slow)])
    await cancel_when_started(agent.run_async(messages=[ChatMessage.from_user("go")]), state)


@pytest.mark.anyio
async def test_mx_cancelling_a_dspy_react_run_cancels_the_tool() -> None:
    slow, state = slow_tool()
    native = convert("dspy", slow)  # loads fw_dspy first (LiteLLM's offline cost map)
    import dspy
    from dspy.utils.dummies import DummyLM

    lm = DummyLM([{"next_thought": "t", "next_tool_name": "slow", "next_tool_args": {"n": 1}}])
    program = dspy.ReAct("question -> answer", tools=[native])
    with dspy.context(lm=lm):
        await cancel_when_started(program.acall(question="go"), state)


# ------------------------------------------------------------------------------------------ Google ADK, Genkit


@pytest.mark.anyio
async def test_mx_requires_approval_is_native_confirmation_in_google_adk_and_genkit() -> None:
    import fw_genkit
    from google.adk.agents import LlmAgent
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_response import LlmResponse
    from google.adk.runners import InMemoryRunner
    from google.adk.tools import FunctionTool
    from google.genai import types

    from interop.genkit import from_genkit, to_genkit
    from interop.google_adk import from_google_adk, to_google_adk

    tool = _guarded()
    RAN.clear()
    # ADK: the tool confirmation gate pauses the call (an `adk_request_confirmation` request)
    adk_tool = to_google_adk(tool)
    assert await adk_tool.check_require_confirmation({"path": "/"}, None) is True

    class OneCall(BaseLlm):
        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            call = types.FunctionCall(id="c1", name="wipe", args={"path": "/"})
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))

    runner = InMemoryRunner(agent=LlmAgent(name="a", model=OneCall(model="x"), tools=[adk_tool]))
    session = await runner.session_service.create_session(app_name=runner.app_name, user_id="u")
    names = []
    message = types.Content(role="user", parts=[types.Part(text="go")])
    async for event in runner.run_async(user_id="u", session_id=session.id, new_message=message):
        names += [p.function_call.name for p in event.content.parts or [] if p.function_call]
    assert "adk_request_confirmation" in names
    # Genkit: the generate is interrupted
    ai = fw_genkit.ai()

    async def one_call(request: Any, ctx: Any) -> Any:
        from genkit import Message, ModelResponse, Part, ToolRequest

        part = Part(tool_request=ToolRequest(name="wipe", input={"path": "/"}, ref="r1"))
        return ModelResponse(message=Message(role="model", content=[part]), finish_reason="stop")

    from genkit import ModelRequest

    one_call.__annotations__["request"] = ModelRequest  # Genkit reads the annotation object
    ai.define_model(name="approval-probe", fn=one_call)
    result = await ai.generate(model="approval-probe", prompt="go", tools=[to_genkit(tool)])
    assert result.finish_reason == "interrupted"
    # ADK's own confirmation flag travels as requires_approval, and is enforced elsewhere
    async def zap(path: str) -> str:
        """Zap a path."""
        RAN.append(path)
        return "zapped"

    neutral = from_google_adk(FunctionTool(zap, require_confirmation=True))
    assert interop.bridge.requires_approval(neutral)
    with pytest.raises(ApprovalRequiredError):
        convert("llamaindex", neutral)
    assert convert("pydantic-ai", neutral).requires_approval
    # a neutral tool with requires_approval keeps it through Genkit and back
    assert interop.bridge.requires_approval(from_genkit(to_genkit(tool, rename="wipe2")))
    assert RAN == []


@pytest.mark.anyio
async def test_mx_cancelling_an_adk_run_cancels_the_tool() -> None:
    import fw_google_adk  # noqa: F401
    from google.adk.agents import LlmAgent
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_response import LlmResponse
    from google.adk.runners import InMemoryRunner
    from google.genai import types

    slow, state = slow_tool()

    class OneCall(BaseLlm):
        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            call = types.FunctionCall(id="c1", name="slow", args={"n": 1})
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))

    runner = InMemoryRunner(agent=LlmAgent(name="a", model=OneCall(model="x"), tools=[convert("google-adk", slow)]))
    session = await runner.session_service.create_session(app_name=runner.app_name, user_id="u")

    async def drive() -> None:
        message = types.Content(role="user", parts=[types.Part(text="go")])
        async for _ in runner.run_async(user_id="u", session_id=session.id, new_message=message):
            pass

    await cancel_when_started(drive(), state)


@pytest.mark.anyio
async def test_mx_cancelling_a_genkit_generate_cancels_the_tool() -> None:
    import fw_genkit
    from genkit import Message, ModelResponse, Part, ToolRequest

    slow, state = slow_tool()
    ai = fw_genkit.ai()

    async def one_call(request: Any, ctx: Any) -> Any:
        part = Part(tool_request=ToolRequest(name="slow", input={"n": 1}, ref="r1"))
        return ModelResponse(message=Message(role="model", content=[part]), finish_reason="stop")

    from genkit import ModelRequest

    one_call.__annotations__["request"] = ModelRequest  # Genkit reads the annotation object
    ai.define_model(name="cancel-probe", fn=one_call)
    await cancel_when_started(
        ai.generate(model="cancel-probe", prompt="go", tools=[convert("genkit", slow)]), state
    )
