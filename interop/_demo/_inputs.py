"""Arguments for `interop demo MODULE`: a valid input per tool and one deliberately bad one.

A valid input comes from the tool's own examples (`meta["input_examples"]`, the schema's
`examples`) when it has some, else it is built from the input JSON Schema (defaults, enums,
bounds, lengths, formats and simple patterns are honoured). Every candidate is checked with the
tool's own input schema, so the demo never calls a tool with arguments it would reject by
accident; a tool for which nothing valid can be built is left out with a note.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from interop._docs import deref
from interop._protocols import Failure, StandardToolV0
from interop._tool import input_json_schema

from ._script import Call, Scenario

__all__ = ["bad_input", "example_input", "is_valid", "module_scenario"]

_FORMATS = {
    "date": "2024-05-17",
    "date-time": "2024-05-17T12:00:00Z",
    "time": "12:00:00",
    "duration": "P1D",
    "email": "ann@example.com",
    "idn-email": "ann@example.com",
    "uri": "https://example.com/",
    "iri": "https://example.com/",
    "uri-reference": "https://example.com/",
    "url": "https://example.com/",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uuid": "12345678-1234-4321-8765-123456789012",
}
_STRINGS = ("example", "EXAMPLE", "ABC", "abc", "Example-1", "a1", "1", "A", "a", "x-1", "2024-05-17")
_MAX_DEPTH = 8


def is_valid(tool: StandardToolV0[Any, Any, Any], value: Any) -> bool:
    """Whether the tool's input schema accepts `value` (a tool without one accepts anything)."""
    schema = tool.input_schema
    if schema is None:
        return True
    try:
        return not isinstance(schema.__standard_schema__.validate(value), Failure)
    except Exception:
        return False


class _Unbuildable(Exception):
    pass


_HINT = re.compile(r"""(?:e\.g\.|for example|such as)[:,]?\s*["'`]?([^"'`,;()]+?)["'`]?(?:[,;.()]|\s*$)""")


def _hints(description: Any) -> list[str]:
    """Example values a description gives: `City name, e.g. "Paris".` -> ["Paris"]."""
    if not isinstance(description, str):
        return []
    return [m.strip() for m in _HINT.findall(description) if m.strip()]


