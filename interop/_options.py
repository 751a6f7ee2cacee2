"""The options every `to_X` and list helper takes, with one meaning everywhere.

| option | meaning |
|---|---|
| `rename` | a new name: a string, a mapping old -> new, or a function of the old name |
| `context` | a hook: the framework's per-call object in, the neutral `context` out (may be async) |
| `approval` | a callback asked before each call that needs approval (instead of the framework's own mechanism) |
| `allow_unapproved` | convert a `requires_approval` tool with no approval step at all (explicit opt-out) |
| `errors` | what reaches the model: `"model-facing"` (bad arguments, bad output, `ToolError`, denials; other exceptions behave as for a native tool), `"all"` (every exception, with its message), `"masked"` (every exception; unexpected ones as a generic message, logged) |
| `threaded` | run a sync tool on a worker thread when called from async code (default, as frameworks do for their own sync tools); `False` runs it inline |

Adapters add framework-specific options to these (`max_retries` for pydantic-ai, ...).

Where a framework keeps the neutral context in a state mapping of its own (Haystack's `State`,
DSPy's settings, LlamaIndex's workflow store, Strands' `invocation_state`, Agent Framework's
`function_invocation_kwargs`, Semantic Kernel's `KernelArguments`, ...), the key is one:
`CONTEXT_KEY` (each such adapter exports it under the same name).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, get_args

from ._approval import ApprovalCallback
from ._names import Rename
from ._tooloptions import ErrorMode, Errors, ToolOptions

__all__ = ["CONTEXT_KEY", "Errors", "Options", "ToolOptions", "context_entry", "split_options"]

CONTEXT_KEY = "interop_context"
"""The key of the neutral context in a framework's own state mapping, in every adapter."""


def context_entry(state: Mapping[str, Any], old: str | None = None, *, where: str = "") -> Any:
    """The neutral context `state` holds under `CONTEXT_KEY` (None when absent).

    `old`: the key an adapter used before round 3 (Strands' and Agent Framework's `"context"`),
    read when `CONTEXT_KEY` is absent, with a `DeprecationWarning` naming `where`, so code that
    still passes it keeps working for a release.
    """
    if CONTEXT_KEY in state:
        return state[CONTEXT_KEY]
    if old is not None and old in state:
        warnings.warn(
            f"{where}: the neutral context under {old!r} is deprecated, pass it under "
            f"{CONTEXT_KEY!r} (CONTEXT_KEY)",
            DeprecationWarning,
            stacklevel=3,
        )
        return state[old]
    return None


@dataclass(frozen=True, kw_only=True)
class Options:
    """The shared options, resolved (defaults filled in, values checked)."""

    rename: Rename = None
    context: Callable[[Any], Any] | None = None
    approval: ApprovalCallback | None = None
    allow_unapproved: bool = False
    errors: Errors = "model-facing"
    threaded: bool = True

    def __post_init__(self) -> None:
        if not callable(self.errors) and self.errors not in get_args(ErrorMode):
            raise ValueError(
                f"errors must be one of {', '.join(map(repr, get_args(ErrorMode)))} or a function "
                f"(exception -> the text the model reads), got {self.errors!r}"
            )
        for name in ("context", "approval"):
            value = getattr(self, name)
            if value is not None and not callable(value):
                raise TypeError(f"{name}= must be a function, got {type(value).__name__}")
        if not isinstance(self.allow_unapproved, bool) or not isinstance(self.threaded, bool):
            raise TypeError("allow_unapproved= and threaded= must be bools")

    @property
    def is_default(self) -> bool:
        """Whether every option has its default (a native tool may then go home as itself)."""
        return self == _DEFAULT

    def without_rename(self) -> Options:
        """These options with `rename` cleared (after it has been applied)."""
        return Options(
            context=self.context,
            approval=self.approval,
            allow_unapproved=self.allow_unapproved,
            errors=self.errors,
            threaded=self.threaded,
        )


_DEFAULT = Options()
_SHARED = frozenset(ToolOptions.__annotations__)


_RENAMED: Mapping[str, tuple[str, Callable[[Any], Any]]] = {
    "name": ("rename", lambda v: v),
    "sync_in_thread": ("threaded", lambda v: v),
    "other_errors": ("errors", lambda v: "model-facing" if v == "raise" else "all"),
    "mask_errors": ("errors", lambda v: "masked" if v else "all"),
    "handle_errors": ("errors", lambda v: "all" if v else "model-facing"),
}
"""Round-1 option names, still accepted for one release (with a `DeprecationWarning`)."""


def split_options(
    options: Mapping[str, Any], extra: type[Any] | None = None, *, where: str = "this adapter"
) -> tuple[Options, dict[str, Any]]:
    """(`Options`, the adapter's own options) from `**options`; unknown names raise `TypeError`.

    `extra` is the adapter's options TypedDict (its keys beyond the shared ones are its own).
    """
    if not options:
        return _DEFAULT, {}
    allowed = set(getattr(extra, "__annotations__", {})) - _SHARED if extra is not None else set()
    shared: dict[str, Any] = {}
    own: dict[str, Any] = {}
    for key, value in options.items():
        if key in _SHARED:
            shared[key] = value
        elif key in allowed:
            own[key] = value
        elif key in _RENAMED and _RENAMED[key][0] not in options:
            new, convert = _RENAMED[key]
            warnings.warn(f"{where}: {key}= is deprecated, use {new}=", DeprecationWarning, stacklevel=3)
            shared[new] = convert(value)
        else:
            known = ", ".join(sorted(_SHARED | allowed))
            raise TypeError(f"{where} got an unknown option {key!r}; known: {known}")
    return Options(**shared), own
