"""`interop.telemetry` on the pipeline itself: the GenAI span and metric of every call, error
types, content capture, nesting, `propagation_only`, switching off; the context never exported."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import time
from typing import Annotated, Any

import pytest
from opentelemetry import trace
from opentelemetry.trace import SpanKind, StatusCode
from otel_kit import SECRET, Exported

import interop
import interop.telemetry
from interop import FromContext, bridge
from interop.telemetry._otel import BUCKETS, MAX_CONTENT

SEEN: list[Any] = []


@interop.tool
def lookup(city: str, ctx: Annotated[Any, FromContext] = None) -> dict[str, Any]:
    """Look up a city."""
    SEEN.append(ctx)
    return {"city": city, "population": 1000}


@interop.tool
async def alookup(city: str, ctx: Annotated[Any, FromContext] = None) -> str:
    """Look up a city (async)."""
    SEEN.append(ctx)
    return f"{city}: 1000"


@interop.tool
def refuse(city: str, ctx: Annotated[Any, FromContext] = None) -> str:
    """Refuses."""
    raise interop.ToolError(f"no such city: {city}")


@interop.tool
def crash(n: int, ctx: Annotated[Any, FromContext] = None) -> int:
    """Crashes."""
    return 1 // n


@interop.tool
def slow(n: int) -> int:
    """Times out."""
    raise TimeoutError("the backend took too long")


@interop.tool(meta={"requires_approval": True})
def wipe(path: str, ctx: Annotated[Any, FromContext] = None) -> str:
    """Wipe a path."""
    return path


@interop.tool
def big(n: int) -> str:
    """A long answer."""
    return "x" * n


def _invoker(tool: Any, **options: Any) -> bridge.Invoker:
    return bridge.Invoker(tool, name=tool.name, target="Test", options=bridge.Options(**options))


def test_a_call_is_one_execute_tool_span_with_the_conventions_attributes(otel: Exported) -> None:
    outcome = _invoker(lookup).invoke({"city": "Oslo"}, {"token": SECRET}, call_id="call_1")
    assert outcome.ok and SEEN[-1] == {"token": SECRET}
    (span,) = otel.spans()
    assert span.name == "execute_tool lookup" and span.kind is SpanKind.INTERNAL
    assert dict(span.attributes or {}) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.call.id": "call_1",
        "gen_ai.tool.description": "Look up a city.",
    }
    assert span.status.status_code is StatusCode.UNSET
    assert span.instrumentation_scope is not None and span.instrumentation_scope.name == "interop"
    points = [p for p in otel.durations() if p.attributes["gen_ai.tool.name"] == "lookup"]
    assert points and all(list(p.explicit_bounds) == list(BUCKETS) for p in points)
    assert {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.type": "function",
    } in [dict(p.attributes) for p in points]  # a success: no error.type (the points are cumulative)
    assert SECRET not in otel.everything()


@pytest.mark.parametrize("capture", [False, True], ids=["capture-off", "capture-on"])
def test_errors_carry_error_type_and_the_context_is_never_exported(
    otel: Exported, capture: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    interop.telemetry.configure(capture_content=capture)
    ctx = {"token": SECRET}
    assert _invoker(lookup).invoke({"city": 7}, ctx).status == "error"
    assert _invoker(refuse).invoke({"city": "Atlantis"}, ctx).status == "error"
    assert _invoker(crash, errors="all").invoke({"n": 0}, ctx).status == "error"
    assert _invoker(slow, errors="all").invoke({"n": 1}, ctx).status == "error"
    assert _invoker(wipe, approval=lambda request: False).invoke({"path": "/"}, ctx).status == "denied"
    with pytest.raises(ZeroDivisionError):
        _invoker(crash, errors="model-facing").invoke({"n": 0}, ctx)
    spans = otel.spans()
    assert [(s.name, (s.attributes or {}).get("error.type")) for s in spans] == [
        ("execute_tool lookup", "validation_error"),
        ("execute_tool refuse", "tool_error"),
        ("execute_tool crash", "ZeroDivisionError"),
        ("execute_tool slow", "timeout"),
        ("execute_tool wipe", "approval_denied"),
        ("execute_tool crash", "ZeroDivisionError"),
    ]
    assert all(s.status.status_code is StatusCode.ERROR for s in spans)
    crashes = [s for s in spans if s.name == "execute_tool crash"]
    for s in crashes:  # a crash has its exception event; its message only with capture on
        (event,) = [e for e in s.events if e.name == "exception"]
        attributes = dict(event.attributes or {})
        assert attributes["exception.type"] == "builtins.ZeroDivisionError"
        assert ("exception.message" in attributes) is capture
    refused = spans[1]
    assert ("no such city: Atlantis" in str(refused.status.description)) is capture
    assert ("gen_ai.tool.call.arguments" in (refused.attributes or {})) is capture
    kinds = {(p.attributes["gen_ai.tool.name"], p.attributes.get("error.type")) for p in otel.durations()}
    assert {("refuse", "tool_error"), ("wipe", "approval_denied"), ("slow", "timeout")} <= kinds
    assert SECRET not in otel.everything()


def test_content_capture_records_arguments_and_results_capped(
    otel: Exported, monkeypatch: pytest.MonkeyPatch
) -> None:
    _invoker(lookup).invoke({"city": "Oslo"}, {"token": SECRET})
    assert "gen_ai.tool.call.arguments" not in (otel.spans()[0].attributes or {})  # off by default
    otel.exporter.clear()
    monkeypatch.setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")
    interop.telemetry.configure()  # the environment variable, read when the observer is installed
    _invoker(lookup).invoke({"city": "Oslo"}, {"token": SECRET})
    _invoker(big).invoke('{"n": 20000}')
    first, second = otel.spans()
    assert first.attributes is not None and second.attributes is not None
    assert first.attributes["gen_ai.tool.call.arguments"] == '{"city":"Oslo"}'
    assert first.attributes["gen_ai.tool.call.result"] == '{"city":"Oslo","population":1000}'
    assert second.attributes["gen_ai.tool.call.arguments"] == '{"n": 20000}'  # the model's JSON text
    result = str(second.attributes["gen_ai.tool.call.result"])
    assert result.startswith("x" * MAX_CONTENT) and result.endswith(
        f"[{20000 - MAX_CONTENT} more characters]"
    )
    assert SECRET not in otel.everything()


def test_spans_nest_under_the_current_span_and_a_tool_calling_a_tool(otel: Exported) -> None:
    inner = _invoker(alookup)

    @interop.tool
    async def plan(city: str, ctx: Annotated[Any, FromContext] = None) -> str:
        """Plans a trip (calls alookup)."""
        return str((await inner.ainvoke({"city": city}, ctx)).value)

    @interop.tool
    def plan_sync(city: str) -> str:
        """Plans a trip on a worker thread (calls lookup)."""
        return str(_invoker(lookup).invoke({"city": city}).value)

    tracer = trace.get_tracer("app")
    with tracer.start_as_current_span("agent run") as root:
        asyncio.run(_invoker(plan).ainvoke({"city": "Oslo"}, {"token": SECRET}))
        asyncio.run(_invoker(plan_sync).ainvoke({"city": "Rome"}))  # threaded: the context follows
    by_name = {s.name: s for s in otel.spans()}
    run = by_name["agent run"]
    assert by_name["execute_tool plan"].parent.span_id == run.context.span_id  # type: ignore[union-attr]
    assert by_name["execute_tool alookup"].parent.span_id == by_name["execute_tool plan"].context.span_id  # type: ignore[union-attr]
    assert by_name["execute_tool lookup"].parent.span_id == by_name["execute_tool plan_sync"].context.span_id  # type: ignore[union-attr]
    assert {s.context.trace_id for s in otel.spans()} == {root.get_span_context().trace_id}
    assert trace.get_current_span() is trace.INVALID_SPAN  # every span detached


def test_propagation_only_annotates_the_frameworks_tool_span(otel: Exported) -> None:
    interop.telemetry.configure(propagation_only=True)
    tracer = trace.get_tracer("framework")
    with tracer.start_as_current_span("running tool", attributes={"gen_ai.tool.name": "lookup"}):
        _invoker(lookup).invoke({"city": 7}, call_id="c9")
    with tracer.start_as_current_span("agent run"):  # not a tool span: ours is opened
        _invoker(lookup).invoke({"city": "Oslo"})
    names = [s.name for s in otel.spans()]
    assert names == ["running tool", "execute_tool lookup", "agent run"]
    framework = otel.spans()[0]
    assert framework.attributes is not None
    assert framework.attributes["gen_ai.tool.call.id"] == "c9"
    assert framework.attributes["error.type"] == "validation_error"
    assert framework.attributes["gen_ai.tool.description"] == "Look up a city."


def test_enabled_false_exports_nothing(otel: Exported) -> None:
    interop.telemetry.configure(enabled=False)
    assert _invoker(lookup).invoke({"city": "Oslo"}).ok
    assert otel.spans() == []


def test_an_unsampled_call_records_nothing_but_runs(otel: Exported) -> None:
    tracer = trace.get_tracer("app")
    parent = trace.NonRecordingSpan(trace.SpanContext(1, 2, is_remote=True, trace_flags=trace.TraceFlags(0)))
    with trace.use_span(parent):
        assert _invoker(lookup).invoke({"city": "Oslo"}).ok
    with tracer.start_as_current_span("sampled"):
        pass
    assert [s.name for s in otel.spans()] == ["sampled"]  # the default sampler follows the parent


def _python(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OTEL_SDK_DISABLED": "false", **env},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


SETUP = """
    import sys
    import interop
    from interop import _observe, bridge
    @interop.tool
    def add(a: int) -> int:
        '''Add one.'''
        return a + 1
    def call():
        return bridge.Invoker(add, name="add", target="T", options=bridge.Options()).invoke({"a": 1}).value
    def sdk():
        from opentelemetry import trace
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
        exporter = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        trace.set_tracer_provider(provider)
        return exporter
