"""Policies and middleware inside LlamaIndex's real `FunctionAgent` workflow, driven by
`MockFunctionCallingLLM` with the scripted `Recorder` of test_li_agent.py (issue 39 Show): a
timeout is an error `ToolOutput` the model reads and the run goes on, an output budget cuts what the
model reads while `raw_output` keeps the whole value, a middleware that raises is a tool error
(never its message) and the tool never ran.

No `from __future__ import annotations` (see test_li_agent.py)."""

from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.llms.mock import MockFunctionCallingLLM
from policy_tools import EVENTS, LEDGER, Buggy, catalogue, crawl, nap, pay, reset
from test_li_agent import Recorder, run_agent

import interop
from interop import policies
from interop.llamaindex import to_llamaindex

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def _reset() -> None:
    reset()


def _agent(tool: Any, model: Recorder) -> FunctionAgent:
    return FunctionAgent(tools=[tool], llm=MockFunctionCallingLLM(response_generator=model))


async def test_a_timeout_is_an_error_output_and_the_run_goes_on() -> None:
    model = Recorder([[("crawl", {"url": "slow"})], [("crawl", {"url": "fast"})], "done"])
    tool = to_llamaindex(interop.with_middleware(crawl, policies.Timeout(0.3)))
    result, events = await run_agent(_agent(tool, model))
    slow, fast = (e.tool_output for e in events)
    assert slow.is_error and "did not finish within 0.3 s and was stopped" in slow.content
    assert not fast.is_error and fast.content == "page fast"
    assert any("did not finish within 0.3 s" in m for m in model.tool_messages(1))
    assert str(result.response.content) == "done"
    assert EVENTS == ["cancelled slow", "fetched fast"]  # the slow call's task was cancelled


async def test_meta_timeout_applies_without_with_middleware() -> None:
    model = Recorder([[("nap", {"url": "slow"})], "done"])
    result, (event,) = await run_agent(_agent(to_llamaindex(nap), model))
    assert event.tool_output.is_error and "did not finish within 0.3 s" in event.tool_output.content
    assert str(result.response.content) == "done" and EVENTS == ["cancelled slow"]


async def test_output_budget_cuts_what_the_model_reads_and_raw_output_keeps_it_whole() -> None:
    model = Recorder([[("catalogue", {"n": 500})], "done"])
    tool = to_llamaindex(interop.with_middleware(catalogue, policies.OutputBudget(max_chars=200)))
    result, (event,) = await run_agent(_agent(tool, model))
    out = event.tool_output
    assert len(out.content) == 200 and "characters removed to fit the output budget" in out.content
    assert out.content.startswith('["item 0000","item 0001"') and out.content.endswith('"item 0499"]')
    assert out.raw_output == [f"item {i:04d}" for i in range(500)]  # the application's whole value
    assert model.tool_messages(1) == [out.content]  # and the model read the cut text
    assert str(result.response.content) == "done"


async def test_a_middleware_that_raises_is_a_tool_error_and_the_tool_never_ran() -> None:
    model = Recorder([[("pay", {"amount": 500})], [("pay", {"amount": 5})], "done"])
    tool = to_llamaindex(interop.with_middleware(pay, Buggy()), context=lambda ctx: "ACCOUNT-SECRET")
    result, (bad, good) = await run_agent(_agent(tool, model))
    assert bad.tool_output.is_error
    assert "stopped by middleware Buggy (KeyError)" in bad.tool_output.content
    assert "SECRET" not in bad.tool_output.content and "SECRET" not in model.tool_messages(1)[0]
    assert good.tool_output.content == "paid 5"
    assert LEDGER == [5] and str(result.response.content) == "done"


async def test_call_limit_counts_per_run_context() -> None:
    """CallLimit(2) per context: `run_context(obj)` gives the run's calls one context object, so
    the third call of a run is an error output and a new run with its own object starts over."""
    from interop.llamaindex import run_context

    class Run:
        pass

    limited = to_llamaindex(interop.with_middleware(pay, policies.CallLimit(2)))
    model = Recorder([*([("pay", {"amount": i})] for i in (1, 2, 3)), "done"])
    with run_context(Run()):
        result, events = await run_agent(_agent(limited, model))
    outputs = [e.tool_output for e in events]
    assert [o.content for o in outputs[:2]] == ["paid 1", "paid 2"]
    assert outputs[2].is_error and "limit of 2 calls for this run is reached" in outputs[2].content
    assert str(result.response.content) == "done" and LEDGER == [1, 2]
    with run_context(Run()):
        _, (event,) = await run_agent(_agent(limited, Recorder([[("pay", {"amount": 4})], "again"])))
    assert event.tool_output.content == "paid 4" and LEDGER == [1, 2, 4]
