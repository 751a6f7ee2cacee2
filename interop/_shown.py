"""What a human is shown to decide on (an approval prompt): a call's arguments, complete and escaped.

A person approving a call must see what will run: every argument, never cut (an argument cut at a
length can hide its dangerous end), and every character that can hide or reorder text written as
an escape: controls (terminal escape sequences), bidirectional and other format characters
(`U+202E` shows `gpj.exe` as `exe.jpg`), zero-width and tag characters, line and paragraph
separators, spaces other than the plain space, private-use, surrogate and unassigned code points.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from ._results import to_jsonable

__all__ = ["escaped_json", "escaped_text"]


def _escape(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _hidden(char: str) -> bool:
    if char.isascii():
        return char == "\x7f" or char < " "
    return unicodedata.category(char)[0] in "CZ"  # Cc Cf Cs Co Cn, Zs Zl Zp


def escaped_text(text: str) -> str:
    """`text` (a title, a name: one line) with each character that can hide or reorder what a
    reader sees as a `\\uXXXX` escape (see the module doc), newlines included."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(_escape(c) if _hidden(c) else c for c in text)


def escaped_json(value: Any, *, indent: int | None = None) -> str:
    """`value` as JSON text for a human: complete (never cut), keys sorted, readable characters as
    they are and the others (see the module doc) as JSON `\\u` escapes, so it stays valid JSON."""
    text = json.dumps(to_jsonable(value), ensure_ascii=False, sort_keys=True, indent=indent)
    if text.isascii() and "\x7f" not in text:  # JSON already escapes the other ASCII controls
        return text
    return "".join(_escape(c) if c != "\n" and _hidden(c) else c for c in text)
