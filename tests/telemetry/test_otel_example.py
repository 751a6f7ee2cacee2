"""examples/tracing/otlp_export.py, run as a reader runs it, exporting over OTLP/HTTP to a receiver
of our own (a real HTTP server decoding the protobuf requests the SDK's exporter sends): the agent's
trace arrives whole, interop's tool spans inside pydantic-ai's, the bad call with its error.type,
the context's API key nowhere in the bytes sent."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytest.importorskip("pydantic_ai")
pytest.importorskip("opentelemetry.exporter.otlp.proto.http")
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tracing" / "otlp_export.py"


class Receiver(ThreadingHTTPServer):
    bodies: list[bytes]


class Handler(BaseHTTPRequestHandler):
    server: Receiver

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.path != "/v1/traces" or self.headers["Content-Type"] != "application/x-protobuf":
            self.send_error(404)
            return
        self.server.bodies.append(body)
        answer = ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, format: str, *args: object) -> None:
        return None


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver(("127.0.0.1", 0), Handler)
    server.bodies = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    thread.join(10)


def test_the_example_exports_the_agents_trace(receiver: Receiver) -> None:
    endpoint = f"http://127.0.0.1:{receiver.server_address[1]}"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        env={**os.environ, "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_SDK_DISABLED": "false"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Sunny in Oslo for the next two days.",
        f"trace exported to {endpoint}",
    ]
    assert receiver.bodies and all(b"sk-weather-SECRET" not in body for body in receiver.bodies)
    spans = []
    for body in receiver.bodies:
        request = ExportTraceServiceRequest.FromString(body)
        for resource_spans in request.resource_spans:
            service = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
            assert service["service.name"] == "weather-agent"
            for scope_spans in resource_spans.scope_spans:
                spans += [(scope_spans.scope.name, span) for span in scope_spans.spans]
    by_id = {span.span_id: (scope, span) for scope, span in spans}
    ours = [span for scope, span in spans if scope == "interop"]
    assert [s.name for s in ours] == ["execute_tool forecast"] * 2
    assert len({s.trace_id for _, s in spans}) == 1
    for span in ours:  # inside pydantic-ai's own tool span
        parent_scope, parent = by_id[span.parent_span_id]
        assert parent_scope != "interop" and parent.name == "execute_tool forecast"
    errors = [{a.key: a.value.string_value for a in s.attributes}.get("error.type") for s in ours]
    assert sorted(e or "" for e in errors) == ["", "validation_error"]  # the bad call, then the good one
