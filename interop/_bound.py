"""A neutral context bound around the agent runs started inside a `with` block.

Some frameworks give a tool call no per-run object an adapter could read the context from
(smolagents, CrewAI, the Claude Agent SDK's in-process server; LlamaIndex's workflow store
serializes what it holds). Their adapters export `run_context(obj)`, so the application binds the
context around the run: `with run_context(deps): agent.run(...)`. The object travels by identity
in a `ContextVar`, so the tasks and the context-copying threads started inside the block see it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

__all__ = ["BoundContext"]


class BoundContext:
    """One adapter's slot for the context bound with its `run_context(obj)`."""

    __slots__ = ("_var",)

    def __init__(self, framework: str) -> None:
        self._var: ContextVar[Any] = ContextVar(f"interop_{framework}_context")

    @contextmanager
    def bind(self, value: Any) -> Iterator[None]:
        """Bind `value` for the code run inside the block (restored after, even on error)."""
        token = self._var.set(value)
        try:
            yield
        finally:
            self._var.reset(token)

    def get(self, default: Any = None) -> Any:
        """The bound object, else `default` (pass a sentinel to tell a bound None from none)."""
        return self._var.get(default)
