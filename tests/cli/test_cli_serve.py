"""`interop serve MODULE`: a real MCP server (stdio subprocess and streamable HTTP) a real client talks to."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
from acme_tool_names import ACME_TOOL_NAMES
from interop_cli import ROOT, interop_cli

mcp = pytest.importorskip("mcp")
from mcp import StdioServerParameters  # noqa: E402

from interop import ToolError, acall  # noqa: E402
from interop.mcp import mcp_tools  # noqa: E402


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return interop_cli("serve", *args)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_serve_serves_approval_tools_through_elicitation(mode: str) -> None:
    """`interop serve` starts for a library with an approval tool: each call asks the client's user."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "interop", "serve", "acme_tools"], cwd=str(ROOT)
    )
    asked: list[object] = []

    def user(request) -> bool:
        asked.append(request.arguments)
        return request.arguments == {"path": "/tmp/report.txt"}

    async with mcp_tools(params, mode=mode, elicitation=user) as tools:
        delete = next(t for t in tools if t.name == "delete_file")
        # the server asks (elicitation): this code does not ask a second time (allow_unapproved)
        with pytest.raises(ToolError, match="not approved: the user declined"):
            await acall(delete, {"path": "/etc/passwd"}, allow_unapproved=True)
        result = await acall(delete, {"path": "/tmp/report.txt"}, allow_unapproved=True)
        assert result["deleted"] == "/tmp/report.txt"
    assert asked == [{"path": "/etc/passwd"}, {"path": "/tmp/report.txt"}]
    async with mcp_tools(params, mode=mode) as tools:  # nobody to ask on this side: refused, not run
        delete = next(t for t in tools if t.name == "delete_file")
        with pytest.raises(ToolError, match="not approved"):
            await acall(delete, {"path": "/tmp/report.txt"}, allow_unapproved=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--auth-token-env", "X"], "--auth-token-env needs --transport http"),
        (["--transport", "http", "--workers", "4"], "--workers N needs --stateless"),
        (
            ["--transport", "http", "--auth-token-env", "INTEROP_TEST_UNSET"],
            "--auth-token-env INTEROP_TEST_UNSET",
        ),
        (["--workers", "0", "--transport", "http", "--stateless"], "--workers must be at least 1"),
    ],
)
def test_serve_misuse_is_one_line_naming_the_flag(args: list[str], message: str) -> None:
    r = _serve("acme_tools", *args)
    assert r.returncode == 2, r.stderr
    assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_serve_warns_when_bound_beyond_loopback_without_auth() -> None:
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: the bind fails after the warning,
    # and nothing is ever sent anywhere
    r = _serve("acme_tools", "--transport", "http", "--host", "192.0.2.1", "--port", str(_free_port()))
    assert "warning: serving on 192.0.2.1 without authentication" in r.stderr
    assert "--auth-token-env NAME" in r.stderr


def test_call_never_prints_a_traceback() -> None:
    r = interop_cli("call", "mcp_sample_server:crash", env={"PYTHONPATH": str(ROOT / "tests" / "mcp")})
    assert r.returncode == 1
    assert r.stderr == "error: crash: RuntimeError: database password is hunter2\n"


def test_serve_unknown_module_is_one_line() -> None:
    r = _serve("no_such_mod")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


@pytest.mark.anyio
async def test_serve_stdio_lists_and_calls() -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "interop", "serve", "acme_tools:TOOLS", "--allow-unapproved"],
        cwd=str(ROOT),
    )
    async with mcp_tools(params) as tools:
        by_name = {t.name: t for t in tools}
        assert set(by_name) == set(ACME_TOOL_NAMES)
        assert by_name["get_weather"].title == "Current weather"
        assert by_name["get_weather"].meta["read_only"] is True
        assert by_name["delete_file"].meta["requires_approval"] is True
        assert await acall(by_name["get_weather"], {"city": "Oslo"}) == {
            "city": "Oslo",
            "temperature": 7.0,
            "units": "C",
            "conditions": "rain",
        }
        with pytest.raises(ToolError, match="unknown city"):
            await acall(by_name["get_weather"], {"city": "Atlantis"})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(*args: str, env: dict | None = None) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "interop", "serve", *args, "--transport", "http", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc, port
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "serve exited") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("interop serve did not start")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.anyio
async def test_serve_http() -> None:
    """It says where it listens (and how), and clients see the server under its --name."""
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    proc, port = _start("acme_tools", "--allow-unapproved", "--name", "acme-prod")
    try:
        async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write, *_):
            async with ClientSession(read, write) as session:
                assert (await session.initialize()).server_info.name == "acme-prod"
        async with mcp_tools(f"http://127.0.0.1:{port}/mcp") as tools:
            convert = next(t for t in tools if t.name == "convert_currency")
            assert await acall(convert, {"amount": 10, "source": "EUR", "target": "USD"}) == {
                "amount": "10.80",
                "currency": "USD",
                "rate": "1.08",
            }
    finally:
        _stop(proc)
    assert (
        f"interop serve: MCP server 'acme-prod', 7 tools from acme_tools, streamable HTTP at "
        f"http://127.0.0.1:{port}/mcp (stateful sessions, 1 process; no auth); Ctrl+C stops it"
    ) in proc.stderr.read().decode()


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_serve_http_auth_token_env(mode: str) -> None:
    import httpx
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    proc, port = _start("acme_tools", "--auth-token-env", "ACME_MCP_TOKEN", env={"ACME_MCP_TOKEN": "tok-123"})
    url = f"http://127.0.0.1:{port}/mcp"
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    try:
        assert httpx.post(url, json=ping).status_code == 401
        assert httpx.post(url, json=ping, headers={"Authorization": "Bearer tok-12"}).status_code == 401
        client = httpx2.AsyncClient(headers={"Authorization": "Bearer tok-123"})
        async with mcp_tools(streamable_http_client(url, http_client=client), mode=mode) as tools:
            weather = next(t for t in tools if t.name == "get_weather")
            assert (await acall(weather, {"city": "Oslo"}))["conditions"] == "rain"
    finally:
        _stop(proc)


