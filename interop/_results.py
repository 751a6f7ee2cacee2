"""What adapters send back to a model: results as JSON text, errors as correctable messages."""

from __future__ import annotations

import json
import sys
from typing import Any

import pydantic_core

from ._errors import StandardToolValidationError, ToolError

__all__ = [
    "ArgumentsNotJSON",
    "describe_error",
    "is_model_facing_error",
    "parse_arguments",
    "to_json_text",
    "to_jsonable",
]


def _fallback(value: Any) -> Any:
    """For types pydantic cannot serialize: msgspec Structs by their wire form, else `str`."""
    msgspec = sys.modules.get("msgspec")
    if msgspec is not None and isinstance(value, msgspec.Struct):
        try:
            return msgspec.to_builtins(value)
        except (TypeError, ValueError):
            return {f: getattr(value, f) for f in value.__struct_fields__}
    return str(value)


def to_jsonable(value: Any) -> Any:
    """`value` as plain JSON data (models, dataclasses, msgspec Structs, datetimes, UUIDs, sets...)."""
    return pydantic_core.to_jsonable_python(value, fallback=_fallback)


def to_json_text(value: Any) -> str:
    """The text a model sees for a result: a string as is, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    return pydantic_core.to_json(value, fallback=_fallback).decode()


def is_model_facing_error(exc: BaseException) -> bool:
    """Errors the model can act on: bad arguments and `ToolError`. Others follow the framework."""
    return isinstance(exc, (ToolError, StandardToolValidationError))


def describe_error(exc: BaseException, tool_name: str) -> str:
    """The message a model gets for a failed call: names the tool and, for bad input, the fields."""
    if isinstance(exc, StandardToolValidationError):
        issues = str(exc).split(": ", 1)[1] if ": " in str(exc) else str(exc)
        if exc.target == "input":
            return f"Invalid arguments for tool {tool_name!r}: {issues}. Fix the arguments and call the tool again."
        return f"Tool {tool_name!r} produced an invalid result: {issues}."
    if isinstance(exc, ToolError):
        return f"Error from tool {tool_name!r}: {exc}"
    return f"Error from tool {tool_name!r}: {type(exc).__name__}: {exc}"


class ArgumentsNotJSON(ValueError):
    """The model's argument text is not JSON; the message is written for the model."""


def parse_arguments(raw: str | bytes | None, tool_name: str) -> Any:
    """The arguments a model sent as JSON text, parsed (`{}` for none or blank text).

    Raises `ArgumentsNotJSON` with a correctable message for text that does not parse, including
    nesting too deep for the parser (a `RecursionError`, which must not crash an agent loop).
    """
    if raw is None or not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as e:
        raise ArgumentsNotJSON(
            f"Invalid JSON arguments for tool {tool_name!r}: the text is not valid JSON ({e}). "
            "Send the arguments as one JSON object and call the tool again."
        ) from None
