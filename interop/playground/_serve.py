"""Running the playground: bind 127.0.0.1, print the tokenized URL, serve until interrupted."""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType, ModuleType
from typing import Any, TextIO

import uvicorn

from interop import StandardToolV0
from interop._kit import blocking_twin, open_context

from ._app import build_app
from ._security import new_token

__all__ = ["serve", "serve_async"]

HOST = "127.0.0.1"


async def serve_async(
    tools: Sequence[StandardToolV0[Any, Any, Any]],
    *,
    port: int = 8765,
    context_factory: Callable[[], Any] | None = None,
    module: ModuleType | None = None,
    label: str | None = None,
    context_label: str | None = None,
    out: TextIO | None = None,
) -> None:
    """Serve the playground for `tools` on 127.0.0.1:`port` (0 picks a free port) until stopped.

    `context_factory()` is called once; a (sync or async) context manager it returns is entered
    for the server's lifetime and its value is every call's context. The URL with the per-run
    token is printed to `out` (stdout by default).
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
        sock.listen(128)  # connections made right after the URL is printed wait in the backlog
    except OSError as e:
        sock.close()
        raise OSError(
            f"cannot listen on {HOST}:{port}: {e.strerror or e} (try --port 0 for a free port)"
        ) from None
    bound = sock.getsockname()[1]
    token = new_token()
    try:
        async with open_context(context_factory) as context:
            app = build_app(
                tools,
                token=token,
                hosts=[f"{HOST}:{bound}", f"localhost:{bound}"],
                context=context,
                module=module,
                label=label,
                context_label=context_label,
            )
            stream = out or sys.stdout
            names = ", ".join(t.name for t in tools)
            print(f"interop playground: {len(tools)} tools ({names})", file=stream)
            print(f"open http://{HOST}:{bound}/?token={token}", file=stream)
            print("(the token is new each run; Ctrl+C stops the server)", file=stream, flush=True)
            config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
            await uvicorn.Server(config).serve(sockets=[sock])
    finally:
        sock.close()


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@blocking_twin(serve_async)
def serve(tools: Sequence[StandardToolV0[Any, Any, Any]], **kwargs: Any) -> None:
    """Blocking `serve_async` (same arguments). SIGTERM stops it like Ctrl+C (KeyboardInterrupt),
    so the context manager from `context_factory` is exited either way."""
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        asyncio.run(serve_async(tools, **kwargs))
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
