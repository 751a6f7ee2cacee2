"""`from_dspy` on tools written in DSPy's own idioms (`dspy.Tool(fn)`, plain functions ReAct
accepts, async functions, pydantic argument types, `**kwargs` functions, functions reading DSPy's
settings), the round trips, and native tools used from other frameworks and back in `ReAct`."""

from __future__ import annotations

import base64
from typing import Any

import dspy
import pytest
from pydantic import BaseModel

import interop
from interop import Image, StandardToolValidationError
from interop.bridge import get_origin, is_async_tool
from interop.dspy import CONTEXT_KEY, from_dspy, from_dspy_tools, run_context, to_dspy
from interop.errors import ToolNameError

CALLS: list[Any] = []


class Point(BaseModel):
    x: int
    y: int


def norm(p: Point, scale: int = 1) -> int:
    """Manhattan norm of a point."""
    CALLS.append(p)
    return (abs(p.x) + abs(p.y)) * scale


async def aping(text: str) -> str:
    """Echo, asynchronously."""
    return f"pong {text}"


def whoami() -> str:
    """Who is calling (reads DSPy's settings)."""
    return str(dspy.settings.get(CONTEXT_KEY))


def loose(**kwargs: Any) -> list[str]:
    """Takes anything."""
    return sorted(kwargs)


@pytest.fixture(autouse=True)
def _clear() -> None:
    CALLS.clear()


def test_a_dspy_tool_validates_first_and_runs_through_dspy() -> None:
    native = dspy.Tool(norm)
    neutral = from_dspy(native)
    assert neutral.name == "norm" and neutral.description == "Manhattan norm of a point."
    schema = interop.input_json_schema(neutral)
    assert schema["properties"] == native.args and schema["required"] == ["p"]
    assert schema["additionalProperties"] is False
    assert interop.call(neutral, {"p": {"x": 3, "y": -4}}) == 7
    assert isinstance(CALLS[0], Point)  # DSPy's own arg_types parsing ran
    with pytest.raises(StandardToolValidationError, match="p"):
        interop.call(neutral, {"p": {"x": "a"}})
    with pytest.raises(StandardToolValidationError, match="bogus"):
        interop.call(neutral, {"p": {"x": 1, "y": 1}, "bogus": 1})
    assert len(CALLS) == 1


def test_plain_functions_async_functions_and_kwargs_functions() -> None:
    assert interop.call(from_dspy(norm), {"p": {"x": 1, "y": 1}, "scale": 3}) == 6
    aneutral = from_dspy(aping)
    assert is_async_tool(aneutral) and interop.call(aneutral, {"text": "a"}) == "pong a"
    open_ = from_dspy(loose)
    assert "additionalProperties" not in interop.input_json_schema(open_)
    assert interop.call(open_, {"b": 1, "a": 2}) == ["a", "b"]
    with pytest.raises(TypeError):
        from_dspy(42)  # type: ignore[arg-type]


def test_the_neutral_context_is_dspys_settings_value() -> None:
    neutral = from_dspy(whoami)
    assert interop.call(neutral, {}, "ada") == "ada"
    with run_context("outer"):
        assert interop.call(neutral, {}, "inner") == "inner"  # the call's own context wins
        assert whoami() == "outer"
    hooked = from_dspy(whoami, native_context=lambda ctx: f"user:{ctx}")  # what DSPy's setting holds
    assert interop.call(hooked, {}, "ada") == "user:ada"


def test_media_results_become_content_values() -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(8)

    def chart() -> dspy.Image:
        """A chart."""
        return dspy.Image(f"data:image/png;base64,{base64.b64encode(png).decode()}")

    assert interop.call(from_dspy(chart), {}) == Image(png, "image/png")


def test_round_trips_are_identities() -> None:
    neutral = interop.standard_tool(name="n", description="d", execute=lambda i: 1)
    assert from_dspy(to_dspy(neutral)) is neutral
    assert from_dspy(to_dspy(neutral, rename="m")) is neutral
    native = dspy.Tool(norm)
    back = from_dspy(native)
    assert to_dspy(back) is native and get_origin(back) is native
    assert to_dspy(back, errors="all") is not native
    assert [t.name for t in from_dspy_tools([norm, aping])] == ["norm", "aping"]
    with pytest.raises(ToolNameError):
        from_dspy_tools([norm, dspy.Tool(norm)])


def test_native_tools_travel_through_another_framework_and_back_into_react(dk: Any, use_async: bool) -> None:
    from interop.pydantic_ai import from_pydantic_ai, to_pydantic_ai

    native = dspy.Tool(norm)
    hopped = from_pydantic_ai(to_pydantic_ai(from_dspy(native)))
    assert to_dspy(hopped) is native
    converted = to_dspy(from_dspy(native), errors="all")  # options given: through the pipeline
    pred, _ = dk.react(
        [converted],
        [dk.step("norm", p={"x": 1, "y": 2}, scale=2), dk.step("norm", p={"x": "a"}), dk.FINISH],
        use_async=use_async,
    )
    ok, bad, _ = dk.observations(pred)
    assert ok == "6" and ok.value == 6 and bad.is_error and "p.x" in bad
