"""`with_formatted_output`: raised errors become data exactly once; the formatter's raises propagate."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest

import interop
import interop.bridge
from interop import StandardToolValidationError, ToolError, with_formatted_output
from interop.bridge import get_origin, set_origin


def _sync_tool(calls: list[int]) -> interop.StandardTool[Any, Any, Any]:
    @interop.tool(meta={"read_only": True, "custom": object()})
    def divide(a: int, b: int) -> float:
        """Divide a by b."""
        calls.append(1)
        if b == 0:
            raise ToolError("b must not be zero")
        return a / b

    return divide


def _async_tool(calls: list[int]) -> interop.StandardTool[Any, Any, Any]:
    @interop.tool
    async def adivide(a: int, b: int) -> float:
        """Divide a by b."""
        calls.append(1)
        if b == 0:
            raise ToolError("b must not be zero")
        return a / b

    return adivide


class Recorder:
    """A formatter that records every call."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def __call__(self, result: Any) -> Any:
        self.seen.append(result)
        if isinstance(result, BaseException):
            return {"ok": False, "message": str(result)}
        return {"ok": True, "value": result}


def test_default_envelope_sync() -> None:
    calls: list[int] = []
    t = with_formatted_output(_sync_tool(calls))
    assert not interop.bridge.is_async_tool(t)
    assert interop.call(t, {"a": 6, "b": 3}) == 2.0
    assert interop.call(t, {"a": 1, "b": 0}) == {"error": "b must not be zero"}
    assert interop.call(t, {"a": "x", "b": 1}) == {
        "error": "input validation failed: a: Input should be a valid integer, unable to parse string as an integer"
    }
    assert calls == [1, 1]  # never called for the invalid input


@pytest.mark.anyio
async def test_default_envelope_async() -> None:
    calls: list[int] = []
    t = with_formatted_output(_async_tool(calls))
    assert interop.bridge.is_async_tool(t)
    assert await interop.acall(t, {"a": 6, "b": 3}) == 2.0
    assert await interop.acall(t, {"a": 1, "b": 0}) == {"error": "b must not be zero"}
    assert (await interop.acall(t, {"a": 1}))["error"].startswith(
        "input validation failed: b: Field required"
    )
    assert calls == [1, 1]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_custom_formatter_runs_exactly_once_per_call(kind: str) -> None:
    calls: list[int] = []
    base = _sync_tool(calls) if kind == "sync" else _async_tool(calls)
    fmt = Recorder()
    t = with_formatted_output(base, fmt)
    assert interop.call(t, {"a": 4, "b": 2}) == {"ok": True, "value": 2.0}
    assert len(fmt.seen) == 1
    assert interop.call(t, {"a": 4, "b": 0}) == {"ok": False, "message": "b must not be zero"}
    assert len(fmt.seen) == 2 and isinstance(fmt.seen[1], ToolError)
    out = interop.call(t, {"a": 4})
    assert out["ok"] is False and isinstance(fmt.seen[2], StandardToolValidationError)
    assert len(fmt.seen) == 3
    assert calls == [1, 1]


class Fatal(Exception):
    pass


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_formatter_raises_propagate_and_it_is_not_called_again(kind: str) -> None:
    calls: list[int] = []
    base = _sync_tool(calls) if kind == "sync" else _async_tool(calls)
    seen: list[Any] = []
    fatal = Fatal("do not show the model")

    def strict(result: Any) -> Any:
        seen.append(result)
        if isinstance(result, ToolError):
            return f"error: {result}"
        if isinstance(result, BaseException):
            raise fatal
        return result

    t = with_formatted_output(base, strict)
    assert interop.call(t, {"a": 1, "b": 0}) == "error: b must not be zero"
    with pytest.raises(Fatal) as info:
        interop.call(t, {"a": "nope", "b": 1})
    assert info.value is fatal
    assert len(seen) == 2


@pytest.mark.anyio
async def test_async_formatter_on_a_sync_tool() -> None:
    calls: list[int] = []
    seen: list[Any] = []

    async def fmt(result: Any) -> Any:
        seen.append(result)
        await asyncio.sleep(0)
        return str(result)

    t = with_formatted_output(_sync_tool(calls), fmt)
    assert interop.bridge.is_async_tool(t)
    assert await interop.acall(t, {"a": 1, "b": 0}) == "b must not be zero"
    assert await interop.acall(t, {"a": 1, "b": 1}) == "1.0"
    assert len(seen) == 2


@pytest.mark.anyio
async def test_formatter_raise_propagates_on_async_path() -> None:
    fatal = Fatal("x")

    def fmt(result: Any) -> Any:
        raise fatal

    t = with_formatted_output(_async_tool([]), fmt)
    with pytest.raises(Fatal) as info:
        await interop.acall(t, {"a": 1, "b": 1})
    assert info.value is fatal


@pytest.mark.anyio
async def test_cancellation_is_not_turned_into_data() -> None:
    @interop.tool
    async def slow() -> None:
        raise asyncio.CancelledError

    t = with_formatted_output(slow)
    with pytest.raises(asyncio.CancelledError):
        await interop.acall(t, {})


def test_fields_meta_and_origin_are_kept() -> None:
    base = _sync_tool([])
    native = object()
    set_origin(base, native)
    t = with_formatted_output(base)
    assert t is not base
    assert (t.name, t.description, t.title) == (base.name, base.description, base.title)
    assert t.meta is base.meta
    assert t.input_schema is base.input_schema
    # the output schema says what the formatted tool returns: the output, or the error object
    out = interop.output_json_schema(t)
    if base.output_schema is None:
        assert out is None
    else:
        assert out is not None and out["anyOf"][1]["required"] == ["error"]
        assert interop.output_json_schema(with_formatted_output(base, lambda r: r)) is None
    assert get_origin(base) is native
    assert get_origin(t) is None  # a wrapper never goes home as the native object its base came from
    assert isinstance(t, interop.bridge.DerivedTool) and t.base is base and t.layer.kind == "formatted_output"


def test_formatting_a_foreign_conforming_tool() -> None:
    class Foreign:
        name = "foreign"
        title = None
        description = "not a StandardTool"
        input_schema = None
        output_schema = None
        meta: ClassVar[dict[str, Any]] = {}

        def execute(self, input: Any, context: Any = None) -> Any:
            raise RuntimeError(f"bad {input}")

    foreign = Foreign()
    assert isinstance(foreign, interop.StandardToolV0)
    t = with_formatted_output(foreign)
    assert interop.call(t, 1) == {"error": "bad 1"}
    assert t.name == "foreign"
