"""Policies and middleware inside pydantic-ai's real agent run, driven by a `FunctionModel` (issue 39
Show): a timeout is a retry prompt the model reads and the run goes on, an output budget cuts what
the model reads while the `ToolReturnPart`'s metadata keeps the whole value, a middleware that
raises is a retry prompt (never its message) and the tool never ran."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

import policy_tools
from policy_tools import EVENTS, LEDGER, Buggy, catalogue, concurrency_probe, crawl, flaky_quote, pay, reset
from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

import interop
from interop import policies
from interop.pydantic_ai import to_pydantic_ai, to_pydantic_ai_toolset


@pytest.fixture(autouse=True)
def _reset() -> None:
    reset()


def scripted(*steps: list[ToolCallPart]) -> tuple[FunctionModel, list[list[Any]]]:
    """A FunctionModel playing `steps`, recording the tool results and retry prompts it is sent."""
    seen: list[list[Any]] = []
    it = iter(steps)

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        if isinstance(last, ModelRequest):
            parts = [p for p in last.parts if isinstance(p, (ToolReturnPart, RetryPromptPart))]
            if parts:
                seen.append(parts)
        step = next(it, None)
        return ModelResponse(parts=list(step) if step is not None else [TextPart("done")])

    return FunctionModel(fn), seen


def _retried(part: Any) -> bool:
    """A tool's `ModelRetry`: a `RetryPromptPart`, or (pydantic-ai >= 1.x) a `ToolReturnPart`
    whose outcome is `"retried"`."""
    return isinstance(part, RetryPromptPart) or getattr(part, "outcome", None) == "retried"


def _text(part: Any) -> str:
    """What the model reads of the part."""
    return part.model_response() if isinstance(part, RetryPromptPart) else part.model_response_str()


@pytest.mark.anyio
async def test_a_timeout_is_a_retry_prompt_and_the_run_goes_on() -> None:
    model, seen = scripted(
        [ToolCallPart("crawl", {"url": "slow"}, tool_call_id="c1")],
        [ToolCallPart("crawl", {"url": "fast"}, tool_call_id="c2")],
    )
    tool = to_pydantic_ai(interop.with_middleware(crawl, policies.Timeout(0.3)))
    result = await Agent(model, tools=[tool]).run("crawl")
    (refused,), (fetched,) = seen
    assert _retried(refused) and refused.tool_call_id == "c1"
    assert "did not finish within 0.3 s and was stopped" in _text(refused)
    assert not _retried(fetched) and fetched.content == "page fast"
    assert result.output == "done"
    assert EVENTS == ["cancelled slow", "fetched fast"]  # the slow call's task was cancelled


def test_meta_timeout_applies_in_a_toolset_without_with_middleware() -> None:
    model, seen = scripted([ToolCallPart("nap", {"url": "slow"}, tool_call_id="c1")])
    result = Agent(model, toolsets=[to_pydantic_ai_toolset([policy_tools.nap])]).run_sync("go")
    ((refused,),) = seen
    assert _retried(refused) and "did not finish within 0.3 s" in _text(refused)
    assert result.output == "done" and EVENTS == ["cancelled slow"]


def test_output_budget_cuts_what_the_model_reads_and_the_metadata_keeps_it_whole() -> None:
    model, seen = scripted([ToolCallPart("catalogue", {"n": 500}, tool_call_id="k1")])
    tool = to_pydantic_ai(interop.with_middleware(catalogue, policies.OutputBudget(max_chars=200)))
    result = Agent(model, tools=[tool]).run_sync("list")
    ((part,),) = seen
    assert isinstance(part, ToolReturnPart)
    shown = part.model_response_str()
    assert len(shown) == 200 and "characters removed to fit the output budget" in shown
    assert shown.startswith('["item 0000","item 0001"') and shown.endswith('"item 0499"]')
    assert part.metadata == [f"item {i:04d}" for i in range(500)]  # the application's whole value
    assert result.output == "done"


def test_a_middleware_that_raises_is_a_retry_prompt_and_the_tool_never_ran() -> None:
    model, seen = scripted(
        [ToolCallPart("pay", {"amount": 500}, tool_call_id="p1")],
        [ToolCallPart("pay", {"amount": 5}, tool_call_id="p2")],
    )
    tool = to_pydantic_ai(interop.with_middleware(pay, Buggy()))
    result = Agent(model, tools=[tool], deps_type=str).run_sync("pay", deps="ACCOUNT-SECRET")
    (bad,), (good,) = seen
    assert _retried(bad)
    assert "stopped by middleware Buggy (KeyError)" in _text(bad) and "SECRET" not in _text(bad)
    assert not _retried(good) and good.content == "paid 5"
    assert LEDGER == [5] and result.output == "done"


def test_call_limit_counts_per_run_and_cache_answers_a_repeat() -> None:
    """CallLimit(2) per context (the run's deps object), and a Cache over a read-only tool: the
    repeated call in the run is answered from memory (the tool ran once)."""

    class Deps:
        pass

    ran: list[str] = []

    @interop.tool(meta={"read_only": True})
    def quote(sku: str) -> str:
        """A price."""
        ran.append(sku)
        return f"{sku}: 10"

    tool = to_pydantic_ai(interop.with_middleware(quote, policies.CallLimit(2), policies.Cache()))
    model, seen = scripted(
        [ToolCallPart("quote", {"sku": "A"}, tool_call_id="q1")],
        [ToolCallPart("quote", {"sku": "A"}, tool_call_id="q2")],
        [ToolCallPart("quote", {"sku": "B"}, tool_call_id="q3")],
    )
    result = Agent(model, tools=[tool], deps_type=Deps).run_sync("quote", deps=Deps())
    (a1,), (a2,), (b,) = seen
    assert _text(a1) == _text(a2) == "A: 10" and ran == ["A"]  # the repeat came from the cache
    assert _retried(b) and "limit of 2 calls for this run is reached" in _text(b)
    assert result.output == "done"
    model, seen = scripted([ToolCallPart("quote", {"sku": "B"}, tool_call_id="q4")])
    Agent(model, tools=[tool], deps_type=Deps).run_sync("quote", deps=Deps())  # a new run
    assert _text(seen[0][0]) == "B: 10" and ran == ["A", "B"]


def test_retry_runs_an_idempotent_tool_again_and_the_model_reads_the_success() -> None:
    """Retry in an Agent run: the tool fails once (a dropped connection), runs again, and the model
    reads only the success (no retry prompt); the tool ran twice."""
    quote, attempts = flaky_quote()

    model, seen = scripted([ToolCallPart("quote", {"sku": "A"}, tool_call_id="q1")])
    tool = to_pydantic_ai(interop.with_middleware(quote, policies.Retry(attempts=3, backoff=lambda n: 0)))
    result = Agent(model, tools=[tool]).run_sync("quote")
    ((part,),) = seen
    assert not _retried(part) and _text(part) == "A: 10"
    assert attempts == [1, 2] and result.output == "done"


@pytest.mark.anyio
async def test_concurrency_limit_holds_parallel_calls_of_one_turn() -> None:
    """Five tool calls in one model response: pydantic-ai runs them concurrently (five at once
    without the policy); under ConcurrencyLimit(2), at most two run at a time, and all five answer."""
    fetch, peak = concurrency_probe()

    async def run(tool: Any) -> list[list[Any]]:
        model, seen = scripted(
            [ToolCallPart("fetch", {"url": f"u{i}"}, tool_call_id=f"f{i}") for i in range(5)]
        )
        assert (await Agent(model, tools=[tool]).run("go")).output == "done"
        return seen

    await run(to_pydantic_ai(fetch))
    assert max(peak) == 5  # the agent runs a response's calls in parallel
    peak.clear()
    (parts,) = await run(to_pydantic_ai(interop.with_middleware(fetch, policies.ConcurrencyLimit(2))))
    assert max(peak) == 2 and len(peak) == 5
    assert sorted(_text(p) for p in parts) == [f"page u{i}" for i in range(5)]
