"""tool_search: the neutral search tool, and its ranking over 200+ real and realistic tool descriptions.

The corpus: the tools of three MCP servers from PyPI (mcp-server-time, -fetch, -git, listed over
stdio with `interop.mcp.mcp_tools`), the example library (`acme_tools`) and the hand-written
services in `search_corpus.py`. Recall@5 is printed (run with `-s`) and must stay at 0.9 or more.
"""

from __future__ import annotations

import sys
from typing import Any

import anyio
import pytest
from acme_tools import TOOLS as ACME
from search_corpus import QUERIES, corpus_tools

import interop
from interop import StandardTool, call, input_json_schema, standard_tool, tool_search
from interop._search import ToolIndex, tokens

MCP_SERVERS = ("mcp_server_time", "mcp_server_fetch", "mcp_server_git")


async def _mcp_server_tools() -> list[Any]:
    from mcp import StdioServerParameters

    from interop.mcp import mcp_tools

    found: dict[str, list[Any]] = {}

    async def list_one(module: str) -> None:
        params = StdioServerParameters(command=sys.executable, args=["-m", module])
        async with mcp_tools(params) as tools:
            found[module] = list(tools)

    async with anyio.create_task_group() as group:  # the three servers start side by side
        for module in MCP_SERVERS:
            group.start_soon(list_one, module)
    return [t for module in MCP_SERVERS for t in found[module]]


@pytest.fixture(scope="module")
def corpus() -> list[Any]:
    pytest.importorskip("mcp")
    return [*corpus_tools(), *ACME, *anyio.run(_mcp_server_tools)]


def test_recall_at_5_over_200_tools(corpus: list[Any]) -> None:
    assert len(corpus) >= 200
    assert {"git_commit", "fetch", "convert_time", "get_weather"} <= {t.name for t in corpus}
    assert len({t.name for t in corpus}) == len(corpus)
    search = tool_search(corpus)
    hits = first = 0
    misses: list[tuple[str, str, list[str]]] = []
    for query, wanted in QUERIES:
        found = [m["name"] for m in call(search, {"query": query})["tools"]]
        hits += wanted in found
        first += bool(found) and found[0] == wanted
        if wanted not in found:
            misses.append((query, wanted, found))
    recall5, recall1 = hits / len(QUERIES), first / len(QUERIES)
    print(
        f"\ntool_search over {len(corpus)} tools, {len(QUERIES)} queries: recall@5 {recall5:.3f}, recall@1 {recall1:.3f}"
    )
    for miss in misses:
        print("  missed:", miss)
    assert recall5 >= 0.9, misses
    assert recall1 >= 0.75


@interop.tool(meta={"tags": ["billing"], "group": "payments"})
def refund(payment_id: str, amount_cents: int | None = None) -> str:
    """Give money back to a customer."""
    return payment_id


@interop.tool
def weather(city: str) -> str:
    """Current weather for a city."""
    return city


def test_the_search_tool_returns_names_descriptions_and_schemas() -> None:
    search = tool_search([refund, weather], max_results=3)
    assert search.name == "tool_search" and "2 tools are not loaded" in search.description
    assert input_json_schema(search)["required"] == ["query"]
    assert search.meta["read_only"] is True
    out = call(search, {"query": "weather in Oslo"})
    assert out == {
        "tools": [
            {
                "name": "weather",
                "description": "Current weather for a city.",
                "input_schema": input_json_schema(weather),
            }
        ]
    }
    out["tools"][0]["input_schema"]["properties"].clear()  # the caller's copy: the index is untouched
    assert call(search, {"query": "weather"})["tools"][0]["input_schema"] == input_json_schema(weather)
    assert call(search, {"query": "quantum entanglement"}) == {"tools": []}
    with pytest.raises(interop.StandardToolValidationError, match="query"):
        call(search, {})


def test_tags_group_and_argument_names_are_searched() -> None:
    search = tool_search([refund, weather])
    for query in ("billing", "payments", "payment id", "amount in cents", "city"):
        assert call(search, {"query": query})["tools"], query
    assert call(search, {"query": "billing"})["tools"][0]["name"] == "refund"


def test_exact_name_comes_first_and_limits_apply() -> None:
    tools = [
        standard_tool(name=f"list_{kind}", description=f"List {kind} of the list.", execute=lambda: None)
        for kind in ("users", "groups", "items", "lists", "tags", "roles", "teams")
    ]
    search = tool_search(tools, max_results=4)
    assert call(search, {"query": "list_teams"})["tools"][0]["name"] == "list_teams"
    assert len(call(search, {"query": "list"})["tools"]) == 4
    assert len(call(search, {"query": "list", "limit": 2})["tools"]) == 2
    assert len(call(search, {"query": "list", "limit": 99})["tools"]) == 4  # never above max_results
    with pytest.raises(ValueError, match="at least 1"):
        tool_search(tools, max_results=0)


def test_the_index_is_built_on_the_first_query_and_keeps_no_schema() -> None:
    """Nothing is read at `tool_search()`; the first query indexes the tools (a schema that keeps
    no raw JSON is emitted once for its argument names); each answer emits the schemas of the
    tools it returns (nothing per tool is kept)."""
    emitted: list[str] = []

    class CountingSchema:
        def __init__(self) -> None:
            inner = interop.as_schema(dict[str, str])
            props = inner.__standard_schema__

            class Emit:
                def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
                    emitted.append(target)
                    return {"type": "object", "properties": {"city": {"type": "string"}}}

                def output(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
                    return {}

            class Props:
                version = 1
                vendor = "test"
                validate = staticmethod(props.validate)
                json_schema = Emit()

            self.__standard_schema__ = Props()

    counted = StandardTool(
        name="geo", description="Geocode a city.", execute=lambda i, c=None: i, input_schema=CountingSchema()
    )  # type: ignore[arg-type]
    search = tool_search([counted, weather])
    assert emitted == []
    assert call(search, {"query": "city"})["tools"][0]["name"] == "geo"
    assert emitted == ["draft-2020-12", "draft-2020-12"]  # indexed (its argument names), then answered
    assert call(search, {"query": "weather"})["tools"][0]["name"] == "weather"
    assert len(emitted) == 2


def test_tokens_split_stem_and_drop_stop_words() -> None:
    assert tokens("createCalendarEvent") == ["creat", "calendar", "event"]
    assert tokens("list_the_files") == ["list", "file"]
    assert tokens("Creating events, created issues") == ["creat", "event", "creat", "issu"]
    assert tokens("HTTPServer running") == ["http", "server", "run"]


def test_an_empty_index_finds_nothing() -> None:
    assert ToolIndex([]).search("anything") == []
    assert call(tool_search([]), {"query": "x"}) == {"tools": []}
