"""Bad input and edges of the built-in policies (issue 39 Show, bad input): a budget over results
with no text form, a cut that keeps the model's own rendering of the value, a middleware that fails
after the tool ran, every construction-time check."""

from __future__ import annotations

import json
from typing import Any

import pytest

import interop
from interop import bridge, policies


def _run(tool: Any, arguments: dict[str, Any]) -> bridge.Outcome:
    return interop.ToolSet([tool]).run(tool.name, arguments)


@interop.tool
def names(n: int) -> list[str]:
    """Some names."""
    return [f"name {i:04d}" for i in range(n)]


class Opaque:
    """A value with no JSON or text form."""


@interop.tool
def opaque() -> Any:
    """Returns an object the model cannot read."""
    return Opaque()


@interop.tool
def report(n: int) -> list[Any]:
    """A long text and a picture."""
    return ["x" * n, interop.Image(data=b"\x89PNG\r\n", media_type="image/png")]


def test_a_cut_keeps_the_rendering_the_model_reads_without_a_budget() -> None:
    """A list of strings is JSON text for the model: cut, it is still the head and tail of that JSON
    (not its items joined as lines), and under the budget it is unchanged."""
    budget = policies.OutputBudget(max_chars=120)
    whole = _run(names, {"n": 300}).text
    cut = _run(interop.with_middleware(names, budget), {"n": 300}).text
    assert whole.startswith('["name 0000","name 0001"') and len(whole) > 120
    assert len(cut) == 120 and cut[:20] == whole[:20] and cut[-20:] == whole[-20:]
    assert f"of {len(whole)} characters removed" in cut
    assert _run(interop.with_middleware(names, budget), {"n": 2}).text == _run(names, {"n": 2}).text


def test_a_budget_on_a_result_with_no_text_form() -> None:
    budget = policies.OutputBudget(max_chars=64)
    # a content list: the text is cut, the picture passes whole
    outcome = _run(interop.with_middleware(report, budget), {"n": 1000})
    text, picture = outcome.parts
    assert isinstance(text, str) and 60 <= len(text) <= 64 and "of 1000 characters removed ...]" in text
    assert isinstance(picture, interop.Image) and picture.data == b"\x89PNG\r\n"
    assert outcome.value[0] == "x" * 1000  # the application keeps the whole value
    # a value with no JSON form: the same model-facing failure as without the budget, not a crash
    bare, budgeted = _run(opaque, {}), _run(interop.with_middleware(opaque, budget), {})
    assert bare.status == budgeted.status == "error"
    assert budgeted.text == bare.text and "opaque" in budgeted.text
    # OMIT (the model is told the call succeeded) passes the budget as it is
    hidden = interop.with_model_output(names, lambda value: interop.OMIT)
    assert _run(interop.with_middleware(hidden, budget), {"n": 300}).text == _run(hidden, {"n": 300}).text


def test_a_budget_applies_after_the_tools_own_model_output() -> None:
    shaped = interop.with_model_output(names, lambda value: "\n".join(value))
    outcome = _run(interop.with_middleware(shaped, policies.OutputBudget(max_chars=200)), {"n": 300})
    assert outcome.text.startswith("name 0000\nname 0001") and outcome.text.endswith("name 0299")
    assert len(outcome.text) == 200 and len(outcome.value) == 300


def test_a_middleware_failing_after_the_tool_leaves_no_half_state() -> None:
    """The tool ran once and whole; the failure is a tool error; the cache outside kept nothing,
    so the next call runs the tool again instead of answering a result nobody received."""
    ran: list[int] = []

    @interop.tool(meta={"read_only": True})
    def square(x: int) -> int:
        """Square."""
        ran.append(x)
        return x * x

    class FailsAfter:
        async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
            result = await call_next(call)
            if call.context == "fail":
                raise ValueError(f"post-processing of {result} failed")
            return result

    cache = policies.Cache()
    wrapped = interop.with_middleware(square, cache, FailsAfter())
    outcome = interop.ToolSet([wrapped]).run("square", {"x": 3}, "fail")
    assert outcome.status == "error" and "stopped by middleware FailsAfter (ValueError)" in outcome.text
    assert "post-processing" not in outcome.text and ran == [3]
    assert (cache.hits, cache.misses) == (0, 1)
    assert interop.call(wrapped, {"x": 3}, "ok") == 9 and ran == [3, 3]
    assert interop.call(wrapped, {"x": 3}, "ok") == 9 and ran == [3, 3] and cache.hits == 1


