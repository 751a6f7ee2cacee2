"""MCP Apps (`io.modelcontextprotocol/ui`): a tool's interactive UI, both ways.

A tool names its UI with `meta["ui"] = {"resourceUri": "ui://...", ...}` (the MCP Apps `_meta.ui`
object: `resourceUri`, and optionally `visibility`). Served, it goes out as the descriptor's
`_meta.ui`; `ui_resources={uri: html}` serves each HTML document as a `ui://` resource with the
MIME type `text/html;profile=mcp-app`, which hosts render in a sandboxed frame (a page given as
`{"html": ..., "csp": {...}, ...}` carries its frame settings in the resource's `_meta.ui`). Consumed, a server's `_meta.ui` lands in the tool's `meta["ui"]` as it was, for
hosts that render it (read the resource through the same client), and is served again as is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mcp.types as mt
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

__all__ = ["APPS_EXTENSION", "APP_MIME_TYPE", "UI_KEY", "UIPage", "check_ui", "serve_ui_resources"]

APPS_EXTENSION = "io.modelcontextprotocol/ui"
APP_MIME_TYPE = "text/html;profile=mcp-app"
UI_KEY = "ui"
"""The meta key (and the descriptor's `_meta` key) of a tool's MCP Apps UI."""

_RESOURCE_NOT_FOUND = -32002


def check_ui(meta: Mapping[str, Any], tool_name: str) -> None:
    """Refuse a malformed `meta["ui"]` (clear error naming the tool) before it is served."""
    ui = meta.get(UI_KEY)
    if ui is None:
        return
    uri = ui.get("resourceUri") if isinstance(ui, Mapping) else None
    if not isinstance(uri, str) or not uri.startswith("ui://"):
        raise ValueError(
            f"tool {tool_name!r}: meta['ui'] must be a mapping with a 'resourceUri' starting with 'ui://' "
            f"(MCP Apps), got {ui!r}"
        )


UIPage = str | Mapping[str, Any]
"""An MCP Apps page: its HTML, or `{"html": ..., "csp": {...}, "permissions": {...}, "domain": ...,
"prefersBorder": ...}` (everything but `html` is the resource's `_meta.ui`, as MCP Apps defines it)."""


def _page(uri: str, page: UIPage) -> tuple[str, dict[str, Any] | None]:
    if not uri.startswith("ui://"):
        raise ValueError(f"ui_resources: MCP Apps resources use the ui:// scheme, got {uri!r}")
    if isinstance(page, str):
        return page, None
    if isinstance(page, Mapping) and isinstance(page.get("html"), str):
        ui = {k: v for k, v in page.items() if k != "html"}
        return page["html"], ({"ui": ui} if ui else None)
    raise TypeError(
        f"ui_resources[{uri!r}]: give the HTML (a str) or a mapping with 'html', got {page!r:.80}"
    )


def serve_ui_resources(server: Server[Any], pages: Mapping[str, UIPage]) -> None:
    """Serve `pages` (`ui://` URI -> page) as MCP Apps resources; the server's own resources stay."""
    parsed = {uri: _page(uri, page) for uri, page in pages.items()}
    prev_list = server.get_request_handler("resources/list")
    prev_read = server.get_request_handler("resources/read")
    ours = [
        mt.Resource(uri=uri, name=uri, mime_type=APP_MIME_TYPE, _meta=meta)
        for uri, (_, meta) in parsed.items()
    ]

    async def list_resources(
        ctx: ServerRequestContext[Any, Any], params: mt.PaginatedRequestParams | None
    ) -> mt.ListResourcesResult:
        if prev_list is None:
            return mt.ListResourcesResult(resources=list(ours))
        theirs: Any = await prev_list.handler(ctx, params)
        result = (
            theirs
            if isinstance(theirs, mt.ListResourcesResult)
            else mt.ListResourcesResult.model_validate(theirs)
        )
        if params is None or params.cursor is None:
            result.resources = ours + [r for r in result.resources if r.uri not in pages]
        return result

    async def read_resource(ctx: ServerRequestContext[Any, Any], params: mt.ReadResourceRequestParams) -> Any:
        page = parsed.get(str(params.uri))
        if page is not None:
            html, meta = page
            contents = mt.TextResourceContents(
                uri=str(params.uri), mime_type=APP_MIME_TYPE, text=html, _meta=meta
            )
            return mt.ReadResourceResult(contents=[contents])
        if prev_read is None:
            raise MCPError(code=_RESOURCE_NOT_FOUND, message=f"Resource not found: {params.uri}")
        return await prev_read.handler(ctx, params)

    server.add_request_handler("resources/list", mt.PaginatedRequestParams, list_resources)
    server.add_request_handler("resources/read", mt.ReadResourceRequestParams, read_resource)
    server.extensions.setdefault(APPS_EXTENSION, {})
