"""The README's thread table, proved with the handle it warns about: a default `sqlite3` connection,
usable only on the thread that made it. For each path: where a sync tool runs, that the default
connection works or breaks accordingly, and that the documented fix works (`check_same_thread=False`,
a per-call connection, `threaded=False`). The CLI row: tests/cli/test_cli.py
(test_call_context_factory_enters_a_context_manager_once_on_the_calling_thread); LangChain's rows:
tests/langchain/test_lc_threads.py.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any

import pytest

import interop
from interop import FromContext, tool

pytestmark = pytest.mark.anyio

SAME_THREAD = "same thread"  # in sqlite3's "SQLite objects created in a thread can only be used in that same thread"


def connect(target: str = ":memory:", **kwargs: Any) -> sqlite3.Connection:
    db = sqlite3.connect(target, **kwargs)
    db.execute("create table if not exists t (x integer)")
    db.execute("delete from t")
    db.executemany("insert into t values (?)", [(1,), (2,), (3,)])
    db.commit()
    return db


@tool
def count_rows(db: Annotated[sqlite3.Connection, FromContext]) -> int:
    """Rows in the table, through the connection the application gives."""
    return int(db.execute("select count(*) from t").fetchone()[0])


@tool
def count_rows_per_call(path: Annotated[str, FromContext]) -> int:
    """Rows in the table, through a connection this call opens (and closes) itself."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        return int(db.execute("select count(*) from t").fetchone()[0])


@tool
def thread_name() -> str:
    """The thread the tool body runs on."""
    return threading.current_thread().name


def test_call_runs_on_the_calling_thread() -> None:
    db = connect()
    assert interop.call(count_rows, {}, db) == 3  # a default connection works
    assert interop.call(thread_name, {}) == threading.current_thread().name


async def test_acall_runs_inline_unless_threaded() -> None:
    db = connect()
    assert await interop.acall(count_rows, {}, db) == 3
    assert await interop.acall(thread_name, {}) == threading.current_thread().name
    assert await interop.acall(thread_name, {}, threaded=True) != threading.current_thread().name
    with pytest.raises(sqlite3.ProgrammingError, match=SAME_THREAD):
        await interop.acall(count_rows, {}, db, threaded=True)
    shared = connect(check_same_thread=False)  # the fix for any thread
    assert await interop.acall(count_rows, {}, shared, threaded=True) == 3


def _lifespan(make: Callable[[], Any]) -> Callable[[], contextlib.AbstractAsyncContextManager[Any]]:
    @contextlib.asynccontextmanager
    async def lifespan() -> AsyncIterator[Any]:
        made = make()  # on the server's event loop thread
        try:
            yield made
        finally:
            if isinstance(made, sqlite3.Connection):
                made.close()

    return lifespan


async def _call_served(tool_: Any, lifespan: Any, **options: Any) -> Any:
    from mcp import Client

    from interop.mcp import build_server

    async with Client(build_server([tool_], lifespan=lifespan, errors="all", **options), mode="legacy") as c:
        return await c.call_tool(tool_.name, {})


async def test_mcp_server_runs_sync_tools_on_a_worker_thread(tmp_path: Path) -> None:
    where = await _call_served(thread_name, _lifespan(lambda: None))
    assert where.structured_content["result"] != threading.current_thread().name
    inline = await _call_served(thread_name, _lifespan(lambda: None), threaded=False)
    assert inline.structured_content["result"] == threading.current_thread().name

    broken = await _call_served(count_rows, _lifespan(connect))  # default connection, worker thread
    assert broken.is_error and SAME_THREAD in broken.content[0].text
    # the three fixes
    fixed = await _call_served(count_rows, _lifespan(lambda: connect(check_same_thread=False)))
    assert not fixed.is_error and fixed.structured_content == {"result": 3}
    path = str(tmp_path / "rows.db")
    connect(path).close()
    per_call = await _call_served(count_rows_per_call, _lifespan(lambda: path))
    assert not per_call.is_error and per_call.structured_content == {"result": 3}
    loop_thread = await _call_served(count_rows, _lifespan(connect), threaded=False)
    assert not loop_thread.is_error and loop_thread.structured_content == {"result": 3}
