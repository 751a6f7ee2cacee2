"""Shaping a set of tools: `filter_tools`, `prefix_tools` and `split_tools`.

Each takes any iterable of conforming tools and returns new lists; the tools themselves are
never changed (a prefixed tool is a transform of the same base).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from ._derive import DerivedTool
from ._meta import meta_tags
from ._protocols import StandardToolV0
from ._transform import transform_tool

__all__ = ["filter_tools", "prefix_tools", "split_tools"]

AnyTool = StandardToolV0[Any, Any, Any]


def _names(value: str | Iterable[str] | None, what: str) -> frozenset[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return frozenset((value,))
    out = frozenset(value)
    if not all(isinstance(v, str) for v in out):
        raise TypeError(f"filter_tools {what}= must be strings")
    return out


def filter_tools(
    tools: Iterable[AnyTool],
    *,
    names: str | Collection[str] | None = None,
    tags: str | Collection[str] | None = None,
    group: str | Collection[str] | None = None,
    exclude_names: str | Collection[str] | None = None,
) -> list[AnyTool]:
    """The tools that pass every given criterion, in their order.

    `names`: only these (a name no tool has raises `ValueError`: a typo would silently drop a
    tool); `tags`: tools with at least one of these `meta["tags"]`; `group`: tools whose
    `meta["group"]` is this group (or one of these); `exclude_names`: not these.
    """
    tool_list = list(tools)
    keep, tag_set = _names(names, "names"), _names(tags, "tags")
    groups, drop = _names(group, "group"), _names(exclude_names, "exclude_names")
    if keep is not None:
        missing = sorted(keep - {t.name for t in tool_list})
        if missing:
            raise ValueError(f"filter_tools: no tool named {', '.join(map(repr, missing))}")
    out: list[AnyTool] = []
    for t in tool_list:
        if keep is not None and t.name not in keep:
            continue
        if drop is not None and t.name in drop:
            continue
        if tag_set is not None and tag_set.isdisjoint(meta_tags(t.meta)):
            continue
        if groups is not None and t.meta.get("group") not in groups:
            continue
        out.append(t)
    return out


def prefix_tools(tools: Iterable[AnyTool], prefix: str) -> list[DerivedTool[Any, Any, Any]]:
    """Each tool renamed `prefix + name` (e.g. `"github_"`), to avoid clashes between tool sets.

    A prefixed tool is a transform: same schema, same `execute`, a new name.
    """
    if not isinstance(prefix, str) or not prefix:
        raise ValueError(f"prefix_tools needs a non-empty string prefix, got {prefix!r}")
    return [transform_tool(t, name=prefix + t.name) for t in tools]


def split_tools(tools: Iterable[AnyTool]) -> tuple[list[AnyTool], list[AnyTool]]:
    """`(loaded, deferred)`: the tools to send up front, and those with `meta["defer_loading"]`.

    For targets with no native deferred loading: send `loaded` plus `tool_search(deferred)`,
    and add the deferred tools the search finds to the next request.
    """
    loaded: list[AnyTool] = []
    deferred: list[AnyTool] = []
    for t in tools:
        (deferred if t.meta.get("defer_loading") is True else loaded).append(t)
    return loaded, deferred
