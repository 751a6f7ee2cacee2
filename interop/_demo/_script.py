"""The demo's scenarios (the scripted model's calls) and how a framework run is reported."""

from __future__ import annotations

import base64
import binascii
import json
import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from interop._protocols import StandardToolV0

__all__ = ["SCRIPT", "Call", "FrameworkRun", "Scenario", "acme_scenario", "describe", "render"]


@dataclass(frozen=True)
class Call:
    """One tool call the scripted model makes."""

    tool: str
    args: dict[str, Any]
    note: str = ""


SCRIPT: tuple[Call, ...] = (
    Call("get_weather", {"city": "Paris", "units": "C"}),
    Call("convert_currency", {"amount": "ten euros", "source": "EUR", "target": "USD"}, "bad call"),
    Call("convert_currency", {"amount": 10, "source": "EUR", "target": "USD"}, "corrected"),
    Call(
        "place_order",
        {
            "items": [{"sku": "WIDGET-1", "quantity": 2}],
            "ship_to": {"street": "1 Rue de Rivoli", "city": "Paris"},
        },
    ),
    Call("sales_chart", {"year": 2026}),
    Call("whoami", {}),
)
FINAL_ANSWER = (
    "Done: weather checked, 10 EUR converted, order placed, sales chart viewed, for the signed-in user."
)
CONTEXT_USER = "ann"
SCHEMA_TOOL = "convert_currency"
USER_PROMPT = (
    "Check the weather in Paris, convert 10 EUR to USD, order two widgets, show me this year's sales"
    " chart, and tell me who I am."
)


_KINDS = {"image": "image", "input_image": "image", "audio": "audio", "input_audio": "audio", "file": "file"}
_KINDS |= {"input_file": "file", "document": "file", "binary": "file"}


def _size(data: Any) -> int:
    """Bytes of a payload given as bytes, base64 text, or a data: URL."""
    if isinstance(data, (bytes, bytearray)):
        try:  # frameworks keep base64 text as bytes too
            return len(base64.b64decode(bytes(data), validate=True))
        except (binascii.Error, ValueError):
            return len(data)
    text = str(data).partition("base64,")[2] or str(data)
    try:
        return len(base64.b64decode(text, validate=True))
    except (binascii.Error, ValueError):
        return len(text)


