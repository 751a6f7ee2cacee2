"""The errors `interop.openapi` adds to the project's tree.

Exception
├── ToolError (interop)
│   ├── ToolHTTPError       the API answered with a status that is not 2xx (`.status_code`, `.body`)
│   └── ToolRequestError    no answer: a timeout, a refused connection, a broken transport
└── InteropError (interop)
    └── OpenAPIError        a document (or a part of it) that cannot become tools

The two `ToolError`s reach the model through each framework's error channel, so it can correct
its arguments (a 4xx body says what was wrong) or tell the user that the service is down.
Messages name the tool and the operation (`GET /pets/{petId}`), never the expanded URL, whose
query may carry a key added by an `auth=` hook.
"""

from __future__ import annotations

from interop import InteropError, ToolError

__all__ = ["OpenAPIError", "ToolHTTPError", "ToolRequestError"]


class ToolHTTPError(ToolError):
    """The API answered a tool call with a status that is not 2xx.

    `status_code` is the HTTP status; `body` is a bounded excerpt of the response body (JSON
    bodies compacted), the part a model needs to correct itself.
    """

    status_code: int
    body: str
    tool_name: str

    def __init__(self, message: str, *, status_code: int, body: str, tool_name: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.body = body
        self.tool_name = tool_name


class ToolRequestError(ToolError):
    """A tool call got no answer: it timed out, the connection failed, or the transport broke.

    The underlying `httpx` exception is the `__cause__`.
    """

    tool_name: str

    def __init__(self, message: str, *, tool_name: str) -> None:
        super().__init__(message)
        self.tool_name = tool_name


class OpenAPIError(InteropError, ValueError):
    """An OpenAPI document, or an operation in it, cannot be turned into tools."""
