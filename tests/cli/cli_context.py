"""Fixture module for `--context-factory`: a thread-bound SQLite handle as the context."""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Annotated

from interop import FromContext, tool


@contextlib.contextmanager
def open_db() -> Iterator[sqlite3.Connection]:
    """A default sqlite3 connection: usable only on the thread that made it."""
    conn = sqlite3.connect(":memory:")
    conn.execute("create table answers (value integer)")
    conn.execute("insert into answers values (42)")
    try:
        yield conn
    finally:
        conn.close()
        print("db closed", file=sys.stderr)


@contextlib.asynccontextmanager
async def open_async() -> AsyncIterator[dict[str, str]]:
    yield {"user": "async-ann"}
    print("async context closed", file=sys.stderr)


def plain() -> dict[str, str]:
    return {"user": "plain-bob"}


@tool
def answer(db: Annotated[sqlite3.Connection, FromContext]) -> int:
    """The stored answer."""
    row = db.execute("select value from answers").fetchone()
    return int(row[0])


@tool
def who(ctx: Annotated[dict[str, str], FromContext]) -> str:
    """Who is calling."""
    return ctx["user"]
