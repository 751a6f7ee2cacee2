"""What reaches a model: results encoded, errors described. Never a `repr`. (A model's arguments
before validation: `interop._arguments`.)

Results:
- `str` is sent as it is; `Image`/`Audio`/`File` (and `bytes`, as a `File`) are content; a list
  mixing `str` and content values is content parts; everything else is JSON text.
- JSON: pydantic's encoder (models, dataclasses, datetimes, UUIDs, enums, sets, msgspec Structs);
  bytes nested inside data are standard base64 (RFC 4648 section 4, `+/` and `=` padding: what
  `base64.b64decode` reads; pydantic's encoder writes the URL-safe alphabet, so they are encoded
  here first); `NaN` and `Infinity` become `null` (JSON has neither). A pydantic model's (or
  pydantic dataclass's) own fields follow its own `ser_json_bytes` setting.
- A value the encoder cannot express is an output error naming the tool and the type (use
  `with_model_output` to decide what the model sees instead).
- Iterators and generators are read once, into a list, before anything else sees them.
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Iterable, Iterator, Sequence
from types import ModuleType
from typing import Any

from ._content import Audio, File, Image, Omit, placeholder
from ._errors import (
    ApprovalDeniedError,
    ArgumentsNotJSON,
    StandardToolValidationError,
    ToolError,
    exception_summary,
    exception_text,
)
from ._jsoncopy import copy_value
from ._protocols import Issue, issues_message

_pydantic_core: ModuleType | None = None


def _core() -> ModuleType:
    """pydantic-core, imported by the first result encoded: a framework without pydantic (smolagents)
    does not pay for it at `import interop.<adapter>`."""
    global _pydantic_core
    if _pydantic_core is None:
        import pydantic_core

        _pydantic_core = pydantic_core
    return _pydantic_core


__all__ = [
    "OMITTED_TEXT",
    "Part",
    "ResultNotJSON",
    "ToolResultText",
    "describe_error",
    "is_model_facing_error",
    "materialize",
    "model_parts",
    "parts_text",
    "to_json_text",
    "to_jsonable",
]

Part = str | Image | Audio | File
"""One piece of what a model sees: text or a content value."""

OMITTED_TEXT = "The tool call succeeded (its output is not shown)."
"""What a model is told for a result its tool chose to `OMIT`."""


class ToolResultText(str):
    """What a converted tool returns where the framework takes text (CrewAI, AutoGen, Semantic
    Kernel): the text the model reads, with the structured `value` (what the application gets) and
    the model `parts` (text and content values) attached."""

    __slots__ = ("parts", "value")
    value: Any
    parts: tuple[Any, ...]

    def __new__(cls, text: str, value: Any = None, parts: tuple[Any, ...] = ()) -> ToolResultText:
        out = str.__new__(cls, text)
        out.value = value
        out.parts = parts
        return out

    def __reduce__(self) -> Any:  # copies and pickles keep the value
        return (type(self), (str(self), self.value, self.parts))

    def __deepcopy__(self, memo: dict[int, Any]) -> ToolResultText:
        """A snapshot (Semantic Kernel takes one of every result): the text and its parts are
        immutable, the value is copied."""
        return type(self)(str(self), copy_value(self.value, memo), self.parts)


class ResultNotJSON(StandardToolValidationError):
    """A result that cannot be sent as JSON (an output error): it holds a value of a type the
    encoder does not know (`type_name`), or the encoder refused it as a whole (`reason`: it refers
    to itself, or nests deeper than the encoder goes)."""

    def __init__(
        self, type_name: str | None = None, *, tool_name: str | None = None, reason: str | None = None
    ) -> None:
        what = (
            f"contains a value of type {type_name!r}, which cannot be sent as JSON"
            if type_name is not None
            else f"cannot be sent as JSON: {reason or 'the encoder refused it'}"
        )
        super().__init__(
            "output",
            [
                Issue(
                    f"the result {what} (return JSON data, a pydantic model or a dataclass, or use with_model_output)"
                )
            ],
            tool_name=tool_name,
        )


class _Unencodable(TypeError):
    pass


def _fallback(value: Any) -> Any:
    """For types pydantic cannot serialize: msgspec Structs by their wire form; else an error."""
    msgspec = sys.modules.get("msgspec")
    if msgspec is not None and isinstance(value, msgspec.Struct):
        try:
            return msgspec.to_builtins(value)
        except (TypeError, ValueError):
            return {f: getattr(value, f) for f in value.__struct_fields__}
    if isinstance(value, Iterator):  # nested generators: read once
        return list(value)
    raise _Unencodable(f"{type(value).__module__}.{type(value).__qualname__}")


def _not_json(e: ValueError, tool_name: str | None) -> ResultNotJSON:
    text = str(e)
    marker = "_Unencodable: "  # `_fallback`'s: a type the encoder does not know
    if marker in text:
        type_name = text.split(marker, 1)[1].strip()
        return ResultNotJSON(type_name.strip("<>").removeprefix("class ").strip("'"), tool_name=tool_name)
    # the encoder's own refusal of the whole value: a circular reference, too deep a nesting
    reason = text.rsplit(": ", 1)[-1].strip().rstrip(".")  # "error serializing to JSON: ValueError: <why>"
    return ResultNotJSON(tool_name=tool_name, reason=reason[:1].lower() + reason[1:])


_LEAVES = frozenset({str, int, float, bool, type(None)})
_STR = frozenset({str})
_MAX_DEPTH = 256
"""Deeper than pydantic's encoder goes (it refuses a value nested 255 levels deep)."""


