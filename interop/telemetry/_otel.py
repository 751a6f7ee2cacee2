"""The OpenTelemetry observer: one `execute_tool {name}` span and one duration measurement per call.

The GenAI semantic conventions for tool execution (string attribute names; the semconv package's
constants warn): the span is INTERNAL, a child of whatever span is current where the call starts
(the framework's, the caller's), and current itself while the tool runs, so spans the tool opens
(an HTTP client's, a tool calling a tool) are its children. Arguments and results are recorded
only when content capture is on, size-capped; the context is never read here (the pipeline never
hands it to an observer).
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from opentelemetry import context as otel_context
from opentelemetry import metrics, trace
from opentelemetry.trace import SpanKind, Status, StatusCode

import interop
from interop import _observe
from interop.bridge import is_control_flow
from interop.errors import ApprovalDeniedError, StandardToolValidationError, ToolError

if TYPE_CHECKING:
    from interop import StandardToolV0
    from interop._observe import CallRecord
    from interop.bridge import Outcome

__all__ = [
    "BUCKETS",
    "MAX_CONTENT",
    "OtelObserver",
    "capped",
    "error_type",
]

BUCKETS = (0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92)
"""`gen_ai.execute_tool.duration`'s explicit bucket boundaries (seconds), from the conventions."""
MAX_CONTENT = 8192
"""The most characters of arguments, a result or a description recorded in one attribute."""
SCHEMA_URL = "https://opentelemetry.io/schemas/1.38.0"

_KINDS = {
    "arguments": "validation_error",
    "output": "validation_error",
    "tool": "tool_error",
    "denied": "approval_denied",
}
_TIMEOUTS: tuple[type[BaseException], ...] = (TimeoutError, asyncio.TimeoutError)
_RAISED: tuple[tuple[type[BaseException], str], ...] = (
    (ApprovalDeniedError, "approval_denied"),  # before ToolError: it is one
    (StandardToolValidationError, "validation_error"),
    (ToolError, "tool_error"),
)
"""The pipeline's own errors, raised by a direct call, as the `error.type` its Outcome would give."""


def capped(text: str, limit: int = MAX_CONTENT) -> str:
    """`text`, cut to `limit` characters with a note of how many were left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}...[{len(text) - limit} more characters]"


def _unserializable(value: object) -> str:
    return f"<{type(value).__name__}>"


def _content(value: Any) -> str:
    if isinstance(value, str):
        return capped(value)
    try:
        text = json.dumps(value, ensure_ascii=False, default=_unserializable, separators=(",", ":"))
    except (TypeError, ValueError):  # circular, or keys that are not strings
        text = _unserializable(value)
    return capped(text)


def _is_timeout(error: BaseException) -> bool:
    if isinstance(error, _TIMEOUTS) or getattr(error, "kind", None) == "timeout":
        return True
    cause = error.__cause__
    return cause is not None and isinstance(cause, _TIMEOUTS)


def error_type(outcome: Outcome | None, error: BaseException | None) -> str | None:
    """The call's `error.type`: None for a success (or a call waiting for approval); `timeout`,
    `validation_error` (arguments or output), `tool_error`, `approval_denied` from the outcome;
    else the exception's type name (a crash, an exception that left the pipeline)."""
    if error is not None:  # a direct call (`interop.call`) raises what an Invoker would report
        if _is_timeout(error):
            return "timeout"
        for raised, name in _RAISED:
            if isinstance(error, raised):
                return name
        return type(error).__qualname__
    if outcome is None or outcome.status == "ok" or outcome.status == "pending":
        return None
    e = outcome.error
    if e is None:
        return "_OTHER"
    if _is_timeout(e):
        return "timeout"
    kind = outcome.error_kind
    return _KINDS.get(kind) if kind in _KINDS else type(e).__qualname__  # type: ignore[arg-type]


@dataclass(slots=True, eq=False)
class _Record:
    """One call's span (or the framework's, with `propagation_only`) and its start time."""

    observer: OtelObserver
    span: trace.Span
    token: object | None
    attributes: dict[str, Any]
    own: bool
    start: float = field(init=False, default_factory=time.perf_counter)

    def end(self, outcome: Outcome | None, error: BaseException | None) -> None:
        elapsed = time.perf_counter() - self.start
        observer = self.observer
        span = self.span
        if error is not None and _observe._replaying is not None and _observe._replaying():
            # The engine abandoned the call (a Temporal workflow evicted from the worker's cache,
            # which Temporal counts as replaying): it did not fail, and the replay that takes it up
            # again records nothing. The span is not ended, so never exported; no measurement.
            if self.token is not None:
                otel_context.detach(self.token)  # type: ignore[arg-type]
            return
        try:
            if self.token is not None:
                otel_context.detach(self.token)  # type: ignore[arg-type]
            paused = (outcome is not None and outcome.status == "pending") or (
                error is not None and is_control_flow(error)
            )
            kind = None if paused else error_type(outcome, error)
            if span.is_recording():
                _annotate(span, outcome, error, kind, paused, observer.capture)
            if not paused:
                metric = {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": self.attributes["gen_ai.tool.name"],
                    "gen_ai.tool.type": "function",
                }
                if kind is not None:
                    metric["error.type"] = kind
                observer.duration.record(elapsed, metric)
        finally:
            if self.own:
                span.end()


