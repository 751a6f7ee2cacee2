"""Running one tool for the page, through the core invocation pipeline.

The pipeline validates (so a conditional approval sees the validated input and a bad form is
reported before anyone is asked), decides approval (a call that needs it and was not approved on
the page comes back `approval_required` without running), runs the tool and encodes the result
the way every adapter does; this module only maps the `Outcome` to what the page shows.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from interop import StandardToolV0, StandardToolValidationError
from interop.bridge import PENDING, ApprovalRequest, Invoker, Options, Outcome, exception_text

from ._render import page_value

__all__ = ["RunResult", "RunStatus", "run_tool"]

RunStatus = Literal["ok", "invalid", "tool_error", "error", "approval_required"]


@dataclass(frozen=True)
class RunResult:
    """What one run gave, ready for the page.

    - `ok`: `value` is the result as page JSON, `model_output` what a model would be told;
    - `invalid`: `issues` (each with a `path` into the input, or the output when `target` is
      `"output"`);
    - `tool_error`: a `ToolError` (`message`);
    - `error`: any other exception (`message`, `traceback`);
    - `approval_required`: nothing ran; `input` is the input a person must approve.
    """

    status: RunStatus
    value: Any = None
    model_output: str | None = None
    message: str | None = None
    issues: tuple[Any, ...] = ()
    target: Literal["input", "output"] | None = None
    input: Any = None
    traceback: str | None = None
    elapsed_ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The JSON the page receives."""
        out: dict[str, Any] = {"status": self.status, "elapsed_ms": round(self.elapsed_ms, 2)}
        if self.status == "ok":
            out["value"] = self.value
        for key in ("model_output", "message", "target", "traceback"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.issues:
            out["issues"] = [{"path": list(i.path), "message": i.message} for i in self.issues]
        if self.status == "approval_required":
            out["input"] = page_value(self.input)
        return out


_invokers: dict[int, tuple[StandardToolV0[Any, Any, Any], Invoker]] = {}


def _invoker(tool: StandardToolV0[Any, Any, Any]) -> Invoker:
    """The tool's call path (built once per tool): every exception reaches the page as data."""
    held = _invokers.get(id(tool))
    if held is None or held[0] is not tool:
        held = (
            tool,
            Invoker(
                tool,
                name=tool.name,
                target="the playground",
                options=Options(errors="all"),
                native_approval=True,
            ),
        )
        _invokers[id(tool)] = held
    return held[1]


def _result(outcome: Outcome, done: Callable[..., RunResult]) -> RunResult:
    if outcome.status == "ok":
        return done("ok", value=page_value(outcome.value), model_output=outcome.text)
    if outcome.status == "pending":
        request = outcome.request
        assert request is not None
        return done(
            "approval_required",
            input=request.input,
            message=f"{outcome.name!r} needs your approval to run",
        )
    error = outcome.error
    if isinstance(error, StandardToolValidationError):
        return done(
            "invalid",
            issues=error.issues,
            target=error.target,
            message=exception_text(error),
            model_output=outcome.text,
        )
    if outcome.error_kind in ("tool", "denied"):
        return done(
            "tool_error",
            message=exception_text(error) if error is not None else "",
            model_output=outcome.text,
        )
    trace = "".join(traceback.format_exception(error)) if error is not None else None
    return done(
        "error",
        message=f"{type(error).__name__}: {exception_text(error) if error is not None else ''}",
        traceback=trace,
        model_output=outcome.text,
    )


async def run_tool(
    tool: StandardToolV0[Any, Any, Any], args: Any, context: Any, *, approved: bool = False
) -> RunResult:
    """Run the tool through the pipeline (`approved=True`: a person said yes on the page)."""
    start = time.perf_counter()

    def done(status: RunStatus, **fields: Any) -> RunResult:
        return RunResult(status, elapsed_ms=(time.perf_counter() - start) * 1000, **fields)

    def ask(_request: ApprovalRequest) -> Any:
        return True if approved else PENDING

    outcome = await _invoker(tool).ainvoke(args, context, ask=ask)
    return _result(outcome, done)
