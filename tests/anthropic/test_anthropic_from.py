"""Tool-runner tools (`@beta_tool`, `@beta_async_tool`, builtin tools) as neutral tools
(`from_anthropic`): described by their `to_dict()`, run through their `call`, and home again."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from anthropic.lib.tools import BetaBuiltinFunctionTool, ToolError, beta_async_tool, beta_tool
from anthropic_kit import arun, run, text

import interop
from interop.anthropic import bound_context, from_anthropic, from_anthropic_tools, to_anthropic

PNG = b"\x89PNG\r\n\x1a\n" + bytes(8)


@beta_tool(input_examples=[{"city": "Oslo"}], allowed_callers=["direct"])
def forecast(city: str, days: int = 1) -> str:
    """Get a forecast.

    Args:
        city: The city.
    """
    if city == "Atlantis":
        raise ToolError("no forecast for Atlantis")
    return f'{{"city": "{city}", "days": {days}, "who": "{bound_context()}"}}'


def test_a_beta_tool_is_described_by_what_the_runner_sends() -> None:
    tool = from_anthropic(forecast)
    sent = forecast.to_dict()
    assert tool.name == "forecast" and tool.description == sent["description"]
    assert interop.input_json_schema(tool) == sent["input_schema"]
    assert tool.meta == {"callers": ["direct"], "input_examples": [{"city": "Oslo"}]}
    # its text result follows the text rule; the context is what run_context binds while it runs
    assert interop.call(tool, {"city": "Oslo"}, "ann") == {"city": "Oslo", "days": 1, "who": "ann"}
    with pytest.raises(interop.StandardToolValidationError, match="days"):
        interop.call(tool, {"city": "Oslo", "days": "x"})
    with pytest.raises(interop.ToolError, match="no forecast for Atlantis"):
        interop.call(tool, {"city": "Atlantis"})
    assert to_anthropic(tool) is forecast  # home as the very object


def test_a_native_tool_through_the_neutral_tool_in_a_real_runner() -> None:
    neutral = from_anthropic(forecast, native_context=lambda ctx: f"user:{ctx}")
    converted = to_anthropic(neutral, rename="weather")
    assert converted is not forecast
    from interop.anthropic import run_context

    with run_context("ann"):
        final, scripted = run(
            [[("weather", {"city": "Atlantis"})], [("weather", {"city": "Rome", "days": 2})], "done"],
            converted,
        )
    assert text(final) == "done"
    refused, ok = scripted.results()
    assert refused["is_error"] and refused["content"] == "Error from tool 'weather': no forecast for Atlantis"
    assert '"who":"user:ann"' in ok["content"].replace(" ", "")
    assert scripted.tools_sent()["weather"]["input_examples"] == [{"city": "Oslo"}]


@pytest.mark.anyio
async def test_async_tools_and_content_blocks() -> None:
    @beta_async_tool
    async def snapshot(label: str) -> list[Any]:
        """Take a snapshot."""
        return [
            {"type": "text", "text": label},
            {
                "type": "image",
                "source": {
                    "type": "base64",
                    "media_type": "image/png",
                    "data": base64.b64encode(PNG).decode(),
                },
            },
        ]

    tool = from_anthropic(snapshot)
    assert interop.bridge.is_async_tool(tool)
    assert await interop.acall(tool, {"label": "a"}) == ["a", interop.Image(PNG, "image/png")]
    final, scripted = await arun([[("snapshot", {"label": "x"})], "done"], to_anthropic(tool))
    assert text(final) == "done" and scripted.results()[0]["content"][1]["type"] == "image"


def test_builtin_tools_lists_and_wrong_inputs() -> None:
    class Counter(BetaBuiltinFunctionTool):
        def to_dict(self) -> Any:
            return {
                "name": "count",
                "description": "Count.",
                "input_schema": {
                    "type": "object",
                    "properties": {"n": {"type": "integer"}},
                    "required": ["n"],
                },
            }

        def call(self, input: object) -> str:
            return str(input["n"] + 1)  # type: ignore[index]

    counter = from_anthropic(Counter())
    assert interop.call(counter, {"n": 1}) == "2"
    with pytest.raises(interop.StandardToolValidationError):
        interop.call(counter, {"n": "one"})
    assert [t.name for t in from_anthropic_tools([forecast, Counter()])] == ["forecast", "count"]
    with pytest.raises(TypeError, match="tool-runner tools"):
        from_anthropic(lambda: None)  # type: ignore[arg-type]


def test_a_result_that_is_not_text_or_blocks_comes_back_as_it_is() -> None:
    @beta_tool
    def count(n: int) -> Any:
        """Count."""
        return {"n": n + 1}  # not text: the runner would refuse to send it, the neutral caller gets it

    assert interop.call(from_anthropic(count), {"n": 1}) == {"n": 2}
