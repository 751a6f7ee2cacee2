"""A failing tool fails its call, never the call path (issue 38, item 12), in the core pipeline.

The same cases through every framework's real loop: tests/matrix/test_mx_trust_failures.py.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from unprintable_errors import Unprintable, UnprintableToolError

import interop
from interop import bridge


class NotAString(Exception):
    def __str__(self) -> Any:
        return 42


def _tool(error: BaseException, *, is_async: bool = False) -> interop.StandardTool[Any, Any, Any]:
    if is_async:

        async def afailing(n: int) -> int:
            """Fails."""
            raise error

        return interop.tool(name="failing")(afailing)

    def failing(n: int) -> int:
        """Fails."""
        raise error

    return interop.tool(failing)


def test_exception_text_never_raises() -> None:
    assert bridge.exception_text(ValueError("plain")) == "plain"
    assert bridge.exception_text(Unprintable()) == "<exception str() failed>"
    assert bridge.exception_text(NotAString()) == "<exception str() failed>"

    class Text(str):
        def __format__(self, spec: str) -> str:
            raise ValueError("no")

    class Subclassed(Exception):
        def __str__(self) -> str:
            return Text("sub")

    text = bridge.exception_text(Subclassed())
    assert type(text) is str and f"{text}" == "sub"


@pytest.mark.parametrize("error", [Unprintable(), UnprintableToolError(), NotAString()], ids=type)
def test_describe_error_of_an_unprintable_exception(error: BaseException) -> None:
    text = bridge.describe_error(error, "failing")
    assert text.startswith("Error from tool 'failing': ") and "<exception str() failed>" in text


@pytest.mark.anyio
@pytest.mark.parametrize("errors", ["model-facing", "all", "masked"])
@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize("kind", [StopIteration, StopAsyncIteration])
async def test_a_stopping_sync_tool_is_a_runtime_error_on_every_path(
    kind: type, threaded: bool, errors: bridge.Errors
) -> None:
    tool = _tool(kind())
    invoker = bridge.Invoker(
        tool, name="failing", target="test", options=bridge.Options(errors=errors, threaded=threaded)
    )
    expected = f"tool 'failing' raised {kind.__name__}"
    outcomes = []
    for run in ("async", "sync"):
        try:
            if run == "async":  # hung forever before (threaded: the future never completed)
                outcome = await asyncio.wait_for(invoker.ainvoke({"n": 1}), 10)
            else:
                outcome = invoker.invoke({"n": 1})
        except RuntimeError as e:
            assert errors == "model-facing" and str(e) == expected and type(e.__cause__) is kind
            continue
        assert errors != "model-facing" and outcome.status == "error" and outcome.error_kind == "internal"
        assert isinstance(outcome.error, RuntimeError) and type(outcome.error.__cause__) is kind
        outcomes.append(outcome.text)
    if errors == "all":
        assert outcomes == [f"Error from tool 'failing': RuntimeError: {expected}"] * 2
    if errors == "masked":
        assert outcomes == ["Error from tool 'failing': the tool failed with an internal error."] * 2


@pytest.mark.anyio
@pytest.mark.parametrize("errors", ["model-facing", "all", "masked"])
@pytest.mark.parametrize("is_async", [False, True], ids=["sync-tool", "async-tool"])
async def test_an_unprintable_exception_fails_only_its_call(is_async: bool, errors: bridge.Errors) -> None:
    for error in (Unprintable(), UnprintableToolError()):
        invoker = bridge.Invoker(
            _tool(error, is_async=is_async),
            name="failing",
            target="test",
            options=bridge.Options(errors=errors),
        )
        for run in ("async", "sync"):
            try:
                outcome = await invoker.ainvoke({"n": 1}) if run == "async" else invoker.invoke({"n": 1})
            except Exception as e:  # an unexpected exception, as for a native tool: the tool's own
                assert e is error and errors == "model-facing" and isinstance(e, Unprintable)
                continue
            assert outcome.status == "error" and outcome.error is error
            if errors == "masked" and isinstance(error, Unprintable):
                assert outcome.text == "Error from tool 'failing': the tool failed with an internal error."
            else:
                assert "<exception str() failed>" in outcome.text, outcome.text


@pytest.mark.anyio
@pytest.mark.parametrize("kind", [StopIteration, StopAsyncIteration])
async def test_call_and_acall_of_a_stopping_tool(kind: type) -> None:
    tool = _tool(kind())
    with pytest.raises(RuntimeError, match=f"tool 'failing' raised {kind.__name__}"):
        interop.call(tool, {"n": 1})
    for threaded in (True, False):
        with pytest.raises(RuntimeError, match=f"tool 'failing' raised {kind.__name__}"):
            await asyncio.wait_for(interop.acall(tool, {"n": 1}, threaded=threaded), 10)
