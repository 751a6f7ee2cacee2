"""Converted neutral tools inside real LangChain loops: a core-only tool-calling loop and
`langchain.agents.create_agent` (LangGraph's ToolNode), sync and async, driven by a scripted
offline chat model."""

from __future__ import annotations

import asyncio
import json
import warnings
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from reserved_names_tool import RESERVED, RESERVED_ARGS, RESERVED_SEEN

import interop
from interop.langchain import CONTEXT_KEY, LangChainCall, to_langchain


class Unit(str, Enum):
    kg = "kg"
    lb = "lb"


class Item(BaseModel):
    sku: str = Field(description="Stock keeping unit")
    qty: int = Field(gt=0)
    unit: Unit = Unit.kg


@dataclass
class Deps:
    user: str


calls: list[Any] = []


@interop.tool
def order(
    items: list[Item], note: str = "", deps: Annotated[Any, interop.FromContext] = None
) -> dict[str, Any]:
    """Place an order.

    Args:
        items: What to order.
        note: Free text for the warehouse.
    """
    calls.append({"items": items, "note": note, "deps": deps})
    return {"count": sum(i.qty for i in items), "user": getattr(deps, "user", deps)}


@interop.tool
async def slow_double(x: int, deps: Annotated[Any, interop.FromContext] = None) -> int:
    """Double a number, asynchronously."""
    await asyncio.sleep(0)
    calls.append({"x": x, "deps": deps})
    return 2 * x


@pytest.fixture(autouse=True)
def _reset() -> None:
    calls.clear()


GOOD = {"items": [{"sku": "A1", "qty": 2}, {"sku": "B2", "qty": 3, "unit": "lb"}], "note": "fragile"}
BAD = {"items": [{"sku": "A1", "qty": 0}]}


def _tool_messages(messages: list[Any]) -> list[ToolMessage]:
    return [m for m in messages if isinstance(m, ToolMessage)]


def test_core_loop_sync_bad_argument_then_success(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("order", BAD, "call_bad")],
        [lc.tool_call("order", GOOD, "call_ok")],
        "Ordered 5 items.",
    )
    tool = to_langchain(order)
    messages = lc.run_loop(model, [tool], "order stuff")
    bad, ok = _tool_messages(messages)
    # the bad call: an error ToolMessage naming the tool and the field path; the function never ran
    assert bad.status == "error" and bad.tool_call_id == "call_bad"
    assert "'order'" in bad.content and "items.0.qty" in bad.content
    # the good call: the function got validated arguments; the model gets JSON text
    assert len(calls) == 1
    assert [i.qty for i in calls[0]["items"]] == [2, 3] and calls[0]["items"][1].unit is Unit.lb
    assert ok.status == "success" and ok.tool_call_id == "call_ok"
    assert json.loads(ok.content) == {"count": 5, "user": None} and ok.artifact == {"count": 5, "user": None}
    assert messages[-1].content == "Ordered 5 items."
    # the model saw both tool results on its next turns
    assert model.seen_messages[-1][-1] is ok
    # what the provider was sent: the neutral schema (nested, enum, descriptions, defaults)
    params = model.seen_tools[0][0]["function"]["parameters"]
    item = params["properties"]["items"]["items"]
    assert item["properties"]["unit"]["enum"] == ["kg", "lb"]
    assert item["properties"]["sku"]["description"] == "Stock keeping unit"
    assert item["properties"]["qty"]["exclusiveMinimum"] == 0
    assert params["properties"]["note"]["default"] == "" and params["required"] == ["items"]
    assert model.seen_tools[0][0]["function"]["description"] == "Place an order."


@pytest.mark.anyio
async def test_core_loop_async_parallel_calls_and_config_context(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("slow_double", {"x": 4}, "c1"), lc.tool_call("order", GOOD, "c2")],
        [lc.tool_call("slow_double", {"x": "four"}, "c3")],
        "8 and 5",
    )
    tools = [to_langchain(slow_double), to_langchain(order)]
    config = {"configurable": {CONTEXT_KEY: Deps("ann")}}
    messages = await lc.arun_loop(model, tools, "go", config=config)
    first, second, bad = _tool_messages(messages)
    assert (first.tool_call_id, first.content, first.artifact) == ("c1", "8", 8)
    assert json.loads(second.content) == {"count": 5, "user": "ann"}
    assert bad.status == "error" and "'slow_double'" in bad.content and "x" in bad.content
    assert messages[-1].content == "8 and 5"
    assert all(c["deps"] == Deps("ann") for c in calls) and len(calls) == 2


