"""MCP tasks both ways, both protocol generations, with the real SDK client and server.

Serving: a tool with `meta["task"]` answers `tools/call` with a task handle; `tasks/get` shows its
status (progress as `statusMessage`), `tasks/result` / the 2026-07-28 `result` field its result,
`tasks/cancel` stops it; a task-only tool refuses a plain call; the approval question comes before
the task exists. Consuming: `from_mcp` drives a task tool to its result (`task_required="run"`),
cancels the remote task when the local call is cancelled, and a LangChain and a pydantic-ai loop
call a served task tool like any other.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import mcp.types as mt
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ConfigDict

import interop
from interop import ToolError
from interop.mcp import build_server, from_mcp, mcp_tools, tasks_extension

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]
RAN: list[str] = []
GATES: dict[str, asyncio.Event] = {}


@interop.tool(meta={"task": True, "read_only": True})
async def count(n: int) -> dict[str, int]:
    """Count slowly, reporting progress."""
    for i in range(n):
        interop.progress(i + 1, n, "counting")
        await asyncio.sleep(0.01)
    RAN.append(f"count {n}")
    return {"counted": n}


@interop.tool(meta={"task": True})
async def wait_for(gate: str) -> str:
    """Wait until the test opens the gate (or the task is cancelled)."""
    interop.progress(0, None, f"waiting for {gate}")
    try:
        await GATES[gate].wait()
    except asyncio.CancelledError:
        RAN.append(f"cancelled {gate}")
        raise
    RAN.append(f"opened {gate}")
    return f"{gate} opened"


@interop.tool(meta={"task": "optional"})
def either(x: int) -> int:
    """Runs as a task or not, as the client likes."""
    return x * 2


@interop.tool(meta={"task": True, "requires_approval": True})
def launch(target: str) -> str:
    """Launch something (asks first)."""
    RAN.append(f"launch {target}")
    return f"launched {target}"


class _Ack(BaseModel):
    model_config = ConfigDict(extra="allow")


class TaskIdParams(mt.RequestParams):
    task_id: str


class GetTask(mt.Request[TaskIdParams, str]):
    method: str = "tasks/get"
    params: TaskIdParams


class CancelTask(mt.Request[TaskIdParams, str]):
    method: str = "tasks/cancel"
    params: TaskIdParams


async def raw_start(client: Client, name: str, arguments: dict[str, Any]) -> str:
    """Start a task by hand (the 2025-11-25 `params.task`, or the 2026-07-28 extension)."""
    session = client.session
    if client.protocol_version == "2025-11-25":
        params = {"name": name, "arguments": arguments, "task": {"ttl": 60000}}
        created = await session._dispatcher.send_raw_request("tools/call", params, {})
        return str(created["task"]["taskId"])
    result = await session.call_tool(name, arguments, allow_claimed=True)
    return str(result.task_id)  # type: ignore[union-attr]


def new_gate(name: str) -> None:
    """Forget what ran; a closed gate `name` for `wait_for`."""
    RAN.clear()
    GATES[name] = asyncio.Event()


def task_extensions(mode: str) -> list[Any] | None:
    """What a raw client needs for tasks: the 2026-07-28 extension ("auto"), nothing on "legacy"."""
    return [tasks_extension()] if mode == "auto" else None


async def task_state(client: Client, task_id: str) -> dict[str, Any]:
    return (
        await client.session.send_request(GetTask(params=TaskIdParams(task_id=task_id)), _Ack)
    ).model_dump()


@pytest.mark.parametrize("mode", MODES)
async def test_a_task_tool_is_driven_to_its_result(mode: str) -> None:
    RAN.clear()
    async with mcp_tools(build_server([count, either]), mode=mode) as tools:
        by_name = {t.name: t for t in tools}
        assert by_name["count"].meta["task"] is True  # restored from our _meta
        assert await interop.acall(by_name["count"], {"n": 3}) == {"counted": 3}
        assert await interop.acall(by_name["either"], {"x": 4}) == 8
    assert RAN == ["count 3"]


@pytest.mark.parametrize("mode", MODES)
async def test_status_progress_and_result_seen_by_a_raw_client(mode: str) -> None:
    new_gate("g1")
    async with Client(build_server([wait_for]), mode=mode, extensions=task_extensions(mode)) as client:
        if mode == "legacy":
            assert client.server_capabilities.tasks is not None
            (listed,) = (await client.list_tools()).tools
            assert listed.execution is not None and listed.execution.task_support == "required"
        else:
            assert "io.modelcontextprotocol/tasks" in (client.server_capabilities.extensions or {})
        task_id = await raw_start(client, "wait_for", {"gate": "g1"})
        state = await task_state(client, task_id)
        assert state["status"] == "working" and state["statusMessage"] == "waiting for g1 (0)"
        GATES["g1"].set()
        for _ in range(200):
            state = await task_state(client, task_id)
            if state["status"] != "working":
                break
            await asyncio.sleep(0.01)
        assert state["status"] == "completed"
        if mode == "auto":  # 2026-07-28: the result rides on tasks/get
            assert state["result"]["content"][0]["text"] == "g1 opened"
    assert RAN == ["opened g1"]


@pytest.mark.parametrize("mode", MODES)
async def test_a_task_only_tool_refuses_a_plain_call(mode: str) -> None:
    async with Client(build_server([count]), mode=mode) as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("count", {"n": 1})
    assert caught.value.code == (-32601 if mode == "legacy" else -32021)


async def test_a_modern_client_without_the_extension_gets_a_tool_error_saying_so() -> None:
    async with Client(build_server([count]), mode="auto") as client:
        (tool,) = await from_mcp(client)
        with pytest.raises(ToolError, match="-32021"):
            await interop.acall(tool, {"n": 1})


@pytest.mark.parametrize("mode", MODES)
async def test_cancel_stops_the_running_tool(mode: str) -> None:
    new_gate("g2")
    async with Client(build_server([wait_for]), mode=mode, extensions=task_extensions(mode)) as client:
        task_id = await raw_start(client, "wait_for", {"gate": "g2"})
        await asyncio.sleep(0.02)
        await client.session.send_request(CancelTask(params=TaskIdParams(task_id=task_id)), _Ack)
        state = await task_state(client, task_id)
        assert state["status"] == "cancelled"
    assert RAN == ["cancelled g2"]


@pytest.mark.parametrize("mode", MODES)
async def test_a_local_call_cancelled_cancels_the_remote_task(mode: str) -> None:
    new_gate("g3")
    async with mcp_tools(build_server([wait_for]), mode=mode) as tools:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(interop.acall(tools[0], {"gate": "g3"}), 0.3)
        for _ in range(100):
            if RAN:
                break
            await asyncio.sleep(0.01)
    assert RAN == ["cancelled g3"]


async def test_tasks_are_not_visible_across_callers_and_unknown_ids_are_refused() -> None:
    async with Client(build_server([count]), mode="legacy") as client:
        with pytest.raises(MCPError, match="unknown task"):
            await task_state(client, "not-a-task")


@pytest.mark.parametrize("mode", MODES)
async def test_approval_is_asked_before_the_task_and_a_denial_never_runs(mode: str) -> None:
    RAN.clear()
    asked: list[str] = []

    def yes_for_moon(request: Any) -> bool:
        asked.append(json.dumps(dict(request.arguments or {})))
        return bool(request.arguments and request.arguments.get("target") == "moon")

    async with mcp_tools(build_server([launch]), mode=mode, elicitation=yes_for_moon) as tools:
        # the server asks (elicitation); the calling code does not ask a second time
        assert await interop.acall(tools[0], {"target": "moon"}, allow_unapproved=True) == "launched moon"
        with pytest.raises(ToolError, match="not approved"):
            await interop.acall(tools[0], {"target": "mars"}, allow_unapproved=True)
    assert RAN == ["launch moon"]
    assert asked == ['{"target": "moon"}', '{"target": "mars"}']


async def test_a_served_task_tool_in_langchain_and_pydantic_ai_loops() -> None:
    pytest.importorskip("interop.langchain")
    pytest.importorskip("interop.pydantic_ai")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.langchain import to_langchain
    from interop.pydantic_ai import to_pydantic_ai

    class ScriptedChat(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self.bind(tools=[convert_to_openai_tool(t) for t in tools])

    RAN.clear()
    async with mcp_tools(build_server([count])) as tools:
        call = {"name": "count", "args": {"n": 2}, "id": "c1", "type": "tool_call"}
        model = ScriptedChat(
            messages=iter([AIMessage(content="", tool_calls=[call]), AIMessage(content="ok")])
        )
        out = await create_agent(model, [to_langchain(t) for t in tools]).ainvoke(
            {"messages": [HumanMessage("go")]}
        )
        (message,) = [m for m in out["messages"] if isinstance(m, ToolMessage)]
        assert json.loads(str(message.content)) == {"counted": 2}

        returns: list[ToolReturnPart] = []

        def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
            returns.extend(p for p in messages[-1].parts if isinstance(p, ToolReturnPart))
            if len(messages) == 1:
                return ModelResponse(parts=[ToolCallPart("count", {"n": 3}, tool_call_id="p1")])
            return ModelResponse(parts=[TextPart("ok")])

        result = await Agent(FunctionModel(fn), tools=[to_pydantic_ai(t) for t in tools]).run("go")
        assert result.output == "ok" and json.loads(str(returns[0].content)) == {"counted": 3}
        assert returns[0].metadata == {"counted": 3}  # the structured value, for the application
    assert RAN == ["count 2", "count 3"]


async def test_a_served_task_tool_in_llamaindex_and_openai_agents_loops() -> None:
    pytest.importorskip("interop.llamaindex")
    pytest.importorskip("interop.openai_agents")
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop.llamaindex import to_llamaindex
    from interop.openai_agents import to_openai_agents

    RAN.clear()
    for mode in MODES:
        turns: list[int] = []

        def llm(messages: Any, **kwargs: Any) -> ChatMessage:
            turns.append(1)
            if len(turns) == 1:
                call = ToolCallBlock(tool_call_id="l1", tool_name="count", tool_kwargs={"n": 2})
                return ChatMessage(role=MessageRole.ASSISTANT, blocks=[call])
            return ChatMessage(role=MessageRole.ASSISTANT, content="ok")

        async with mcp_tools(build_server([count]), mode=mode) as tools:
            agent = FunctionAgent(
                tools=[to_llamaindex(t) for t in tools], llm=MockFunctionCallingLLM(response_generator=llm)
            )
            handler = agent.run(user_msg="go")
            (event,) = [e async for e in handler.stream_events() if isinstance(e, ToolCallResult)]
            assert str((await handler).response.content) == "ok"
            assert not event.tool_output.is_error and event.tool_output.raw_output == {"counted": 2}

            set_tracing_disabled(True)
            model = ScriptedModel(
                [[function_call("count", {"n": 3}, call_id="o1")], [assistant_message("ok")]]
            )
            result = await Runner.run(
                Agent(name="a", model=model, tools=[to_openai_agents(t) for t in tools]), "go"
            )
            assert result.final_output == "ok"
            (output,) = [
                i["output"]
                for i in model.calls[1].input
                if isinstance(i, dict) and i.get("type") == "function_call_output"
            ]
            assert json.loads(str(output)) == {"counted": 3}
    assert RAN == ["count 2", "count 3"] * 2


def test_meta_task_must_be_a_known_value() -> None:
    @interop.tool(meta={"task": "sometimes"})
    def odd() -> str:
        """Odd."""
        return ""

    with pytest.raises(ValueError, match="meta\\['task'\\] must be True, False or 'optional'"):
        build_server([odd])


class Tokens:
    """Two callers with their own subjects."""

    async def verify_token(self, token: str) -> Any:
        from mcp.server.auth.provider import AccessToken

        subjects = {"tok-ada": "ada", "tok-bob": "bob"}
        if token not in subjects:
            return None
        return AccessToken(token=token, client_id="app", scopes=[], subject=subjects[token])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("stateless", [False, True])
async def test_over_http_tasks_belong_to_their_caller(mode: str, stateless: bool) -> None:
    """Streamable HTTP (stateful and stateless): ada's task runs to its result through her own
    later requests; bob, on another session, cannot see or cancel it."""
    import httpx2
    from mcp.client.streamable_http import streamable_http_client
    from mcp_sample_server import free_port, http_server_thread

    from interop.mcp import asgi_app

    def as_user(url: str, token: str) -> Any:
        client = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
        return streamable_http_client(url, http_client=client)

    new_gate("g4")
    app = asgi_app([count, wait_for], stateless=stateless, token_verifier=Tokens())
    extensions = task_extensions(mode)
    with http_server_thread(app, free_port()) as url:
        async with mcp_tools(as_user(url, "tok-ada"), mode=mode) as tools:
            assert await interop.acall({t.name: t for t in tools}["count"], {"n": 2}) == {"counted": 2}
        async with Client(as_user(url, "tok-ada"), mode=mode, extensions=extensions) as ada:
            task_id = await raw_start(ada, "wait_for", {"gate": "g4"})
            async with Client(as_user(url, "tok-bob"), mode=mode, extensions=extensions) as bob:
                with pytest.raises(MCPError, match="unknown task"):
                    await task_state(bob, task_id)
                with pytest.raises(MCPError, match="unknown task"):
                    await bob.session.send_request(CancelTask(params=TaskIdParams(task_id=task_id)), _Ack)
            assert (await task_state(ada, task_id))["status"] == "working"
            await ada.session.send_request(CancelTask(params=TaskIdParams(task_id=task_id)), _Ack)
            assert (await task_state(ada, task_id))["status"] == "cancelled"
    assert RAN == ["count 2", "cancelled g4"]


@pytest.mark.parametrize("mode", MODES)
async def test_task_tools_added_by_two_add_tools_calls_share_one_store(mode: str) -> None:
    """A second `add_tools` on a serving server: the first call's task tools keep working."""
    from interop.mcp import add_tools

    RAN.clear()
    server = build_server([count])
    add_tools(server, [launch], allow_unapproved=True)
    async with mcp_tools(server, mode=mode) as tools:
        by_name = {t.name: t for t in tools}
        assert await interop.acall(by_name["count"], {"n": 1}) == {"counted": 1}
        assert (
            await interop.acall(by_name["launch"], {"target": "sea"}, allow_unapproved=True) == "launched sea"
        )
    assert RAN == ["count 1", "launch sea"]
