"""The well-known `meta` vocabulary and typed access to it.

The TypeScript spec fixes no keys; this project fixes a few, and every adapter maps them to the
target's native feature where one exists. Unknown keys are kept and carried wherever the target
has a metadata slot.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypedDict, cast

__all__ = [
    "MCP_HINTS",
    "MCP_HINT_DEFAULTS",
    "WELL_KNOWN_META",
    "ToolMeta",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "validate_meta",
]


class ToolMeta(TypedDict, total=False):
    """The well-known keys (all optional). Any other key is allowed and carried along."""

    read_only: bool
    """The tool does not modify its environment (MCP `readOnlyHint`; default False)."""
    destructive: bool
    """The tool may perform destructive updates (MCP `destructiveHint`; default True)."""
    idempotent: bool
    """Repeating a call with the same arguments has no additional effect (MCP `idempotentHint`)."""
    open_world: bool
    """The tool interacts with external entities (MCP `openWorldHint`; default True)."""
    requires_approval: bool | Callable[[Any, Any], bool | Awaitable[bool]]
    """A human must approve each call (`True`), or the calls a predicate `(input, context) -> bool`
    picks (pydantic-ai `requires_approval`, OpenAI Agents `needs_approval`, LangGraph interrupts)."""
    strict: bool
    """Ask for provider strict schemas (OpenAI strict mode)."""
    return_direct: bool
    """The tool's result is the final answer (LangChain / LlamaIndex `return_direct`)."""
    tags: list[str]
    """Free labels (LangChain `tags`); used for filtering."""


WELL_KNOWN_META: Mapping[str, type] = {
    "read_only": bool,
    "destructive": bool,
    "idempotent": bool,
    "open_world": bool,
    "requires_approval": bool,
    "strict": bool,
    "return_direct": bool,
    "tags": list,
}

MCP_HINTS: Mapping[str, str] = {
    "read_only": "readOnlyHint",
    "destructive": "destructiveHint",
    "idempotent": "idempotentHint",
    "open_world": "openWorldHint",
}
"""Each behaviour hint's MCP tool-annotation name (as on the wire and in LangChain metadata)."""

MCP_HINT_DEFAULTS: Mapping[str, bool] = {
    "read_only": False,
    "destructive": True,
    "idempotent": False,
    "open_world": True,
}
"""The MCP spec's defaults for the four behaviour hints when a tool does not state them."""


def validate_meta(meta: Mapping[str, Any], *, tool_name: str | None = None) -> None:
    """Raise `TypeError` when a well-known key has the wrong type."""
    where = f"tool {tool_name!r}: " if tool_name else ""
    if not isinstance(meta, Mapping):
        raise TypeError(f"{where}meta must be a mapping, got {type(meta).__name__}")
    for key, expected in WELL_KNOWN_META.items():
        if key not in meta:
            continue
        value = meta[key]
        if key == "requires_approval" and callable(value) and not isinstance(value, bool):
            continue  # conditional approval: a predicate of the validated input and the context
        if key == "requires_approval" and not isinstance(value, bool):
            raise TypeError(
                f"{where}meta['requires_approval'] must be True, False or a function (input, context) -> bool, "
                f"got {type(value).__name__}"
            )
        if not isinstance(value, expected):
            raise TypeError(f"{where}meta[{key!r}] must be {expected.__name__}, got {type(value).__name__}")
        if key == "tags" and not all(isinstance(t, str) for t in cast(list[Any], value)):
            raise TypeError(f"{where}meta['tags'] must be a list of str")


def meta_flag(meta: Mapping[str, Any], key: str) -> bool:
    """A boolean meta key with its default (the MCP default for the four hints, else False)."""
    value = meta.get(key)
    if isinstance(value, bool):
        return value
    return MCP_HINT_DEFAULTS.get(key, False)


def meta_tags(meta: Mapping[str, Any]) -> list[str]:
    """The `tags` list (empty when absent)."""
    return list(meta.get("tags") or [])


def json_safe_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of `meta` that survive a JSON round trip (for targets whose metadata must be JSON).

    Entries that are not JSON (callables, objects) are left out here; they survive on the origin
    stash, so a tool that comes back from the target gets them back.
    """
    out: dict[str, Any] = {}
    for key, value in meta.items():
        try:
            out[key] = json.loads(json.dumps(value))
        except (TypeError, ValueError):
            continue
    return out