def test_create_agent_context_args_errors_sync(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("order", BAD, "call_1")],
        [lc.tool_call("order", GOOD, "call_2")],
        "done",
    )
    agent = create_agent(model, [to_langchain(order)], context_schema=Deps)
    out = agent.invoke({"messages": [HumanMessage("order")]}, context=Deps(user="u-42"))
    bad, ok = _tool_messages(out["messages"])
    assert bad.status == "error" and "items.0.qty" in bad.content
    assert json.loads(ok.content) == {"count": 5, "user": "u-42"}
    assert calls[0]["deps"] == Deps(user="u-42") and calls[0]["note"] == "fragile"
    assert out["messages"][-1].content == "done"


@pytest.mark.anyio
async def test_create_agent_async_tool_ainvoke(lc: Any) -> None:
    model = lc.script(
        [lc.tool_call("slow_double", {"x": 21}, "a1"), lc.tool_call("slow_double", {"x": 1}, "a2")],
        "42 and 2",
    )
    agent = create_agent(model, [to_langchain(slow_double)], context_schema=Deps)
    out = await agent.ainvoke({"messages": [HumanMessage("double")]}, context=Deps(user="v"))
    msgs = _tool_messages(out["messages"])
    assert sorted((m.tool_call_id, m.content) for m in msgs) == [("a1", "42"), ("a2", "2")]
    assert out["messages"][-1].content == "42 and 2"
    assert {c["deps"].user for c in calls} == {"v"}


def test_create_agent_sync_invoke_of_async_tool(lc: Any) -> None:
    model = lc.script([lc.tool_call("slow_double", {"x": 5}, "s1")], "10")
    agent = create_agent(model, [to_langchain(slow_double)])
    out = agent.invoke({"messages": [HumanMessage("double")]})
    assert _tool_messages(out["messages"])[0].content == "10"


def test_reserved_argument_names_pass_through_create_agent_and_core(lc: Any) -> None:
    RESERVED_SEEN.clear()
    tool = to_langchain(RESERVED)
    model = lc.script([lc.tool_call("reserved", RESERVED_ARGS, "r1")], "ok")
    out = create_agent(model, [tool], context_schema=Deps).invoke(
        {"messages": [HumanMessage("x")]}, context=Deps("w")
    )
    assert _tool_messages(out["messages"])[0].artifact == RESERVED_ARGS
    assert RESERVED_SEEN[-1] == (RESERVED_ARGS, Deps("w"))
    # the hidden runtime parameter is not in any schema the model sees
    assert model.seen_tools and "__interop_runtime__" not in json.dumps(model.seen_tools)
    assert set(model.seen_tools[0][0]["function"]["parameters"]["properties"]) == set(RESERVED_ARGS)
    # core-only: same arguments through invoke(ToolCall), invoke(dict), run and arun
    assert tool.invoke(lc.tool_call("reserved", RESERVED_ARGS, "r2")).artifact == RESERVED_ARGS
    assert json.loads(tool.invoke(RESERVED_ARGS)) == RESERVED_ARGS
    assert json.loads(tool.run(RESERVED_ARGS)) == RESERVED_ARGS
    assert json.loads(asyncio.run(tool.arun(RESERVED_ARGS))) == RESERVED_ARGS


def test_forged_runtime_argument_is_rejected_by_validation() -> None:
    tool = to_langchain(RESERVED)
    msg = tool.invoke(
        {
            "name": "reserved",
            "args": {**RESERVED_ARGS, "__interop_runtime__": {}},
            "id": "f",
            "type": "tool_call",
        }
    )
    assert msg.status == "error" and "__interop_runtime__" in msg.content


