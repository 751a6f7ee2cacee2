"""A stdio MCP server serving one code-mode tool over two tools (for tests/mcp/test_mcp_code_mode.py)."""

from __future__ import annotations

import os

import interop
from interop.mcp import serve


@interop.tool
def list_files(folder: str) -> list[str]:
    """The files in a folder of the demo drive."""
    return {"reports": ["q1.txt", "q2.txt"], "notes": ["todo.txt"]}.get(folder, [])


@interop.tool
async def file_size(path: str) -> int:
    """The size of a file of the demo drive, in bytes."""
    return {"reports/q1.txt": 1200, "reports/q2.txt": 3400, "notes/todo.txt": 80}[path]


@interop.tool
def server_pid() -> int:
    """The process id of the server."""
    return os.getpid()


if __name__ == "__main__":
    serve([interop.code_mode([list_files, file_size, server_pid], timeout=5)], name="code-mode-demo")
