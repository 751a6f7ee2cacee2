"""The README thread table's LangChain rows, proved with a default `sqlite3` connection (usable
only on the thread that made it) given as the context: where a converted sync tool runs on each
LangChain path, and which documented fix works there."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Annotated, Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage

from interop import FromContext, tool
from interop.langchain import to_langchain

SAME_THREAD = "same thread"


def connect(**kwargs: Any) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", **kwargs)
    db.execute("create table t (x integer)")
    db.executemany("insert into t values (?)", [(1,), (2,)])
    return db


@tool
def count_rows(db: Annotated[sqlite3.Connection, FromContext]) -> int:
    """Rows in the table."""
    return int(db.execute("select count(*) from t").fetchone()[0])


def test_invoke_runs_on_the_calling_thread() -> None:
    db = connect()
    lc_tool = to_langchain(count_rows, context=lambda call: db)
    assert lc_tool.invoke({}) == "2"


def test_ainvoke_runs_on_a_worker_thread_unless_threaded_false() -> None:
    db = connect()
    with pytest.raises(sqlite3.ProgrammingError, match=SAME_THREAD):
        asyncio.run(to_langchain(count_rows, context=lambda call: db).ainvoke({}))
    # asyncio.run's loop runs on this thread, the one that made the connection
    assert asyncio.run(to_langchain(count_rows, context=lambda call: db, threaded=False).ainvoke({})) == "2"


def _agent_run(lc: Any, db: sqlite3.Connection, *, asynchronous: bool, **options: Any) -> ToolMessage:
    model = lc.script([lc.tool_call("count_rows", {}, "c1")], "done")
    agent = create_agent(model, [to_langchain(count_rows, context=lambda call: db, **options)])
    state = {"messages": [HumanMessage("count")]}
    out = asyncio.run(agent.ainvoke(state)) if asynchronous else agent.invoke(state)
    (message,) = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    return message


def test_create_agent_sync_runs_tools_on_langgraphs_executor_threads(lc: Any) -> None:
    seen: list[str] = []

    @tool
    def where() -> str:
        """The thread the body runs on."""
        seen.append(threading.current_thread().name)
        return "ok"

    for threaded in (True, False):
        model = lc.script([lc.tool_call("where", {}, "w")], "done")
        create_agent(model, [to_langchain(where, threaded=threaded)]).invoke({"messages": [HumanMessage("x")]})
    assert len(seen) == 2 and threading.current_thread().name not in seen  # threaded=False changes nothing
    with pytest.raises(sqlite3.ProgrammingError, match=SAME_THREAD):
        _agent_run(lc, connect(), asynchronous=False, threaded=False)
    assert _agent_run(lc, connect(check_same_thread=False), asynchronous=False).content == "2"  # the fix


def test_create_agent_async_threaded_false_runs_on_the_loop_thread(lc: Any) -> None:
    with pytest.raises(sqlite3.ProgrammingError, match=SAME_THREAD):
        _agent_run(lc, connect(), asynchronous=True)
    assert _agent_run(lc, connect(), asynchronous=True, threaded=False).content == "2"
