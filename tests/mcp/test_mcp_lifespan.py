"""`serve(..., lifespan=...)`: one context for every call, entered once for the server's lifetime.

In process with the SDK's real client (both protocol eras), and over streamable HTTP with
`serve` itself in its own process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from acme_tools import whoami
from mcp import Client
from mcp_sample_server import OPENED, acme_context, free_port, wait_for_port

from interop import acall
from interop.mcp import build_server, mcp_tools

pytestmark = pytest.mark.anyio

HERE = Path(__file__).parent
FACTORY_USER = {"user": "factory-user", "locale": "de-DE"}


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_lifespan_is_entered_once_and_its_value_is_every_calls_context(mode: str) -> None:
    OPENED.clear()
    server = build_server([whoami], lifespan=acme_context)
    async with Client(server, mode=mode) as client:
        assert OPENED == ["open"]  # entered when the server started, before any call
        for _ in range(3):
            r = await client.call_tool("whoami", {})
            assert r.structured_content == FACTORY_USER
        assert OPENED == ["open"]  # not per call
    assert OPENED == ["open", "closed"]  # exited when the server stopped


def test_one_source_of_context_only() -> None:
    for other in ({"context_factory": acme_context}, {"context": lambda ctx: None}):
        with pytest.raises(TypeError, match="not both"):
            build_server([whoami], lifespan=acme_context, **other)


def _leaves(error: BaseException) -> list[BaseException]:
    inner = getattr(error, "exceptions", None)  # an exception group (the SDK's task groups)
    if isinstance(inner, tuple):
        return [leaf for e in inner for leaf in _leaves(e)]
    return [error]


async def test_a_lifespan_that_is_no_context_manager_is_refused_at_start() -> None:
    def plain() -> Any:
        return {"user": "plain"}

    server = build_server([whoami], lifespan=plain)
    with pytest.raises(BaseException) as caught:  # the SDK may wrap it in a group
        async with Client(server, mode="legacy") as client:
            await client.call_tool("whoami", {})
    messages = [str(e) for e in _leaves(caught.value)]
    assert any("must return an async context manager" in m for m in messages), messages


async def test_serve_lifespan_over_streamable_http_opens_once_for_the_process() -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "mcp_sample_server.py"), "--lifespan", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        wait_for_port(port, timeout=60)
        for _ in range(2):  # two client sessions, one server lifetime
            async with mcp_tools(f"http://127.0.0.1:{port}/mcp") as tools:
                (remote,) = tools
                for _ in range(2):
                    assert await acall(remote, {}) == FACTORY_USER
    finally:
        proc.terminate()
        _, stderr = proc.communicate(timeout=30)
    assert stderr.count("context opened") == 1 and stderr.count("context closed") == 1, stderr
