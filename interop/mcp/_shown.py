"""What the model sees of a consumed MCP tool's result: what a native client shows it.

The application gets the result's value (its `structuredContent` when present, else the decoded
content); the model gets the content blocks, through each framework's own content channel (the
`with_model_output` split: LangChain content + artifact, pydantic-ai `ToolReturn` content +
metadata, MCP content + `structuredContent` when served again):

- content blocks beside a `structuredContent` that hold more than text (an image, audio, a file, a
  link, with their captions) are what the model sees; the structured value stays the
  application's (text blocks alone beside it render it, often lossily: the model sees the value);
- text with resource links reaches the model as one text, each link a readable reference
  (`"<title>: <uri> (<media type>)"`), not a JSON array of strings;
- an embedded text resource (markdown, JSON, ...) reaches the model as its text, not as a base64
  file most models cannot read; images, audio and binary files stay content.

The split travels with the value: a dict, list or text value carries what the model sees (a
subclass equal to the plain value); a result whose value is a number, a boolean or null is shown
as that value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mcp.types as mt

from interop import Audio, File, Image
from interop.bridge import to_json_text

from ._result import block_value

__all__ = ["JoinedText", "carry", "model_view", "shown"]

_TEXT_MEDIA = ("application/json", "application/xml", "application/yaml", "application/x-yaml",
               "application/javascript", "application/toml")  # fmt: skip

Part = str | Image | Audio | File


def _is_text_media(media_type: str) -> bool:
    base = media_type.split(";", 1)[0].strip().lower()
    return base.startswith("text/") or base in _TEXT_MEDIA or base.endswith(("+json", "+xml"))


def _part(value: Any) -> Part:
    """One decoded block as the model sees it: embedded text as its text, the rest as it is."""
    if isinstance(value, File) and _is_text_media(value.media_type):
        try:
            return value.data.decode("utf-8")
        except UnicodeDecodeError:
            return value
    return value  # type: ignore[no-any-return]


def model_view(result: mt.CallToolResult) -> str | list[Part] | None:
    """What the model sees of a successful result, or None when that is the value itself."""
    content = result.content
    if not content:
        return None
    structured = result.structured_content
    if structured is not None and all(isinstance(b, mt.TextContent) for b in content):
        return None  # text beside a structured value renders it (often lossily): the value shows
    if structured is None and len(content) == 1 and isinstance(content[0], mt.TextContent):
        return None
    parts = [_part(block_value(block)) for block in content]
    texts = [p for p in parts if isinstance(p, str)]
    if len(texts) == len(parts):
        return JoinedText(texts)
    return parts


class JoinedText(str):
    """Text blocks (links, embedded texts) joined into one text for a model, keeping the blocks:
    served again through MCP they go out as they came."""

    parts: tuple[str, ...]

    def __new__(cls, parts: Sequence[str]) -> JoinedText:
        self = super().__new__(cls, "\n".join(parts))
        self.parts = tuple(parts)
        return self


class _ShownDict(dict):  # type: ignore[type-arg]
    """A dict value that carries what the model sees of it."""


class _ShownList(list):  # type: ignore[type-arg]
    """A list value that carries what the model sees of it."""


class _ShownStr(str):
    """A text value that carries what the model sees of it."""


def carry(value: Any, view: str | list[Part] | None) -> Any:
    """`value`, carrying `view` when there is one and the value can carry it."""
    if view is None or type(value) not in (dict, list, str):
        return value
    kinds: dict[type, type] = {dict: _ShownDict, list: _ShownList, str: _ShownStr}
    carrier: Any = kinds[type(value)](value)
    carrier._interop_shown = view
    return carrier


def shown(output: Any) -> Any:
    """`with_model_output`'s function for a consumed tool: the carried view, else what the model
    would see of the value anyway."""
    view = getattr(output, "_interop_shown", None)
    if view is not None:
        return view
    if isinstance(output, str):
        return output
    if isinstance(output, (Image, Audio, File)):  # one block: an embedded text shows as its text
        part = _part(output)
        return part if isinstance(part, str) else [part]
    if (
        isinstance(output, (list, tuple))
        and output
        and all(isinstance(p, (str, Image, Audio, File)) for p in output)
        and any(not isinstance(p, str) for p in output)
    ):
        return [_part(p) for p in output]
    return to_json_text(output)
