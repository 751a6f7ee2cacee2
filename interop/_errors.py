"""The project's errors (the tree is drawn, and exported whole, in the public `interop.errors`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ._protocols import Issue, issues_message

UNPRINTABLE = "<exception str() failed>"
"""What an exception whose `str()` fails reads as (Python's own traceback says the same)."""


def exception_text(exc: BaseException) -> str:
    """`str(exc)`, never raising: the one way an exception's text is formatted (a tool's exception
    is foreign code; its `__str__` may raise or return a non-string, which must not turn a failed
    call into a crash of the call path).
    """
    try:
        text = str(exc)
    except Exception:
        return UNPRINTABLE
    return text if type(text) is str else str.__str__(text)  # a str subclass: its plain text


def exception_summary(exc: BaseException) -> str:
    """`"TypeName: text"` (just the type's name when the text is empty), never raising."""
    text = exception_text(exc)
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


class StandardToolValidationError(Exception):
    """A tool's input or output did not match its schema.

    The message is `"<target> validation failed: <path>: <message>; ..."`; `tool_name` is set
    when the failing tool is known (adapters use it in what they tell the model).
    """

    target: Literal["input", "output"]
    issues: tuple[Issue, ...]
    tool_name: str | None

    def __init__(
        self, target: Literal["input", "output"], issues: Sequence[Issue], *, tool_name: str | None = None
    ) -> None:
        self.target = target
        self.issues = tuple(issues)
        self.tool_name = tool_name
        super().__init__(f"{target} validation failed: {issues_message(self.issues)}")


class ArgumentsNotJSON(StandardToolValidationError, ValueError):
    """The model sent argument text that does not parse as JSON (one issue at the root)."""

    def __init__(self, detail: str, *, tool_name: str | None = None) -> None:
        self.detail = detail
        super().__init__(
            "input",
            [Issue(f"the arguments are not valid JSON ({detail}); send one JSON object")],
            tool_name=tool_name,
        )


class ToolError(Exception):
    """Raise inside a tool to report a failure the model can act on (shown to it as an error)."""


class ApprovalDeniedError(ToolError):
    """An approval-required call was not approved, so the tool did not run."""

    def __init__(self, tool_name: str, reason: str | None = None) -> None:
        self.tool_name = tool_name
        self.reason = reason
        detail = f": {reason}" if reason else ""
        super().__init__(f"the call to {tool_name!r} was not approved{detail}; it did not run")


class InteropError(Exception):
    """A conversion cannot be done as asked."""


class ToolNameError(InteropError, ValueError):
    """A tool name breaks the target's naming rules."""


class ApprovalRequiredError(InteropError):
    """The tool requires approval and the target has no native approval mechanism."""


class SchemaConversionError(InteropError, ValueError):
    """A schema cannot be expressed in the requested dialect or mode."""


class DiscoveryError(InteropError):
    """The module, attribute or tool asked for cannot be found."""
