"""The project's errors.

Exception
├── StandardToolValidationError   input or output failed its schema (`.target`, `.issues`)
├── ToolError                     raised by a tool to tell the model something it can act on
└── InteropError                  misuse found at conversion time
    ├── ToolNameError             a name the target framework or provider cannot carry
    ├── ApprovalRequiredError     `requires_approval` would be dropped by a conversion
    └── SchemaConversionError     a schema the target dialect cannot express
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ._protocols import Issue, issues_message

__all__ = [
    "ApprovalRequiredError",
    "InteropError",
    "SchemaConversionError",
    "StandardToolValidationError",
    "ToolError",
    "ToolNameError",
]


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


class ToolError(Exception):
    """Raise inside a tool to report a failure the model can act on (shown to it as an error)."""


class InteropError(Exception):
    """A conversion cannot be done as asked."""


class ToolNameError(InteropError, ValueError):
    """A tool name breaks the target's naming rules."""


class ApprovalRequiredError(InteropError):
    """The tool requires approval and the target has no native approval mechanism."""


class SchemaConversionError(InteropError, ValueError):
    """A schema cannot be expressed in the requested dialect or mode."""
