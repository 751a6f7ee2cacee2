"""Converted tools inside REAL LlamaIndex agent workflows (`FunctionAgent`, `AgentWorkflow`),
driven offline by `MockFunctionCallingLLM` with a scripted response generator.

No `from __future__ import annotations` here: LlamaIndex finds a native tool's `ctx: Context`
parameter by its runtime annotation, which a string annotation would hide.
"""

import json
from collections.abc import Sequence
from typing import Annotated, Any

import pytest
from llama_index.core.agent.workflow import AgentWorkflow, FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.tools import FunctionTool
from llama_index.core.workflow import Context
from pydantic import BaseModel, ConfigDict, Field

import interop
from interop import FromContext, ToolError
from interop.llamaindex import CONTEXT_KEY, from_llamaindex, to_llamaindex

Step = list[tuple[str, dict[str, Any]]] | str


class Recorder:
    """A scripted model: pops one step per turn and records what the agent sent it."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = iter(steps)
        self.tools_seen: list[list[dict[str, Any]]] = []
        self.messages_seen: list[list[ChatMessage]] = []

    def __call__(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        # what a real integration sends: tool.metadata.to_openai_tool(skip_length_check=True)
        self.tools_seen.append(
            [t.metadata.to_openai_tool(skip_length_check=True) for t in kwargs.get("tools", [])]
        )
        self.messages_seen.append(list(messages))
        turn = len(self.messages_seen)
        step = next(self.steps)
        if isinstance(step, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=step)
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[
                ToolCallBlock(tool_call_id=f"t{turn}_{i}_{name}", tool_name=name, tool_kwargs=kw)
                for i, (name, kw) in enumerate(step)
            ],
        )

    def tool_messages(self, turn: int) -> list[str]:
        return [m.content or "" for m in self.messages_seen[turn] if m.role == MessageRole.TOOL]


async def run_agent(agent: Any, **kwargs: Any) -> tuple[Any, list[ToolCallResult]]:
    handler = agent.run(user_msg="go", **kwargs)
    results = [ev async for ev in handler.stream_events() if isinstance(ev, ToolCallResult)]
    return await handler, results


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sku: str
    qty: int = Field(gt=0)


CALLS: list[Any] = []


@interop.tool
def place_order(items: list[Item], note: str = "") -> dict[str, Any]:
    """Place an order for some items."""
    CALLS.append(items)
    return {"count": sum(i.qty for i in items), "skus": [i.sku for i in items], "note": note}


@interop.tool
async def lookup(city: str) -> dict[str, Any]:
    """Look up a city (async)."""
    if city == "Atlantis":
        raise ToolError("no such city: try a real one")
    return {"city": city, "population": 1000}


@pytest.mark.anyio
async def test_function_agent_runs_converted_tools() -> None:
    CALLS.clear()
    model = Recorder(
        [
            [
                ("place_order", {"items": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 3}]}),
                ("lookup", {"city": "Oslo"}),
            ],
            [("place_order", {"items": [{"sku": "a", "qty": 0}]}), ("lookup", {"city": "Atlantis"})],
            "done",
        ]
    )
    tools = [to_llamaindex(place_order), to_llamaindex(lookup)]
    assert all(isinstance(t, FunctionTool) for t in tools)
    agent = FunctionAgent(tools=tools, llm=MockFunctionCallingLLM(response_generator=model))
    result, events = await run_agent(agent)

    assert str(result.response.content) == "done"
    assert len(events) == 4
    outputs = {e.tool_id: e.tool_output for e in events}  # parallel calls finish in any order
    o1, o2 = outputs["t1_0_place_order"], outputs["t1_1_lookup"]
    e1, e2 = outputs["t2_0_place_order"], outputs["t2_1_lookup"]
    # the tool got the model's arguments (validated once, by the neutral tool) and the model gets JSON
    assert json.loads(o1.content) == {"count": 5, "skus": ["a", "b"], "note": ""}
    assert o1.raw_output == {"count": 5, "skus": ["a", "b"], "note": ""}
    assert json.loads(o2.content) == {"city": "Oslo", "population": 1000}
    assert not o1.is_error and not o2.is_error
    # bad argument: an error output naming the tool and the field; the function never ran with it
    assert e1.is_error and "place_order" in e1.content and "items.0.qty" in e1.content
    assert len(CALLS) == 1
    # ToolError: an error output with the tool's message
    assert e2.is_error and "no such city: try a real one" in e2.content
    # the results reached the model as JSON text, the errors as their messages
    seen = [json.loads(m) for m in model.tool_messages(1)]
    assert {"count": 5, "skus": ["a", "b"], "note": ""} in seen
    assert any("items.0.qty" in m for m in model.tool_messages(2))


@pytest.mark.anyio
async def test_schema_the_model_sees_is_the_neutral_schema() -> None:
    model = Recorder(["ok"])
    tool = to_llamaindex(place_order)
    agent = FunctionAgent(tools=[tool], llm=MockFunctionCallingLLM(response_generator=model))
    await run_agent(agent)
    (sent,) = model.tools_seen[0]
    params = sent["function"]["parameters"]
    assert sent["function"]["name"] == "place_order"
    assert params == interop.input_json_schema(place_order)
    assert params["$defs"]["Item"]["additionalProperties"] is False  # LlamaIndex would keep this one...
    # ...but drops top-level keys by default: ours survive
    strict = interop.standard_tool(
        name="strict",
        description="d",
        execute=lambda x: x,
        input_schema={
            "type": "object",
            "title": "Args",
            "description": "arguments",
            "properties": {"q": {"type": "string"}},
            "additionalProperties": False,
        },
    )
    p2 = to_llamaindex(strict).metadata.to_openai_tool()["function"]["parameters"]
    assert p2["additionalProperties"] is False and p2["title"] == "Args" and p2["description"] == "arguments"
    assert not any("interop" in k for k in json.dumps(params).split('"'))  # the hidden ctx param stays hidden


@pytest.mark.anyio
async def test_context_reaches_execute_from_the_workflow_store() -> None:
    seen: list[Any] = []

    @interop.tool
    def whoami(prefix: str, deps: Annotated[dict[str, str], FromContext]) -> str:
        """Who is calling."""
        seen.append(deps)
        return f"{prefix}:{deps['user']}"

    deps = {"user": "u-7"}
    model = Recorder([[("whoami", {"prefix": "hi"})], "bye"])
    agent = FunctionAgent(tools=[to_llamaindex(whoami)], llm=MockFunctionCallingLLM(response_generator=model))
    ctx: Context[Any] = Context(agent)
    await ctx.store.set(CONTEXT_KEY, deps)
    _, events = await run_agent(agent, ctx=ctx)
    assert events[0].tool_output.content == "hi:u-7"
    assert seen[0] == deps  # LlamaIndex serializes the store when a run starts: by value, JSON only


@pytest.mark.anyio
async def test_context_hook_receives_the_workflow_context() -> None:
    got: list[Any] = []

    @interop.tool
    async def whoami(deps: Annotated[Any, FromContext] = None) -> str:
        """Who is calling."""
        return str(deps)

    async def from_state(ctx: Context[Any] | None) -> Any:
        got.append(ctx)
        assert ctx is not None
        state = await ctx.store.get("state")
        return state["user_id"]

    model = Recorder([[("whoami", {})], "bye"])
    tool = to_llamaindex(whoami, context=from_state)
    agent = FunctionAgent(
        tools=[tool], llm=MockFunctionCallingLLM(response_generator=model), initial_state={"user_id": "u-9"}
    )
    _, events = await run_agent(agent)
    assert events[0].tool_output.content == "u-9"
    assert isinstance(got[0], Context)


@pytest.mark.anyio
async def test_model_cannot_set_the_context_through_arguments() -> None:
    @interop.tool
    def echo(deps: Annotated[Any, FromContext] = None) -> str:
        """Echo the context."""
        return repr(deps)

    tool = to_llamaindex(echo)
    model = Recorder([[("echo", {tool.ctx_param_name: "evil"})], "bye"])  # type: ignore[attr-defined]
    agent = FunctionAgent(tools=[tool], llm=MockFunctionCallingLLM(response_generator=model))
    _, events = await run_agent(agent)
    assert events[0].tool_output.content == "None"  # the agent's Context replaced the value; store empty


@pytest.mark.anyio
async def test_other_exceptions_follow_llamaindex_and_return_direct_stops() -> None:
    @interop.tool
    def broken(x: int) -> int:
        """Always breaks."""
        raise RuntimeError("disk on fire")

    @interop.tool(meta={"return_direct": True})
    def finish(answer: str) -> dict[str, str]:
        """Final answer."""
        return {"answer": answer}

    model = Recorder([[("broken", {"x": 1})], [("finish", {"answer": "42"})], "never reached"])
    agent = FunctionAgent(
        tools=[to_llamaindex(broken), to_llamaindex(finish)],
        llm=MockFunctionCallingLLM(response_generator=model),
    )
    result, events = await run_agent(agent)
    assert events[0].tool_output.is_error and "disk on fire" in events[0].tool_output.content
    assert json.loads(str(result.response.content)) == {"answer": "42"}
    assert result.raw == {"answer": "42"}


@pytest.mark.anyio
async def test_native_tools_travel_through_neutral_into_an_agent_workflow() -> None:
    async def whoami(ctx: Context, prefix: str) -> str:  # type: ignore[type-arg]
        """Return the user from the workflow state."""
        state = await ctx.store.get("state")
        return f"{prefix}:{state['user_id']}"

    def multiply(a: int, b: int) -> int:
        """Multiply two integers."""
        return a * b

    natives = [FunctionTool.from_defaults(whoami), FunctionTool.from_defaults(multiply)]
    neutral = [from_llamaindex(t) for t in natives]
    # renamed on the way back, so they are new LlamaIndex tools running the neutral ones
    tools = [to_llamaindex(t, name=f"x_{t.name}") for t in neutral]
    assert all(t is not n for t, n in zip(tools, natives, strict=True))
    model = Recorder(
        [
            [
                ("x_whoami", {"prefix": "hi"}),
                ("x_multiply", {"a": 6, "b": 7}),
                ("x_multiply", {"a": "6", "b": 2}),
            ],
            "ok",
        ]
    )
    workflow = AgentWorkflow.from_tools_or_functions(
        tools, llm=MockFunctionCallingLLM(response_generator=model), initial_state={"user_id": "u-1"}
    )
    _, events = await run_agent(workflow)
    outs = [e.tool_output for e in events]
    assert outs[0].content == "hi:u-1"  # the native ctx tool got the agent's own Context
    assert outs[1].content == "42" and outs[1].raw_output == 42
    # LlamaIndex alone would have called multiply("6", 2) -> "66"; the neutral wrapper refuses it
    assert outs[2].is_error and "'6' is not of type 'integer'" in outs[2].content and "a" in outs[2].content


class _LiveHandle:
    """Not JSON-serializable: what a DB handle or client looks like to the workflow store."""

    def __init__(self, user: str) -> None:
        self.user = user


@pytest.mark.anyio
async def test_run_context_passes_a_live_object_by_identity() -> None:
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop import FromContext, tool
    from interop.llamaindex import run_context, to_llamaindex

    seen: list[object] = []

    @tool
    def who(ctx: Annotated[object, FromContext] = None) -> str:
        """Who is calling."""
        seen.append(ctx)
        return getattr(ctx, "user", "nobody")

    steps = iter([[("who", {})], [("who", {})], "done"])

    def respond(messages: Any, **kwargs: Any) -> ChatMessage:
        step = next(steps)
        if isinstance(step, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=step)
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[ToolCallBlock(tool_call_id=f"c{len(seen)}", tool_name=n, tool_kwargs=k) for n, k in step],
        )

    agent = FunctionAgent(tools=[to_llamaindex(who)], llm=MockFunctionCallingLLM(response_generator=respond))
    handle = _LiveHandle("ann")
    with run_context(handle):
        handler = agent.run(user_msg="who am I?")
    result = await handler  # awaited outside the block: the run's tasks kept the value
    assert str(result.response.content) == "done"
    assert seen == [handle, handle] and seen[0] is handle
