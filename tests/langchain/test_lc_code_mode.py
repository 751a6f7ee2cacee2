"""`interop.code_mode` as a LangChain tool in `create_agent` (LangGraph's ToolNode), driven by a
scripted model: one program answers what takes several calls otherwise, with the agent's context
reaching the inner tools, errors the model can fix, approval and images."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")
pytest.importorskip("pydantic_monty")

from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage

import interop
from interop import FromContext, Image
from interop.langchain import to_langchain

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@dataclass
class Deps:
    user: str


SEEN: list[Any] = []


@interop.tool
def list_orders(deps: Annotated[Deps, FromContext]) -> list[str]:
    """The current user's order ids."""
    SEEN.append(("list_orders", deps.user))
    return ["o1", "o2", "o3"]


@interop.tool
async def order_total(order_id: str, deps: Annotated[Deps, FromContext]) -> float:
    """The total of one order, in euros."""
    SEEN.append(("order_total", order_id, deps.user))
    return {"o1": 10.0, "o2": 25.5, "o3": 4.5}[order_id]


@interop.tool(meta={"requires_approval": True})
def refund(order_id: str) -> str:
    """Refund an order."""
    SEEN.append(("refund", order_id))
    return f"refunded {order_id}"


@interop.tool
def receipt(order_id: str) -> Image:
    """A picture of an order's receipt."""
    return Image(PNG, "image/png")


@pytest.fixture(autouse=True)
def _reset() -> None:
    SEEN.clear()


PROGRAM = """\
import asyncio
ids = await list_orders()
totals = await asyncio.gather(*[order_total(i) for i in ids])
print(f"{len(ids)} orders")
sum(totals)
"""


def _tool_messages(messages: list[Any]) -> list[ToolMessage]:
    return [m for m in messages if isinstance(m, ToolMessage)]


@pytest.mark.anyio
async def test_one_program_instead_of_four_calls_with_the_agents_context(lc: Any) -> None:
    tools = [to_langchain(interop.code_mode([list_orders, order_total]))]
    model = lc.script([lc.tool_call("run_code", {"code": PROGRAM}, "c1")], "You spent 40 euros.")
    agent = create_agent(model, tools, context_schema=Deps)
    out = await agent.ainvoke({"messages": [HumanMessage("How much did I spend?")]}, context=Deps("ada"))
    (msg,) = _tool_messages(out["messages"])
    assert msg.status == "success" and msg.content == "3 orders\nResult: 40.0"
    assert out["messages"][-1].content == "You spent 40 euros."
    assert sorted(SEEN) == [("list_orders", "ada"), *[("order_total", i, "ada") for i in ("o1", "o2", "o3")]]
    sent = model.seen_tools[0][0]["function"]
    assert sent["name"] == "run_code"
    assert "async def order_total(order_id: str) -> float:" in sent["description"]
    assert "deps" not in sent["description"]
    assert sent["parameters"]["required"] == ["code"]


def test_a_failing_program_is_an_error_message_and_the_agent_goes_on(lc: Any) -> None:
    tools = [to_langchain(interop.code_mode([list_orders, order_total]))]
    model = lc.script(
        [lc.tool_call("run_code", {"code": "await order_total(order_id=1)"}, "c1")],
        [lc.tool_call("run_code", {"code": "await order_total('o2')"}, "c2")],
        [lc.tool_call("run_code", {"nope": 1}, "c3")],
        "25.5",
    )
    agent = create_agent(model, tools, context_schema=Deps)
    out = agent.invoke({"messages": [HumanMessage("total of o2")]}, context=Deps("bo"))
    bad, good, garbage = _tool_messages(out["messages"])
    assert bad.status == "error"
    assert (
        "ValueError: Invalid arguments for tool 'order_total': order_id: Input should be a valid string"
        in bad.content
    )
    assert good.status == "success" and good.content == "25.5"
    assert garbage.status == "error" and "code" in garbage.content
    assert out["messages"][-1].content == "25.5"


