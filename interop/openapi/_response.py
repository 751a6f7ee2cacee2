"""An HTTP response -> the tool's result, or the error the model is shown.

2xx: JSON bodies become structured values, text bodies strings, images `Image` and anything
else `File` (named from `Content-Disposition`); an empty body (204) is `None`; a `HEAD` answer is
its status and headers. Any other status raises `ToolHTTPError` with the status and at most
`MAX_BODY_EXCERPT` characters of the body (JSON compacted), so the model can correct itself.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from interop import File, Image

from ._errors import ToolHTTPError
from ._inputs import is_json_media

__all__ = ["MAX_BODY_EXCERPT", "decode_response", "excerpt"]

MAX_BODY_EXCERPT = 2000
"""How many characters of an error body a `ToolHTTPError` carries."""

_TEXT_TYPES = (
    "application/xml",
    "application/yaml",
    "application/javascript",
    "application/x-www-form-urlencoded",
)


def _media_type(response: httpx.Response) -> str:
    return str(response.headers.get("content-type", "")).split(";", 1)[0].strip().lower()


def _is_text(media: str) -> bool:
    return media.startswith("text/") or media.endswith("+xml") or media in _TEXT_TYPES


def excerpt(response: httpx.Response, limit: int = MAX_BODY_EXCERPT) -> str:
    """A bounded, readable excerpt of a response body."""
    media = _media_type(response)
    if not response.content:
        return ""
    if is_json_media(media):
        try:
            text = json.dumps(response.json(), separators=(",", ":"), ensure_ascii=False)
        except ValueError:
            text = response.text
    elif _is_text(media) or not media:
        text = response.text
    else:
        return f"<{len(response.content)} bytes of {media}>"
    if len(text) > limit:
        text = f"{text[:limit]}... ({len(text) - limit} more characters)"
    return text


def _filename(response: httpx.Response) -> str | None:
    disposition = response.headers.get("content-disposition", "")
    match = re.search(r"filename\*?=(?:UTF-8'')?\"?([^\";]+)\"?", disposition, re.IGNORECASE)
    return match.group(1) if match else None


def decode_response(response: httpx.Response, *, tool_name: str, operation: str) -> Any:
    """The tool result for `response`, or `ToolHTTPError` for a status that is not 2xx."""
    status = response.status_code
    if not 200 <= status < 300:
        body = excerpt(response)
        reason = response.reason_phrase or ""
        message = f"{operation} answered HTTP {status}{' ' + reason if reason else ''}"
        if body:
            message += f": {body}"
        raise ToolHTTPError(message, status_code=status, body=body, tool_name=tool_name)
    if response.request.method == "HEAD":
        return {"status_code": status, "headers": dict(response.headers)}
    media = _media_type(response)
    if not response.content:
        return None
    if is_json_media(media) or (not media and response.content[:1] in (b"{", b"[")):
        try:
            return response.json()
        except ValueError:
            return response.text
    if _is_text(media):
        return response.text
    if media.startswith("image/"):
        return Image(response.content, media)
    return File(response.content, media or "application/octet-stream", _filename(response))
