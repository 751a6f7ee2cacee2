"""Docstring parsing for `@tool`: the description and per-parameter docs (Google, NumPy, Sphinx).

Importing this module costs next to nothing: the patterns are compiled on the first parse.
"""

from __future__ import annotations

import functools
import inspect
import re

__all__ = ["ParsedDocstring", "parse_docstring"]

_GOOGLE_SECTION = (
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters|Returns?|Yields?|"
    r"Raises|Exceptions?|Examples?|Notes?|Attributes|See Also|Warnings?|Todo|References|Methods)\s*:\s*$"
)
_GOOGLE_PARAM_SECTIONS = {
    "args",
    "arguments",
    "parameters",
    "params",
    "keyword args",
    "keyword arguments",
    "other parameters",
}
_GOOGLE_PARAM = r"^\*{0,2}(\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$"
_NUMPY_UNDERLINE = r"^\s*-{3,}\s*$"
_NUMPY_PARAM = r"^\*{0,2}(\w+)(?:\s*,\s*\*{0,2}\w+)*\s*(?::\s*(.*))?$"
_SPHINX_FIELD = r"^:(\w+)(?:\s+([^:]*?))?:\s*(.*)$"
_BLANK_RUNS = r"\n{3,}"


@functools.cache
def _rx(pattern: str) -> re.Pattern[str]:
    """`pattern` compiled, once, on first use."""
    return re.compile(pattern)


class ParsedDocstring:
    """What `@tool` reads from a docstring."""

    __slots__ = ("description", "params", "returns")

    def __init__(
        self, description: str = "", params: dict[str, str] | None = None, returns: str | None = None
    ) -> None:
        self.description = description
        self.params: dict[str, str] = {} if params is None else params
        self.returns = returns

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParsedDocstring):
            return NotImplemented
        return (self.description, self.params, self.returns) == (
            other.description,
            other.params,
            other.returns,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaces

    def __repr__(self) -> str:
        return f"ParsedDocstring(description={self.description!r}, params={self.params!r}, returns={self.returns!r})"


def parse_docstring(doc: str | None) -> ParsedDocstring:
    """Split a docstring into description, parameter docs and return doc (any of the three styles)."""
    if not doc:
        return ParsedDocstring()
    lines = inspect.cleandoc(doc).splitlines()
    if any(_rx(_SPHINX_FIELD).match(line.strip()) for line in lines):
        return _sphinx(lines)
    if any(_rx(_NUMPY_UNDERLINE).match(lines[i + 1]) and lines[i].strip() for i in range(len(lines) - 1)):
        return _numpy(lines)
    return _google(lines)


def _join(parts: list[str]) -> str:
    text = "\n".join(parts).strip()
    return _rx(_BLANK_RUNS).sub("\n\n", text)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _collect(entries: list[str]) -> str:
    return " ".join(e.strip() for e in entries if e.strip())


def _google(lines: list[str]) -> ParsedDocstring:
    out = ParsedDocstring()
    desc: list[str] = []
    i = 0
    while i < len(lines):
        m = _rx(_GOOGLE_SECTION).match(lines[i].strip())
        if not m or _indent(lines[i]) != 0:
            desc.append(lines[i])
            i += 1
            continue
        section = m.group(1).lower()
        i += 1
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > 0):
            body.append(lines[i])
            i += 1
        if section in _GOOGLE_PARAM_SECTIONS:
            _google_params(body, out.params)
        elif section in ("returns", "return", "yields", "yield"):
            out.returns = _collect(body) or None
    out.description = _join(desc)
    return out


def _google_params(body: list[str], params: dict[str, str]) -> None:
    nonblank = [line for line in body if line.strip()]
    if not nonblank:
        return
    base = min(_indent(line) for line in nonblank)
    name: str | None = None
    parts: list[str] = []
    for line in body:
        if line.strip() and _indent(line) == base:
            m = _rx(_GOOGLE_PARAM).match(line.strip())
            if name is not None:
                params[name] = _collect(parts)
            name, parts = (m.group(1), [m.group(3)]) if m else (None, [])
        elif name is not None:
            parts.append(line)
    if name is not None:
        params[name] = _collect(parts)


def _numpy(lines: list[str]) -> ParsedDocstring:
    out = ParsedDocstring()
    desc: list[str] = []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and lines[i].strip() and _rx(_NUMPY_UNDERLINE).match(lines[i + 1]):
            section = lines[i].strip().lower()
            i += 2
            body: list[str] = []
            while i < len(lines) and not (
                i + 1 < len(lines) and lines[i].strip() and _rx(_NUMPY_UNDERLINE).match(lines[i + 1])
            ):
                body.append(lines[i])
                i += 1
            if section in ("parameters", "other parameters", "keyword arguments"):
                name: str | None = None
                parts: list[str] = []
                for line in body:
                    if line.strip() and _indent(line) == 0:
                        if name is not None:
                            out.params[name] = _collect(parts)
                        m = _rx(_NUMPY_PARAM).match(line.strip())
                        name, parts = (m.group(1), []) if m else (None, [])
                    elif name is not None:
                        parts.append(line)
                if name is not None:
                    out.params[name] = _collect(parts)
            elif section in ("returns", "yields"):
                out.returns = _collect([b for b in body if _indent(b) > 0]) or _collect(body) or None
            continue
        desc.append(lines[i])
        i += 1
    out.description = _join(desc)
    return out


def _sphinx(lines: list[str]) -> ParsedDocstring:
    out = ParsedDocstring()
    desc: list[str] = []
    current: tuple[str, str | None] | None = None
    parts: list[str] = []

    def flush() -> None:
        if current is None:
            return
        kind, arg = current
        text = _collect(parts)
        if kind in ("param", "parameter", "arg", "argument", "key", "keyword") and arg:
            out.params[arg.split()[-1]] = text
        elif kind in ("returns", "return"):
            out.returns = text or None

    for line in lines:
        m = _rx(_SPHINX_FIELD).match(line.strip())
        if m:
            flush()
            current, parts = (m.group(1), m.group(2)), [m.group(3)]
        elif current is not None and (not line.strip() or _indent(line) > 0):
            parts.append(line)
        else:
            flush()
            current = None
            desc.append(line)
    flush()
    out.description = _join(desc)
    return out