def test_approval_inside_the_program(lc: Any) -> None:
    def only_o1(request: interop.ApprovalRequest) -> bool:
        return request.input == {"order_id": "o1"}

    tools = [to_langchain(interop.code_mode([list_orders, refund], approval=only_o1))]
    program = (
        "done = []\nfor i in await list_orders():\n    try:\n        done.append(await refund(i))\n"
        "    except PermissionError as e:\n        print(e)\ndone"
    )
    model = lc.script([lc.tool_call("run_code", {"code": program}, "c1")], "ok")
    out = create_agent(model, tools, context_schema=Deps).invoke(
        {"messages": [HumanMessage("refund all")]}, context=Deps("cy")
    )
    (msg,) = _tool_messages(out["messages"])
    assert msg.content.count("was not approved. It did not run.") == 2
    assert msg.content.endswith('Result: ["refunded o1"]')
    assert [s for s in SEEN if s[0] == "refund"] == [("refund", "o1")]


REFUND_ALL = (
    "done = []\nfor i in await list_orders():\n    try:\n        done.append(await refund(i))\n"
    "    except PermissionError as e:\n        print(e)\ndone"
)


@pytest.mark.anyio
@pytest.mark.parametrize("path", ["sync", "async"])
async def test_inner_calls_ask_the_conversions_approval_callback(lc: Any, path: str) -> None:
    asked: list[tuple[str, Any, str | None]] = []

    def only_o2(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input, request.within))
        return request.input == {"order_id": "o2"}

    # no approval= on code_mode: the inner calls ask the channel the LangChain tool was given
    tools = [to_langchain(interop.code_mode([list_orders, refund]), approval=only_o2)]
    model = lc.script([lc.tool_call("run_code", {"code": REFUND_ALL}, "c1")], "ok")
    agent = create_agent(model, tools, context_schema=Deps)
    request = {"messages": [HumanMessage("refund all")]}
    out = (
        agent.invoke(request, context=Deps("cy"))
        if path == "sync"
        else await agent.ainvoke(request, context=Deps("cy"))
    )
    (msg,) = _tool_messages(out["messages"])
    assert msg.status == "success"
    assert msg.content.count("The call to tool 'refund' was not approved. It did not run.") == 2
    assert msg.content.endswith('Result: ["refunded o2"]')
    assert asked == [("refund", {"order_id": i}, "run_code") for i in ("o1", "o2", "o3")]
    assert [s for s in SEEN if s[0] == "refund"] == [("refund", "o2")]  # exactly once


def test_the_interrupt_channel_is_not_asked_from_inside_a_program(lc: Any) -> None:
    """LangGraph's interrupt would pause the run and replay the whole program on resume (its
    earlier calls twice): the inner call fails closed instead, and the run does not pause."""
    from langgraph.checkpoint.memory import InMemorySaver

    tools = [to_langchain(interop.code_mode([list_orders, refund]))]
    model = lc.script([lc.tool_call("run_code", {"code": REFUND_ALL}, "c1")], "could not refund")
    agent = create_agent(model, tools, context_schema=Deps, checkpointer=InMemorySaver())
    out = agent.invoke(
        {"messages": [HumanMessage("refund all")]},
        {"configurable": {"thread_id": "code-mode-interrupt"}},
        context=Deps("cy"),
    )
    assert "__interrupt__" not in out
    (msg,) = _tool_messages(out["messages"])
    assert msg.content.count("LangChain asks for approval by pausing the run") == 3
    assert msg.content.endswith("Result: []")
    assert out["messages"][-1].content == "could not refund"
    assert [s for s in SEEN if s[0] == "refund"] == []  # never ran


def test_an_image_returned_by_the_program_reaches_the_model_as_an_image_block(lc: Any) -> None:
    tools = [to_langchain(interop.code_mode([receipt]))]
    model = lc.script(
        [lc.tool_call("run_code", {"code": "r = await receipt('o1')\n[r, 'receipt of o1']"}, "c1")], "here"
    )
    out = create_agent(model, tools).invoke({"messages": [HumanMessage("show the receipt")]})
    (msg,) = _tool_messages(out["messages"])
    text, image = msg.content
    assert text == {"type": "text", "text": '["[image: image/png, 40 bytes]","receipt of o1"]'}
    assert image["type"] == "image" and image["mime_type"] == "image/png"
    assert base64.b64decode(image["base64"]) == PNG
    assert msg.artifact[1] == Image(PNG, "image/png")
