"""The three neutral tools the `interop.ToolSet` tests (LangChain, MCP) put in a set: `add`, `boom`
(an unexpected exception whose detail must not reach the model), and `wipe` (requires approval)."""

from __future__ import annotations

import interop


@interop.tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@interop.tool
def boom(x: int) -> int:
    """Always fails."""
    raise RuntimeError(f"secret detail {x}")


@interop.tool(meta={"requires_approval": True})
def wipe(path: str) -> str:
    """Delete a path."""
    return f"wiped {path}"
