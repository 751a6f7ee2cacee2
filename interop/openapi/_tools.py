"""`from_openapi`: one validating neutral tool per operation, calling the API through httpx."""

from __future__ import annotations

import asyncio
import inspect
import re
import weakref
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

import httpx
from typing_extensions import Unpack

from interop import StandardTool, standard_tool
from interop.bridge import exception_text
from interop.errors import ToolNameError

from ._document import Document, Spec, load_document
from ._errors import OpenAPIError, ToolRequestError
from ._inputs import InputPlan, build_input
from ._meta import ApprovalPolicy, operation_meta
from ._names import Rename, check_tool_name
from ._operations import Operation, OperationFilters, operations, select
from ._outputs import accept_types, output_schema
from ._request import build_request
from ._response import decode_response
from ._schema_object import DocumentSchema
from ._schemas import SchemaTranslator

__all__ = ["AuthHook", "HeadersHook", "from_openapi"]

HeadersHook = Mapping[str, str] | Callable[[Any], Mapping[str, str] | Awaitable[Mapping[str, str]]]
"""Headers added to every request: a mapping, or a function of the call's `context` (sync or
async) returning one; e.g. `lambda ctx: {"Authorization": f"Bearer {ctx.token}"}`."""

AuthHook = httpx.Auth | Callable[[Any], httpx.Auth | None]
"""An `httpx.Auth` for every request, or a function of the call's `context` returning one (or
None): signing, API keys in the query, OAuth refresh."""

DEFAULT_TIMEOUT = httpx.Timeout(30.0)
"""The timeout of the client `from_openapi` makes when none is given."""

MAX_RESPONSE_BYTES = 10 * 2**20
"""The default `max_response_bytes`: the most a response body may hold, decoded (10 MiB)."""

MAX_REDIRECTS = 10

_ONLY_TO_SAME_ORIGIN = frozenset({"authorization", "proxy-authorization", "cookie"})


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    return url.scheme, url.host, url.port


class _Clients:
    """The given client, or one client per event loop (an httpx pool is bound to its loop)."""

    def __init__(self, client: httpx.AsyncClient | None) -> None:
        self.client = client
        self._per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx.AsyncClient] = (
            weakref.WeakKeyDictionary()
        )

    def get(self) -> httpx.AsyncClient:
        if self.client is not None:
            return self.client
        loop = asyncio.get_running_loop()
        client = self._per_loop.get(loop)
        if client is None:
            client = httpx.AsyncClient(timeout=DEFAULT_TIMEOUT)  # redirects: see `_Caller.send`
            self._per_loop[loop] = client
        return client


