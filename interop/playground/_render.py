"""A tool's result for the page: JSON, with images, audio and files as marked content values
(what a model is shown comes from the pipeline's `Outcome.text`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interop import Audio, File, Image
from interop.bridge import content_kind, to_jsonable

__all__ = ["content_json", "page_value"]


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
