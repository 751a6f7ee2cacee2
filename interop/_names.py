"""Tool-name rules of each target, checked at conversion time (never silently sanitized)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from ._errors import ToolNameError

__all__ = ["NAME_RULES", "Rename", "check_name", "check_unique_names", "resolve_name"]

_PROVIDER = r"^[a-zA-Z0-9_-]{1,64}$"
_PROVIDER_TEXT = "1-64 characters from a-z, A-Z, 0-9, '_' and '-'"
"""The providers' rule (OpenAI, Anthropic), which most frameworks pass on."""
_GEMINI = r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"
_GEMINI_TEXT = "1-64 characters from a-z, A-Z, 0-9, '_', '.', ':' and '-', starting with a letter or '_'"

NAME_RULES: Mapping[str, tuple[str, str]] = {
    "openai": (_PROVIDER, _PROVIDER_TEXT),
    "anthropic": (_PROVIDER, _PROVIDER_TEXT),
    "gemini": (_GEMINI, _GEMINI_TEXT),
    "mcp": (r"^[A-Za-z0-9_.-]{1,128}$", "1-128 characters from A-Z, a-z, 0-9, '_', '.' and '-'"),
    "llamaindex": (_PROVIDER, "characters LlamaIndex does not rewrite: a-z, A-Z, 0-9, '_', '-'"),
    "langchain": (_PROVIDER, f"{_PROVIDER_TEXT} (provider rules)"),
    "pydantic-ai": (_PROVIDER, f"{_PROVIDER_TEXT} (provider rules)"),
    "openai-agents": (_PROVIDER, _PROVIDER_TEXT),
    "haystack": (_PROVIDER, f"{_PROVIDER_TEXT} (provider rules)"),
    "dspy": (_PROVIDER, f"{_PROVIDER_TEXT} (provider rules)"),
    "google-adk": (_GEMINI, f"{_GEMINI_TEXT} (Gemini)"),
    "genkit": (_PROVIDER, f"{_PROVIDER_TEXT} (Genkit reads '/' and ':' as namespaces)"),
    "smolagents": (
        r"^(?!(?:False|None|True|and|as|assert|async|await|break|class|continue|def|del|elif|else|except"
        r"|finally|for|from|global|if|import|in|is|lambda|nonlocal|not|or|pass|raise|return|try|while|with"
        r"|yield)$)[A-Za-z_][A-Za-z0-9_]{0,63}$",
        "a Python identifier (not a keyword) of 1-64 characters from a-z, A-Z, 0-9 and '_'",
    ),
    "crewai": (
        r"^(?=.{1,64}$)[a-z0-9]+(?:_[a-z0-9]+)*$",
        "characters CrewAI does not rewrite: 1-64 of a-z, 0-9 and single '_' between them",
    ),
}

Rename = str | Mapping[str, str] | Callable[[str], str] | None
"""A caller-given rename: the new name, a mapping old -> new, or a function of the old name."""

_compiled: dict[str, re.Pattern[str]] = {}
"""Each rule's pattern, compiled by its first check (an adapter uses one or two rules)."""


def _pattern(rule: str) -> re.Pattern[str]:
    pattern = _compiled.get(rule)
    if pattern is None:
        pattern = _compiled[rule] = re.compile(NAME_RULES[rule][0])
    return pattern


def check_name(name: str, rule: str) -> str:
    """Return `name` if it follows `rule` (a key of `NAME_RULES`), else raise `ToolNameError`."""
    if not isinstance(name, str) or not _pattern(rule).fullmatch(name):  # `$` alone lets "x\n" through
        raise ToolNameError(
            f"tool name {name!r} is not valid for {rule}: it must be {NAME_RULES[rule][1]}; "
            f"pass name= (or rename=) to convert it under another name"
        )
    return name


def resolve_name(name: str, rule: str, rename: Rename = None) -> str:
    """Apply a caller-given rename, then check the result against `rule`."""
    if isinstance(rename, str):
        new = rename
    elif isinstance(rename, Mapping):
        new = rename.get(name, name)
    elif rename is not None:
        new = rename(name)
    else:
        new = name
    return check_name(new, rule)


def check_unique_names(names: Iterable[str], target: str) -> None:
    """Raise `ToolNameError` when two converted tools share a name (`target` looks tools up by
    name and would silently keep only one of them)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ToolNameError(
                f"two tools are named {name!r} for {target}: pass rename= to give them distinct names"
            )
        seen.add(name)
