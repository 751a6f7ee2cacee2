"""Tool names and argument names derived from an OpenAPI document.

Tool names follow the strictest rule of every target (OpenAI, Anthropic, Gemini, MCP, the
frameworks): `^[A-Za-z_][A-Za-z0-9_-]{0,63}$`, except two stricter ones: smolagents wants a Python
identifier and CrewAI lowercase words joined by single `_`; for them, convert with a `rename=`
(e.g. `to_crewai_tools(tools, rename=lambda n: n.lower().replace("-", "_"))`). The rule, applied
in document order:

1. Start from the `operationId`; without one (or when nothing of it survives step 2), from
   `<method>_<path>` with the path's segments joined by `_` and template braces dropped
   (`GET /pets/{petId}` -> `get_pets_petId`).
2. Every run of characters outside `A-Za-z0-9_-` becomes one `_` (`repos/get-content` ->
   `repos_get-content`); leading and trailing `_` are trimmed.
3. A name that does not start with a letter or `_` gets the prefix `op_`.
4. A name longer than 64 characters is cut to 55 and ends with `_` plus 8 hex digits of the
   SHA-1 of `"<METHOD> <path>"`; so does a name an earlier operation already has.

Names are computed over the whole document before any filter, so filtering never changes a name.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping

from interop.errors import ToolNameError

__all__ = ["NAME_PATTERN", "Rename", "argument_name", "check_tool_name", "tool_names"]

NAME_PATTERN = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")
_INVALID = re.compile(r"[^A-Za-z0-9_-]+")
_ARG_INVALID = re.compile(r"[^A-Za-z0-9_.-]+")

Rename = Mapping[str, str] | Callable[[str], str] | None
"""A caller-given rename: a mapping derived name -> new name, or a function of the derived name."""


def _digest(key: str) -> str:
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]


def _clean(raw: str) -> str:
    return _INVALID.sub("_", raw).strip("_")


def _with_suffix(name: str, key: str) -> str:
    return f"{name[:55]}_{_digest(key)}"


def tool_names(operations: list[tuple[str, str, str | None]]) -> list[str]:
    """One name per `(method, path, operationId)`, by the rule in this module's docstring."""
    names: list[str] = []
    taken: set[str] = set()
    for method, path, operation_id in operations:
        key = f"{method.upper()} {path}"
        name = _clean(operation_id) if isinstance(operation_id, str) else ""
        if not name:
            segments = [s.strip("{}") for s in path.split("/") if s]
            name = _clean("_".join([method.lower(), *segments]))
        if not re.match(r"[A-Za-z_]", name):
            name = f"op_{name}"
        if len(name) > 64 or name in taken:
            name = _with_suffix(name, key)
        taken.add(name)
        names.append(name)
    return names


def check_tool_name(name: str, *, operation: str) -> str:
    """Return `name` if every target accepts it, else raise `ToolNameError`."""
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        raise ToolNameError(
            f"tool name {name!r} for {operation} is not valid for every target: it must be 1-64 "
            "characters from A-Z, a-z, 0-9, '_' and '-', starting with a letter or '_'"
        )
    return name


def argument_name(raw: str) -> str:
    """A parameter or property name as an argument name every provider accepts
    (`^[A-Za-z0-9_.-]{1,64}$`: runs of other characters become `_`, e.g. `page[size]` -> `page_size`)."""
    name = _ARG_INVALID.sub("_", raw).strip("_") or "_"
    return name[:64]