def _b64(data: bytes | bytearray) -> str:
    return base64.b64encode(data).decode("ascii")


def _key_repr(key: Any) -> str:
    try:
        text = repr(key)
    except Exception:
        text = f"<{type(key).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _json_keys(value: dict[Any, Any], tool_name: str | None) -> dict[Any, Any]:
    """A dict with keys other than strings, keyed as JSON keys them (bytes as standard base64);
    refused when two keys would be the same JSON key (`{1: ..., "1": ...}`: the model would get
    a JSON object with a duplicate key, which most parsers read as the last one alone)."""
    core = _pydantic_core or _core()
    names: list[Any] = []
    for key in value:
        if type(key) is str:
            names.append(key)
        elif isinstance(key, (bytes, bytearray)):
            names.append(_b64(key))
        else:
            try:
                names.extend(core.to_jsonable_python({key: None}, fallback=_fallback, inf_nan_mode="null"))
            except (ValueError, _Unencodable):
                return value  # the encoder refuses the key itself, saying why
    if len(set(names)) < len(names):
        seen: dict[Any, Any] = {}
        for key, name in zip(value, names, strict=True):
            if name in seen:
                raise ResultNotJSON(
                    tool_name=tool_name,
                    reason=f"two of its keys, {_key_repr(seen[name])} and {_key_repr(key)}, are the same "
                    f"JSON key {_key_repr(name)}",
                )
            seen[name] = key
    return dict(zip(names, value.values(), strict=True))