class _Caller:
    """Sends the requests of one operation (its `run` is the tool's `execute` function)."""

    def __init__(
        self,
        *,
        name: str,
        op: Operation,
        plan: InputPlan,
        prefix: str,
        clients: _Clients,
        headers: HeadersHook | None,
        auth: AuthHook | None,
        max_response_bytes: int,
    ) -> None:
        self.name = name
        self.max_response_bytes = max_response_bytes
        self.shown_headers = _declared_headers(op)
        self.method = op.method
        self.path = op.path
        self.operation = f"{op.method} {op.path}"
        self.plan = plan
        self.prefix = prefix
        self.clients = clients
        self.headers = headers
        self.auth = auth
        media = accept_types(op)
        self.accept = {"Accept": ", ".join(media)} if media and "*/*" not in media else {}

    async def run(self, args: Mapping[str, Any], context: Any = None) -> Any:
        parts = build_request(self.plan, self.path, args)
        headers = httpx.Headers(self.accept)
        headers.update(parts.headers)
        if self.headers is not None:  # last: a hook's header replaces an argument's (any case)
            extra = self.headers(context) if callable(self.headers) else self.headers
            if inspect.isawaitable(extra):
                extra = await extra
            headers.update(extra or {})
        auth: Any = httpx.USE_CLIENT_DEFAULT
        if isinstance(self.auth, httpx.Auth):
            auth = self.auth
        elif self.auth is not None:
            auth = self.auth(context) or httpx.USE_CLIENT_DEFAULT
        client = self.clients.get()
        request = client.build_request(
            self.method,
            self.prefix + parts.path,
            params=cast(Any, parts.params) or None,
            headers=headers,
            json=parts.json,
            content=parts.content,
            files=parts.files,
        )
        try:
            response, body = await self.send(client, request, auth)
        except httpx.TimeoutException as e:
            raise ToolRequestError(
                f"tool {self.name!r}: {self.operation} timed out ({type(e).__name__}): "
                "the service did not answer in time",
                tool_name=self.name,
            ) from e
        except httpx.RequestError as e:
            host = request.url.host or "the service"
            raise ToolRequestError(
                f"tool {self.name!r}: {self.operation} failed, {host} could not be reached "
                f"({type(e).__name__}: {exception_text(e)})",
                tool_name=self.name,
            ) from e
        return decode_response(
            response,
            body,
            tool_name=self.name,
            operation=f"tool {self.name!r}: {self.operation}",
            shown_headers=self.shown_headers,
        )

    async def send(
        self, client: httpx.AsyncClient, request: httpx.Request, auth: Any
    ) -> tuple[httpx.Response, bytes]:
        """Send `request`, following redirects ourselves (whatever the client's own setting): to
        the same origin as sent; to another origin only without a body to re-send and with no
        credential (no `Authorization`, no cookie, none of the `headers=` hook's headers, no
        `auth=`). The body is read up to `max_response_bytes`, decoded (a gzip bomb stops there)."""
        origin = _origin(request.url)
        for _ in range(MAX_REDIRECTS + 1):
            response = await client.send(request, auth=auth, follow_redirects=False, stream=True)
            try:
                if not response.has_redirect_location:
                    return response, await self._read(response)
                request, auth = await self._redirected(request, response, origin, auth)
            finally:
                await response.aclose()
        raise ToolRequestError(
            f"tool {self.name!r}: {self.operation} was redirected more than {MAX_REDIRECTS} times",
            tool_name=self.name,
        )

    async def _redirected(
        self, request: httpx.Request, response: httpx.Response, origin: tuple[str, str, int | None], auth: Any
    ) -> tuple[httpx.Request, Any]:
        url = request.url.join(response.headers["Location"])
        method = request.method
        if (response.status_code == 303 and method != "HEAD") or (
            response.status_code in (301, 302) and method == "POST"
        ):
            method = "GET"  # what browsers and httpx do: the body is not sent again
        keeps_body = method == request.method and method not in ("GET", "HEAD")
        content = await request.aread() if keeps_body else None
        if _origin(url) == origin:
            headers = httpx.Headers(request.headers)
            if not keeps_body:
                for name in ("content-type", "content-length", "transfer-encoding"):
                    headers.pop(name, None)
            return httpx.Request(method, url, headers=headers, content=content), auth
        if keeps_body:
            raise ToolRequestError(
                f"tool {self.name!r}: {self.operation} was redirected ({response.status_code}) to another "
                f"origin ({url.host}); not followed: the request body and credentials would go there",
                tool_name=self.name,
            )
        kept = {k: v for k, v in request.headers.items() if k.lower() in ("accept", "user-agent")}
        return httpx.Request(method, url, headers=kept), None

    async def _read(self, response: httpx.Response) -> bytes:
        limit = self.max_response_bytes
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                raise ToolRequestError(
                    f"tool {self.name!r}: {self.operation} answered with more than {limit} bytes "
                    f"(decoded); not read further (raise max_response_bytes= to accept more)",
                    tool_name=self.name,
                )
            chunks.append(chunk)
        return b"".join(chunks)


def _declared_headers(op: Operation) -> frozenset[str]:
    """The response headers the document declares for the operation (what a HEAD call shows)."""
    names: set[str] = set()
    for response in op.responses.values():
        headers = response.get("headers")
        if isinstance(headers, Mapping):
            names.update(str(h).lower() for h in headers)
    return frozenset(names)


