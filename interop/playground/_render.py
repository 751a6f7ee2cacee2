"""A tool's result for the page (JSON, with images, audio and files as marked content values)
and the text a model would be shown for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interop._content import Audio, File, Image, content_kind, placeholder
from interop._results import to_json_text, to_jsonable

__all__ = ["content_json", "model_text", "page_value"]


def _as_content(value: Any) -> Image | Audio | File | None:
    if isinstance(value, (Image, Audio, File)):
        return value
    if isinstance(value, (bytes, bytearray)):  # plain bytes are a file of unknown type
        return File(bytes(value), "application/octet-stream")
    return None


def content_json(value: Image | Audio | File) -> dict[str, Any]:
    """The shape content values serialize to inside models too (`type`, `media_type`, base64 `data`)."""
    out: dict[str, Any] = {"type": content_kind(value), "media_type": value.media_type, "data": value.base64}
    if isinstance(value, File) and value.name is not None:
        out["name"] = value.name
    return out


def page_value(value: Any) -> Any:
    """`value` as JSON for the page; content values (and bytes) become `content_json` objects."""
    content = _as_content(value)
    if content is not None:
        return content_json(content)
    if isinstance(value, Mapping):
        return {str(to_jsonable(k)): page_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [page_value(v) for v in value]
    return to_jsonable(value)


def model_text(value: Any) -> str:
    """What a model is told for a result: JSON text, with a short placeholder for each content value."""
    content = _as_content(value)
    if content is not None:
        return placeholder(content)
    if isinstance(value, (list, tuple)) and any(_as_content(v) is not None for v in value):
        parts = []
        for v in value:
            c = _as_content(v)
            parts.append(placeholder(c) if c is not None else to_json_text(v))
        return "\n".join(parts)
    return to_json_text(value)