def _string(node: Mapping[str, Any]) -> str:
    lo = int(node.get("minLength", 0))
    hi = node.get("maxLength")
    pattern = node.get("pattern")
    candidates = [_FORMATS[node["format"]]] if node.get("format") in _FORMATS else []
    candidates += _hints(node.get("description")) + list(_STRINGS)
    for text in candidates:
        if len(text) < lo:
            text = (text * (lo // max(len(text), 1) + 1))[: max(lo, len(text))]
        if hi is not None and len(text) > int(hi):
            text = text[: int(hi)]
        if len(text) < lo:
            continue
        if isinstance(pattern, str):
            try:
                if re.search(pattern, text) is None:
                    continue
            except re.error:
                raise _Unbuildable from None
        return text
    raise _Unbuildable


def _bound(node: Mapping[str, Any], key: str) -> float | None:
    value = node.get(key)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _number(node: Mapping[str, Any], integer: bool) -> int | float:
    """1 when allowed, else the nearest value inside the bounds (a multiple of `multipleOf`)."""
    lo, xlo = _bound(node, "minimum"), _bound(node, "exclusiveMinimum")
    hi, xhi = _bound(node, "maximum"), _bound(node, "exclusiveMaximum")
    step = _bound(node, "multipleOf")

    def fits(v: float) -> bool:
        return (
            (lo is None or v >= lo)
            and (xlo is None or v > xlo)
            and (hi is None or v <= hi)
            and (xhi is None or v < xhi)
            and (not step or math.isclose(v / step, round(v / step)))
        )

    low = max([b for b in (lo, xlo) if b is not None], default=None)
    high = min([b for b in (hi, xhi) if b is not None], default=None)
    candidates: list[float] = [1]
    if low is not None and high is not None:
        candidates.append((low + high) / 2)
    candidates += [b + d for b in (low, high) if b is not None for d in (0, 1, -1)]
    if step:
        candidates = [math.ceil(c / step) * step for c in candidates] + [
            math.floor(c / step) * step for c in candidates
        ]
    if integer:
        candidates = [float(math.ceil(c)) for c in candidates] + [float(math.floor(c)) for c in candidates]
    for value in candidates:
        if fits(value):
            return int(value) if integer else float(value)
    raise _Unbuildable


def _build(node: Any, root: Mapping[str, Any], depth: int = 0) -> Any:
    if depth > _MAX_DEPTH or not isinstance(node, Mapping):
        raise _Unbuildable
    node = deref(node, root)
    for key in ("const", "default"):
        if key in node:
            return node[key]
    for key in ("enum", "examples"):
        if node.get(key):
            return node[key][0]
    for key in ("anyOf", "oneOf"):
        if key in node:
            branches = sorted(node[key], key=lambda b: isinstance(b, Mapping) and b.get("type") == "null")
            for branch in branches:
                try:
                    return _build(branch, root, depth + 1)
                except _Unbuildable:
                    continue
            raise _Unbuildable
    if "allOf" in node and len(node["allOf"]) == 1:
        return _build(node["allOf"][0], root, depth + 1)
    types = node.get("type")
    kind = types[0] if isinstance(types, list) and types else types
    if kind is None and ("properties" in node or "required" in node):
        kind = "object"
    if kind == "object":
        props: Mapping[str, Any] = node.get("properties") or {}
        return {name: _build(props.get(name, {}), root, depth + 1) for name in node.get("required") or []}
    if kind == "array":
        count = max(int(node.get("minItems", 1)), 1)
        if node.get("maxItems") is not None:
            count = min(count, int(node["maxItems"]))
        prefix = list(node.get("prefixItems") or [])
        items = node.get("items", {})
        out = [_build(s, root, depth + 1) for s in prefix[:count]]
        out += [_build(items, root, depth + 1) for _ in range(count - len(out))]
        return out
    if kind == "string":
        return _string(node)
    if kind in ("integer", "number"):
        return _number(node, kind == "integer")
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    raise _Unbuildable  # `{}` (anything): there is no telling what the function expects


def example_input(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any] | None:
    """A valid input for `tool` (its own examples first), or None when none can be found."""
    schema = input_json_schema(tool)
    candidates: list[Any] = list(tool.meta.get("input_examples") or [])
    candidates += list(schema.get("examples") or [])
    try:
        candidates.append(_build(schema, schema))
    except (_Unbuildable, TypeError, ValueError):
        pass
    for candidate in candidates:
        if isinstance(candidate, dict) and is_valid(tool, candidate):
            return candidate
    return None


# What a model typically gets wrong, by the type it should have sent.
_WRONG_BY_TYPE: dict[type, tuple[Any, ...]] = {
    int: ("ten",),
    float: ("ten",),
    str: (42,),
    bool: ("maybe",),
    list: ("one item",),
    dict: ("a text instead of an object",),
}
_WRONG_VALUES: tuple[Any, ...] = ("not a valid value", 42, {"unexpected": True}, [], None)


def bad_input(tool: StandardToolV0[Any, Any, Any], good: Mapping[str, Any]) -> dict[str, Any] | None:
    """`good` with one argument made invalid (a wrong value, else left out), or None if the tool takes anything."""
    for name, value in good.items():
        for wrong in (*_WRONG_BY_TYPE.get(type(value), ()), *_WRONG_VALUES):
            candidate = {**good, name: wrong}
            if not is_valid(tool, candidate):
                return candidate
    required = input_json_schema(tool).get("required") or []
    for name in required:
        candidate = {k: v for k, v in good.items() if k != name}
        if not is_valid(tool, candidate):
            return candidate
    return None


def _not_to_call(tool: StandardToolV0[Any, Any, Any]) -> str | None:
    """Why the demo must not call `tool` with made-up arguments, if it must not."""
    approval = tool.meta.get("requires_approval")
    if approval is True or callable(approval):
        return "it asks for approval"
    if tool.meta.get("destructive") is True:
        return "it is marked destructive"
    return None


def module_scenario(
    source: str, tools: Sequence[StandardToolV0[Any, Any, Any]], context: Any = None
) -> Scenario:
    """The demo over any module's tools: each tool called once with a valid input; the first tool
    that can be given a bad input gets one first, then the valid one (the model's correction).

    Tools that ask for approval or are marked destructive are converted but not called (the demo
    never approves on a human's behalf, nor deletes with made-up arguments); tools for which no
    valid input can be built are left out; each is noted.
    """
    calls: list[Call] = []
    notes: list[str] = []
    schema_tool: str | None = None
    for tool in tools:
        reason = _not_to_call(tool)
        if reason is not None:
            notes.append(f"{tool.name}: not called ({reason})")
            continue
        good = example_input(tool)
        if good is None:
            notes.append(
                f"{tool.name}: not called (no valid input could be built; give it meta input_examples)"
            )
            continue
        bad = bad_input(tool, good) if schema_tool is None else None
        if bad is not None:
            schema_tool = tool.name
            calls.append(Call(tool.name, bad, "bad call"))
            calls.append(Call(tool.name, good, "corrected"))
        else:
            calls.append(Call(tool.name, good))
    if not calls:
        raise ValueError(f"no tool in {source!r} could be called: " + "; ".join(notes))
    return Scenario(
        source=source,
        tools=list(tools),
        calls=tuple(calls),
        schema_tool=schema_tool or calls[0].tool,
        make_context=lambda: context,
        strict=False,
        notes=tuple(notes),
    )
