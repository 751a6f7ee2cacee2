"""MCP's OpenTelemetry spans, completed (the mcp SDK depends on `opentelemetry-api`, so importing it
here costs nothing more).

The SDK already opens a SERVER span `tools/call {name}` per request (its `OpenTelemetryMiddleware`:
`mcp.method.name`, `mcp.protocol.version`, `jsonrpc.request.id`, the caller's trace context
extracted from the request `_meta`) and, on the client, a transport span `MCP send tools/call
{name}` that injects `traceparent`/`tracestate` into the request `_meta`. What is added here:
- server: `mcp.session.id` on the SDK's span (the tool's `execute_tool` span is its child);
- client: the conventions' CLIENT span `tools/call {name}` around each call of a consumed tool,
  with `mcp.method.name`, `mcp.protocol.version`, `gen_ai.tool.name`, and `error.type`
  (`tool_error` for an `isError` result, the exception's type otherwise); the SDK's transport
  span, and so the server's spans, are its children.
`interop.telemetry.configure(enabled=False)` turns both off.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from opentelemetry import trace
from opentelemetry.trace import SpanKind, Status, StatusCode

import interop
from interop.telemetry._auto import settings

__all__ = ["client_span", "on_server_span"]

_tracer = trace.get_tracer("interop", interop.__version__)


def on_server_span(ctx: Any) -> None:
    """Complete the SDK's server span for this request (current in its handler)."""
    if settings.enabled is False:
        return
    span = trace.get_current_span()
    if not span.is_recording():
        return
    connection = getattr(ctx.session, "_connection", None)  # the SDK's Connection: no public path here
    session_id = getattr(connection, "session_id", None)
    if session_id is None and ctx.request is not None:  # the transport's header, over HTTP
        session_id = ctx.request.headers.get("mcp-session-id")
    if session_id:
        span.set_attribute("mcp.session.id", session_id)


class _ClientCall:
    __slots__ = ("span",)

    def __init__(self, span: trace.Span) -> None:
        self.span = span

    def result(self, is_error: bool) -> None:
        if is_error and self.span.is_recording():
            self.span.set_attribute("error.type", "tool_error")
            self.span.set_status(Status(StatusCode.ERROR, "tool_error"))


@contextmanager
def client_span(name: str, protocol_version: str | None) -> Iterator[_ClientCall]:
    """The CLIENT span of one `tools/call` of the remote tool `name` (see the module doc)."""
    if settings.enabled is False:
        yield _ClientCall(trace.INVALID_SPAN)
        return
    attributes: dict[str, Any] = {
        "mcp.method.name": "tools/call",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
    }
    if protocol_version:
        attributes["mcp.protocol.version"] = protocol_version
    with _tracer.start_as_current_span(
        f"tools/call {name}",
        kind=SpanKind.CLIENT,
        attributes=attributes,
        record_exception=False,
        set_status_on_exception=False,
    ) as span:
        try:
            yield _ClientCall(span)
        except BaseException as e:
            if span.is_recording():
                kind = type(e).__qualname__
                span.set_attribute("error.type", kind)
                span.set_status(Status(StatusCode.ERROR, kind))
            raise
