"""Policies and middleware inside LangChain's real agent loop (`langchain.agents.create_agent`,
LangGraph's ToolNode), driven by the scripted offline chat model of tests/langchain/conftest.py
(issue 39 Show): a timeout is a tool error the model reads and the run goes on, an output budget cuts
what the model reads while the artifact keeps the whole value, a middleware that raises is a tool
error (never its message) and the tool never ran."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

import policy_tools
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage
from policy_tools import EVENTS, LEDGER, Buggy, catalogue, concurrency_probe, crawl, flaky_quote, pay, reset

import interop
from interop import policies
from interop.langchain import to_langchain

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def _reset() -> None:
    reset()


def _tool_messages(out: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in out["messages"] if isinstance(m, ToolMessage)]


async def test_a_timeout_is_a_tool_error_and_the_run_goes_on(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("crawl", {"url": "slow"}, "c1")], [lc.tool_call("crawl", {"url": "fast"}, "c2")], "done"
    )
    tool = to_langchain(interop.with_middleware(crawl, policies.Timeout(0.3)))
    out = await create_agent(model, [tool]).ainvoke({"messages": [HumanMessage("crawl")]})
    slow, fast = _tool_messages(out)
    assert slow.status == "error" and slow.tool_call_id == "c1"
    assert "did not finish within 0.3 s and was stopped" in slow.content
    assert fast.status == "success" and fast.content == "page fast"
    assert out["messages"][-1].content == "done"
    assert EVENTS == ["cancelled slow", "fetched fast"]  # the slow call's task was cancelled
    # what the model was sent on its second turn is that error
    assert "did not finish within 0.3 s" in model.seen_messages[1][-1].content


async def test_meta_timeout_applies_in_the_loop_without_with_middleware(lc: Any) -> None:
    model = lc.script([lc.tool_call("nap", {"url": "slow"}, "c1")], "done")
    out = await create_agent(model, [to_langchain(policy_tools.nap)]).ainvoke({"messages": [HumanMessage("go")]})
    (slow,) = _tool_messages(out)
    assert slow.status == "error" and "did not finish within 0.3 s" in slow.content
    assert out["messages"][-1].content == "done" and EVENTS == ["cancelled slow"]


def test_output_budget_cuts_what_the_model_reads_and_the_artifact_keeps_it_whole(lc: Any) -> None:
    model = lc.script([lc.tool_call("catalogue", {"n": 500}, "k1")], "done")
    tool = to_langchain(interop.with_middleware(catalogue, policies.OutputBudget(max_chars=200)))
    out = create_agent(model, [tool]).invoke({"messages": [HumanMessage("list")]})
    (msg,) = _tool_messages(out)
    whole = json.dumps([f"item {i:04d}" for i in range(500)], separators=(",", ":"))
    assert msg.status == "success"
    assert len(msg.content) == 200 and "characters removed to fit the output budget" in msg.content
    assert msg.content.startswith(whole[:60]) and msg.content.endswith(whole[-60:])
    assert msg.artifact == [f"item {i:04d}" for i in range(500)]  # the application's whole value
    assert model.seen_messages[1][-1].content == msg.content  # and the model read the cut text
    assert out["messages"][-1].content == "done"


def test_a_middleware_that_raises_is_a_tool_error_and_the_tool_never_ran(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("pay", {"amount": 500}, "p1")], [lc.tool_call("pay", {"amount": 5}, "p2")], "done"
    )
    tool = to_langchain(interop.with_middleware(pay, Buggy()), context=lambda config: "ACCOUNT-SECRET")
    out = create_agent(model, [tool]).invoke({"messages": [HumanMessage("pay")]})
    bad, good = _tool_messages(out)
    assert bad.status == "error"
    assert "stopped by middleware Buggy (KeyError)" in bad.content and "SECRET" not in bad.content
    assert good.status == "success" and good.content == "paid 5"
    assert LEDGER == [5]  # the refused call never reached the tool
    assert out["messages"][-1].content == "done"


def test_call_limit_counts_per_run_context_and_the_run_goes_on(lc: Any) -> None:
    """CallLimit(2) per context: LangGraph's runtime context is one object per run, so the third
    call of a run is refused (the model reads why) and a new run with its own context starts over."""
    from dataclasses import dataclass

    @dataclass(eq=False)
    class Run:
        user: str

    limited = to_langchain(interop.with_middleware(pay, policies.CallLimit(2)))
    model = lc.script(*([lc.tool_call("pay", {"amount": i}, f"p{i}")] for i in (1, 2, 3)), "done")
    out = create_agent(model, [limited], context_schema=Run).invoke(
        {"messages": [HumanMessage("pay")]}, context=Run("ann")
    )
    first, second, third = _tool_messages(out)
    assert [first.content, second.content] == ["paid 1", "paid 2"]
    assert third.status == "error" and "limit of 2 calls for this run is reached" in third.content
    assert out["messages"][-1].content == "done" and LEDGER == [1, 2]
    model = lc.script([lc.tool_call("pay", {"amount": 4}, "p4")], "again")
    out = create_agent(model, [limited], context_schema=Run).invoke(
        {"messages": [HumanMessage("pay")]}, context=Run("ann")
    )
    assert _tool_messages(out)[0].content == "paid 4" and LEDGER == [1, 2, 4]


async def test_retry_runs_an_idempotent_tool_again_and_the_model_reads_the_success(lc: Any) -> None:
    """Retry in create_agent's loop: the tool fails once (a dropped connection), runs again, and the
    model reads only the success; the tool ran twice."""
    quote, attempts = flaky_quote()

    model = lc.script([lc.tool_call("quote", {"sku": "A"}, "q1")], "done")
    tool = to_langchain(interop.with_middleware(quote, policies.Retry(attempts=3, backoff=lambda n: 0)))
    out = await create_agent(model, [tool]).ainvoke({"messages": [HumanMessage("quote")]})
    (msg,) = _tool_messages(out)
    assert msg.status == "success" and msg.content == "A: 10"
    assert model.seen_messages[1][-1].content == "A: 10"  # what the model read
    assert attempts == [1, 2] and out["messages"][-1].content == "done"


async def test_concurrency_limit_holds_parallel_calls_of_one_turn(lc: Any) -> None:
    """Five tool calls in one model turn: LangGraph's ToolNode runs them concurrently (five at once
    without the policy); under ConcurrencyLimit(2), at most two run at a time, and all five answer."""
    fetch, peak = concurrency_probe()

    async def run(tool: Any) -> dict[str, Any]:
        calls = [lc.tool_call("fetch", {"url": f"u{i}"}, f"f{i}") for i in range(5)]
        return await create_agent(lc.script(calls, "done"), [tool]).ainvoke(
            {"messages": [HumanMessage("go")]}
        )

    await run(to_langchain(fetch))
    assert max(peak) == 5  # the loop runs a turn's calls in parallel
    peak.clear()
    out = await run(to_langchain(interop.with_middleware(fetch, policies.ConcurrencyLimit(2))))
    assert max(peak) == 2 and len(peak) == 5
    assert sorted(m.content for m in _tool_messages(out)) == [f"page u{i}" for i in range(5)]
    assert out["messages"][-1].content == "done"
