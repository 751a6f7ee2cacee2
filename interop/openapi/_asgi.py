"""`from_asgi`: the routes of an ASGI app (FastAPI, or any app with an OpenAPI document) as
tools that call the app in-process through `httpx.ASGITransport`: no server, no socket."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import httpx
from typing_extensions import Unpack

from interop import StandardTool

from ._meta import ApprovalPolicy
from ._names import Rename
from ._operations import OperationFilters
from ._tools import AuthHook, HeadersHook, from_openapi

__all__ = ["OpenAPIOptions", "from_asgi"]


class OpenAPIOptions(OperationFilters, total=False):
    """The options `from_asgi` passes on to `from_openapi` (same meaning): the `OperationFilters` and these."""

    headers: HeadersHook | None
    auth: AuthHook | None
    requires_approval: ApprovalPolicy
    rename: Rename
    output_schemas: bool


def _generated_by_fastapi(route: Any) -> bool:
    """Whether FastAPI's default generator made this route's operationId (none was set)."""
    if getattr(route, "operation_id", "set") is not None:
        return False
    gen = getattr(route, "generate_unique_id_function", None)
    gen = getattr(gen, "value", gen)  # FastAPI's DefaultPlaceholder
    return (
        getattr(gen, "__module__", "") == "fastapi.utils"
        and getattr(gen, "__name__", "") == "generate_unique_id"
    )


def route_names(app: Any) -> dict[str, str]:
    """operationId -> route function name, for FastAPI routes with a generated operationId and a
    function name no other route has (`get_item_items__item_id__get` -> `get_item`)."""
    found: dict[str, str] = {}
    counts: dict[str, int] = {}
    for route in getattr(app, "routes", ()):
        name = getattr(route, "name", None)
        if isinstance(name, str):
            counts[name] = counts.get(name, 0) + 1
        unique_id = getattr(route, "unique_id", None)
        if isinstance(name, str) and isinstance(unique_id, str) and _generated_by_fastapi(route):
            if len(getattr(route, "methods", None) or ()) == 1:
                found[unique_id] = name
    return {op_id: name for op_id, name in found.items() if counts[name] == 1}


def _chain(first: Mapping[str, str], then: Rename) -> Rename:
    if not first:
        return then

    def rename(name: str) -> str:
        name = first.get(name, name)
        if then is None:
            return name
        return then.get(name, name) if isinstance(then, Mapping) else then(name)

    return rename


def from_asgi(
    app: Any,
    *,
    base_url: str = "http://app",
    function_names: bool = True,
    **options: Unpack[OpenAPIOptions],
) -> list[StandardTool[Any, Any, Any]]:
    """One tool per route of an ASGI app, called in-process through `httpx.ASGITransport`.

    The document is the app's own (`app.openapi()`, as FastAPI has). Requests go to `base_url`
    through the ASGI transport; an exception in a route becomes a 500 answer (as behind a real
    server), so the tool raises `ToolHTTPError`. The app's lifespan (startup) is not run: start
    it yourself, or pass a document and a client to `from_openapi` instead. FastAPI routes whose
    operationId FastAPI generated are named after their function (`get_item`, not
    `get_item_items__item_id__get`) when that name is unique in the app; other options are
    `from_openapi`'s.
    """
    openapi = getattr(app, "openapi", None)
    if not callable(openapi):
        raise TypeError(
            f"{type(app).__name__} has no openapi() method: pass its OpenAPI document to "
            "from_openapi(spec, client=httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url=...))"
        )
    spec = openapi()
    if inspect.isawaitable(spec):
        raise TypeError("app.openapi() must return the document, not an awaitable")
    client = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url=base_url
    )
    if function_names:
        options["rename"] = _chain(route_names(app), options.get("rename"))
    return from_openapi(spec, base_url=base_url, client=client, **options)
