"""Neutral tools converted with `to_openai_agents` in real `Runner` runs (scripted offline model)."""

from __future__ import annotations

import asyncio
import copy
import json
import threading
from typing import Annotated, Any

import pytest
from agents import Agent, FunctionTool, Runner, UserError
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tool import set_function_tool_failure_error_function
from agents.tool_context import ToolContext
from agents.tracing import set_tracing_disabled
from approval_tools import RAN, wipe

import interop
import interop.bridge
from interop import FromContext, ToolError
from interop.errors import ToolNameError
from interop.openai_agents import to_openai_agents, to_openai_agents_tools

set_tracing_disabled(True)


def outputs(model: ScriptedModel, turn: int) -> list[dict[str, Any]]:
    """The function_call_output items the model received on `turn`."""
    return [
        i for i in model.calls[turn].input if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]


def script(*calls: tuple[str, Any]) -> ScriptedModel:
    steps: list[Any] = [[function_call(n, a, call_id=f"call_{i}")] for i, (n, a) in enumerate(calls)]
    steps.append([assistant_message("done")])
    return ScriptedModel(steps)


def make_add(log: list[Any]) -> interop.StandardTool[Any, Any, Any]:
    @interop.tool
    def add(a: int, b: int, ctx: Annotated[Any, FromContext] = None) -> dict[str, int]:
        """Add two integers.

        Args:
            a: First addend.
            b: Second addend.
        """
        log.append((a, b, ctx))
        return {"sum": a + b}

    return add


@pytest.mark.anyio
async def test_runner_run_args_context_and_json_result() -> None:
    log: list[Any] = []
    native = to_openai_agents(make_add(log))
    assert isinstance(native, FunctionTool)
    assert native.name == "add"
    assert native.description == "Add two integers."
    assert native.params_json_schema["properties"]["a"] == {"type": "integer", "description": "First addend."}
    deps = {"user": "u1"}
    model = script(("add", {"a": 2, "b": 3}))
    result = await Runner.run(Agent(name="a", model=model, tools=[native]), "add", context=deps)
    assert result.final_output == "done"
    assert log == [(2, 3, deps)]
    assert log[0][2] is deps  # the run context object itself
    out = outputs(model, 1)
    assert out == [{"call_id": "call_0", "output": '{"sum":5}', "type": "function_call_output"}]
    assert json.loads(out[0]["output"]) == {"sum": 5}


def test_runner_run_sync_with_sync_and_async_tools() -> None:
    log: list[Any] = []

    @interop.tool
    async def shout(text: str) -> list[str]:
        """Upper-case a text."""
        await asyncio.sleep(0)
        return [text.upper()]

    tools = to_openai_agents_tools([make_add(log), shout])
    model = script(("add", {"a": 1, "b": 1}), ("shout", {"text": "hi"}))
    result = Runner.run_sync(Agent(name="a", model=model, tools=tools), "go", context="CTX")
    assert result.final_output == "done"
    assert log == [(1, 1, "CTX")]
    assert outputs(model, 1)[-1]["output"] == '{"sum":2}'
    assert outputs(model, 2)[-1]["output"] == '["HI"]'


@pytest.mark.anyio
async def test_context_hook_receives_tool_context() -> None:
    log: list[Any] = []
    seen: list[ToolContext[Any]] = []

    def hook(ctx: ToolContext[Any]) -> dict[str, Any]:
        seen.append(ctx)
        return {"call": ctx.tool_call_id, "tool": ctx.tool_name, "user": ctx.context["user"]}

    native = to_openai_agents(make_add(log), context=hook)
    model = script(("add", {"a": 1, "b": 2}))
    await Runner.run(Agent(name="a", model=model, tools=[native]), "x", context={"user": "ann"})
    assert log == [(1, 2, {"call": "call_0", "tool": "add", "user": "ann"})]
    assert isinstance(seen[0], ToolContext)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("{not json", ["Invalid JSON arguments for tool 'add'", "call the tool again"]),
        ({"a": "two", "b": 1}, ["Invalid arguments for tool 'add'", "a: Input should be a valid integer"]),
        ({"a": 1}, ["Invalid arguments for tool 'add'", "b: Field required"]),
        ({"a": 1, "b": 2, "c": 3}, ["Invalid arguments for tool 'add'", "c: Extra inputs are not permitted"]),
    ],
)
async def test_bad_arguments_reach_the_model_and_the_run_finishes(
    arguments: Any, expected: list[str]
) -> None:
    log: list[Any] = []
    native = to_openai_agents(make_add(log))
    model = script(("add", arguments), ("add", {"a": 4, "b": 4}))
    result = await Runner.run(Agent(name="a", model=model, tools=[native]), "x")
    assert result.final_output == "done"
    error = outputs(model, 1)[-1]["output"]
    for part in expected:
        assert part in error
    assert log == [(4, 4, None)]  # never called with the bad input; the corrected call went through