def describe(value: Any) -> str:
    """What a model is shown, for the demo's table: text as is, each content block (a framework's
    image/audio/file block, or an `interop.Image`/`Audio`/`File`) as `[image image/png, 253 bytes]`."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return " ".join(d for d in (describe(v) for v in value) if d)
    if isinstance(value, dict):
        kind = _KINDS.get(str(value.get("type", "")))
        if kind is None:
            return (
                str(value["text"]) if value.get("type") == "text" and "text" in value else json.dumps(value)
            )
        media = value.get("mime_type") or value.get("media_type") or value.get("mimeType") or ""
        data = next((value[k] for k in ("base64", "data", "image_url", "file_data") if value.get(k)), b"")
        if not media and isinstance(data, str) and data.startswith("data:"):
            media = data[5:].partition(";")[0]
        return f"[{kind} {media}, {_size(data)} bytes]"
    media = getattr(value, "media_type", None) or getattr(value, "image_mimetype", None)
    data = getattr(value, "data", None) or getattr(value, "image", None)
    if media and data is not None:
        kind = str(media).partition("/")[0]
        return f"[{kind if kind in ('image', 'audio') else 'file'} {media}, {_size(data)} bytes]"
    text = getattr(value, "text", None)
    return str(text) if isinstance(text, str) else json.dumps(value, default=lambda o: type(o).__name__)


@dataclass(frozen=True)
class Scenario:
    """What one demo run does: the tools, the scripted model's calls, and the per-call context.

    The calls noted `"bad call"` must come back to the model as errors (a corrected call follows);
    with `strict`, every other call must succeed. `expect_in_last`, when set, must appear in what
    the model saw for the last call (the acme demo: the context's user reached `whoami`).
    """

    source: str
    tools: Sequence[StandardToolV0[Any, Any, Any]]
    calls: tuple[Call, ...]
    schema_tool: str
    make_context: Callable[[], Any] = lambda: None
    prompt: str = "Try each tool once."
    final_answer: str = "Done: every tool was called."
    expect_in_last: str | None = None
    mcp_request_meta: Mapping[str, Any] | None = None
    """Sent with every MCP request (`_meta`); the server's context hook reads it back."""
    context_from_mcp_meta: Callable[[Mapping[str, Any]], Any] | None = None
    """The MCP server's per-call context from the request's meta; default: `make_context()`."""
    strict: bool = True
    """Every call but the bad ones must succeed (False: a tool may refuse made-up arguments)."""
    notes: tuple[str, ...] = ()

    def context_type(self) -> type[Any] | None:
        """The context's class, for frameworks that declare one (LangGraph, pydantic-ai)."""
        value = self.make_context()
        return None if value is None else type(value)


def acme_scenario(acme: Any) -> Scenario:
    """The default demo over the example library: the context is `AcmeContext(user="ann")`."""
    context_type = acme.AcmeContext
    return Scenario(
        source="interop.examples.acme_tools",
        tools=list(acme.TOOLS),
        calls=SCRIPT,
        schema_tool=SCHEMA_TOOL,
        make_context=lambda: context_type(user=CONTEXT_USER),
        prompt=USER_PROMPT,
        final_answer=FINAL_ANSWER,
        expect_in_last=CONTEXT_USER,
        mcp_request_meta={"user": CONTEXT_USER},
        context_from_mcp_meta=lambda meta: context_type(user=str(meta.get("user") or "guest")),
    )


@dataclass
class Observation:
    """What the model saw back for one call."""

    call: Call
    shown: str
    is_error: bool


@dataclass
class FrameworkRun:
    """The report of one framework's agent loop."""

    framework: str
    scenario: Scenario
    observations: list[Observation] = field(default_factory=list)
    schema_seen: dict[str, Any] | None = None
    final: str | None = None
    error: str | None = None

    def observe(self, shown: Sequence[tuple[str, bool]], final: str | None) -> FrameworkRun:
        """The finished run: what the model saw back paired, in order, with the scripted calls,
        and the loop's final answer."""
        self.observations = [
            Observation(call, text, err)
            for call, (text, err) in zip(self.scenario.calls, shown, strict=False)
        ]
        self.final = final
        return self

    @property
    def ok(self) -> bool:
        """The loop finished, every call was answered, and each bad call came back as an error."""
        s = self.scenario
        if self.error is not None or self.final is None or len(self.observations) != len(s.calls):
            return False
        for o in self.observations:
            if o.call.note == "bad call" and not o.is_error:
                return False
            if o.call.note != "bad call" and o.is_error and s.strict:
                return False
        return s.expect_in_last is None or s.expect_in_last in self.observations[-1].shown


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def render(run: FrameworkRun) -> str:
    """A plain-text table: tool, arguments, what the model saw (result or error)."""
    width = max(100, min(shutil.get_terminal_size((140, 20)).columns, 160))
    tool_w, args_w = 19, 36
    shown_w = width - tool_w - args_w - 12
    lines = [f"┌─ {run.framework} " + "─" * max(0, width - len(run.framework) - 4)]
    lines.append(
        f"│ {'tool':<{tool_w}} {'arguments (from the model)':<{args_w}} {'shown to the model':<{shown_w}}"
    )
    for o in run.observations:
        marker = "✗" if o.is_error else "✓"
        if o.is_error:  # the error is what the model must read to correct itself: show it whole
            shown = textwrap.wrap(" ".join(o.shown.split()), shown_w) or [""]
            if len(shown) > 4:
                shown = [*shown[:3], _cut(" ".join(shown[3:]), shown_w)]
        else:
            shown = [_cut(o.shown, shown_w)]
        lines.append(
            f"│ {marker} {_cut(o.call.tool, tool_w - 2):<{tool_w - 2}} {_cut(json.dumps(o.call.args), args_w):<{args_w}} "
            f"{shown[0]}"
        )
        lines += [f"│ {'':<{tool_w}} {'':<{args_w}} {more}" for more in shown[1:]]
    if run.schema_seen is not None:
        lines.append(
            f"│ schema the model saw for {run.scenario.schema_tool}: {_cut(json.dumps(run.schema_seen), width - 40)}"
        )
    if run.final is not None:
        lines.append(f"│ final answer: {run.final}")
    if run.error is not None:
        lines.append(f"│ FAILED: {run.error}")
    lines.append("└" + "─" * (width - 1))
    return "\n".join(lines)
