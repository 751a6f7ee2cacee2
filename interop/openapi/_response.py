"""An HTTP response -> the tool's result, or the error the model is shown.

2xx: JSON bodies become structured values, text bodies strings, images `Image` and anything
else `File` (named from `Content-Disposition`); an empty body (204) is `None`; a `HEAD` answer is
its status and the headers the document declares for the operation plus a few harmless ones
(`SHOWN_HEADERS`): never `Set-Cookie` or the server's other headers (internal tokens, session
ids). Any other status raises `ToolHTTPError` with the status and at most `MAX_BODY_EXCERPT`
characters of the body (JSON compacted), so the model can correct itself. The body arrives read
(and bounded) by the caller.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from interop import File, Image

from ._errors import ToolHTTPError
from ._inputs import is_json_media

__all__ = ["MAX_BODY_EXCERPT", "SHOWN_HEADERS", "decode_response", "excerpt"]

MAX_BODY_EXCERPT = 2000
"""How many characters of an error body a `ToolHTTPError` carries."""

SHOWN_HEADERS = frozenset(
    {
        "content-type",
        "content-length",
        "content-language",
        "content-range",
        "accept-ranges",
        "last-modified",
        "etag",
        "cache-control",
        "expires",
        "age",
    }
)
"""Headers a HEAD call shows besides those the document declares."""

NEVER_SHOWN = frozenset({"set-cookie", "set-cookie2", "authorization", "proxy-authorization", "cookie"})

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


def _text(response: httpx.Response, body: bytes) -> str:
    return body.decode(response.charset_encoding or "utf-8", errors="replace")


def excerpt(response: httpx.Response, body: bytes, limit: int = MAX_BODY_EXCERPT) -> str:
    """A bounded, readable excerpt of a response body."""
    media = _media_type(response)
    if not body:
        return ""
    if is_json_media(media):
        try:
            text = json.dumps(json.loads(body), separators=(",", ":"), ensure_ascii=False)
        except ValueError:
            text = _text(response, body)
    elif _is_text(media) or not media:
        text = _text(response, body)
    else:
        return f"<{len(body)} bytes of {media}>"
    if len(text) > limit:
        text = f"{text[:limit]}... ({len(text) - limit} more characters)"
    return text


def _filename(response: httpx.Response) -> str | None:
    disposition = response.headers.get("content-disposition", "")
    match = re.search(r"filename\*?=(?:UTF-8'')?\"?([^\";]+)\"?", disposition, re.IGNORECASE)
    return match.group(1) if match else None


def decode_response(
    response: httpx.Response,
    body: bytes,
    *,
    tool_name: str,
    operation: str,
    shown_headers: frozenset[str] = frozenset(),
) -> Any:
    """The tool result for `response` (its `body` read), or `ToolHTTPError` for a status that is
    not 2xx. A HEAD answer shows `shown_headers` (declared by the document) and `SHOWN_HEADERS`."""
    status = response.status_code
    if not 200 <= status < 300:
        shown = excerpt(response, body)
        reason = response.reason_phrase or ""
        message = f"{operation} answered HTTP {status}{' ' + reason if reason else ''}"
        if shown:
            message += f": {shown}"
        raise ToolHTTPError(message, status_code=status, body=shown, tool_name=tool_name)
    if response.request.method == "HEAD":
        allowed = (SHOWN_HEADERS | shown_headers) - NEVER_SHOWN
        headers = {k: v for k, v in response.headers.items() if k.lower() in allowed}
        return {"status_code": status, "headers": headers}
    media = _media_type(response)
    if not body:
        return None
    if is_json_media(media) or (not media and body[:1] in (b"{", b"[")):
        try:
            return json.loads(body)
        except ValueError:
            return _text(response, body)
    if _is_text(media):
        return _text(response, body)
    if media.startswith("image/"):
        return Image(body, media)
    return File(body, media or "application/octet-stream", _filename(response))