@pytest.mark.anyio
async def test_tool_error_and_other_exceptions() -> None:
    @interop.tool
    def fragile(kind: str) -> str:
        """Fail on purpose."""
        if kind == "tool":
            raise ToolError("the record is locked, try another id")
        raise RuntimeError("secret internals")

    model = script(("fragile", {"kind": "tool"}), ("fragile", {"kind": "bug"}))
    await Runner.run(Agent(name="a", model=model, tools=[to_openai_agents(fragile)]), "x")
    assert (
        outputs(model, 1)[-1]["output"] == "Error from tool 'fragile': the record is locked, try another id"
    )
    # other exceptions: the SDK's default failure message, details not shown to the model
    assert outputs(model, 2)[-1]["output"] == "An error occurred while running the tool. Please try again."

    def custom(ctx: Any, exc: Exception) -> str:
        return f"custom: {type(exc).__name__}: {exc}"

    model = script(("fragile", {"kind": "bug"}))
    await Runner.run(
        Agent(name="a", model=model, tools=[to_openai_agents(fragile, failure_error_function=custom)]), "x"
    )
    assert outputs(model, 1)[-1]["output"] == "custom: RuntimeError: secret internals"

    model = script(("fragile", {"kind": "bug"}))
    agent = Agent(name="a", model=model, tools=[to_openai_agents(fragile, failure_error_function=None)])
    with pytest.raises(
        UserError, match="secret internals"
    ) as raised:  # the SDK's wrapping, as for @function_tool
        await Runner.run(agent, "x")
    assert isinstance(raised.value.__cause__, RuntimeError)


@pytest.mark.anyio
async def test_requires_approval_interrupts_until_approved() -> None:
    RAN.clear()
    native = to_openai_agents(wipe)
    assert native.needs_approval is True
    model = script(("wipe", {"path": "/tmp/x"}))
    agent = Agent(name="a", model=model, tools=[native])
    first = await Runner.run(agent, "x")
    assert RAN == []
    assert len(first.interruptions) == 1
    assert first.interruptions[0].tool_name == "wipe"
    state = first.to_state()
    state.approve(first.interruptions[0])
    second = await Runner.run(agent, state)
    assert RAN == ["/tmp/x"]
    assert second.final_output == "done"
    assert outputs(model, 1)[-1]["output"] == "wiped /tmp/x"


@pytest.mark.anyio
async def test_rejected_call_never_executes() -> None:
    RAN.clear()
    model = script(("wipe", {"path": "/etc"}))
    agent = Agent(name="a", model=model, tools=[to_openai_agents(wipe)])
    first = await Runner.run(agent, "x")
    state = first.to_state()
    state.reject(first.interruptions[0])
    second = await Runner.run(agent, state)
    assert RAN == []
    assert second.final_output == "done"
    assert "not approved" in outputs(model, 1)[-1]["output"]


@pytest.mark.anyio
async def test_sync_tool_runs_in_a_worker_thread_by_default() -> None:
    threads: list[str] = []

    @interop.tool
    def where() -> str:
        """Report the thread."""
        threads.append(threading.current_thread().name)
        return "ok"

    for in_thread in (True, False):
        model = script(("where", {}))
        native = to_openai_agents(where, sync_in_thread=in_thread)
        await Runner.run(Agent(name="a", model=model, tools=[native]), "x")
    assert threads[0] != threading.current_thread().name
    assert threads[1] == threading.current_thread().name


def test_names_are_checked_and_renamed() -> None:
    tool = interop.standard_tool(name="files.read", description="Read.", execute=lambda i: i)
    with pytest.raises(ToolNameError, match=r"files\.read"):
        to_openai_agents(tool)
    assert to_openai_agents(tool, name="files_read").name == "files_read"
    assert to_openai_agents(tool, rename=lambda n: n.replace(".", "_")).name == "files_read"
    assert [t.name for t in to_openai_agents_tools([tool], rename={"files.read": "read"})] == ["read"]
    with pytest.raises(ToolNameError, match="two tools"):
        to_openai_agents_tools([tool, tool], rename={"files.read": "read"})


def test_title_and_meta_survive_on_the_stash() -> None:
    @interop.tool(title="Add numbers", meta={"tags": ["math"], "owner": object()})
    def add(a: int) -> int:
        """Add."""
        return a

    native = to_openai_agents(add)
    assert native._mcp_title == "Add numbers"
    assert interop.bridge.get_origin(native) is add


@pytest.mark.anyio
async def test_timeout_and_copies_keep_behaviour() -> None:
    @interop.tool
    async def slow() -> str:
        """Sleep."""
        await asyncio.sleep(5)
        return "late"

    native = to_openai_agents(slow, timeout=0.05)
    model = script(("slow", {}))
    await Runner.run(Agent(name="a", model=model, tools=[native]), "x")
    assert outputs(model, 1)[-1]["output"] == "Tool 'slow' timed out after 0.05 seconds."

    @interop.tool
    def broken() -> str:
        """Fail."""
        raise RuntimeError("x")

    original = to_openai_agents(broken, failure_error_function=lambda ctx, e: "original policy")
    clone = copy.copy(original)
    set_function_tool_failure_error_function(clone, lambda ctx, e: "clone policy")
    assert interop.bridge.get_origin(clone) is broken
    ctx = ToolContext(None, tool_name="broken", tool_call_id="c", tool_arguments="{}")
    assert await original.on_invoke_tool(ctx, "{}") == "original policy"
    assert await clone.on_invoke_tool(ctx, "{}") == "clone policy"  # each copy follows its own policy
