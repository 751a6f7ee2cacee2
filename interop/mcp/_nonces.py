"""Used approval nonces: one 2026-07-28 approval answer runs one call.

A `requestState` the server minted carries a random nonce; the first retry that brings it back
with an answer claims it, and any later retry with the same state (a replayed request: one "yes"
sent again to make three payments) is refused. The claim lives until the state would have expired
anyway. Stateless workers must share one store: `SqliteNonceStore` does it for the processes of
one machine (what `interop serve --workers N` starts); across machines, give `approval_nonces=`
an object whose `claim` is atomic in a store they share (Redis `SET key 1 NX EXAT expires`, a
database row with a unique key).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Awaitable
from typing import Protocol, runtime_checkable

__all__ = ["MemoryNonceStore", "NonceStore", "SqliteNonceStore", "nonce_store"]


@runtime_checkable
class NonceStore(Protocol):
    """Where used approval nonces are kept (see the module doc)."""

    def claim(self, nonce: str, expires: float) -> bool | Awaitable[bool]:
        """Record `nonce` as used until `expires` (a Unix time); `True` only the first time
        (atomically: two workers claiming at once get one `True`)."""
        ...


class MemoryNonceStore:
    """Nonces used in this process (the default: one server process, or stateful sessions)."""

    def __init__(self) -> None:
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()
        self._next_sweep = 0.0

    def claim(self, nonce: str, expires: float) -> bool:
        now = time.time()
        with self._lock:
            if now >= self._next_sweep:  # forget nonces whose states have expired
                self._used = {n: e for n, e in self._used.items() if e > now}
                self._next_sweep = now + 60
            if nonce in self._used:
                return False
            self._used[nonce] = expires
            return True


class SqliteNonceStore:
    """Nonces in an SQLite file, shared by every process that opens the same path (the workers
    of one machine). Each claim is one `INSERT` under SQLite's own locking."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self._local = threading.local()
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS used (nonce TEXT PRIMARY KEY, expires REAL NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            self._local.db = db
        return db

    def claim(self, nonce: str, expires: float) -> bool:
        db = self._connect()
        now = time.time()
        try:
            db.execute("INSERT INTO used (nonce, expires) VALUES (?, ?)", (nonce, expires))
        except sqlite3.IntegrityError:
            return False
        if int(now) % 60 == 0:
            db.execute("DELETE FROM used WHERE expires < ?", (now,))
        return True


def nonce_store(given: NonceStore | str | os.PathLike[str] | None) -> NonceStore:
    """The store `approval_nonces=` names: a path is an SQLite file, `None` this process's memory."""
    if given is None:
        return MemoryNonceStore()
    if isinstance(given, (str, os.PathLike)):
        return SqliteNonceStore(given)
    if not callable(getattr(given, "claim", None)):
        raise TypeError(
            f"approval_nonces: expected a path or an object with claim(nonce, expires), got {given!r}"
        )
    return given
