"""LangChain's `handle_tool_error` on `to_langchain` is the neutral `errors=` (issue 37 item 4): the
pipeline decides what the model reads, and `create_agent`'s real loop (a scripted model) shows it
as LangChain shows a native tool's handled error (`ToolMessage(status="error")`), side by side
with a native `@tool` raising `ToolException` under the same setting."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.tools import ToolException, tool

import interop
from interop.langchain import to_langchain

SEEN: list[BaseException] = []


@interop.tool
def ship(weight: int) -> str:
    """Ship a parcel."""
    if weight > 10:
        raise interop.ToolError("parcels over 10 kg are refused")
    return "shipped"


@tool
def native_ship(weight: int) -> str:
    """Ship a parcel (a native LangChain tool)."""
    raise ToolException("parcels over 10 kg are refused")


def _handler(e: BaseException) -> str:
    SEEN.append(e)
    return f"sorry: {e}"


def _run(lc: Any, tools: list[Any], calls: list[tuple[str, dict[str, Any]]]) -> dict[str, ToolMessage]:
    model = lc.script([lc.tool_call(n, a, f"c{i}") for i, (n, a) in enumerate(calls)], "done")
    out = create_agent(model, tools).invoke({"messages": [HumanMessage("go")]})
    assert out["messages"][-1].content == "done"  # the loop went on
    return {m.tool_call_id: m for m in out["messages"] if isinstance(m, ToolMessage)}


@pytest.mark.parametrize("handle", ["the parcel was refused", _handler])
def test_a_string_or_a_function_reads_as_for_a_native_tool(lc: Any, handle: Any) -> None:
    SEEN.clear()
    native = native_ship.model_copy(update={"handle_tool_error": handle})
    sent = _run(
        lc,
        [to_langchain(ship, handle_tool_error=handle), native],
        [("ship", {"weight": 12}), ("native_ship", {"weight": 12})],
    )
    ours, theirs = sent["c0"], sent["c1"]
    assert ours.status == theirs.status == "error"
    assert (
        ours.content == theirs.content
    )  # "the parcel was refused" / "sorry: parcels over 10 kg are refused"
    if handle is _handler:
        # the function gets the tool's own exception (the pipeline's errors=), not a ToolException
        # wrapping our text; the native one gets its ToolException
        # (the two calls of the turn run concurrently: in either order)
        assert sorted(type(e).__name__ for e in SEEN) == ["ToolError", "ToolException"]


def test_true_keeps_the_pipelines_text_and_false_ends_the_run(lc: Any) -> None:
    sent = _run(lc, [to_langchain(ship)], [("ship", {"weight": 12}), ("ship", {"weight": 1})])
    assert sent["c0"].status == "error"
    assert sent["c0"].content == "Error from tool 'ship': parcels over 10 kg are refused"
    assert sent["c1"].content == "shipped"
    model = lc.script([lc.tool_call("ship", {"weight": 12}, "c0")], "done")
    agent = create_agent(model, [to_langchain(ship, handle_tool_error=False)])
    with pytest.raises(ToolException, match="parcels over 10 kg are refused"):  # as a native tool's
        agent.invoke({"messages": [HumanMessage("go")]})


def test_bad_arguments_keep_their_text_naming_the_field(lc: Any) -> None:
    """The errors= function never replaces a validation error's text: the model can correct it."""
    sent = _run(lc, [to_langchain(ship, handle_tool_error="refused")], [("ship", {"weight": "heavy"})])
    assert sent["c0"].status == "error" and "weight" in str(sent["c0"].content)
    assert sent["c0"].content != "refused"


def test_a_failing_handler_is_masked_and_errors_and_handle_tool_error_are_one_option(lc: Any) -> None:
    def broken(e: BaseException) -> str:
        raise KeyError("the handler's own bug")

    sent = _run(lc, [to_langchain(ship, handle_tool_error=broken)], [("ship", {"weight": 12})])
    assert sent["c0"].content == "Error from tool 'ship': the tool failed with an internal error."
    with pytest.raises(TypeError, match="errors= or handle_tool_error="):
        to_langchain(ship, errors="all", handle_tool_error="no")
