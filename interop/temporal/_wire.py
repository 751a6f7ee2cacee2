"""What crosses Temporal between a workflow and a tool's activity: plain JSON, both ways.

Into the activity (the activity's one argument):
    {"arguments": {...}, "call_id": "send_payment#1", "approval": {"approved": true, "reason": null}}
`approval` is present only on the run that follows a human's `approved: true`. Nothing else goes
in: the context is built in the worker (`tool_activities(context_factory=...)`) and never enters
the workflow's history.

Out of the activity (its result), one of:
    {"status": "ok", "value": <JSON>}                                   a JSON result
    {"status": "ok", "content": [<part>, ...]}                          text and content values
    {"status": "ok", ..., "shown": [<part>, ...]}                       the tool's own model output
    {"status": "pending"}                                               approval needed: did not run
    {"status": "error", "error": {"kind": ..., "message": ..., ...}}    a model-facing error
where a part is `{"text": str}` or `{"image"|"audio"|"file": {"media_type", "data" (base64), "name"}}`.
A model-facing error (bad arguments, a bad result, `ToolError`) is a result the workflow reads and
re-raises as the same exception type, so the framework running in the workflow tells the model
exactly what it would for a local call; any other exception is an activity failure.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from interop import Audio, File, Image
from interop._kit import ResultNotJSON
from interop.bridge import Outcome, exception_text, to_jsonable
from interop.errors import ApprovalDeniedError, StandardToolValidationError, ToolError
from interop.protocols import Issue

__all__ = ["ActivityInput", "Approval", "decode_result", "encode_outcome", "encode_error"]


class Approval(TypedDict):
    """A human's decision on one call (the Update's payload, less the call id)."""

    approved: bool
    reason: str | None


class ActivityInput(TypedDict, total=False):
    """The activity's argument (see the module doc)."""

    arguments: Any
    call_id: str
    approval: Approval


_KINDS: dict[str, type[Image] | type[Audio] | type[File]] = {"image": Image, "audio": Audio, "file": File}


def _encode_part(part: Any) -> dict[str, Any]:
    if isinstance(part, str):
        return {"text": part}
    for kind, cls in _KINDS.items():
        if isinstance(part, cls):
            body: dict[str, Any] = {"media_type": part.media_type, "data": part.base64}
            if isinstance(part, File) and part.name is not None:
                body["name"] = part.name
            return {kind: body}
    raise TypeError(f"not a model part: {type(part).__name__}")  # pragma: no cover - parts are closed


def _decode_part(part: Mapping[str, Any]) -> str | Image | Audio | File:
    if "text" in part:
        return str(part["text"])
    for kind, cls in _KINDS.items():
        body = part.get(kind)
        if isinstance(body, Mapping):
            data = base64.b64decode(body["data"])
            if cls is File:
                return File(data, body["media_type"], body.get("name"))
            return cls(data, body["media_type"])
    raise ValueError(f"unknown part in a tool activity's result: {sorted(part)}")


def _is_content(value: Any) -> bool:
    """Whether the value is (a list of) content values the model sees as parts, not JSON."""
    if isinstance(value, (Image, Audio, File)):
        return True
    if isinstance(value, (list, tuple)) and value:
        return all(isinstance(v, (str, Image, Audio, File)) for v in value) and any(
            not isinstance(v, str) for v in value
        )
    return False


def encode_error(error: BaseException) -> dict[str, Any]:
    """A model-facing error as data (its type, message, issues, denial reason)."""
    if isinstance(error, StandardToolValidationError):
        return {
            "kind": error.target,  # "input" or "output"
            "message": exception_text(error),
            "issues": [{"message": i.message, "path": list(i.path)} for i in error.issues],
        }
    if isinstance(error, ApprovalDeniedError):
        return {"kind": "denied", "message": exception_text(error), "reason": error.reason}
    return {"kind": "tool", "message": exception_text(error)}


def encode_outcome(outcome: Outcome) -> dict[str, Any]:
    """An activity's result for the pipeline's `Outcome` (`pending` or model-facing errors included)."""
    if outcome.status == "pending":
        return {"status": "pending"}
    if outcome.status != "ok":
        error = outcome.error if outcome.error is not None else ToolError(outcome.text)
        return {"status": "error", "error": encode_error(error)}
    value = outcome.value
    try:
        if isinstance(value, (bytes, bytearray, memoryview)):
            result: dict[str, Any] = {"status": "ok", "content": [_encode_part(outcome.parts[0])]}
        elif _is_content(value):
            items = value if isinstance(value, (list, tuple)) else [value]
            result = {"status": "ok", "content": [_encode_part(p) for p in items]}
        else:
            result = {"status": "ok", "value": to_jsonable(value, tool_name=outcome.name)}
    except ResultNotJSON as e:
        return {"status": "error", "error": encode_error(e)}
    if outcome.shaped:
        result["shown"] = [_encode_part(p) for p in outcome.parts]
    return result


def _error(tool_name: str, error: Mapping[str, Any]) -> Exception:
    kind = error.get("kind")
    if kind in ("input", "output"):
        issues = [Issue(str(i["message"]), tuple(i.get("path") or ())) for i in error.get("issues") or ()]
        return StandardToolValidationError(kind, issues, tool_name=tool_name)
    if kind == "denied":
        reason = error.get("reason")
        return ApprovalDeniedError(tool_name, reason if isinstance(reason, str) else None)
    return ToolError(str(error.get("message", "")))


Status = Literal["ok", "pending"]


def decode_result(tool_name: str, result: Any) -> tuple[Status, Any, list[Any] | None]:
    """`("ok", value, shown parts or None)` or `("pending", None, None)`; a model-facing error raises
    the exception it was in the activity (so the framework shows the model what it would locally)."""
    if not isinstance(result, Mapping) or "status" not in result:
        raise ToolError(
            f"tool {tool_name!r}: its activity returned {type(result).__name__}, not a tool result"
        )
    status = result["status"]
    if status == "pending":
        return "pending", None, None
    if status == "error":
        raise _error(tool_name, result.get("error") or {})
    if "content" in result:
        parts = [_decode_part(p) for p in result["content"]]
        value: Any = parts[0] if len(parts) == 1 and not isinstance(parts[0], str) else parts
    else:
        value = result.get("value")
    shown = [_decode_part(p) for p in result["shown"]] if "shown" in result else None
    return "ok", value, shown