@pytest.mark.parametrize("max_chars", [16, 17, 30, 40, 64, 100, 1000])
@pytest.mark.parametrize("strategy", ["head_tail", "head"])
def test_a_cut_never_exceeds_the_budget_and_always_says_so(max_chars: int, strategy: Any) -> None:
    budget = policies.OutputBudget(max_chars=max_chars, strategy=strategy)
    for n in (max_chars + 1, 5_000, 2_000_000):
        shown = budget.model_view("y" * n)
        assert len(shown) <= max_chars and "[" in shown and "]" in shown
    assert budget.model_view("y" * max_chars) == "y" * max_chars


def test_a_cache_key_function_that_raises_runs_nothing_and_caches_nothing() -> None:
    ran: list[str] = []

    @interop.tool(meta={"idempotent": True})
    def fetch(q: str) -> str:
        """Fetch."""
        ran.append(q)
        return q

    cache = policies.Cache(key=lambda call: call.context["user"])
    wrapped = interop.with_middleware(fetch, cache)
    outcome = interop.ToolSet([wrapped]).run("fetch", {"q": "a"}, {"no-user": "SECRET"})
    assert outcome.status == "error" and "middleware Cache (KeyError)" in outcome.text
    assert "SECRET" not in outcome.text and ran == [] and (cache.hits, cache.misses) == (0, 0)
    assert interop.call(wrapped, {"q": "a"}, {"user": "ann"}) == "a" and ran == ["a"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: policies.Timeout(0), "Timeout needs a positive number of seconds"),
        (lambda: policies.Timeout(float("nan")), "Timeout needs a positive number"),
        (lambda: policies.RateLimit(5, 0), "RateLimit per_seconds needs a positive number"),
        (lambda: policies.RateLimit(0, 1), "RateLimit calls needs a whole number >= 1"),
        (lambda: policies.Cache(ttl=0), "Cache ttl needs a positive number"),
        (lambda: policies.Cache(ttl=-5), "Cache ttl needs a positive number"),
        (lambda: policies.Retry(0), "Retry attempts needs a whole number >= 1"),
        (lambda: policies.ConcurrencyLimit(-2), "ConcurrencyLimit needs a whole number >= 1"),
        (lambda: policies.CallLimit(0), "CallLimit needs a whole number >= 1"),
        (lambda: policies.OutputBudget(), "needs max_chars= or max_tokens="),
        (lambda: policies.OutputBudget(max_chars=0), "max_chars must be a whole number of at least 16"),
        (lambda: policies.OutputBudget(max_tokens=-1), "max_tokens must be a whole number of at least 4"),
        (lambda: policies.OutputBudget(max_chars=100, strategy="tail"), "'head_tail' or 'head'"),  # type: ignore[arg-type]
    ],
)
def test_bad_settings_fail_at_construction_naming_the_policy(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make()


def test_with_middleware_over_a_toolset_and_a_list_keeps_each_tool() -> None:
    budget = policies.OutputBudget(max_chars=40)
    tools = interop.with_middleware([names, report], budget)
    assert [t.name for t in tools] == ["names", "report"]
    assert json.loads(_run(tools[0], {"n": 1}).text) == ["name 0000"]


def test_a_longer_timeout_around_a_tool_does_not_lift_its_meta_timeout() -> None:
    """`interop serve --timeout 60` wraps every tool in Timeout(60): a tool whose meta says 0.2 s
    still stops at 0.2 s; a shorter wrapper wins over a longer meta; the same limit is applied once."""
    import asyncio

    @interop.tool(meta={"timeout": 0.2})
    async def quick(seconds: float) -> str:
        """Answers within 0.2 s."""
        await asyncio.sleep(seconds)
        return "ok"

    outcome = _run(interop.with_middleware(quick, policies.Timeout(60)), {"seconds": 5})
    assert outcome.status == "error" and "within 0.2 s" in outcome.text
    outcome = _run(interop.with_middleware(quick, policies.Timeout(0.1)), {"seconds": 5})
    assert outcome.status == "error" and "within 0.1 s" in outcome.text
    from interop._middleware import with_meta_timeout

    once = interop.with_middleware(quick, policies.Timeout(0.2))
    assert with_meta_timeout(once) is once


def test_a_sync_callers_timeout_returns_at_the_limit_and_a_stuck_tool_blocks_nothing() -> None:
    """`ToolSet.run` / `interop.call` from sync code (as smolagents and every sync framework call):
    the call returns at the limit, not when the tool's thread ends; the next calls run at once
    on another worker while it is stuck; sequential calls reuse one worker thread."""
    import threading
    import time

    release = threading.Event()

    @interop.tool
    def stuck(wait: bool) -> str:
        """Blocks until released (or answers at once)."""
        if wait:
            release.wait(10)
        return threading.current_thread().name

    timed = interop.with_middleware(stuck, policies.Timeout(0.3))
    started = time.monotonic()
    with pytest.warns(RuntimeWarning, match=r"keeps running on thread 'interop-tool-worker-\d+'"):
        outcome = interop.ToolSet([timed]).run("stuck", {"wait": True})
    try:
        assert time.monotonic() - started < 3  # 0.3 s, with room for a loaded machine (not 10 s)
        assert outcome.status == "error" and "within 0.3 s" in outcome.text
        names = [interop.call(timed, {"wait": False}) for _ in range(5)]
        assert len(set(names)) == 1 and names[0].startswith("interop-tool-worker-")
    finally:
        release.set()


@pytest.mark.skipif(
    __import__("sys").version_info < (3, 11), reason="3.10's wait_for cannot tell the two apart"
)
def test_a_tools_own_timeout_error_is_not_the_policys() -> None:
    """A socket's TimeoutError inside the tool is the tool's failure, not "did not finish within 5 s"."""

    @interop.tool
    async def upstream() -> str:
        """Calls a slow service that gives up by itself."""
        raise TimeoutError("the upstream service timed out")

    with pytest.raises(TimeoutError, match="the upstream service timed out") as raised:
        interop.call(interop.with_middleware(upstream, policies.Timeout(5)), {})
    assert not isinstance(raised.value, policies.PolicyRefusal)


def test_retrys_default_backoff_is_jittered_exponential() -> None:
    """Callers retrying together spread out: each wait is a random share (half to all) of
    0.1 s doubling per attempt, capped at 5 s."""
    backoff = policies.Retry(3).backoff
    for attempt, ceiling in ((1, 0.1), (2, 0.2), (3, 0.4), (12, 5.0)):
        waits = {backoff(attempt) for _ in range(50)}
        assert len(waits) > 1 and all(ceiling / 2 <= w <= ceiling for w in waits)


def test_rate_limit_forgets_idle_keys_so_many_users_do_not_grow_memory() -> None:
    """One window per key, kept only while the key is active: 5,000 distinct users calling once
    each, over many windows, leave a bounded number of windows (without eviction: 5,000), while a
    key still inside its window stays limited."""

    @interop.tool
    def ping(n: int) -> int:
        """Echo."""
        return n

    limit = policies.RateLimit(1, 0.002, key=lambda call: call.arguments["n"])
    limited = interop.with_middleware(ping, limit)
    run = interop.ToolSet([limited])
    sizes = []
    for n in range(5000):
        assert run.run("ping", {"n": n}).text == str(n)
        sizes.append(len(limit._windows))
    assert max(sizes) < 1000, max(sizes)  # swept as it goes: idle keys are dropped
    held = policies.RateLimit(1, 60, key=lambda call: call.arguments["n"])
    kept = interop.ToolSet([interop.with_middleware(ping, held)])
    assert kept.run("ping", {"n": 1}).ok
    for n in range(2, 200):  # many others past the sweep threshold: key 1 is still in its window
        kept.run("ping", {"n": n})
    again = kept.run("ping", {"n": 1})
    assert again.status == "error" and "rate limited (1 calls per 60 s)" in again.text
