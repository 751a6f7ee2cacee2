"""The straight-line call path (a tool with no approval rule) gives what the step machine gives.

`Invoker.invoke` / `ainvoke` run a tool that needs no approval without the step generator; the
generator (`Invoker.steps`, driven by `drive_sync` / `drive_async`) still handles every call. Each
case runs both ways and compares the whole `Outcome` (or the exception).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

import interop
from interop._approval import APPROVED, approved_call
from interop._run import drive_async, drive_sync
from interop.bridge import Invoker, Options, Outcome

PIXEL = interop.Image(b"\x89PNG\r\n\x1a\n", "image/png")


@interop.tool
def add(a: int, b: int) -> int:
    """Add."""
    return a + b


@interop.tool
async def aadd(a: int, b: int) -> int:
    """Add (async)."""
    return a + b


@interop.tool
def as_dict(a: int) -> dict[str, Any]:
    """A dict."""
    return {"a": a, "nan": math.nan, "raw": b"xy"}


@interop.tool
def text(a: int) -> str:
    """Text."""
    return f"a={a}"


@interop.tool
def picture(a: int) -> Any:
    """Content."""
    return ["here", PIXEL]


@interop.tool
def numbers(a: int) -> Any:
    """A generator."""
    return (i for i in range(a))


@interop.tool
def fails(a: int) -> int:
    """Raises a ToolError."""
    raise interop.ToolError("nope")


@interop.tool
def crashes(a: int) -> int:
    """Raises something unexpected."""
    raise RuntimeError("boom")


@interop.tool
def unencodable(a: int) -> Any:
    """Returns what JSON cannot hold."""
    return {"x": object()}


@interop.tool
def who(a: int, context: Any = None) -> str:
    """The context, and whether the call was approved."""
    return f"{context}:{approved_call()}"


@interop.tool
def floats(a: int) -> float:
    """A float that JSON cannot hold as is."""
    return math.inf


def _async_numbers() -> interop.StandardTool[Any, Any, Any]:
    async def agen(n: int) -> AsyncIterator[int]:
        for i in range(n):
            yield i

    def execute(input: Any, context: Any = None) -> Any:
        return agen(input["a"])

    return interop.standard_tool(name="anumbers", description="An async iterator.", execute=execute)


async def _async_hook(native: Any) -> Any:
    await asyncio.sleep(0)
    return f"ctx-{native}"


CASES: list[tuple[str, interop.StandardTool[Any, Any, Any], Any, dict[str, Any]]] = [
    ("dict args", add, {"a": 1, "b": 2}, {}),
    ("json text", add, '{"a": 1, "b": 2}', {}),
    ("json bytes", add, b'{"a": 1, "b": 2}', {}),
    ("bad json", add, '{"a": 1,', {}),
    ("bom", add, '\ufeff{"a": 1, "b": 2}', {}),
    ("no arguments", add, None, {}),
    ("bad arguments", add, {"a": "x"}, {}),
    ("async tool", aadd, {"a": 1, "b": 2}, {}),
    ("dict result", as_dict, {"a": 1}, {}),
    ("text result", text, {"a": 1}, {}),
    ("content result", picture, {"a": 1}, {}),
    ("generator result", numbers, {"a": 3}, {}),
    ("async iterator result", _async_numbers(), {"a": 3}, {}),
    ("inf result", floats, {"a": 1}, {}),
    ("tool error", fails, {"a": 1}, {}),
    ("unexpected, all", crashes, {"a": 1}, {"errors": "all"}),
    ("unexpected, masked", crashes, {"a": 1}, {"errors": "masked"}),
    ("unencodable", unencodable, {"a": 1}, {}),
    ("sync hook", who, {"a": 1}, {"context": lambda native: f"ctx-{native}"}),
    ("async hook", who, {"a": 1}, {"context": _async_hook}),
    ("inline", add, {"a": 1, "b": 2}, {"threaded": False}),
    ("model output", add, {"a": 1, "b": 2}, {"model_output": lambda v: f"sum {v}"}),
    ("async model output", add, {"a": 1, "b": 2}, {"model_output": "async"}),
    ("omitted", add, {"a": 1, "b": 2}, {"model_output": lambda v: interop.OMIT}),
]


async def _shown(value: Any) -> Any:
    return f"sum {value}"


def _invoker(tool: interop.StandardTool[Any, Any, Any], options: dict[str, Any]) -> Invoker:
    options = dict(options)
    shape = options.pop("model_output", None)
    if shape is not None:
        tool = interop.with_model_output(tool, _shown if shape == "async" else shape)
    return Invoker(tool, name="t", target="tests", options=Options(**options))


def _view(result: Outcome | BaseException) -> Any:
    if isinstance(result, BaseException):
        return ("raised", type(result), str(result))
    error = result.error
    return (
        result.status,
        result.name,
        repr(result.value) if not isinstance(result.value, (dict, list)) else result.value,
        result.parts,
        result.text,
        result.has_content,
        result.ok,
        result.error_kind,
        (type(error), str(error)) if error is not None else None,
    )


def _sync(run: Callable[[], Outcome]) -> Any:
    try:
        return _view(run())
    except Exception as e:
        return _view(e)


async def _async(run: Callable[[], Any]) -> Any:
    try:
        return _view(await run())
    except Exception as e:
        return _view(e)


@pytest.mark.parametrize(("label", "tool", "args", "options"), CASES, ids=[c[0] for c in CASES])
def test_invoke_matches_the_step_machine(label: str, tool: Any, args: Any, options: dict[str, Any]) -> None:
    invoker = _invoker(tool, options)
    assert invoker.rule is False
    fast = _sync(lambda: invoker.invoke(args, 7))
    steps = _sync(lambda: drive_sync(invoker.steps(args, 7, None, None)))
    assert fast == steps


@pytest.mark.anyio
@pytest.mark.parametrize(("label", "tool", "args", "options"), CASES, ids=[c[0] for c in CASES])
async def test_ainvoke_matches_the_step_machine(
    label: str, tool: Any, args: Any, options: dict[str, Any]
) -> None:
    invoker = _invoker(tool, options)
    fast = await _async(lambda: invoker.ainvoke(args, 7))
    steps = await _async(lambda: drive_async(invoker.steps(args, 7, None, None), threaded=invoker.threaded))
    assert fast == steps


def test_unexpected_errors_raise_on_both_paths_by_default() -> None:
    invoker = _invoker(crashes, {})
    with pytest.raises(RuntimeError, match="boom"):
        invoker.invoke({"a": 1})
    with pytest.raises(RuntimeError, match="boom"):
        asyncio.run(invoker.ainvoke({"a": 1}))


@pytest.mark.parametrize("threaded", [True, False])
def test_a_call_inside_an_approved_call_is_not_approved(threaded: bool) -> None:
    invoker = _invoker(who, {"threaded": threaded})
    token = APPROVED.set(True)
    try:
        assert invoker.invoke({"a": 1}).value == "None:False"
        assert asyncio.run(invoker.ainvoke({"a": 1})).value == "None:False"
        assert APPROVED.get() is True
    finally:
        APPROVED.reset(token)


def test_a_scalar_result_is_encoded_once_when_asked() -> None:
    outcome = _invoker(add, {}).invoke({"a": 1, "b": 2})
    assert outcome.value == 3
    assert outcome.has_content is False
    assert outcome.parts == ("3",)
    assert outcome.parts is outcome.parts
    assert outcome.text == "3"
    assert "parts=('3',)" in repr(outcome)
