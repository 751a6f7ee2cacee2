"""`thread_recorder(seen)`: a sync tool `where` that appends the name of the thread its body runs on
to `seen` and answers "ok": what the thread-policy tests (the core's and the frameworks') run to see
where a sync tool's body ran."""

from __future__ import annotations

import threading
from typing import Any

import interop


def thread_recorder(seen: list[str]) -> interop.StandardTool[Any, Any, Any]:
    """A new `where` tool recording into `seen`."""

    @interop.tool
    def where() -> str:
        """Which thread it runs on."""
        seen.append(threading.current_thread().name)
        return "ok"

    return where
