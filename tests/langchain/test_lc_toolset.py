"""`interop.ToolSet` given to `to_langchain_tools` (issue 37 item 2), in `create_agent`'s real loop
driven by a scripted model: duplicates raise `ToolNameError`, the set's own options (approval,
errors) apply to every converted tool unless the conversion is given them."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage
from toolset_tools import add, boom, wipe

import interop
from interop.errors import ToolNameError
from interop.langchain import to_langchain_tools


def test_a_set_in_create_agent_brings_its_approval_and_errors(lc: Any) -> None:
    asked: list[Any] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input)
        return True

    tools = interop.ToolSet(
        [add, boom, wipe], approval=approve, errors=lambda e: f"failed: {type(e).__name__}"
    )
    with pytest.raises(ToolNameError):  # colliding after the rename
        to_langchain_tools(tools, rename={"boom": "add"})
    model = lc.script(
        [
            lc.tool_call("add", {"a": 2, "b": 3}, "c1"),
            lc.tool_call("boom", {"x": 7}, "c2"),
            lc.tool_call("wipe", {"path": "/tmp/x"}, "c3"),
        ],
        "done",
    )
    agent = create_agent(model, to_langchain_tools(tools))
    out = agent.invoke({"messages": [HumanMessage("go")]})
    sent = {m.tool_call_id: m for m in out["messages"] if isinstance(m, ToolMessage)}
    assert sent["c1"].content == "5"
    assert sent["c2"].status == "error" and sent["c2"].content == "failed: RuntimeError"
    assert sent["c3"].content == "wiped /tmp/x" and asked == [{"path": "/tmp/x"}]
    assert out["messages"][-1].content == "done"
