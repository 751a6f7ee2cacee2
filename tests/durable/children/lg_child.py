"""LangGraph child: `create_agent` + a converted tool + a real checkpointer (Postgres or SQLite).

argv: MODE STORE COUNTER THREAD CONTEXT_VIA
  MODE        start (run until the approval interrupt, then wait to be killed)
              approve | reject (resume the interrupted thread with that decision)
              crash (no approval: wait to be killed when the model is called after the tool)
              recover (continue the crashed thread)
  STORE       a postgresql:// URL or a SQLite file path
  CONTEXT_VIA context (LangGraph's runtime `context=`) | configurable (the config fallback)
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any

from durable_common import Ctx, emit, hang, load_context, make_tool
from langchain.agents import create_agent
from langchain_core.messages import ToolMessage
from langgraph.types import Command
from lg_model import Scripted

from interop.langchain import approve, reject, to_langchain

MODE, STORE, COUNTER, THREAD, CONTEXT_VIA = sys.argv[1:6]


@contextmanager
def checkpointer() -> Any:
    if STORE.startswith("postgresql://"):
        from langgraph.checkpoint.postgres import PostgresSaver

        with PostgresSaver.from_conn_string(STORE) as saver:
            saver.setup()
            yield saver
    else:
        from langgraph.checkpoint.sqlite import SqliteSaver

        with SqliteSaver.from_conn_string(STORE) as saver:
            yield saver


def main() -> None:
    tool = to_langchain(make_tool(COUNTER, requires_approval=MODE not in ("crash", "recover")))
    config: dict[str, Any] = {"configurable": {"thread_id": THREAD}}
    kwargs: dict[str, Any] = {}
    if CONTEXT_VIA == "context":  # recomputed by each process from the user id, never stored
        kwargs["context"] = load_context("u1")
    else:  # the run config's `configurable` (interop's fallback): LangGraph copies it into checkpoint metadata
        ctx = load_context("u1")
        config["configurable"].update(user_id=ctx.user_id, api_key=ctx.api_key)
    with checkpointer() as saver:
        agent = create_agent(
            Scripted(crash_after_tool=MODE == "crash"), tools=[tool], context_schema=Ctx, checkpointer=saver
        )
        if MODE in ("start", "crash"):
            result = agent.invoke(
                {"messages": [{"role": "user", "content": "pay bob 5 euros"}]},
                config,
                durability="sync",
                **kwargs,
            )
            interrupts = result.get("__interrupt__") or []
            hang("paused", interrupts=[i.value for i in interrupts])
        if MODE == "recover":
            result = agent.invoke(None, config, durability="sync", **kwargs)
        else:
            (pending,) = agent.get_state(config).interrupts  # the request, read back from the store
            decision = approve(pending) if MODE == "approve" else reject(pending, "not this month")
            result = agent.invoke(Command(resume=decision), config, durability="sync", **kwargs)
        messages = result["messages"]
        tool_messages = [m for m in messages if isinstance(m, ToolMessage)]
        emit(
            "done",
            final=messages[-1].content,
            tool_messages=[{"status": m.status, "content": m.content} for m in tool_messages],
            interrupts=len(result.get("__interrupt__") or []),
        )


main()