def _prepared(value: Any, tool_name: str | None, depth: int = 0, path: set[int] | None = None) -> Any:
    """`value` as the encoder must see it: the bytes nested in it (in dicts, lists, tuples, sets and
    plain dataclasses) as standard base64 text, dict keys checked (see `_json_keys`); the very same
    object when nothing changes (nothing copied). A value nested too deep, or inside itself
    (`path`: the containers being walked), is left to the encoder, which refuses it saying why."""
    cls = type(value)
    if cls is dict:
        original = value
        if not _STR.issuperset(map(type, value)):  # keys other than text (rare): a scan in C
            value = _json_keys(value, tool_name)
        if _LEAVES.issuperset(map(type, value.values())):  # flat (most results): a scan in C
            return value
    elif cls is list or cls is tuple:
        if _LEAVES.issuperset(map(type, value)):
            return value
    elif cls in _LEAVES:
        return value
    elif isinstance(value, (bytes, bytearray)):
        return _b64(value)
    if depth >= _MAX_DEPTH:
        return value
    path = set() if path is None else path
    if id(value) in path:
        return value
    path.add(id(value))
    try:
        if cls is dict or cls is list or cls is tuple:  # changed items go to a copy, made once
            copy: Any = None
            if cls is dict:
                pairs: Iterable[tuple[Any, Any]] = value.items()
                if value is not original:  # (keys renamed above: already a copy)
                    copy = value
            else:
                pairs = enumerate(value)
            for key, item in pairs:
                kind = type(item)
                if kind in _LEAVES or (kind is list and _LEAVES.issuperset(map(type, item))):
                    continue
                new = _prepared(item, tool_name, depth + 1, path)
                if new is not item:
                    if copy is None:
                        copy = dict(value) if cls is dict else list(value)
                    copy[key] = new
            return value if copy is None else copy
        plain: Any = None  # the value as the encoder writes it: a dict or a list
        if isinstance(value, dict):
            plain = dict(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            plain = list(value)
        elif hasattr(cls, "__dataclass_fields__") and not hasattr(cls, "__pydantic_serializer__"):
            import dataclasses  # (a pydantic dataclass follows its own config, as a model does)

            plain = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        if plain is None:
            return value
        new = _prepared(plain, tool_name, depth, path)
        return value if new is plain else new
    finally:
        path.discard(id(value))


def to_jsonable(value: Any, *, tool_name: str | None = None) -> Any:
    """`value` as plain JSON data (see the module doc for the rules); raises `ResultNotJSON`."""
    core = _pydantic_core or _core()
    if type(value) is not str:
        value = _prepared(value, tool_name)
    try:
        return core.to_jsonable_python(  # type: ignore[no-any-return]
            value, fallback=_fallback, inf_nan_mode="null", bytes_mode="base64"
        )
    # (`to_json` wraps both failures in a PydanticSerializationError; here `_fallback`'s error comes
    # through as it is, and a circular or too deep value raises a plain ValueError)
    except _Unencodable as e:
        raise ResultNotJSON(str(e), tool_name=tool_name) from None
    except ValueError as e:
        raise _not_json(e, tool_name) from None


def to_json_text(value: Any, *, tool_name: str | None = None) -> str:
    """A string as it is, anything else as compact JSON; raises `ResultNotJSON`."""
    if isinstance(value, str):
        return value
    core = _pydantic_core or _core()
    value = _prepared(value, tool_name)
    try:
        return core.to_json(  # type: ignore[no-any-return]
            value, fallback=_fallback, inf_nan_mode="null", bytes_mode="base64"
        ).decode()
    except core.PydanticSerializationError as e:
        raise _not_json(e, tool_name) from None


def materialize(value: Any) -> Any:
    """An iterator or generator read once into a list (anything else unchanged)."""
    if isinstance(value, Iterator) and not isinstance(value, (str, bytes, dict, list, tuple)):
        return list(value)
    return value


def _as_part(value: Any) -> Part | None:
    if isinstance(value, (str, Image, Audio, File)):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return File(bytes(value), "application/octet-stream")
    return None


_JSON_ONLY = frozenset({int, float, bool, dict, type(None)})
_SMALL = 2**63


def model_parts(value: Any, *, tool_name: str | None = None) -> tuple[Part, ...]:
    """What a model sees for a result (or a `with_model_output` answer), as parts.

    Text stays text; content values (and bytes) are content; a list or tuple of text and content
    is those parts; `OMIT` is a short success sentence; anything else is one JSON text part.
    """
    cls = type(value)
    if cls is str:
        return (value,)
    if cls is int and -_SMALL < value < _SMALL:
        return (str(value),)  # the encoder's text for it, without the encoder's call
    if cls in _JSON_ONLY:
        return (to_json_text(value, tool_name=tool_name),)
    if isinstance(value, Omit):
        return (OMITTED_TEXT,)
    single = _as_part(value)
    if single is not None:
        return (single,)
    if isinstance(value, (list, tuple)) and value:
        parts = [_as_part(v) for v in value]
        if all(p is not None for p in parts) and any(not isinstance(p, str) for p in parts):
            return tuple(p for p in parts if p is not None)
    return (to_json_text(value, tool_name=tool_name),)


def parts_text(parts: Sequence[Part]) -> str:
    """The parts as one text: content values as short placeholders (never their data)."""
    return "\n".join(p if isinstance(p, str) else placeholder(p) for p in parts)


def is_model_facing_error(exc: BaseException) -> bool:
    """Errors the model can act on: bad arguments, bad output, `ToolError` (denials included)."""
    return isinstance(exc, (ToolError, StandardToolValidationError))


def describe_error(exc: BaseException, tool_name: str) -> str:
    """The message a model gets for a failed call: names the tool and, for bad input, the fields."""
    if isinstance(exc, ArgumentsNotJSON):
        return (
            f"Invalid JSON arguments for tool {tool_name!r}: the text is not valid JSON ({exc.detail}). "
            "Send the arguments as one JSON object and call the tool again."
        )
    if isinstance(exc, StandardToolValidationError):
        issues = issues_message(exc.issues) if exc.issues else "invalid"
        if exc.target == "input":
            return f"Invalid arguments for tool {tool_name!r}: {issues}. Fix the arguments and call the tool again."
        return f"Tool {tool_name!r} produced an invalid result: {issues}."
    if isinstance(exc, ApprovalDeniedError):
        detail = f": {exc.reason}" if exc.reason else ""
        return f"The call to tool {tool_name!r} was not approved{detail}. It did not run."
    if isinstance(exc, ToolError):
        return f"Error from tool {tool_name!r}: {exception_text(exc)}"
    return f"Error from tool {tool_name!r}: {exception_summary(exc)}"
