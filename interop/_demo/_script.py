"""The demo's scripted model turns and how a framework run is reported."""

from __future__ import annotations

import json
import shutil
import textwrap
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SCRIPT", "Call", "FrameworkRun", "render"]


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
    Call("whoami", {}),
)
FINAL_ANSWER = "Done: weather checked, 10 EUR converted, order placed for the signed-in user."
CONTEXT_USER = "ann"
SCHEMA_TOOL = "convert_currency"


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
    observations: list[Observation] = field(default_factory=list)
    schema_seen: dict[str, Any] | None = None
    final: str | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        errors = [o for o in self.observations if o.is_error]
        return (
            self.error is None
            and self.final is not None
            and len(self.observations) == len(SCRIPT)
            and [o.call.note for o in errors] == ["bad call"]
            and CONTEXT_USER in self.observations[-1].shown
        )


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
            f"│ schema the model saw for {SCHEMA_TOOL}: {_cut(json.dumps(run.schema_seen), width - 40)}"
        )
    if run.final is not None:
        lines.append(f"│ final answer: {run.final}")
    if run.error is not None:
        lines.append(f"│ FAILED: {run.error}")
    lines.append("└" + "─" * (width - 1))
    return "\n".join(lines)
