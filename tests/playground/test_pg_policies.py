"""The playground shows which policies wrap a tool (issue 39 item 5), and runs the call through
them: the list entry and the API carry the middleware outermost first (each policy by its repr, a
user's middleware by its class name) and the meta `timeout` every path adds; a run shows the
budgeted model output next to the whole value, and a timeout as the tool error a model reads."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pg_policy_tools
import pytest
from pg_harness import Server, start_server

pytest.importorskip("starlette")

import interop
from interop import policies
from interop.playground import run_tool
from interop.playground._views import policies as shown_policies
from interop.playground._views import tool_summary

GUARDED = ["Audit", "Timeout(5)", "Cache(ttl=60.0, maxsize=1024)", "OutputBudget(max_chars=100)"]


def test_the_policies_of_a_tool_outermost_first() -> None:
    assert shown_policies(pg_policy_tools.guarded) == GUARDED
    assert shown_policies(pg_policy_tools.crawl) == ["Timeout(0.3) (meta timeout)"]
    assert shown_policies(pg_policy_tools.plain) == []
    # two layers: the outer chain first; a meta timeout under a shorter Timeout is not listed twice
    twice = interop.with_middleware(pg_policy_tools.guarded, policies.CallLimit(3))
    assert shown_policies(twice) == ["CallLimit(3)", *GUARDED]
    shorter = interop.with_middleware(pg_policy_tools.crawl, policies.Timeout(0.1))
    assert shown_policies(shorter) == ["Timeout(0.1)"]
    longer = interop.with_middleware(pg_policy_tools.crawl, policies.Timeout(60))
    assert shown_policies(longer) == ["Timeout(60)", "Timeout(0.3) (meta timeout)"]


def test_the_tool_list_entry_carries_them_as_badges() -> None:
    summary = tool_summary(pg_policy_tools.guarded)
    assert summary["policies"] == GUARDED
    assert [b["label"] for b in summary["badges"] if b["kind"] == "policy"] == GUARDED
    assert "read-only" in [b["label"] for b in summary["badges"]]


def test_a_run_passes_the_policies() -> None:
    ok = asyncio.run(run_tool(pg_policy_tools.guarded, {"n": 300}, None))
    assert ok.status == "ok" and len(ok.value) == 300  # the page shows the whole value...
    assert ok.model_output is not None and len(ok.model_output) == 100  # ...and what a model reads
    assert "characters removed to fit the output budget" in ok.model_output
    slow = asyncio.run(run_tool(pg_policy_tools.crawl, {"url": "slow"}, None))
    assert slow.status == "tool_error" and "did not finish within 0.3 s" in (slow.message or "")


@pytest.fixture(scope="module")
def policy_server() -> Iterator[Server]:
    server = start_server("pg_policy_tools:TOOLS")
    yield server
    server.stop()


def _api(server: Server, method: str, path: str, **kwargs: object) -> httpx.Response:
    headers = {"X-Playground-Token": server.token}
    return httpx.request(method, server.base + path, headers=headers, timeout=30, **kwargs)  # type: ignore[arg-type]


def test_the_served_page_lists_and_runs_them(policy_server: Server) -> None:
    tools = {t["name"]: t for t in _api(policy_server, "GET", "/api/tools").json()["tools"]}
    assert tools["catalogue"]["policies"] == GUARDED
    assert {"Audit", "Timeout(5)"} <= {
        b["label"] for b in tools["catalogue"]["badges"] if b["kind"] == "policy"
    }
    assert tools["crawl"]["policies"] == ["Timeout(0.3) (meta timeout)"]
    assert tools["plain"]["policies"] == []
    ran = _api(policy_server, "POST", "/api/tools/catalogue/run", json={"input": {"n": 300}}).json()
    assert ran["status"] == "ok" and len(ran["value"]) == 300 and len(ran["model_output"]) == 100
    slow = _api(policy_server, "POST", "/api/tools/crawl/run", json={"input": {"url": "slow"}}).json()
    assert slow["status"] == "tool_error" and "did not finish within 0.3 s" in slow["message"]
