"""Sample neutral tools served over MCP by the tests, and helpers to run servers.

Run as a script it serves the tools with `interop.mcp.serve`:
`python mcp_sample_server.py` (stdio) or `python mcp_sample_server.py --http PORT`;
`python mcp_sample_server.py --lifespan PORT` serves acme's `whoami` over HTTP with
`lifespan=acme_context` (and says on stderr when the context opens and closes).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import mcp.types as mt
from pydantic import BaseModel, Field

from interop import ToolError, tool


class Item(BaseModel):
    sku: str
    qty: int = Field(gt=0, description="how many")


class Receipt(BaseModel):
    total: int
    skus: list[str]


CALLS: list[str] = []  # names of tools whose body ran (in-process tests check it)


@tool(
    title="Add numbers",
    meta={
        "read_only": True,
        "idempotent": True,
        "open_world": False,
        "tags": ["math"],
        "com.example/owner": "qa",
    },
)
def add(a: int, b: int) -> int:
    """Add two integers."""
    CALLS.append("add")
    return a + b


@tool(title="Place order", meta={"destructive": False, "read_only": False})
async def place_order(items: list[Item], note: str | None = None) -> Receipt:
    """Place an order for some items.

    Args:
        items: what to order
        note: free text for the warehouse
    """
    CALLS.append("place_order")
    if any(i.sku == "discontinued" for i in items):
        raise ToolError("sku 'discontinued' is no longer sold; pick another")
    return Receipt(total=sum(i.qty for i in items), skus=[i.sku for i in items])


@tool
def echo(value: str, delay_ms: int = 0) -> dict[str, str]:
    """Echo a value back (used by the load test)."""
    if delay_ms:
        time.sleep(delay_ms / 1000)
    return {"value": value}


@tool
async def aecho(value: str) -> dict[str, str]:
    """Echo a value back from an async tool."""
    await asyncio.sleep(0)
    return {"value": value}


@tool
def crash() -> str:
    """Always fails with an unexpected error."""
    raise RuntimeError("database password is hunter2")


PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n fake").decode()


@tool
def picture(caption: str):  # no return annotation: no output schema, content blocks as they are
    """A picture with a caption (image content)."""
    return [
        mt.TextContent(type="text", text=caption),
        mt.ImageContent(type="image", data=PNG, mime_type="image/png"),
    ]


TOOLS = [add, place_order, echo, aecho, crash, picture]

OPENED: list[str] = []


@contextlib.asynccontextmanager
async def acme_context():
    """A `--context-factory`: one AcmeContext for the server's lifetime (entered once)."""
    from acme_tools import AcmeContext

    OPENED.append("open")
    try:
        yield AcmeContext(user="factory-user", locale="de-DE")
    finally:
        OPENED.append("closed")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def http_server_thread(app: Any, port: int, *, timeout: float = 15.0) -> Iterator[str]:
    """Run an ASGI app with uvicorn on 127.0.0.1:port in a thread; yield the MCP URL; stop on exit."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="mcp-test-http", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test HTTP server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout)


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    """Wait until something listens on 127.0.0.1:port."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


if __name__ == "__main__":
    from interop.mcp import serve

    if len(sys.argv) > 2 and sys.argv[1] == "--lifespan":
        from acme_tools import whoami

        @contextlib.asynccontextmanager
        async def reported_context() -> Any:
            async with acme_context() as context:
                print("context opened", file=sys.stderr, flush=True)
                yield context
            print("context closed", file=sys.stderr, flush=True)

        serve([whoami], transport="streamable-http", port=int(sys.argv[2]), lifespan=reported_context)
    elif len(sys.argv) > 2 and sys.argv[1] == "--http":
        serve(TOOLS, transport="streamable-http", port=int(sys.argv[2]), name="sample")
    else:
        serve(TOOLS, name="sample")
