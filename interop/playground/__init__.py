"""`interop playground MODULE`: every tool of a module as a form in a local web page.

A person tries each tool by hand (a form generated from its input JSON Schema, results as a
JSON tree, images and files, approval prompts) and sees what each framework and provider would
see. The server binds 127.0.0.1 and answers only requests that carry the per-run token printed
in its URL. Extra `playground` (Starlette and uvicorn); `import interop` never imports it.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "playground", "starlette", "uvicorn")

from interop._kit import load_context_factory, open_context

from ._app import build_app
from ._assets import AssetsMissingError, check_assets
from ._run import RunResult, run_tool
from ._serve import serve, serve_async

__all__ = [
    "AssetsMissingError",
    "RunResult",
    "build_app",
    "check_assets",
    "load_context_factory",
    "open_context",
    "run_tool",
    "serve",
    "serve_async",
]
