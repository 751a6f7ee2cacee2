"""A model's arguments before validation: JSON text parsed, a framework's positional call read,
a native function's keyword names, and the names a native tool must not be given."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from ._errors import ArgumentsNotJSON, StandardToolValidationError
from ._protocols import Issue

__all__ = [
    "UNEXPECTED_ARGUMENT",
    "call_arguments",
    "check_argument_names",
    "keyword_parameters",
    "parse_arguments",
]

_decode = json.JSONDecoder().decode


def call_arguments(
    args: tuple[Any, ...], kwargs: dict[str, Any], names: Collection[str], tool_name: str
) -> Any:
    """The arguments of a framework call that may pass them positionally (LlamaIndex, smolagents):
    the keyword arguments; or one positional value: a mapping is the arguments, a tool with one
    argument (`names`) takes the value as it, any other value goes on as it is (the pipeline
    parses JSON text or refuses it, naming the tool). More positional values are refused."""
    if not args:
        return kwargs
    if len(args) == 1 and not kwargs:
        value = args[0]
        if isinstance(value, Mapping):
            return value if type(value) is dict else dict(value)
        if len(names) == 1:  # the frameworks' single-argument calling convention
            return {next(iter(names)): value}
        return value
    raise TypeError(
        f"tool {tool_name!r} takes keyword arguments (or one mapping), got {len(args)} positional"
    )


UNEXPECTED_ARGUMENT = "unexpected argument (not a parameter of this tool)"


def keyword_parameters(fn: Any) -> frozenset[str] | None:
    """The argument names a native function takes by keyword; None when it takes any (a
    `**kwargs` parameter) or has no signature to read."""
    import inspect  # lazy: only the from-paths of adapters that call native functions ask

    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return frozenset(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def check_argument_names(
    arguments: Mapping[str, Any],
    tool_name: str,
    *,
    accepted: Collection[str] | None,
    refused: Mapping[str, str] | None = None,
) -> None:
    """Refuse, before a native tool runs, the arguments it must not be given: each name in
    `refused` (with its reason: "filled from the agent state, not by the model"), then each name
    not in `accepted` (None: any name). One `StandardToolValidationError` names them all, so the
    model can correct the call; the native function is never called with them."""
    refused = refused or {}
    issues = [Issue(refused[k], (k,)) for k in arguments if k in refused]
    if accepted is not None:
        issues += [
            Issue(UNEXPECTED_ARGUMENT, (k,)) for k in arguments if k not in accepted and k not in refused
        ]
    if issues:
        raise StandardToolValidationError("input", issues, tool_name=tool_name)


def parse_arguments(raw: str | bytes | bytearray | None, tool_name: str) -> Any:
    """The arguments a model sent as JSON text, parsed (`{}` for none or blank text).

    Raises `ArgumentsNotJSON` for text that does not parse, including nesting too deep for the
    parser (a `RecursionError`, which must not crash an agent loop).
    """
    if raw is None:
        return {}
    try:
        if type(raw) is str and not raw.startswith("\ufeff"):
            return _decode(raw)  # what `json.loads` does with such a text, one call less
        return json.loads(raw)
    except (ValueError, RecursionError) as e:
        if not raw.strip():  # blank text never parses: asked only then (no copy of every text)
            return {}
        raise ArgumentsNotJSON(str(e)[:200], tool_name=tool_name) from None
