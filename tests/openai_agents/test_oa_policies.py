"""Policies and middleware inside the OpenAI Agents SDK's real `Runner`, driven by its scripted
offline model (issue 39 Show): a timeout is a function_call_output the model reads and the run goes
on, an output budget cuts what the model reads, a middleware that raises is a tool error (never its
message) and the tool never ran. (The SDK keeps no value apart from the text it sends the model:
the whole value stays with `interop.call`.)"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, Runner
from agents.items import ToolCallOutputItem
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tracing import set_tracing_disabled
from policy_tools import EVENTS, LEDGER, Buggy, catalogue, crawl, nap, pay, reset

import interop
from interop import policies
from interop.openai_agents import to_openai_agents, to_openai_agents_tools

set_tracing_disabled(True)


@pytest.fixture(autouse=True)
def _reset() -> None:
    reset()


def script(*calls: tuple[str, Any]) -> ScriptedModel:
    steps: list[Any] = [[function_call(n, a, call_id=f"call_{i}")] for i, (n, a) in enumerate(calls)]
    steps.append([assistant_message("done")])
    return ScriptedModel(steps)


def sent(model: ScriptedModel, turn: int) -> str:
    """The output of the last function call the model was sent on `turn`."""
    items = [
        i for i in model.calls[turn].input if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    return str(items[-1]["output"])


@pytest.mark.anyio
async def test_a_timeout_is_a_tool_output_the_model_reads_and_the_run_goes_on() -> None:
    model = script(("crawl", {"url": "slow"}), ("crawl", {"url": "fast"}))
    tool = to_openai_agents(interop.with_middleware(crawl, policies.Timeout(0.3)))
    result = await Runner.run(Agent(name="a", model=model, tools=[tool]), "crawl")
    assert "did not finish within 0.3 s and was stopped" in sent(model, 1)
    assert sent(model, 2) == "page fast"
    assert result.final_output == "done"
    assert EVENTS == ["cancelled slow", "fetched fast"]  # the slow call's task was cancelled


def test_meta_timeout_applies_in_run_sync_without_with_middleware() -> None:
    model = script(("nap", {"url": "slow"}))
    result = Runner.run_sync(Agent(name="a", model=model, tools=to_openai_agents_tools([nap])), "go")
    assert "did not finish within 0.3 s" in sent(model, 1)
    assert result.final_output == "done" and EVENTS == ["cancelled slow"]


def test_output_budget_cuts_what_the_model_reads() -> None:
    model = script(("catalogue", {"n": 500}))
    tool = to_openai_agents(interop.with_middleware(catalogue, policies.OutputBudget(max_chars=200)))
    result = Runner.run_sync(Agent(name="a", model=model, tools=[tool]), "list")
    shown = sent(model, 1)
    assert len(shown) == 200 and "characters removed to fit the output budget" in shown
    assert shown.startswith('["item 0000","item 0001"') and shown.endswith('"item 0499"]')
    (item,) = [i for i in result.new_items if isinstance(i, ToolCallOutputItem)]
    assert item.output == shown  # the SDK's own record of the call holds what the model read
    assert result.final_output == "done"


def test_a_middleware_that_raises_is_a_tool_error_and_the_tool_never_ran() -> None:
    model = script(("pay", {"amount": 500}), ("pay", {"amount": 5}))
    tool = to_openai_agents(interop.with_middleware(pay, Buggy()))
    result = Runner.run_sync(Agent(name="a", model=model, tools=[tool]), "pay", context="ACCOUNT-SECRET")
    # named once by the pipeline, the middleware by its class, never its message (it quoted the context)
    assert sent(model, 1) == "Error from tool 'pay': the call was stopped by middleware Buggy (KeyError)"
    assert sent(model, 2) == "paid 5"
    assert LEDGER == [5] and result.final_output == "done"


def test_call_limit_counts_per_run_context_and_rate_limit_tells_when_to_retry() -> None:
    class Run:
        pass

    limited = to_openai_agents(interop.with_middleware(pay, policies.CallLimit(2)))
    model = script(("pay", {"amount": 1}), ("pay", {"amount": 2}), ("pay", {"amount": 3}))
    result = Runner.run_sync(Agent(name="a", model=model, tools=[limited]), "pay", context=Run())
    assert [sent(model, 1), sent(model, 2)] == ["paid 1", "paid 2"]
    assert "limit of 2 calls for this run is reached" in sent(model, 3)
    assert result.final_output == "done" and LEDGER == [1, 2]
    model = script(("pay", {"amount": 4}))
    Runner.run_sync(Agent(name="a", model=model, tools=[limited]), "pay", context=Run())  # a new run
    assert sent(model, 1) == "paid 4" and LEDGER == [1, 2, 4]

    rated = to_openai_agents(interop.with_middleware(pay, policies.RateLimit(1, 60)))
    model = script(("pay", {"amount": 5}), ("pay", {"amount": 6}))
    Runner.run_sync(Agent(name="a", model=model, tools=[rated]), "pay")
    assert sent(model, 1) == "paid 5"
    assert "rate limited (1 calls per 60 s); try again in" in sent(model, 2) and LEDGER == [1, 2, 4, 5]