def test_context_hook_gets_langchain_call() -> None:
    got: list[LangChainCall] = []

    def hook(call: LangChainCall) -> Any:
        got.append(call)
        return Deps(call.config["configurable"]["user"])

    tool = to_langchain(order, context=hook)
    msg = tool.invoke(
        {"name": "order", "args": GOOD, "id": "id-7", "type": "tool_call"},
        config={"configurable": {"user": "zed"}, "tags": ["t"]},
    )
    assert msg.artifact == {"count": 5, "user": "zed"}
    assert got[0].tool_call_id == "id-7" and got[0].tool_name == "order" and got[0].runtime is None


def test_context_hook_sees_tool_runtime_under_create_agent(lc: Any) -> None:
    got: list[LangChainCall] = []

    def hook(call: LangChainCall) -> Any:
        got.append(call)
        return call.runtime.context

    model = lc.script([lc.tool_call("order", GOOD, "rt1")], "ok")
    create_agent(model, [to_langchain(order, context=hook)], context_schema=Deps).invoke(
        {"messages": [HumanMessage("x")]}, context=Deps("r")
    )
    runtime = got[0].runtime
    assert runtime.tool_call_id == "rt1" and got[0].tool_call_id == "rt1"
    assert isinstance(runtime.state["messages"][-1], AIMessage)
    assert calls[0]["deps"] == Deps("r")


def _key_warnings(seen: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in seen if w.category is DeprecationWarning and CONTEXT_KEY in str(w.message)]


@pytest.mark.parametrize("key", [CONTEXT_KEY, "context"])
def test_create_agent_reads_the_context_under_context_key_and_the_old_key_with_a_warning(
    lc: Any, key: str
) -> None:
    """No runtime context (no `context_schema`): the run config's `configurable[CONTEXT_KEY]` is
    the context; the round-2 key `"context"` still works, with a `DeprecationWarning` per call."""
    assert CONTEXT_KEY == "interop_context"
    model = lc.script([lc.tool_call("order", GOOD, "k1"), lc.tool_call("order", GOOD, "k2")], "ok")
    agent = create_agent(model, [to_langchain(order)])
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = agent.invoke({"messages": [HumanMessage("x")]}, config={"configurable": {key: Deps("kay")}})
    assert [json.loads(m.content) for m in _tool_messages(out["messages"])] == [{"count": 5, "user": "kay"}] * 2
    assert [c["deps"] for c in calls] == [Deps("kay")] * 2
    said = _key_warnings(seen)
    if key == CONTEXT_KEY:
        assert said == []
    else:
        assert len(said) == 2 and "'context'" in said[0] and "to_langchain" in said[0]


@pytest.mark.anyio
async def test_tool_invoke_reads_context_key_and_the_old_key_with_a_warning() -> None:
    tool = to_langchain(slow_double)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        new = tool.invoke({"x": 2}, config={"configurable": {CONTEXT_KEY: Deps("new")}})
        anew = await tool.ainvoke({"x": 3}, config={"configurable": {CONTEXT_KEY: Deps("anew")}})
    assert (new, anew) == ("4", "6") and _key_warnings(seen) == []
    with pytest.warns(DeprecationWarning, match="pass it under 'interop_context'"):
        old = tool.invoke({"x": 5}, config={"configurable": {"context": Deps("old")}})
    with pytest.warns(DeprecationWarning, match="pass it under 'interop_context'"):
        aold = await tool.ainvoke({"x": 6}, config={"configurable": {"context": Deps("aold")}})
    assert (old, aold) == ("10", "12")
    assert [c["deps"] for c in calls] == [Deps("new"), Deps("anew"), Deps("old"), Deps("aold")]
    # both keys: the new one wins, and nothing is said
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        tool.invoke({"x": 1}, config={"configurable": {CONTEXT_KEY: Deps("new"), "context": Deps("old")}})
    assert calls[-1]["deps"] == Deps("new") and _key_warnings(seen) == []


def test_default_context_from_configurable_mapping() -> None:
    tool = to_langchain(order)
    out = tool.invoke(GOOD, config={"configurable": {"user_id": 7, "__internal": 1}})
    assert calls[-1]["deps"] == {"user_id": 7}
    assert json.loads(out)["count"] == 5


@pytest.mark.anyio
async def test_sync_invoke_of_async_tool_inside_running_loop() -> None:
    tool = to_langchain(slow_double)
    assert tool.invoke({"x": 3}) == "6"  # thread bridge: works inside a running loop
    assert await tool.ainvoke({"x": 4}) == "8"
