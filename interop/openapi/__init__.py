"""Tools from what you already serve: OpenAPI documents and ASGI (FastAPI, Starlette) routes.

`from_openapi(spec)` turns every operation of an OpenAPI 3.0/3.1 document into a validating
neutral tool that calls the API through `httpx`; `from_asgi(app)` does the same for an ASGI
app's own document and calls its routes in-process. The tools reach every framework through the
adapters, and MCP through `interop.mcp`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "openapi", "httpx", "referencing", "yaml", install=("httpx", "referencing", "pyyaml"))

from ._asgi import OpenAPIOptions, from_asgi
from ._errors import OpenAPIError, ToolHTTPError, ToolRequestError
from ._meta import ApprovalPolicy
from ._operations import Operation, OperationFilters
from ._response import MAX_BODY_EXCERPT
from ._tools import AuthHook, HeadersHook, from_openapi

__all__ = [
    "MAX_BODY_EXCERPT",
    "ApprovalPolicy",
    "AuthHook",
    "HeadersHook",
    "OpenAPIError",
    "OpenAPIOptions",
    "Operation",
    "OperationFilters",
    "ToolHTTPError",
    "ToolRequestError",
    "from_asgi",
    "from_openapi",
]
