"""The playground's HTTP app: the page, its static files, and a small JSON API.

    GET  /?token=T                  the page
    GET  /static/...                the page's code and the built form library
    GET  /api/tools                 every tool: fields, meta badges, the form's schema
    GET  /api/tools/{name}/views    what each consumer sees (schemas, descriptors, snippets)
    POST /api/tools/{name}/run      {"input": ...} -> a run result (or "approval_required" + id)
    POST /api/approvals/{id}        {"approve": true|false} -> the parked call's result, or "denied"

Everything but `/static` needs the token (see `_security`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interop import StandardToolV0
from interop.bridge import check_unique_names

from ._approval import PendingApprovals
from ._assets import STATIC_DIR, check_assets
from ._run import run_tool
from ._security import Guard
from ._views import consumer_views, tool_summary

__all__ = ["build_app"]

AnyTool = StandardToolV0[Any, Any, Any]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"status": "error", "message": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any] | None:
    try:
        body = json.loads(await request.body() or b"{}")
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) else None


def build_app(
    tools: Sequence[AnyTool],
    *,
    token: str,
    hosts: Sequence[str],
    context: Any = None,
    module: ModuleType | None = None,
    label: str | None = None,
    context_label: str | None = None,
) -> Guard:
    """The ASGI app serving `tools` (every call gets `context`), guarded by `token` and `hosts`.

    `hosts` are the `host:port` values the page may be reached at (e.g. `127.0.0.1:8765`);
    `module` names the tools in the framework snippets; `label` and `context_label` are shown
    in the page header. Raises `AssetsMissingError` when the form library was not built.
    """
    static_dir = check_assets(STATIC_DIR)
    check_unique_names((t.name for t in tools), "the playground")
    by_name = {t.name: t for t in tools}
    pending = PendingApprovals()
    page = (static_dir / "index.html").read_text(encoding="utf-8")

    async def index(request: Request) -> Response:
        return HTMLResponse(page)

    async def list_tools(request: Request) -> Response:
        return JSONResponse(
            {
                "module": label or (module.__name__ if module else None),
                "context": context_label,
                "tools": [tool_summary(t) for t in tools],
            }
        )

    async def views(request: Request) -> Response:
        tool = by_name.get(request.path_params["name"])
        if tool is None:
            return _error(404, f"no tool named {request.path_params['name']!r}")
        return JSONResponse(consumer_views(tool, module))

    async def run(request: Request) -> Response:
        tool = by_name.get(request.path_params["name"])
        if tool is None:
            return _error(404, f"no tool named {request.path_params['name']!r}")
        body = await _body(request)
        if body is None:
            return _error(400, 'the request body must be a JSON object: {"input": ...}')
        args = body.get("input", {})
        result = await run_tool(tool, args, context)
        out = result.to_json()
        if result.status == "approval_required":
            out["approval_id"] = pending.park(tool.name, args).id
        return JSONResponse(out)

    async def decide(request: Request) -> Response:
        body = await _body(request)
        if body is None or not isinstance(body.get("approve"), bool):
            return _error(400, 'the request body must be {"approve": true} or {"approve": false}')
        call = pending.take(request.path_params["id"])
        if call is None:
            return _error(404, "no such pending call (already decided, expired, or never asked)")
        if body["approve"] is not True:
            return JSONResponse({"status": "denied", "message": f"not run: you declined {call.tool_name!r}"})
        result = await run_tool(by_name[call.tool_name], call.input, context, approved=True)
        return JSONResponse(result.to_json())

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/tools", list_tools),
            Route("/api/tools/{name}/views", views),
            Route("/api/tools/{name}/run", run, methods=["POST"]),
            Route("/api/approvals/{id}", decide, methods=["POST"]),
            Mount("/static", StaticFiles(directory=static_dir), name="static"),
        ]
    )
    return Guard(app, token=token, hosts=hosts)
