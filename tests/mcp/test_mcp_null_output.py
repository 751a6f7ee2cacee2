"""A served tool whose output may be null: `None` comes back as `None` on every protocol version,
with the official client and with `interop.mcp`'s own (a bare null cannot be `structuredContent`:
the SDK leaves it out and a client then refuses the result)."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

import interop
from interop.mcp import WRAP_MARKER, build_server, mcp_tools
from interop.mcp._descriptor import admits_null

pytestmark = pytest.mark.anyio


@interop.tool
def maybe(x: int) -> str | None:
    """A string, or nothing for zero.

    Args:
        x: the number to write
    """
    return None if x == 0 else str(x)


@interop.tool
def always(x: int) -> str:
    """A string always.

    Args:
        x: the number to write
    """
    return str(x)


@pytest.mark.parametrize("mode", ["legacy", "auto", "2026-07-28"])
async def test_a_null_result_comes_back_as_none_through_interop_mcp(mode: str) -> None:
    async with mcp_tools(build_server([maybe, always]), mode=mode) as tools:
        by_name = {t.name: t for t in tools}
        assert await interop.acall(by_name["maybe"], {"x": 0}) is None
        assert await interop.acall(by_name["maybe"], {"x": 3}) == "3"
        assert await interop.acall(by_name["always"], {"x": 4}) == "4"


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_the_official_client_accepts_the_null_result(mode: str) -> None:
    async with Client(build_server([maybe, always]), mode=mode) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        nullable = listed["maybe"].output_schema
        assert nullable is not None and nullable[WRAP_MARKER] is True  # wrapped on every version
        plain = listed["always"].output_schema
        assert plain is not None
        # a non-null output is wrapped only where the protocol version needs an object root
        assert (WRAP_MARKER in plain) is (mode == "legacy")
        result = await client.call_tool("maybe", {"x": 0})
        assert not result.is_error and result.structured_content == {"result": None}


@pytest.mark.parametrize(
    ("schema", "admits"),
    [
        ({"type": "string"}, False),
        ({"type": ["string", "null"]}, True),
        ({"type": "null"}, True),
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, True),
        ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, False),
        ({"enum": ["a", None]}, True),
        ({"enum": ["a"]}, False),
        ({"const": None}, True),
        ({}, True),
        ({"$ref": "#/$defs/Thing"}, False),
        ({"type": "array", "items": {"type": "null"}}, False),
    ],
)
def test_admits_null_reads_type_enum_const_and_branches(schema: dict[str, Any], admits: bool) -> None:
    assert admits_null(schema) is admits