"""


def test_import_interop_imports_no_opentelemetry_and_the_first_call_arms_it() -> None:
    out = _python(
        SETUP
        + """
    import interop.telemetry, interop.bridge
    print(sorted(m for m in sys.modules if m.startswith("opentelemetry")))
    call()  # OpenTelemetry installed, not imported, no provider: no observer, an import hook
    print(_observe.get_observer(), sorted(m for m in sys.modules if m.startswith("opentelemetry")))
    exporter = sdk()  # imports opentelemetry.trace (armed by the hook), sets the provider
    call()
    print([s.name for s in exporter.get_finished_spans()])
    """
    )
    assert out.splitlines() == ["[]", "None []", "['execute_tool add']"]


def test_a_provider_set_before_the_first_call_is_used_and_absent_opentelemetry_costs_nothing() -> None:
    out = _python(
        SETUP
        + "\n    exporter = sdk()\n    call()\n    print([s.name for s in exporter.get_finished_spans()])"
    )
    assert out == "['execute_tool add']"
    # opentelemetry not importable: after the first call no observer is left
    absent = _python(
        "import sys\nsys.modules['opentelemetry'] = None\n"
        + textwrap.dedent(SETUP)
        + "\ncall()\nprint(_observe.get_observer())"
    )
    assert absent == "None"
    listed = _python(
        SETUP + "\n    exporter = sdk()\n    call()\n    print(len(exporter.get_finished_spans()))",
        OTEL_PYTHON_DISABLED_INSTRUMENTATIONS="requests,interop",
    )
    assert listed == "0"


def test_configure_without_opentelemetry_says_what_to_install() -> None:
    out = _python(
        """
        import sys
        sys.modules['opentelemetry'] = None
        import interop.telemetry
        try:
            interop.telemetry.configure()
        except ImportError as e:
            print(e)
        """
    )
    assert 'pip install "standard-tool[otel]"' in out


def test_the_duration_is_the_calls(otel: Exported) -> None:
    @interop.tool
    def nap(s: float) -> float:
        """Sleeps."""
        time.sleep(s)
        return s

    _invoker(nap).invoke({"s": 0.03})
    (span,) = otel.spans()
    assert span.end_time is not None and span.start_time is not None
    assert (span.end_time - span.start_time) / 1e9 >= 0.03
    (point,) = [p for p in otel.durations() if p.attributes["gen_ai.tool.name"] == "nap"]
    assert point.count == 1 and 0.03 <= point.sum < 1.0