def _server_prefix(op: Operation, base_url: str | None, client: httpx.AsyncClient | None) -> str:
    """What goes before the path: `base_url`, else the operation's first server URL."""
    if base_url is not None:
        return base_url.rstrip("/")
    url = ""
    if op.servers:
        server = op.servers[0]
        url = str(server.get("url", ""))
        for var, spec in (server.get("variables") or {}).items():
            if isinstance(spec, Mapping) and "default" in spec:
                url = url.replace("{" + var + "}", str(spec["default"]))
    url = url.rstrip("/")
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", url):
        return url
    if client is not None and client.base_url.is_absolute_url:
        return url  # relative: httpx joins it to the client's base_url
    shown = f"server URL {url!r} is relative" if url else "document names no server"
    raise OpenAPIError(f"{op.method} {op.path}: the {shown}; pass base_url= (or a client with a base_url)")


def _description(op: Operation) -> str:
    parts: list[str] = []
    for text in (op.summary, op.description):
        if text and not any(text in p for p in parts):
            parts.append(text)
    description = "\n\n".join(parts) or f"{op.method} {op.path}"
    return f"Deprecated. {description}" if op.deprecated else description


def _rename(name: str, rename: Rename) -> str:
    if rename is None:
        return name
    if isinstance(rename, Mapping):
        return rename.get(name, name)
    return rename(name)


def from_openapi(
    spec: Spec | Document,
    *,
    base_url: str | None = None,
    client: httpx.AsyncClient | None = None,
    headers: HeadersHook | None = None,
    auth: AuthHook | None = None,
    requires_approval: ApprovalPolicy = False,
    rename: Rename = None,
    output_schemas: bool = True,
    max_response_bytes: int = MAX_RESPONSE_BYTES,
    **filters: Unpack[OperationFilters],
) -> list[StandardTool[Any, Any, Any]]:
    """One validating neutral tool per operation of an OpenAPI 3.0/3.1 document.

    `spec` is a parsed document, JSON or YAML text, or a path. Requests go to `base_url` (which
    replaces the document's `servers`), else to the operation's first server URL (a relative one
    is joined to `client.base_url`). `client` is used as given (auth, timeouts, transports such
    as `httpx.ASGITransport`); without one, a client per event loop is made (30 s timeout).
    `headers` and `auth` add per-call credentials from the call's context. Redirects are followed
    (at most 10): to the same origin as sent; to another origin only for a request without a
    body, and without any credential. A response body is read up to `max_response_bytes`
    (decoded; default 10 MiB): a longer one is an error the model reads.

    `filters` choose the operations (see `OperationFilters`; they combine with AND, values within
    one filter with OR): `operation_ids`, `tags`, `methods`, `paths` (glob patterns such as
    `"/pets/*"`), `include` (a predicate on `Operation`), `include_deprecated`.
    `requires_approval` is `True`, `"unsafe"` (every method but GET/HEAD/OPTIONS/TRACE) or `False`. `rename` maps derived names to your own (checked
    against every target's name rule). `output_schemas=False` leaves output schemas out (and so
    unchecked), for APIs whose responses stray from their document.
    """
    doc = load_document(spec)
    translator = SchemaTranslator(doc)
    selected = select(operations(doc), **filters)
    clients = _Clients(client)
    tools: list[StandardTool[Any, Any, Any]] = []
    seen: dict[str, str] = {}
    for op in selected:
        where = f"{op.method} {op.path}"
        name = check_tool_name(_rename(op.name, rename), operation=where)
        if name in seen:
            raise ToolNameError(f"{where} and {seen[name]} would both be named {name!r}: pass rename=")
        seen[name] = where
        plan = build_input(op, translator)
        out = output_schema(op, translator) if output_schemas else None
        caller = _Caller(
            name=name,
            op=op,
            plan=plan,
            prefix=_server_prefix(op, base_url, client),
            clients=clients,
            headers=headers,
            auth=auth,
            max_response_bytes=max_response_bytes,
        )
        tools.append(
            standard_tool(
                name=name,
                title=op.summary,
                description=_description(op),
                input_schema=DocumentSchema(plan.schema, where=f"OpenAPI tool {name!r}: its input schema"),
                output_schema=(
                    DocumentSchema(out, where=f"OpenAPI tool {name!r}: its output schema")
                    if out is not None
                    else None
                ),
                execute=caller.run,
                meta=operation_meta(op, requires_approval),
            )
        )
    return tools
