"""Running one tool for the page: the single place the playground calls a tool.

Until the core invocation pipeline lands, this validates (so a conditional approval sees the
validated input and a bad form is reported before anyone is asked to approve it), checks
approval, and runs the tool with `interop.acall`; switching to the pipeline changes this
function only.
"""

from __future__ import annotations

import inspect
import time
import traceback
from dataclasses import dataclass
from typing import Any, Literal

from interop._errors import StandardToolValidationError, ToolError
from interop._protocols import Failure, Issue, StandardToolV0
from interop._results import describe_error
from interop._tool import acall

from ._approval import ApprovalCheckError, approval_needed
from ._render import model_text, page_value

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
    - `approval_required`: nothing ran; `input` is the validated input a person must approve.
    """

    status: RunStatus
    value: Any = None
    model_output: str | None = None
    message: str | None = None
    issues: tuple[Issue, ...] = ()
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


async def _validate(tool: StandardToolV0[Any, Any, Any], args: Any) -> tuple[Any, tuple[Issue, ...]]:
    if tool.input_schema is None:
        return args, ()
    result: Any = tool.input_schema.__standard_schema__.validate(args)
    if inspect.isawaitable(result):
        result = await result
    if isinstance(result, Failure):
        return None, tuple(result.issues)
    return result.value, ()


async def run_tool(
    tool: StandardToolV0[Any, Any, Any], args: Any, context: Any, *, approved: bool = False
) -> RunResult:
    """Validate `args`, check approval (`approved=True` means a person said yes), then run the tool."""
    start = time.perf_counter()

    def done(status: RunStatus, **fields: Any) -> RunResult:
        return RunResult(status, elapsed_ms=(time.perf_counter() - start) * 1000, **fields)

    try:
        validated, issues = await _validate(tool, args)
        if issues:
            error = StandardToolValidationError("input", issues, tool_name=tool.name)
            return done(
                "invalid",
                issues=issues,
                target="input",
                message=str(error),
                model_output=describe_error(error, tool.name),
            )
        if not approved and await approval_needed(tool.meta, validated, context):
            return done(
                "approval_required", input=validated, message=f"{tool.name!r} needs your approval to run"
            )
        value = await acall(tool, args, context, thread=True)
    except ApprovalCheckError as e:
        return done("error", message=str(e), traceback=traceback.format_exc())
    except StandardToolValidationError as e:
        return done(
            "invalid",
            issues=e.issues,
            target=e.target,
            message=str(e),
            model_output=describe_error(e, tool.name),
        )
    except ToolError as e:
        return done("tool_error", message=str(e), model_output=describe_error(e, tool.name))
    except Exception as e:
        return done(
            "error",
            message=f"{type(e).__name__}: {e}",
            traceback=traceback.format_exc(),
            model_output=describe_error(e, tool.name),
        )
    return done("ok", value=page_value(value), model_output=model_text(value))
