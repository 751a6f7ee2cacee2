"""Progress and log messages from inside a tool, without importing any framework.

A tool calls `interop.progress(current, total, message)` or `interop.log(message, level=...)`
from its body (sync or async, on the event loop or a worker thread). Whoever runs the call
installs a `Reporter` for its duration with `reporting(reporter)`: the MCP server sends MCP
progress and log notifications, another adapter maps them to its framework's stream. Outside
such a call both functions do nothing, so a tool stays callable anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Literal, Protocol

__all__ = ["LEVELS", "LogLevel", "Reporter", "log", "progress", "reporting"]

LogLevel = Literal["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
LEVELS: tuple[LogLevel, ...] = (
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
)
"""Log levels, lowest first (the syslog levels MCP uses)."""


class Reporter(Protocol):
    """Receives a running call's progress and log messages (installed by whoever runs the call).

    Both methods are called from the tool's own thread and must not block.
    """

    def progress(self, current: float, total: float | None, message: str | None) -> None: ...

    def log(self, level: LogLevel, message: str, data: dict[str, Any]) -> None: ...


_REPORTER: ContextVar[Reporter | None] = ContextVar("interop_reporter", default=None)


def progress(current: float, total: float | None = None, message: str | None = None) -> bool:
    """Report how far the running call is (`current` of `total`, with an optional message).

    Returns whether someone receives it (False outside a call that reports progress).
    """
    reporter = _REPORTER.get()
    if reporter is None:
        return False
    reporter.progress(float(current), None if total is None else float(total), message)
    return True


def log(message: str, *, level: LogLevel = "info", **data: Any) -> bool:
    """Send a log message about the running call (`data`: extra JSON-safe fields).

    Returns whether someone receives it (False outside a call that reports logs).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    reporter = _REPORTER.get()
    if reporter is None:
        return False
    reporter.log(level, message, data)
    return True


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Install `reporter` for the calls run inside the block (context variables: threads started
    with the block's context, such as `asyncio.to_thread`, see it too)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)
