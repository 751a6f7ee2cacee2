"""The same foreign result reads the same through `from_agent_framework` as through `from_mcp`
(issue 37): one MCP server of our own (stdio, tests/foreign_results_server.py), read by `interop.mcp` and by Agent Framework's own
MCP client (`MCPStdioTool`, whose tools become `Content` items), each tool then converted with
`from_agent_framework`. A text that says 42 stays that text, a JSON object text is the object, an
image block an `interop.Image`, a resource link a `bridge.ResourceLink`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from agent_framework import MCPStdioTool
from foreign_results_server import COMMAND, LINK, OBJECT_TEXT, PNG
from mcp import StdioServerParameters

import interop
from interop import bridge
from interop.agent_framework import from_agent_framework
from interop.mcp import mcp_tools

pytestmark = pytest.mark.anyio

EXPECTED: dict[str, Any] = {
    "text_42": "42",
    "object_text": json.loads(OBJECT_TEXT),
    "image": interop.Image(PNG, "image/png"),
}


async def _values(tools: list[Any]) -> dict[str, Any]:
    return {t.name: await interop.acall(t, {}) for t in tools}


async def test_an_mcp_result_reads_the_same_through_agent_framework_and_from_mcp() -> None:
    async with mcp_tools(StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])) as tools:
        direct = await _values(tools)
    async with MCPStdioTool(name="foreign", command=COMMAND[0], args=COMMAND[1:]) as server:
        through = await _values([from_agent_framework(f) for f in server.functions])
    assert set(direct) == set(through) == {*EXPECTED, "resource_link"}
    for name, value in EXPECTED.items():
        assert direct[name] == value and through[name] == value, name
        assert type(through[name]) is type(value), name
    for links in (direct["resource_link"], through["resource_link"]):
        assert isinstance(links, bridge.ResourceLink) and links.uri == LINK["uri"]
        assert links.mime_type == LINK["mimeType"]
