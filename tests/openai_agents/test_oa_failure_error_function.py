"""OpenAI Agents' `failure_error_function` on `to_openai_agents` is the neutral `errors=` (issue 37
item 4): the pipeline decides what the model reads, nothing catches after it. In the SDK's real
`Runner` loop (a scripted model), side by side with a native `@function_tool` under the same
setting: the model reads the same text, the run goes on (or ends, for `None`, as the native one's)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, RunConfig, RunContextWrapper, Runner, UserError, function_tool
from agents.run_config import ToolErrorFormatterArgs
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tool_context import ToolContext
from agents.tracing import set_tracing_disabled

import interop
from interop.openai_agents import to_openai_agents

set_tracing_disabled(True)

SEEN: list[tuple[str, str, Any]] = []


@interop.tool
def ship(weight: int) -> str:
    """Ship a parcel."""
    if weight > 20:
        raise RuntimeError("conveyor jammed")
    if weight > 10:
        raise interop.ToolError("parcels over 10 kg are refused")
    return "shipped"


def native_ship_with(failure: Any) -> Any:
    def native_ship(weight: int) -> str:
        """Ship a parcel (a native tool)."""
        if weight > 20:
            raise RuntimeError("conveyor jammed")
        raise ValueError("parcels over 10 kg are refused")

    if failure == "unset":
        return function_tool(native_ship)
    return function_tool(native_ship, failure_error_function=failure)


def sync_handler(ctx: RunContextWrapper[Any], e: Exception) -> str:
    SEEN.append((type(ctx).__name__, type(e).__name__, ctx.context))
    return f"sorry: {e}"


async def async_handler(ctx: RunContextWrapper[Any], e: Exception) -> str:
    await asyncio.sleep(0)
    SEEN.append((type(ctx).__name__, type(e).__name__, ctx.context))
    return f"sorry: {e}"


def script(*calls: tuple[str, Any]) -> ScriptedModel:
    turn = [function_call(n, a, call_id=f"c{i}") for i, (n, a) in enumerate(calls)]
    return ScriptedModel([turn, [assistant_message("done")]])


async def run(model: ScriptedModel, tools: list[Any], **kw: Any) -> dict[str, str]:
    """The run's function_call_output texts by call id (the run must end normally)."""
    result = await Runner.run(Agent(name="a", model=model, tools=tools), "go", **kw)
    assert result.final_output == "done"  # the loop went on
    items = model.calls[1].input
    return {
        i["call_id"]: i["output"]
        for i in items
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    }


@pytest.mark.anyio
@pytest.mark.parametrize("handler", [sync_handler, async_handler], ids=["sync", "async"])
async def test_a_function_reads_as_for_a_native_tool(handler: Any) -> None:
    SEEN.clear()
    model = script(("ship", {"weight": 12}), ("native_ship", {"weight": 12}), ("ship", {"weight": 30}))
    sent = await run(
        model,
        [to_openai_agents(ship, failure_error_function=handler), native_ship_with(handler)],
        context={"user": "ada"},
    )
    assert sent["c0"] == sent["c1"] == "sorry: parcels over 10 kg are refused"
    assert sent["c2"] == "sorry: conveyor jammed"
    # the function gets the call's ToolContext (the run context inside) and the tool's own
    # exception, as the native one does (the calls of a turn run concurrently: any order)
    assert sorted(SEEN, key=str) == sorted(
        [
            ("ToolContext", "ToolError", {"user": "ada"}),
            ("ToolContext", "ValueError", {"user": "ada"}),
            ("ToolContext", "RuntimeError", {"user": "ada"}),
        ],
        key=str,
    )


@pytest.mark.anyio
async def test_unset_reads_the_sdks_default_and_its_formatter_as_a_native_tool() -> None:
    model = script(("ship", {"weight": 30}), ("native_ship", {"weight": 30}), ("ship", {"weight": 12}))
    sent = await run(model, [to_openai_agents(ship), native_ship_with("unset")])
    assert sent["c0"] == sent["c1"] == "An error occurred while running the tool. Please try again."
    assert sent["c2"] == "Error from tool 'ship': parcels over 10 kg are refused"  # ToolError: ours

    def formatter(args: ToolErrorFormatterArgs[Any]) -> str:
        return f"{args.kind} in {args.tool_name}: {args.error}"

    model = script(("ship", {"weight": 30}), ("native_ship", {"weight": 30}))
    sent = await run(
        model,
        [to_openai_agents(ship), native_ship_with("unset")],
        run_config=RunConfig(tool_error_formatter=formatter),
    )
    assert sent["c0"] == "tool_exception in ship: conveyor jammed"
    assert sent["c1"] == "tool_exception in native_ship: conveyor jammed"


@pytest.mark.anyio
@pytest.mark.parametrize("which", ["ours", "native"])
async def test_none_ends_the_run_as_for_a_native_tool(which: str) -> None:
    tool = to_openai_agents(ship, failure_error_function=None) if which == "ours" else native_ship_with(None)
    model = script((tool.name, {"weight": 30}))
    with pytest.raises(UserError, match="conveyor jammed") as raised:
        await Runner.run(Agent(name="a", model=model, tools=[tool]), "go")
    assert isinstance(raised.value.__cause__, RuntimeError)
    if which == "ours":  # a ToolError is still the model's to read
        model = script(("ship", {"weight": 12}))
        assert (await run(model, [tool]))["c0"] == "Error from tool 'ship': parcels over 10 kg are refused"


@pytest.mark.anyio
async def test_bad_arguments_keep_their_text_and_a_failing_function_is_masked() -> None:
    SEEN.clear()
    sent = await run(
        script(("ship", {"weight": "heavy"})), [to_openai_agents(ship, failure_error_function=sync_handler)]
    )
    assert sent["c0"].startswith("Invalid arguments for tool 'ship'") and "weight" in sent["c0"]
    assert SEEN == []  # the model can correct them: the function is not asked

    async def broken(ctx: RunContextWrapper[Any], e: Exception) -> str:
        raise KeyError("the handler's own bug")

    sent = await run(
        script(("ship", {"weight": 30})), [to_openai_agents(ship, failure_error_function=broken)]
    )
    assert sent["c0"] == "Error from tool 'ship': the tool failed with an internal error."


def test_errors_and_failure_error_function_are_one_option() -> None:
    with pytest.raises(TypeError, match="errors= or failure_error_function="):
        to_openai_agents(ship, errors="all", failure_error_function=sync_handler)
    with pytest.raises(TypeError, match="errors= or failure_error_function="):
        to_openai_agents(ship, errors="masked", failure_error_function=None)


@pytest.mark.anyio
async def test_called_outside_a_run_the_policy_still_applies() -> None:
    tool = to_openai_agents(ship, failure_error_function=async_handler)
    ctx = ToolContext(None, tool_name="ship", tool_call_id="c", tool_arguments='{"weight": 30}')
    assert await tool.on_invoke_tool(ctx, '{"weight": 30}') == "sorry: conveyor jammed"
