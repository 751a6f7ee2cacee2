"""Middleware (`interop.with_middleware`) and the built-in policies (`interop.policies`), through
`interop.call`, a `ToolSet` and the pipeline every adapter uses (`bridge.Invoker`)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from approval_tools import RAN, wipe

import interop
from interop import bridge, policies
from interop.errors import ApprovalDeniedError, StandardToolValidationError
from interop.policies import PolicyRefusal


class Trace:
    def __init__(self, label: str, log: list[str]) -> None:
        self.label, self.log = label, log

    async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
        self.log.append(f"{self.label}>")
        result = await call_next(call)
        self.log.append(f"<{self.label}")
        return result


ran: list[Any] = []


@interop.tool(meta={"read_only": True})
def add(a: int, b: int = 1) -> int:
    """Add."""
    ran.append(("add", a, b))
    return a + b


@interop.tool(meta={"read_only": True})
async def aadd(a: int, b: int = 1) -> int:
    """Add, async."""
    ran.append(("aadd", a, b))
    return a + b


@pytest.fixture(autouse=True)
def _clean() -> None:
    ran.clear()


def _invoker(tool: Any, **options: Any) -> bridge.Invoker:
    return bridge.Invoker(tool, name=tool.name, target="Test", options=bridge.Options(**options))


@pytest.mark.parametrize("tool", [add, aadd], ids=["sync", "async"])
def test_outermost_first_on_every_path(tool: Any) -> None:
    log: list[str] = []
    wrapped = interop.with_middleware(tool, Trace("a", log), Trace("b", log))
    assert interop.call(wrapped, {"a": 1}) == 2
    assert asyncio.run(interop.acall(wrapped, {"a": 2})) == 3
    assert _invoker(wrapped).invoke('{"a": 3}').value == 4
    assert asyncio.run(_invoker(wrapped).ainvoke({"a": 4})).value == 5
    assert log == ["a>", "b>", "<b", "<a"] * 4
    assert wrapped.name == tool.name and wrapped.input_schema is tool.input_schema
    assert bridge.find_layer(wrapped, "middleware") is not None


def test_a_middleware_never_sees_an_invalid_or_unapproved_call() -> None:
    log: list[str] = []
    RAN.clear()
    wrapped = interop.with_middleware(wipe, Trace("m", log))
    with pytest.raises(StandardToolValidationError, match="path"):
        interop.call(wrapped, {"path": 3}, allow_unapproved=True)
    with pytest.raises(ApprovalDeniedError):
        interop.call(wrapped, {"path": "/"})
    assert _invoker(wrapped, approval=lambda request: False).invoke({"path": "/"}).status == "denied"
    assert _invoker(wrapped, approval=lambda request: True).invoke({"path": "/"}).value == "wiped /"
    assert log == ["m>", "<m"] and RAN == ["/"]


def test_a_middleware_sees_the_call_and_may_change_or_answer_it() -> None:
    seen: list[interop.ToolInvocation] = []

    class Double:
        async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
            seen.append(call)
            return await call_next(
                call.replace(arguments={**call.arguments, "b": call.arguments.get("b", 1) * 2})
            )

    class Answer:
        async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
            return -1 if call.arguments["a"] < 0 else await call_next(call)

    wrapped = interop.with_middleware(add, Answer(), Double())
    outcome = _invoker(wrapped).invoke({"a": 1, "b": 2}, "SECRET-ctx", call_id="call-1")
    assert outcome.value == 5
    assert interop.call(wrapped, {"a": -5}) == -1
    assert [(c.name, c.arguments, c.call_id, c.attempt) for c in seen] == [
        ("add", {"a": 1, "b": 2}, "call-1", 1)
    ]
    assert seen[0].context == "SECRET-ctx" and "SECRET" not in repr(seen[0])


def test_a_middleware_that_raises_is_a_tool_error_the_model_reads() -> None:
    class Broken:
        async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
            raise RuntimeError(f"bug quoting {call.context}")

    wrapped = interop.with_middleware(add, Broken())
    outcome = _invoker(wrapped).invoke({"a": 1}, "SECRET-ctx")
    assert outcome.status == "error" and "middleware Broken (RuntimeError)" in outcome.text
    assert "SECRET" not in outcome.text and ran == []  # the tool never ran
    with pytest.raises(interop.ToolError, match="Broken"):
        interop.call(wrapped, {"a": 1})


def test_the_tools_own_errors_pass_through_unchanged() -> None:
    @interop.tool
    def boom(a: int) -> int:
        """Boom."""
        raise ZeroDivisionError("inner")

    with pytest.raises(ZeroDivisionError, match="inner"):
        interop.call(interop.with_middleware(boom, Trace("m", [])), {"a": 1})


def test_with_middleware_refuses_what_is_not_a_middleware() -> None:
    with pytest.raises(TypeError, match="is not a middleware"):
        interop.with_middleware(add, object())
    assert interop.with_middleware(add) is add
    assert [t.name for t in interop.with_middleware([add, aadd], Trace("m", []))] == ["add", "aadd"]


# ---------------------------------------------------------------------------------- policies


@interop.tool
async def slow(seconds: float) -> str:
    """Sleep."""
    await asyncio.sleep(seconds)
    return "done"


@interop.tool
def slow_sync(seconds: float) -> str:
    """Sleep, sync."""
    time.sleep(seconds)
    return "done"


def test_timeout_cancels_an_async_call_and_names_a_sync_calls_thread() -> None:
    cancelled: list[bool] = []

    @interop.tool
    async def watched(seconds: float) -> str:
        """Sleep."""
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return "done"

    outcome = _invoker(interop.with_middleware(watched, policies.Timeout(0.05))).invoke({"seconds": 5})
    assert outcome.status == "error" and "did not finish within 0.05 s" in outcome.text
    assert (
        isinstance(outcome.error, PolicyRefusal) and outcome.error.kind == "timeout" and cancelled == [True]
    )
    with pytest.warns(RuntimeWarning, match="keeps running on thread"):
        with pytest.raises(PolicyRefusal):
            interop.call(interop.with_middleware(slow_sync, policies.Timeout(0.05)), {"seconds": 0.3})
    assert interop.call(interop.with_middleware(slow, policies.Timeout(1)), {"seconds": 0}) == "done"


def test_meta_timeout_is_honoured_on_every_path() -> None:
    timed = interop.transform_tool(slow, meta={**slow.meta, "timeout": 0.05})
    with pytest.raises(PolicyRefusal, match=r"within 0\.05 s"):
        interop.call(timed, {"seconds": 5})
    assert _invoker(timed).invoke({"seconds": 5}).status == "error"
    assert interop.ToolSet([timed]).run(timed.name, {"seconds": 5}).status == "error"
    with pytest.raises(ValueError, match="positive number"):
        _invoker(interop.transform_tool(slow, meta={"timeout": 0}))


@pytest.mark.parametrize("bad", [0, -1, "5", True])
def test_bad_limits_are_refused_at_construction(bad: Any) -> None:
    for make in (
        policies.Timeout,
        lambda n: policies.Retry(n),
        lambda n: policies.RateLimit(n, 1),
        policies.ConcurrencyLimit,
        policies.CallLimit,
        lambda n: policies.Cache(maxsize=n),
    ):
        with pytest.raises(ValueError):
            make(bad)


def _flaky(fails: int, error: BaseException, meta: dict[str, Any]) -> Any:
    count = {"n": 0}

    @interop.tool(meta=meta)
    def flaky() -> int:
        """Fails first."""
        count["n"] += 1
        if count["n"] <= fails:
            raise error
        return count["n"]

    return flaky, count


def test_retry_only_what_is_safe_to_repeat_and_only_transient_failures() -> None:
    quick = policies.Retry(3, backoff=lambda attempt: 0)
    tool, count = _flaky(2, ConnectionError("down"), {"idempotent": True})
    assert interop.call(interop.with_middleware(tool, quick), {}) == 3
    tool, count = _flaky(5, ConnectionError("down"), {"idempotent": True})
    with pytest.raises(ConnectionError):
        interop.call(interop.with_middleware(tool, quick), {})
    assert count["n"] == 3
    tool, count = _flaky(1, ConnectionError("down"), {})  # a payment: never retried
    with pytest.raises(ConnectionError):
        interop.call(interop.with_middleware(tool, quick), {})
    assert count["n"] == 1
    assert (
        interop.call(interop.with_middleware(tool, policies.Retry(3, backoff=lambda a: 0, force=True)), {})
        == 2
    )
    tool, count = _flaky(1, interop.ToolError("no such city"), {"read_only": True})
    with pytest.raises(interop.ToolError):
        interop.call(interop.with_middleware(tool, quick), {})
    assert count["n"] == 1


def test_retry_counts_attempts_and_retries_a_timeout_inside_it() -> None:
    attempts: list[int] = []

    class Seen:
        async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
            attempts.append(call.attempt)
            return await call_next(call)

    @interop.tool(meta={"read_only": True})
    async def first_hangs() -> str:
        """Hangs once."""
        if len(attempts) == 1:
            await asyncio.sleep(5)
        return "ok"

    wrapped = interop.with_middleware(
        first_hangs, policies.Retry(3, backoff=lambda a: 0), Seen(), policies.Timeout(0.05)
    )
    assert interop.call(wrapped, {}) == "ok" and attempts == [1, 2]


def test_rate_limit_refuses_with_retry_after_or_waits() -> None:
    limited = interop.with_middleware(add, policies.RateLimit(2, 0.3))
    assert [interop.call(limited, {"a": i}) for i in range(2)] == [1, 2]
    outcome = _invoker(limited).invoke({"a": 9})
    assert outcome.status == "error" and "rate limited (2 calls per 0.3 s)" in outcome.text
    assert isinstance(outcome.error, PolicyRefusal) and 0 < (outcome.error.retry_after or 0) <= 0.3
    waiting = interop.with_middleware(add, policies.RateLimit(1, 0.1, wait=True))
    start = time.monotonic()
    assert [interop.call(waiting, {"a": i}) for i in range(3)] == [1, 2, 3]
    assert time.monotonic() - start >= 0.18
    per_user = interop.with_middleware(add, policies.RateLimit(1, 60, key=lambda call: call.context))
    assert interop.call(per_user, {"a": 1}, "ann") == 2 and interop.call(per_user, {"a": 1}, "bob") == 2
    with pytest.raises(PolicyRefusal):
        interop.call(per_user, {"a": 1}, "ann")


def test_concurrency_limit_across_threads() -> None:
    running, peak = [0], [0]
    lock = threading.Lock()

    @interop.tool
    def work() -> str:
        """Work."""
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return "ok"

    limited = interop.with_middleware(work, policies.ConcurrencyLimit(2))

    async def many() -> list[str]:
        return await asyncio.gather(*(interop.acall(limited, {}) for _ in range(6)))

    threads = [threading.Thread(target=lambda: interop.call(limited, {})) for _ in range(3)]
    for t in threads:
        t.start()
    assert asyncio.run(many()) == ["ok"] * 6
    for t in threads:
        t.join()
    assert peak[0] == 2


def test_cache_answers_repeats_of_read_only_tools_by_arguments_never_by_context() -> None:
    cache = policies.Cache(ttl=0.2)
    cached = interop.with_middleware(add, cache)
    assert [interop.call(cached, {"a": 1}, ctx) for ctx in ("ann", "bob", "ann")] == [2, 2, 2]
    assert interop.call(cached, {"a": 2}) == 3
    assert ran == [("add", 1, 1), ("add", 2, 1)] and (cache.hits, cache.misses) == (2, 2)
    time.sleep(0.25)
    interop.call(cached, {"a": 1})
    assert len(ran) == 3  # expired
    tool, _ = _flaky(1, ConnectionError("down"), {"read_only": True})
    failing = interop.with_middleware(tool, policies.Cache())
    with pytest.raises(ConnectionError):
        interop.call(failing, {})
    assert interop.call(failing, {}) == 2  # a failure is not cached

    @interop.tool
    def pay(amount: int) -> int:
        """Pay."""
        ran.append(("pay", amount))
        return amount

    interop.call(interop.with_middleware(pay, cache), {"amount": 1})
    interop.call(interop.with_middleware(pay, cache), {"amount": 1})
    assert ran.count(("pay", 1)) == 2  # not read-only: every call runs


def test_cache_bounded_and_its_key_function_errors_are_tool_errors() -> None:
    cache = policies.Cache(maxsize=2)
    cached = interop.with_middleware(add, cache)
    for a in (1, 2, 3, 1):
        interop.call(cached, {"a": a})
    assert len(ran) == 4  # 1 was evicted by 3
    broken = interop.with_middleware(add, policies.Cache(key=lambda call: call.arguments["nope"]))
    outcome = _invoker(broken).invoke({"a": 1})
    assert outcome.status == "error" and "middleware Cache (KeyError)" in outcome.text


def test_output_budget_cuts_what_the_model_sees_and_keeps_the_value() -> None:
    @interop.tool
    def big(n: int) -> str:
        """A long text."""
        return "".join(chr(ord("a") + i % 26) for i in range(n))

    @interop.tool
    def rows(n: int) -> list[dict[str, int]]:
        """Rows."""
        return [{"i": i} for i in range(n)]

    @interop.tool
    def picture() -> interop.Image:
        """An image."""
        return interop.Image(data=b"\x89PNG", media_type="image/png")

    budget = policies.OutputBudget(max_chars=200)
    outcome = _invoker(interop.with_middleware(big, budget)).invoke({"n": 10_000})
    assert len(outcome.value) == 10_000 and len(outcome.text) <= 200
    assert outcome.text.startswith("abc") and "of 10000 characters removed" in outcome.text
    assert outcome.text.endswith(outcome.value[-20:])
    outcome = _invoker(interop.with_middleware(rows, budget)).invoke({"n": 1000})
    assert len(outcome.value) == 1000 and "characters removed" in outcome.text and len(outcome.text) <= 200
    assert _invoker(interop.with_middleware(rows, budget)).invoke({"n": 2}).text == '[{"i":0},{"i":1}]'
    image = _invoker(interop.with_middleware(picture, budget)).invoke({})
    assert image.ok and not isinstance(image.parts[0], str)
    head = policies.OutputBudget(max_tokens=50, encoding=None, strategy="head")  # 4 characters a token
    text = _invoker(interop.with_middleware(big, head)).invoke({"n": 10_000}).text
    assert text.startswith("abc") and text.endswith("characters removed to fit the output budget ...]")
    assert interop.call(interop.with_middleware(big, budget), {"n": 10_000}) == big.execute({"n": 10_000})


def test_call_limit_per_context() -> None:
    class Run:
        pass

    limited = interop.with_middleware(add, policies.CallLimit(2))
    first, second = Run(), Run()
    assert [interop.call(limited, {"a": 1}, first) for _ in range(2)] == [2, 2]
    outcome = _invoker(limited).invoke({"a": 1}, first)
    assert outcome.status == "error" and "limit of 2 calls for this run is reached" in outcome.text
    assert interop.call(limited, {"a": 1}, second) == 2


def test_errors_may_be_a_function_of_the_exception() -> None:
    @interop.tool
    def boom() -> int:
        """Boom."""
        raise KeyError("internal detail")

    outcome = _invoker(boom, errors=lambda e: f"sorry ({type(e).__name__})").invoke({})
    assert outcome.status == "error" and outcome.text == "sorry (KeyError)"
    bad = _invoker(add, errors=lambda e: "bad arguments, mapped").invoke({"a": "x"})
    assert "Invalid arguments for tool 'add'" in bad.text  # the model still reads which field

    def broken(e: BaseException) -> str:
        raise RuntimeError("the policy itself failed")

    masked = _invoker(boom, errors=broken).invoke({})
    assert masked.status == "error" and "internal error" in masked.text
    with pytest.raises(ValueError, match="or a function"):
        bridge.Options(errors="everything")  # type: ignore[arg-type]
