"""`mcp_tools_sync`: MCP tools for sync code, with the session on a background event loop.

A session belongs to the event loop it was opened on. `mcp_tools` opens it on the caller's loop,
so a framework's sync entry point called inside that loop (which blocks the loop) cannot reach
it. Here the session lives on its own thread's loop, which nothing else blocks: the tools work
from sync code, from any thread, and from any event loop, including sync calls made inside one.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from typing_extensions import Unpack

from interop import StandardTool

from ._client import MCPToolsOptions, mcp_tools

__all__ = ["mcp_tools_sync"]


@contextmanager
def mcp_tools_sync(
    source: Any, *, timeout: float = 60.0, **options: Unpack[MCPToolsOptions]
) -> Iterator[list[StandardTool[Any, Any, Any]]]:
    """`with mcp_tools_sync(source) as tools:` the tools of an MCP server, for sync programs.

    Same `source` and options as `mcp_tools`; `timeout` bounds connecting and disconnecting.
    Calls from any thread or loop are forwarded to the session's background loop.
    """
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="interop-mcp-session", daemon=True)
    thread.start()
    ready: concurrent.futures.Future[list[StandardTool[Any, Any, Any]]] = concurrent.futures.Future()
    stop = asyncio.Event()

    async def hold() -> None:  # one task enters and exits the session (anyio requires it)
        try:
            async with mcp_tools(source, **options) as tools:
                ready.set_result(tools)
                await stop.wait()
        except BaseException as e:
            if not ready.done():
                ready.set_exception(e)
            raise

    held = asyncio.run_coroutine_threadsafe(hold(), loop)
    try:
        yield ready.result(timeout)
    finally:
        connected = ready.done() and ready.exception() is None
        if connected:
            loop.call_soon_threadsafe(stop.set)
        else:  # the failure to connect (or the timeout) is what the caller sees
            held.cancel()
        try:
            held.result(timeout)
        except Exception:
            if connected:
                raise
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
            if not thread.is_alive():
                loop.close()
