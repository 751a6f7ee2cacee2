"""MCP over real HTTP (uvicorn, the SDK's streamable HTTP client): the caller's trace continues in
the server through the W3C trace context in the request `_meta`, on both protocol generations;
client and server spans `tools/call {name}` carry the MCP attributes; the server's context is in
no exported data."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import pytest
from opentelemetry import trace
from opentelemetry.trace import SpanKind
from otel_kit import SECRET, Exported

pytest.importorskip("mcp")
pytest.importorskip("uvicorn")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "mcp"))

from mcp_sample_server import free_port, http_server_thread

import interop
from interop import FromContext, bridge
from interop.mcp import asgi_app, mcp_tools


@interop.tool
def lookup(city: str, ctx: Annotated[Any, FromContext] = None) -> dict[str, Any]:
    """Look up a city."""
    assert ctx == {"token": SECRET}
    if city == "Atlantis":
        raise interop.ToolError("no such city")
    return {"city": city, "population": 1000}


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])  # auto: 2026-07-28 here
async def test_a_served_call_continues_the_callers_trace_over_http(otel: Exported, mode: str) -> None:
    interop.telemetry.configure(capture_content=True)  # content on: still no context anywhere
    app = asgi_app([lookup], context=lambda ctx: {"token": SECRET})
    with http_server_thread(app, free_port()) as url:
        async with mcp_tools(url, mode=mode) as tools:
            (remote,) = tools
            invoker = bridge.Invoker(remote, name="lookup", target="Test", options=bridge.Options())
            with trace.get_tracer("app").start_as_current_span("caller") as caller:
                ok = await invoker.ainvoke({"city": "Oslo"}, call_id="call_1")
                failed = await invoker.ainvoke({"city": "Atlantis"}, call_id="call_2")
    assert ok.value == {"city": "Oslo", "population": 1000} and failed.status == "error"
    spans = otel.spans()
    by_id = {s.context.span_id: s for s in spans}
    trace_id = caller.get_span_context().trace_id

    def chain(span: Any) -> list[str]:
        names = []
        while span is not None:
            names.append(f"{span.name} ({span.kind.name})")
            span = by_id.get(span.parent.span_id) if span.parent is not None else None
        return names

    served = [
        s
        for s in spans
        if s.name == "execute_tool lookup" and s.parent and by_id[s.parent.span_id].kind is SpanKind.SERVER
    ]
    assert len(served) == 2
    for span in served:  # the served tool's span, up to the caller's, across the wire
        assert chain(span) == [
            "execute_tool lookup (INTERNAL)",
            "tools/call lookup (SERVER)",
            "MCP send tools/call lookup (CLIENT)",
            "tools/call lookup (CLIENT)",
            "execute_tool lookup (INTERNAL)",
            "caller (INTERNAL)",
        ]
        assert span.context.trace_id == trace_id
    server_spans = [s for s in spans if s.name == "tools/call lookup" and s.kind is SpanKind.SERVER]
    client_spans = [s for s in spans if s.name == "tools/call lookup" and s.kind is SpanKind.CLIENT]
    assert len(server_spans) == len(client_spans) == 2
    for span in server_spans:
        attributes = dict(span.attributes or {})
        assert attributes["mcp.method.name"] == "tools/call" and attributes["jsonrpc.request.id"]
        assert attributes["mcp.protocol.version"]
        if mode == "legacy":  # a session (the 2026-07-28 generation is stateless: none)
            assert attributes["mcp.session.id"]
    for span in client_spans:
        attributes = dict(span.attributes or {})
        assert attributes["mcp.method.name"] == "tools/call" and attributes["gen_ai.tool.name"] == "lookup"
        assert attributes["mcp.protocol.version"] == server_spans[0].attributes["mcp.protocol.version"]  # type: ignore[index]
    assert [(s.attributes or {}).get("error.type") for s in client_spans] == [None, "tool_error"]
    assert [(s.attributes or {}).get("error.type") for s in server_spans] == [None, "tool_error"]
    assert [(s.attributes or {}).get("error.type") for s in served] == [None, "tool_error"]
    assert "Oslo" in str((served[0].attributes or {}).get("gen_ai.tool.call.result"))
    assert SECRET not in otel.everything()


@pytest.mark.anyio
async def test_switched_off_the_mcp_spans_of_ours_go_too(otel: Exported) -> None:
    interop.telemetry.configure(enabled=False)
    with http_server_thread(asgi_app([lookup], context=lambda ctx: {"token": SECRET}), free_port()) as url:
        async with mcp_tools(url) as tools:
            assert await interop.acall(tools[0], {"city": "Oslo"}) == {"city": "Oslo", "population": 1000}
    assert not [
        s for s in otel.spans() if s.instrumentation_scope and s.instrumentation_scope.name == "interop"
    ]
