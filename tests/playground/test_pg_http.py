"""The playground's HTTP face, from outside: a real `interop playground` process and real requests.

Proves the safety rules (token, Host, Origin, cross-site), that approval is enforced by the
server (nothing runs unconfirmed; a decision is single-use; only `true` approves), the context
factory's lifetime, and what runs return.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import httpx
import pytest
from acme_tool_names import ACME_TOOL_NAMES
from pg_harness import Server, start_server

pytest.importorskip("starlette")
TOKEN_HEADER = "X-Playground-Token"


def api(server: Server, method: str, path: str, **kwargs) -> httpx.Response:
    headers = {TOKEN_HEADER: server.token, **kwargs.pop("headers", {})}
    return httpx.request(method, server.base + path, headers=headers, timeout=30, **kwargs)


def run(server: Server, name: str, input: object) -> dict:
    r = api(server, "POST", f"/api/tools/{name}/run", json={"input": input})
    assert r.status_code == 200, r.text
    return r.json()


def decide(server: Server, approval_id: str, approve: object) -> httpx.Response:
    return api(server, "POST", f"/api/approvals/{approval_id}", json={"approve": approve})


def orders_of(server: Server, customer: str) -> list:
    result = run(server, "search_orders", {"query": {"customer": customer}})
    assert result["status"] == "ok", result
    return result["value"]


# ---- safe by default ----------------------------------------------------------------------------


def test_binds_loopback_and_prints_a_tokenized_url(acme_server: Server) -> None:
    assert acme_server.url.startswith("http://127.0.0.1:")
    assert len(acme_server.token) >= 32


def test_requests_without_the_token_are_refused(acme_server: Server) -> None:
    before = len(orders_of(acme_server, "ann"))
    order = {"items": [{"sku": "A-1", "quantity": 1}], "ship_to": {"street": "1 Main St", "city": "Lyon"}}
    for headers in ({}, {TOKEN_HEADER: "wrong"}, {TOKEN_HEADER: acme_server.token[:-1]}):
        r = httpx.post(
            f"{acme_server.base}/api/tools/place_order/run", json={"input": order}, headers=headers
        )
        assert r.status_code == 401, r.text
        assert "token" in r.text
    assert httpx.get(f"{acme_server.base}/api/tools").status_code == 401
    assert httpx.get(f"{acme_server.base}/api/tools/place_order/views").status_code == 401
    assert httpx.post(f"{acme_server.base}/api/approvals/x", json={"approve": True}).status_code == 401
    assert httpx.get(f"{acme_server.base}/").status_code == 401
    assert httpx.get(f"{acme_server.base}/?token=nope").status_code == 401
    # the token in the URL does not open the API (it needs the header), and nothing ran meanwhile
    assert httpx.get(f"{acme_server.base}/api/tools?token={acme_server.token}").status_code == 401
    assert len(orders_of(acme_server, "ann")) == before


def test_the_page_needs_the_token_and_carries_safe_headers(acme_server: Server) -> None:
    page = httpx.get(acme_server.url)
    assert page.status_code == 200 and "interop playground" in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert page.headers["referrer-policy"] == "no-referrer"
    assert page.headers["x-frame-options"] == "DENY"
    # the page's code and the built form library need no token (they hold no data)
    js = httpx.get(f"{acme_server.base}/static/vendor/jsoneditor.js")
    assert js.status_code == 200 and "JSONEditor" in js.text


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1:1"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Host": "evil.example"},
        {"Host": "attacker.test:8765"},
    ],
)
def test_other_origins_and_hosts_are_refused_even_with_the_token(acme_server: Server, headers: dict) -> None:
    before = len(orders_of(acme_server, "ann"))
    order = {"items": [{"sku": "A-1", "quantity": 1}], "ship_to": {"street": "1 Main St", "city": "Lyon"}}
    r = api(acme_server, "POST", "/api/tools/place_order/run", json={"input": order}, headers=headers)
    assert r.status_code == 403, r.text
    assert len(orders_of(acme_server, "ann")) == before


def test_same_origin_and_localhost_are_accepted(acme_server: Server) -> None:
    port = acme_server.base.rsplit(":", 1)[1]
    for headers in (
        {"Origin": acme_server.base, "Sec-Fetch-Site": "same-origin"},
        {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"},
    ):
        assert api(acme_server, "GET", "/api/tools", headers=headers).status_code == 200


# ---- running, with the context from --context-factory -----------------------------------------


def test_lists_every_tool_with_badges_and_form_schemas(acme_server: Server) -> None:
    data = api(acme_server, "GET", "/api/tools").json()
    assert data["module"] == "acme_tools" and data["context"] == "pg_context:acme"
    tools = {t["name"]: t for t in data["tools"]}
    assert list(tools) == list(ACME_TOOL_NAMES)
    labels = {b["label"] for b in tools["delete_file"]["badges"]}
    assert {"destructive", "requires approval", "idempotent", "#files"} <= labels
    assert tools["delete_file"]["approval"] == "always"
    assert {"read-only", "#weather"} <= {b["label"] for b in tools["get_weather"]["badges"]}
    form = tools["place_order"]["form_schema"]["value"]
    assert "definitions" in form and form["required"] == ["items", "ship_to"]


def test_runs_with_the_factory_context(acme_server: Server) -> None:
    assert run(acme_server, "whoami", {}) == {
        "status": "ok",
        "value": {"user": "ann", "locale": "it"},
        "model_output": '{"user":"ann","locale":"it"}',
        "elapsed_ms": pytest.approx(0, abs=5000),
    }
    order = {
        "items": [{"sku": "A-1", "quantity": 2}, {"sku": "B-2", "quantity": 3}],
        "ship_to": {"street": "1 Main St", "city": "Lyon"},
    }
    result = run(acme_server, "place_order", order)
    assert result["status"] == "ok"
    assert result["value"]["customer"] == "ann" and result["value"]["total_items"] == 5
    assert result["value"]["ship_to"]["country"] == "FR"


def test_invalid_input_reports_issues_with_paths(acme_server: Server) -> None:
    result = run(
        acme_server, "place_order", {"items": [{"sku": "A", "quantity": 0}], "ship_to": {"street": "x"}}
    )
    assert result["status"] == "invalid" and result["target"] == "input"
    assert {(tuple(i["path"]), i["message"]) for i in result["issues"]} == {
        (("items", 0, "quantity"), "Input should be greater than 0"),
        (("ship_to", "city"), "Field required"),
    }
    assert result["model_output"].startswith("Invalid arguments for tool 'place_order'")


def test_tool_errors_and_bad_requests(acme_server: Server) -> None:
    result = run(acme_server, "get_weather", {"city": "Atlantis"})
    assert result["status"] == "tool_error" and "unknown city" in result["message"]
    assert api(acme_server, "POST", "/api/tools/nope/run", json={"input": {}}).status_code == 404
    assert api(acme_server, "POST", "/api/tools/whoami/run", content=b"[1]").status_code == 400
    assert api(acme_server, "POST", "/api/tools/whoami/run", content=b"{bad").status_code == 400


# ---- approval is enforced by the server ----------------------------------------------------------


def test_approval_is_enforced_by_the_server(acme_server: Server) -> None:
    ask = run(acme_server, "delete_file", {"path": "/tmp/old.log"})
    assert ask["status"] == "approval_required" and ask["input"] == {"path": "/tmp/old.log"}
    # declining does not run it; the id is single-use
    assert decide(acme_server, ask["approval_id"], False).json()["status"] == "denied"
    assert decide(acme_server, ask["approval_id"], True).status_code == 404
    # only the JSON value true approves; anything else is a bad request and leaves the call parked
    ask = run(acme_server, "delete_file", {"path": "/tmp/old.log"})
    for value in ("yes", 1, None, "true"):
        assert decide(acme_server, ask["approval_id"], value).status_code == 400
    assert decide(acme_server, "not-an-id", True).status_code == 404
    # the file is still there: approving now deletes it, exactly once
    done = decide(acme_server, ask["approval_id"], True).json()
    assert done["status"] == "ok" and done["value"]["deleted"] == "/tmp/old.log"
    again = run(acme_server, "delete_file", {"path": "/tmp/old.log"})
    assert decide(acme_server, again["approval_id"], True).json() | {"elapsed_ms": 0} == {
        "status": "tool_error",
        "message": "no such file: /tmp/old.log",
        "model_output": "Error from tool 'delete_file': no such file: /tmp/old.log",
        "elapsed_ms": 0,
    }


def test_an_invalid_call_is_reported_before_anyone_is_asked(acme_server: Server) -> None:
    result = run(acme_server, "delete_file", {"path": 3})
    assert result["status"] == "invalid" and "approval_id" not in result


def test_conditional_approval_sees_the_validated_input(extra_server: Server) -> None:
    small = run(extra_server, "transfer", {"account": "IT60", "amount": "10"})
    assert small["status"] == "ok" and small["value"] == {"sent": 10.0, "to": "IT60"}
    big = run(extra_server, "transfer", {"account": "IT60", "amount": 1000})
    assert big["status"] == "approval_required"
    assert run(extra_server, "calls", {})["value"].count("transfer") == 1
    assert decide(extra_server, big["approval_id"], True).json()["value"] == {"sent": 1000.0, "to": "IT60"}


# ---- results, errors, views ----------------------------------------------------------------------


def test_content_results(extra_server: Server) -> None:
    image = run(extra_server, "chart", {})["value"]
    assert image["type"] == "image" and image["media_type"] == "image/png"
    assert run(extra_server, "chart", {})["model_output"].startswith("[image: image/png,")
    csv = run(extra_server, "export_csv", {"rows": 3})["value"]
    assert csv["type"] == "file" and csv["name"] == "export.csv" and csv["media_type"] == "text/csv"
    raw = run(extra_server, "raw_bytes", {})["value"]
    assert raw["type"] == "file" and raw["media_type"] == "application/octet-stream"


def test_unexpected_exceptions_come_with_a_traceback(extra_server: Server) -> None:
    result = run(extra_server, "crash", {"reason": "kaput"})
    assert result["status"] == "error" and result["message"] == "RuntimeError: kaput"
    assert "Traceback" in result["traceback"] and "kaput" in result["traceback"]


def test_views_show_what_each_consumer_sees(acme_server: Server, extra_server: Server) -> None:
    views = api(acme_server, "GET", "/api/tools/place_order/views").json()
    assert set(views["input_schema"]) == {"draft-2020-12", "draft-07", "openapi-3.0"}
    assert "$defs" in views["input_schema"]["draft-2020-12"]["value"]
    assert "$ref" not in str(views["input_schema"]["openapi-3.0"]["value"])
    openai = views["providers"]["OpenAI (strict)"]["value"]
    assert openai["function"]["strict"] is True and openai["function"]["name"] == "place_order"
    assert views["providers"]["Anthropic"]["value"]["name"] == "place_order"
    assert views["providers"]["Gemini"]["value"]["name"] == "place_order"
    snippets = views["frameworks"]
    assert set(snippets) == {"LangChain", "pydantic-ai", "LlamaIndex", "OpenAI Agents", "MCP"}
    assert "to_langchain(place_order)" in snippets["LangChain"]
    assert "from acme_tools import place_order" in snippets["pydantic-ai"]
    approval = api(acme_server, "GET", "/api/tools/delete_file/views").json()["frameworks"]
    assert "approval=ask_a_human" in approval["LlamaIndex"]

    strict = api(extra_server, "GET", "/api/tools/sum_scores/views").json()["providers"]["OpenAI (strict)"]
    assert "value" not in strict and "cannot be made openai strict" in strict["error"]
    listed = api(extra_server, "GET", "/api/tools/transfer/views").json()["frameworks"]["pydantic-ai"]
    assert "from pg_tools import transfer" in listed


# ---- the command ---------------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "interop", "playground", *args],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("no_such_module",), "cannot import module 'no_such_module'"),
        (("acme_tools", "--context-factory", "acme_tools"), "expects PKG.MOD:FN"),
        (("acme_tools", "--context-factory", "acme_tools:nope"), "has no attribute 'nope'"),
        (("acme_tools", "--port", "x"), "invalid int value"),
    ],
)
def test_bad_invocations_are_one_line(args: tuple[str, ...], message: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_port_in_use_is_one_line(acme_server: Server) -> None:
    port = acme_server.base.rsplit(":", 1)[1]
    done = _cli("acme_tools", "--port", port)
    assert done.returncode == 1 and f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("factory", "sig", "user"),
    [("pg_context:acme", signal.SIGINT, "ann"), ("pg_context:acme_async", signal.SIGTERM, "bob")],
)
def test_context_manager_is_entered_once_and_exited_at_shutdown(factory: str, sig: int, user: str) -> None:
    server = start_server("acme_tools", "--context-factory", factory)
    try:
        for _ in range(2):
            assert run(server, "whoami", {})["value"]["user"] == user
    finally:
        server.stop(sig)
    log = "".join(server.stderr)
    assert log.count("context: entered") == 1 and log.count("context: exited") == 1, log


def test_a_plain_factory_value_is_the_context() -> None:
    server = start_server("acme_tools", "--context-factory", "pg_context:plain")
    try:
        assert run(server, "whoami", {})["value"]["user"] == "carol"
    finally:
        server.stop()
