"""`requires_approval` through LangChain: a LangGraph interrupt pauses the agent run, and the
tool executes only after the run is resumed with an approval."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from approval_tools import RAN, awipe, wipe
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

import interop
from interop.errors import ApprovalRequiredError
from interop.langchain import approve, is_approved, reject, to_langchain


@pytest.fixture(autouse=True)
def _reset() -> None:
    RAN.clear()


def _agent(lc: Any, tool: Any, *steps: Any) -> Any:
    return create_agent(lc.script(*steps), [tool], checkpointer=InMemorySaver())


def test_interrupt_then_approve_executes(lc: Any) -> None:
    agent = _agent(lc, to_langchain(wipe), [lc.tool_call("wipe", {"path": "/tmp/a"}, "d1")], "gone")
    cfg = {"configurable": {"thread_id": "approve"}}
    paused = agent.invoke({"messages": [HumanMessage("delete /tmp/a")]}, cfg)
    (intr,) = paused["__interrupt__"]
    assert intr.value["tool"] == "wipe" and intr.value["args"] == {"path": "/tmp/a"}
    assert intr.value["tool_call_id"] == "d1"
    assert RAN == []  # paused before executing
    done = agent.invoke(Command(resume=approve(intr)), cfg)
    assert RAN == ["/tmp/a"]
    msg = next(m for m in done["messages"] if isinstance(m, ToolMessage))
    assert msg.status == "success" and msg.content == "wiped /tmp/a"
    assert done["messages"][-1].content == "gone"


def test_interrupt_then_reject_gives_error_message_and_loop_continues(lc: Any) -> None:
    agent = _agent(
        lc,
        to_langchain(wipe),
        [lc.tool_call("wipe", {"path": "/etc"}, "d2")],
        "ok, not deleted",
    )
    cfg = {"configurable": {"thread_id": "reject"}}
    (intr,) = agent.invoke({"messages": [HumanMessage("delete /etc")]}, cfg)["__interrupt__"]
    done = agent.invoke(Command(resume=reject(intr, "never touch /etc")), cfg)
    assert RAN == []
    msg = next(m for m in done["messages"] if isinstance(m, ToolMessage))
    assert msg.status == "error" and "not approved" in msg.content and "never touch /etc" in msg.content
    assert done["messages"][-1].content == "ok, not deleted"


@pytest.mark.anyio
async def test_interrupt_async_tool_ainvoke(lc: Any) -> None:
    agent = _agent(lc, to_langchain(awipe), [lc.tool_call("awipe", {"path": "/tmp/b"}, "d3")], "gone")
    cfg = {"configurable": {"thread_id": "async"}}
    paused = await agent.ainvoke({"messages": [HumanMessage("delete")]}, cfg)
    (intr,) = paused["__interrupt__"]
    assert RAN == []
    await agent.ainvoke(Command(resume=approve(intr)), cfg)
    assert RAN == ["/tmp/b"]


def test_outside_a_graph_an_unapproved_call_never_runs() -> None:
    tool = to_langchain(wipe)
    with pytest.raises(ApprovalRequiredError, match="LangGraph graph with a checkpointer"):
        tool.invoke({"name": "wipe", "args": {"path": "/x"}, "id": "c", "type": "tool_call"})
    assert RAN == []


def test_approval_callback_replaces_the_interrupt(lc: Any) -> None:
    asked: list[Any] = []

    def approve(req: interop.ApprovalRequest) -> bool:
        asked.append(req.input)
        return str(req.input["path"]).startswith("/tmp/")

    tool = to_langchain(wipe, approval=approve)
    messages = lc.run_loop(
        lc.script(
            [
                lc.tool_call("wipe", {"path": "/etc/passwd"}, "n"),
                lc.tool_call("wipe", {"path": "/tmp/c"}, "y"),
            ],
            "done",
        ),
        [tool],
        "clean up",
    )
    no, yes = [m for m in messages if isinstance(m, ToolMessage)]
    assert no.status == "error" and "not approved" in no.content
    assert yes.status == "success" and RAN == ["/tmp/c"]
    assert len(asked) == 2


def test_allow_unapproved_opts_out_explicitly() -> None:
    tool = to_langchain(wipe, allow_unapproved=True)
    assert tool.invoke({"path": "/tmp/z"}) == "wiped /tmp/z"
    assert tool.metadata is not None and tool.metadata["requires_approval"] is True


@pytest.mark.parametrize(
    ("decision", "ok"),
    [
        (True, True),
        ("approve", True),
        ({"type": "approve"}, True),
        ({"approved": True}, True),
        ({"decisions": [{"type": "approve"}]}, True),
        (False, False),
        ({"type": "reject"}, False),
        ("no", False),
        (None, False),
        ({"decisions": [{"type": "approve"}, {"type": "approve"}]}, False),
    ],
)
def test_is_approved(decision: Any, ok: bool) -> None:
    assert is_approved(decision) is ok