@pytest.mark.anyio
async def test_serve_http_stateless_workers_answer_approval_rounds_across_workers() -> None:
    """`--stateless --workers 2`: a 2026-07-28 approval round may be retried on the other worker;
    the command gives every worker one approval secret, so each verifies the other's state."""
    proc, port = _start("acme_tools", "--stateless", "--workers", "2")
    try:
        async with mcp_tools(f"http://127.0.0.1:{port}/mcp", elicitation=lambda request: True) as tools:
            delete = next(t for t in tools if t.name == "delete_file")
            for _ in range(6):  # each call is two requests; with two workers some cross
                result = await acall(delete, {"path": "/tmp/report.txt"}, allow_unapproved=True)
                assert result["deleted"] == "/tmp/report.txt"
    finally:
        _stop(proc)


@pytest.mark.anyio
async def test_serve_http_stateless_workers_refuse_a_replayed_approval_on_every_worker() -> None:
    """One approval runs one call: the command gives the workers one store of used answers, so
    the same answer sent again (to whichever worker takes it) is refused."""
    import mcp.types as mt
    from mcp import Client

    from interop.mcp import APPROVAL_INPUT_KEY

    proc, port = _start("acme_tools", "--stateless", "--workers", "2")
    yes = {APPROVAL_INPUT_KEY: mt.ElicitResult(action="accept", content={"approve": True})}
    args = {"path": "/tmp/report.txt"}
    try:
        async with Client(f"http://127.0.0.1:{port}/mcp", elicitation_callback=_decline) as client:
            first = await client.session.call_tool("delete_file", args, allow_input_required=True)
            assert isinstance(first, mt.InputRequiredResult)
            state = first.request_state
            ok = await client.session.call_tool("delete_file", args, input_responses=yes, request_state=state)
            assert not ok.is_error
            for _ in range(6):  # spread over both workers
                again = await client.session.call_tool(
                    "delete_file", args, input_responses=yes, request_state=state
                )
                assert again.is_error and "already used" in again.content[0].text
    finally:
        _stop(proc)


async def _decline(context: object, params: object) -> object:
    import mcp.types as mt

    return mt.ElicitResult(action="decline")


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_serve_context_factory_gives_every_call_one_context(transport: str) -> None:
    env = {"PYTHONPATH": str(ROOT / "tests" / "mcp")}
    factory = ["--context-factory", "mcp_sample_server:acme_context"]
    if transport == "stdio":
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "interop", "serve", "acme_tools", *factory], cwd=str(ROOT),
            env={**os.environ, **env},
        )  # fmt: skip
        async with mcp_tools(params) as tools:
            whoami = next(t for t in tools if t.name == "whoami")
            assert await acall(whoami, {}) == {"user": "factory-user", "locale": "de-DE"}
        return
    proc, port = _start("acme_tools", *factory, env=env)
    try:
        async with mcp_tools(f"http://127.0.0.1:{port}/mcp") as tools:
            whoami = next(t for t in tools if t.name == "whoami")
            for _ in range(3):
                assert await acall(whoami, {}) == {"user": "factory-user", "locale": "de-DE"}
    finally:
        _stop(proc)


def test_serve_bad_context_factory_is_one_line() -> None:
    r = _serve("acme_tools", "--context-factory", "no_such_module:fn")
    assert r.returncode == 2 and r.stderr.startswith("error: --context-factory: cannot import module")
    assert r.stderr.count("\n") == 1
