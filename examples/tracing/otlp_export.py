"""Trace an agent's tool calls to any OTLP/HTTP backend (Arize Phoenix, Jaeger, an OpenTelemetry
Collector, Grafana Tempo...): run a backend, then `python otlp_export.py`.

OTEL_EXPORTER_OTLP_ENDPOINT says where it listens (default http://127.0.0.1:6006, Phoenix's). The
agent is pydantic-ai with its own instrumentation on, driven by a scripted offline model: the trace
shows the agent run, its tool calls, and inside each the `execute_tool` span interop adds (with
`error.type` on the bad call). The context (an API key here) is never exported.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any

from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import interop
from interop.pydantic_ai import to_pydantic_ai

ENDPOINT = os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:6006")

provider = TracerProvider(resource=Resource.create({"service.name": "weather-agent"}))
provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{ENDPOINT}/v1/traces")))
trace.set_tracer_provider(provider)  # from here on, every tool call is traced: nothing else to call


@dataclass
class Keys:
    weather_api: str


@interop.tool
def forecast(
    city: str, days: int = 1, keys: Annotated[Keys | None, interop.FromContext] = None
) -> dict[str, Any]:
    """The weather forecast for a city.

    Args:
        city: The city's name.
        days: How many days ahead (1-7).
    """
    assert keys is not None  # the context: given to the tool, never to a span
    return {"city": city, "days": days, "sky": "sunny"}


def scripted(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """An offline model: a bad call, a corrected one, then the answer."""
    turn = sum(isinstance(m, ModelResponse) for m in messages)
    if turn == 0:
        return ModelResponse(
            parts=[ToolCallPart("forecast", {"city": "Oslo", "days": "soon"}, tool_call_id="c1")]
        )
    if turn == 1:
        return ModelResponse(parts=[ToolCallPart("forecast", {"city": "Oslo", "days": 2}, tool_call_id="c2")])
    return ModelResponse(parts=[TextPart("Sunny in Oslo for the next two days.")])


Agent.instrument_all()  # pydantic-ai's own spans: the agent run, the model requests, the tool calls
agent = Agent(FunctionModel(scripted), deps_type=Keys, tools=[to_pydantic_ai(forecast)])
result = agent.run_sync("Weather in Oslo?", deps=Keys(weather_api="sk-weather-SECRET"))
print(result.output)
provider.shutdown()  # flush the spans to the backend
print(f"trace exported to {ENDPOINT}")
