"""OpenTelemetry for every tool call, on every path (extra `otel` = `opentelemetry-api`).

Every call through the pipeline (each `to_X`, the MCP server and client, the providers' dispatch,
the CLI, the playground, code mode's inner calls) emits the GenAI conventions' span
`execute_tool {name}` (kind INTERNAL) and the histogram `gen_ai.execute_tool.duration`, once a
tracer provider is set: nothing to call. `import interop` imports no OpenTelemetry module; with
`opentelemetry-api` installed and no provider set, a call costs one dictionary lookup and one
attribute read more.

`configure()` decides explicitly (and imports OpenTelemetry): switch the spans off, record
arguments and results (`capture_content`), or annotate a framework's own tool span instead of
opening a second one (`propagation_only`). Arguments and results are recorded only with
`capture_content=True` or `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` (read when the
observer is installed: the first traced call, or `configure`). The context is never recorded.
See docs/concepts/tracing.md.
"""

from __future__ import annotations

from interop import _observe

from . import _auto

__all__ = ["configure"]


def configure(enabled: bool = True, capture_content: bool = False, propagation_only: bool = False) -> None:
    """Trace every tool call (or, `enabled=False`, none, whatever tracer provider is set).

    Args:
        enabled: emit the spans and the duration metric (True), or nothing at all (False).
        capture_content: record each call's arguments (`gen_ai.tool.call.arguments`) and result
            (`gen_ai.tool.call.result`, what the model reads), size-capped, and an error's
            message. Sensitive: off unless this or the environment variable
            `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` says so.
        propagation_only: where a framework already opens its own span for the tool call
            (pydantic-ai's instrumentation, another instrumentor), add the attributes to that span
            instead of opening a second one; elsewhere the span is opened as usual.

    Raises ImportError when `enabled` and `opentelemetry-api` is not installed.
    """
    with _auto._lock:
        _auto.settings.enabled = enabled
        _auto.settings.capture_content = capture_content
        _auto.settings.propagation_only = propagation_only
        if not enabled:
            _observe.set_observer(None)
            return
    try:
        import opentelemetry.trace  # noqa: F401
    except ImportError as e:
        raise ImportError(
            'interop.telemetry needs OpenTelemetry: pip install "standard-tool[otel]" '
            "(and an SDK, opentelemetry-sdk, to export the spans)"
        ) from e
    _auto.activate()