def _annotate(
    span: trace.Span,
    outcome: Outcome | None,
    error: BaseException | None,
    kind: str | None,
    paused: bool,
    capture: bool,
) -> None:
    if paused:
        span.set_attribute(
            "interop.tool.call.paused",
            "approval" if error is None else type(error).__qualname__,
        )
        return
    if capture and outcome is not None and outcome.status != "pending":
        span.set_attribute("gen_ai.tool.call.result", capped(outcome.text))
    if kind is None:
        return
    span.set_attribute("error.type", kind)
    failure = error if error is not None else (outcome.error if outcome is not None else None)
    span.set_status(Status(StatusCode.ERROR, capped(str(failure), 1024) if capture and failure else kind))
    if failure is not None and (error is not None or kind not in _KINDS.values()):
        # a crash: the exception event, its message only with content capture (it may quote values)
        event = {
            "exception.type": f"{type(failure).__module__}.{type(failure).__qualname__}",
            "exception.stacktrace": "".join(
                traceback.format_exception(type(failure), failure, failure.__traceback__)
                if capture
                else traceback.format_tb(failure.__traceback__)
            ),
        }
        if capture:
            event["exception.message"] = capped(str(failure), 1024)
        span.add_event("exception", event)


def _is_tool_span(span: trace.Span, name: str) -> bool:
    """Whether `span` (current where a call starts) is a framework's own span for this tool call."""
    attributes = getattr(span, "attributes", None)  # the SDK's spans expose what was set
    if attributes:
        if attributes.get("gen_ai.operation.name") == "execute_tool":
            return True
        tool = attributes.get("gen_ai.tool.name", attributes.get("tool_name"))
        if tool == name:
            return True
    span_name = getattr(span, "name", "")
    return isinstance(span_name, str) and (
        span_name in (f"execute_tool {name}", f"running tool {name}", "running tool")
    )


_OURS_KEY = otel_context.create_key("interop-execute-tool")
"""With `propagation_only`: the tool span of ours (or the framework's we annotated) current here,
so a tool called by that tool gets its own span rather than annotating its caller's."""


class OtelObserver:
    """The pipeline observer of `interop.telemetry` (see the module doc)."""

    def __init__(self, *, capture: bool, propagation_only: bool) -> None:
        self.capture = capture
        self.propagation_only = propagation_only
        self.tracer = trace.get_tracer("interop", interop.__version__, schema_url=SCHEMA_URL)
        meter = metrics.get_meter("interop", interop.__version__, schema_url=SCHEMA_URL)
        self.duration = meter.create_histogram(
            "gen_ai.execute_tool.duration",
            unit="s",
            description="Duration of tool execution",
            explicit_bucket_boundaries_advisory=list(BUCKETS),
        )

    def begin(
        self, tool: StandardToolV0[Any, Any, Any], name: str, call_id: str | None, arguments: Any
    ) -> CallRecord:
        if _observe._replaying is not None and _observe._replaying():
            return _observe.NO_RECORD  # a Temporal workflow replaying its history: recorded when it first ran
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": name,
            "gen_ai.tool.type": "function",
        }
        if call_id is not None:
            attributes["gen_ai.tool.call.id"] = call_id
        description = tool.description
        if description:
            attributes["gen_ai.tool.description"] = capped(description)
        if self.capture and arguments is not None:
            attributes["gen_ai.tool.call.arguments"] = _content(arguments)
        if self.propagation_only:
            current = trace.get_current_span()
            if (
                current.is_recording()
                and current is not otel_context.get_value(_OURS_KEY)
                and _is_tool_span(current, name)
            ):
                current.set_attributes(attributes)  # and mark it: a call it makes gets its own span
                token = otel_context.attach(otel_context.set_value(_OURS_KEY, current))
                return _Record(self, current, token, attributes, own=False)
        span = self.tracer.start_span(f"execute_tool {name}", kind=SpanKind.INTERNAL, attributes=attributes)
        if not span.get_span_context().is_valid:  # no SDK: nothing to make current
            return _Record(self, span, None, attributes, own=True)
        ctx = trace.set_span_in_context(span)
        if self.propagation_only:
            ctx = otel_context.set_value(_OURS_KEY, span, ctx)
        return _Record(self, span, otel_context.attach(ctx), attributes, own=True)
