"""The pipeline's two entry points for a model's arguments (issue 37 item 3) and an adapter's text
for a native tool's failure (item 4), on every path (sync and async, direct and step, approval).

- JSON text (the default): a `str` is text to parse; text that is not JSON is a correctable error.
- decoded (`decoded=True`): the framework already decoded the model's JSON, so a `str` is a
  string value, never parsed again (a double-encoded object is refused by the schema, not run).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from add_tools import add

import interop
from interop import bridge
from interop._convert import prepare


@interop.tool(meta={"requires_approval": lambda input, context: input["a"] > 5})
def gated(a: int) -> int:
    """Add one, asking above 5."""
    return a + 1


@interop.tool
def crash(a: int) -> int:
    """Fail."""
    raise RuntimeError(f"disk on fire at {a}")


def _invoker(tool: Any, **options: Any) -> bridge.Invoker:
    return prepare(tool, options, where="test", rule="openai").invoker(target="Test")


def _both(invoker: bridge.Invoker, arguments: Any, **kw: Any) -> list[bridge.Outcome]:
    return [invoker.invoke(arguments, **kw), asyncio.run(invoker.ainvoke(arguments, **kw))]


@pytest.mark.parametrize("tool", [add, gated], ids=["direct", "steps"])
def test_text_is_parsed_and_decoded_values_are_not(tool: Any) -> None:
    invoker = _invoker(tool, approval=lambda request: True)
    args = {"a": 2}
    for decoded in (False, True):
        for outcome in _both(invoker, args, decoded=decoded):  # a dict is a dict either way
            assert outcome.ok and outcome.value == 3
        for outcome in _both(invoker, None, decoded=decoded):  # None: no arguments
            assert outcome.status == "error" and outcome.error_kind == "arguments"
    for outcome in _both(invoker, json.dumps(args)):
        assert outcome.ok and outcome.value == 3
    for outcome in _both(invoker, json.dumps(args).encode()):
        assert outcome.ok and outcome.value == 3
    # a JSON string the model sent (a double-encoded object), already decoded by the framework:
    # a string value, refused by the schema; it never runs
    for outcome in _both(invoker, json.dumps(args), decoded=True):
        assert outcome.status == "error" and outcome.error_kind == "arguments"
        assert "object" in outcome.text or "dict" in outcome.text
    for outcome in _both(invoker, "not json"):  # text that is not JSON: the pipeline says so
        assert outcome.status == "error" and "JSON" in outcome.text


def test_approval_is_asked_about_the_decoded_value() -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input)
        return True

    invoker = _invoker(gated, approval=approve)
    assert invoker.needs_approval({"a": 9}, decoded=True)
    assert not invoker.needs_approval(json.dumps({"a": 9}), decoded=True)  # a string: fails validation
    assert invoker.needs_approval(json.dumps({"a": 9}))
    assert asyncio.run(invoker.aneeds_approval({"a": 9}, decoded=True))
    for outcome in _both(invoker, {"a": 9}, decoded=True):
        assert outcome.ok and outcome.value == 10
    assert asked == [{"a": 9}, {"a": 9}]


def test_failure_text_answers_unexpected_exceptions_in_the_default_mode_only() -> None:
    def text(e: BaseException) -> str:
        return f"Failed: {e}"

    native = prepare(crash, {}, where="test", rule="openai").invoker(target="Test", failure_text=text)
    for outcome in _both(native, {"a": 1}):
        assert outcome.status == "error" and outcome.error_kind == "internal"
        assert outcome.text == "Failed: disk on fire at 1" and isinstance(outcome.error, RuntimeError)
    plain = _invoker(crash)  # no failure text: the exception, as for a native tool
    with pytest.raises(RuntimeError, match="disk on fire"):
        plain.invoke({"a": 1})
    for options, expected in (
        ({"errors": "masked"}, "Error from tool 'crash': the tool failed with an internal error."),
        ({"errors": lambda e: "mine"}, "mine"),
        ({"errors": "all"}, "Error from tool 'crash': RuntimeError: disk on fire at 1"),
    ):  # the user's errors= decides over the adapter's text
        invoker = prepare(crash, options, where="test", rule="openai").invoker(
            target="Test", failure_text=text
        )
        for outcome in _both(invoker, {"a": 1}):
            assert outcome.text == expected
    for outcome in _both(native, {"a": "x"}):  # bad arguments keep their own text
        assert outcome.error_kind == "arguments" and outcome.text.startswith(
            "Invalid arguments for tool 'crash'"
        )

    def broken(e: BaseException) -> str:
        raise KeyError("bug")

    bad = prepare(crash, {}, where="test", rule="openai").invoker(target="Test", failure_text=broken)
    for outcome in _both(bad, {"a": 1}):  # its own failure is masked, never raised into the loop
        assert outcome.text == "Error from tool 'crash': the tool failed with an internal error."


@interop.tool
def crash_unjsonable(a: int) -> Any:
    """Return what JSON cannot hold."""
    return object()  # type: ignore[return-value]


@interop.tool(name="crash", meta={"requires_approval": lambda input, context: input["a"] > 5})
def _crash_gated(a: int) -> int:
    """Fail, asking above 5 (the step path)."""
    raise RuntimeError(f"disk on fire at {a}")


@pytest.mark.parametrize("tool", [crash, _crash_gated], ids=["direct", "steps"])
def test_a_policy_function_may_be_async_and_may_decline(tool: Any) -> None:
    """An `errors=` function (or an adapter's `failure_text`) may return an awaitable: awaited on
    the async path, run to completion on the sync one (an adapter's async handler, OpenAI Agents'
    `failure_error_function`). Raising the very exception it got declines: it propagates."""

    async def later(e: BaseException) -> str:
        await asyncio.sleep(0)
        return f"later: {e}"

    for key in ("errors", "failure_text"):
        if key == "errors":
            invoker = _invoker(tool, errors=later, approval=lambda r: True)
        else:
            invoker = prepare(tool, {"approval": lambda r: True}, where="test", rule="openai").invoker(
                target="Test", failure_text=later
            )
        for outcome in _both(invoker, {"a": 7}):
            assert outcome.status == "error" and outcome.text == "later: disk on fire at 7"
            assert isinstance(outcome.error, RuntimeError)

    def decline(e: BaseException) -> str:
        raise e

    async def adecline(e: BaseException) -> str:
        raise e

    async def abroken(e: BaseException) -> str:
        raise KeyError("the handler's own bug")

    async def not_text(e: BaseException) -> Any:
        return 42

    for fn in (decline, adecline):
        invoker = _invoker(tool, errors=fn, approval=lambda r: True)
        with pytest.raises(RuntimeError, match="disk on fire at 7"):
            invoker.invoke({"a": 7})
        with pytest.raises(RuntimeError, match="disk on fire at 7"):
            asyncio.run(invoker.ainvoke({"a": 7}))
    for fn in (abroken, not_text):  # masked, never raised into the loop
        for outcome in _both(_invoker(tool, errors=fn, approval=lambda r: True), {"a": 7}):
            assert outcome.text == "Error from tool 'crash': the tool failed with an internal error."


def test_a_result_that_is_not_json_keeps_its_text_under_an_async_policy() -> None:
    async def later(e: BaseException) -> str:
        return f"later: {type(e).__name__}"

    for outcome in _both(_invoker(crash_unjsonable, errors=later), {"a": 1}):
        assert outcome.error_kind == "output" and "later" not in outcome.text
        assert isinstance(outcome.error, bridge.ResultNotJSON)
