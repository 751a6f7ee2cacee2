"""`ToolOptions` (the shared `**options` every `to_X` takes) and `Errors`, apart from the rest of
`interop._options`: every adapter subclasses `ToolOptions` when it is imported, and this module
loads nothing else of the core (the names its annotations use are the type checker's only), so
`import interop.<adapter>` does not pay for the invocation pipeline before the first conversion.
See `interop._options` for what each option means.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

from typing_extensions import TypedDict

if TYPE_CHECKING:
    from ._approval import ApprovalCallback
    from ._names import Rename

__all__ = [
    "ErrorMode",
    "Errors",
    "OldConfigName",
    "OldContextName",
    "OldStateName",
    "PolicyText",
    "ToolOptions",
]

ErrorMode = Literal["model-facing", "all", "masked"]
"""The named error policies (see `interop._options`)."""

PolicyText = Callable[[BaseException], "str | Awaitable[str]"]
"""A function of an exception returning the text the model reads (or an awaitable of it: awaited
on the async path, run to completion on the sync one). It declines by raising the very exception
it was given: that exception then propagates (the framework's own handling)."""

Errors = ErrorMode | PolicyText
"""What reaches the model as an error: a named policy, or a `PolicyText` function (for every
exception the tool raises; the framework's control flow and approval denials excepted)."""


class ToolOptions(TypedDict, total=False):
    """The shared options of every `to_X(tool, **options)` (see `interop.bridge.Options`)."""

    rename: Rename
    context: Callable[[Any], Any]
    approval: ApprovalCallback
    allow_unapproved: bool
    errors: Errors
    threaded: bool


class OldContextName(TypedDict, total=False):
    """The round-2 name of a `from_X`'s `native_context=` hook, still accepted with a
    `DeprecationWarning` (`native_context_option`): typed, so a misspelt option is a type error."""

    context: Callable[[Any], Any]


class OldConfigName(TypedDict, total=False):
    """`OldContextName` for LangChain, whose hook was `config=`."""

    config: Callable[[Any], Any]


class OldStateName(TypedDict, total=False):
    """`OldContextName` for Haystack, whose hook was `state=`."""

    state: Callable[[Any], Any]
