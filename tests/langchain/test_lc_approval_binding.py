"""An approval is bound to the call it was given for (LangGraph `ToolNode`, real threads and tasks).

A `ToolNode` runs a turn's calls in one LangGraph task, in parallel (threads on the sync path,
tasks on the async one), and LangGraph matches resume values to a task's interrupts by the order
they are asked in. A context hook that makes one call slow changes that order between the pause
and the resume: a decision must still approve only the call (and the arguments) it names.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("langgraph")

from approval_tools import RAN, awipe, wipe
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
from langgraph.types import Command

from interop.langchain import LangChainCall, approve, reject, to_langchain


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


CALLS = [("a", "/tmp/safe"), ("b", "/etc")]


class Latency:
    """A context hook that makes the named call slow (sync: sleeps in its thread; async: awaits)."""

    def __init__(self) -> None:
        self.slow: str | None = None

    def sync(self, call: LangChainCall) -> None:
        if call.tool_call_id == self.slow:
            time.sleep(0.25)

    async def async_(self, call: LangChainCall) -> None:
        if call.tool_call_id == self.slow:
            await asyncio.sleep(0.25)


def _graph(tool: Any, name: str) -> Any:
    turn = [{"name": name, "args": {"path": p}, "id": i, "type": "tool_call"} for i, p in CALLS]

    def agent(state: MessagesState) -> dict[str, Any]:
        if any(isinstance(m, ToolMessage) for m in state["messages"]):
            return {"messages": [AIMessage("done")]}
        return {"messages": [AIMessage("", tool_calls=turn)]}

    g = StateGraph(MessagesState)
    g.add_node("agent", agent)
    g.add_node("tools", ToolNode([tool]))
    g.add_edge(START, "agent")
    g.add_edge("agent", "tools")
    g.add_edge("tools", END)
    return g.compile(checkpointer=InMemorySaver())


def _tool_messages(state: dict[str, Any]) -> dict[str, ToolMessage]:
    return {m.tool_call_id: m for m in state["messages"] if isinstance(m, ToolMessage)}


@pytest.mark.parametrize("slow", ["a", "b"])
def test_toolnode_threads_approving_one_call_never_runs_the_other(slow: str) -> None:
    latency = Latency()
    app = _graph(to_langchain(wipe, context=latency.sync), "wipe")
    cfg: Any = {"configurable": {"thread_id": f"sync-{slow}"}}
    paused = app.invoke({"messages": [HumanMessage("clean")]}, cfg)
    (first,) = paused["__interrupt__"]
    assert first.value["tool_call_id"] == "a" and first.value["args"] == {"path": "/tmp/safe"}
    assert RAN == []
    latency.slow = slow  # the resumed run asks in another order than the first
    paused = app.invoke(Command(resume=approve(first)), cfg)
    assert "/etc" not in RAN and "/tmp/safe" in RAN
    (second,) = paused["__interrupt__"]  # the other call is asked about, never approved by the first
    assert second.value["tool_call_id"] == "b" and second.value["args"] == {"path": "/etc"}
    done = app.invoke(Command(resume=reject(second, "never /etc")), cfg)
    assert "/etc" not in RAN
    messages = _tool_messages(done)
    assert messages["a"].status == "success" and messages["a"].content == "wiped /tmp/safe"
    assert messages["b"].status == "error" and "never /etc" in messages["b"].content


@pytest.mark.anyio
@pytest.mark.parametrize("slow", ["a", "b"])
async def test_toolnode_tasks_approving_one_call_never_runs_the_other(slow: str) -> None:
    latency = Latency()
    app = _graph(to_langchain(awipe, context=latency.async_), "awipe")
    cfg: Any = {"configurable": {"thread_id": f"async-{slow}"}}
    paused = await app.ainvoke({"messages": [HumanMessage("clean")]}, cfg)
    (first,) = paused["__interrupt__"]
    latency.slow = slow
    paused = await app.ainvoke(Command(resume=approve(first)), cfg)
    (second,) = paused["__interrupt__"]
    # (the approved call may or may not have run before the other paused the node: never the other)
    assert set(RAN) <= {"/tmp/safe"} and second.value["tool_call_id"] == "b"
    done = await app.ainvoke(Command(resume=approve(second)), cfg)
    assert sorted(set(RAN)) == ["/etc", "/tmp/safe"]
    assert all(m.status == "success" for m in _tool_messages(done).values())


@pytest.mark.parametrize(
    "decision",
    [True, "approve", {"type": "approve"}, {"decisions": [{"type": "approve"}]}, {"approved": True}],
)
def test_a_decision_that_names_no_call_approves_nothing(decision: Any) -> None:
    app = _graph(to_langchain(wipe), "wipe")
    cfg: Any = {"configurable": {"thread_id": f"unbound-{decision!r}"}}
    app.invoke({"messages": [HumanMessage("clean")]}, cfg)
    state = app.invoke(Command(resume=decision), cfg)
    for _ in range(3):  # the other call is asked in turn; answer it the same way
        if not state.get("__interrupt__"):
            break
        state = app.invoke(Command(resume=decision), cfg)
    assert RAN == []
    for message in _tool_messages(state).values():
        assert message.status == "error" and "does not name this call" in message.content


def test_a_decision_for_another_call_or_other_arguments_approves_nothing() -> None:
    app = _graph(to_langchain(wipe), "wipe")
    cfg: Any = {"configurable": {"thread_id": "forged"}}
    (first,) = app.invoke({"messages": [HumanMessage("clean")]}, cfg)["__interrupt__"]
    forged = {**approve(first), "tool_call_id": "b"}  # a's digest claimed for b
    state = app.invoke(Command(resume=forged), cfg)
    (again,) = state["__interrupt__"]
    assert RAN == [] and again.value["tool_call_id"] == "a"  # b was refused, a is still asked
    messages = _tool_messages(app.invoke(Command(resume=reject(again)), cfg))
    assert RAN == [] and "not for these arguments" in messages["b"].content


def test_arguments_changed_in_the_checkpoint_after_they_were_shown_do_not_run() -> None:
    """Durable resume: the human approved /tmp/safe; the stored call now says /etc."""
    app = _graph(to_langchain(wipe), "wipe")
    cfg: Any = {"configurable": {"thread_id": "tampered"}}
    (first,) = app.invoke({"messages": [HumanMessage("clean")]}, cfg)["__interrupt__"]
    stored = app.get_state(cfg).values["messages"][-1]
    tampered = [{**c, "args": {"path": "/etc"}} for c in stored.tool_calls]
    app.update_state(cfg, {"messages": [AIMessage("", id=stored.id, tool_calls=tampered)]}, as_node="agent")
    state = app.invoke(Command(resume=approve(first)), cfg)
    assert RAN == []
    denied = _tool_messages(state).get("a")
    if denied is None:  # the tool node asked again (b first): answer b, then see a's denial
        state = app.invoke(Command(resume=reject(state["__interrupt__"][0])), cfg)
        denied = _tool_messages(state)["a"]
    assert RAN == [] and denied.status == "error" and "not for these arguments" in denied.content


def test_the_interrupt_value_carries_the_digest_and_never_the_context() -> None:
    app = _graph(to_langchain(wipe, context=lambda call: {"token": "s3cret"}), "wipe")
    cfg: Any = {"configurable": {"thread_id": "value"}}
    (first,) = app.invoke({"messages": [HumanMessage("clean")]}, cfg)["__interrupt__"]
    assert first.value["args_digest"].startswith("sha256:") and "s3cret" not in repr(first.value)
    assert approve(first) == {
        "type": "approve",
        "tool_call_id": "a",
        "args_digest": first.value["args_digest"],
    }
    with pytest.raises(TypeError, match="not an interop approval request"):
        approve({"type": "something else"})
