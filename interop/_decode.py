"""Foreign results as neutral values: the one decoder every `from_X` and `from_mcp` uses.

A tool converted from elsewhere hands back what its framework produced: MCP content blocks (as the
MCP SDK's objects or as wire dicts), Converse-style blocks (Strands, Bedrock), a whole MCP
`CallToolResult`, or text. The rules, once:

- **Text.** Text that is a JSON object or array (after leading whitespace) is that value; any
  other text stays text. So `'{"a": 1}'` is `{"a": 1}`, while `"42"`, `"true"` and `"null"` stay
  the strings they are (a tool that says "42" said a text; its output schema, if any, decides).
- **Blocks.** text -> `str`; image -> `interop.Image`; audio -> `interop.Audio` (their bytes as
  `data`, or as `base64`, LangChain's standard block); an embedded
  resource -> `interop.File` (blob bytes, or the text's UTF-8 bytes; `name` is its URI); a
  resource link -> `ResourceLink` (a `str` that keeps the link's fields); Converse `json` -> the
  value, `image` / `document` with inline bytes -> `Image` / `File`. One block alone is its
  value (one text block follows the text rule); several are a list.
- **Errors.** An error result (`isError`, Converse `status: "error"`) raises `ToolError` with its
  text, so every framework shows it to the model through its own error channel.
- **Structured content.** An MCP result's `structuredContent` is the value when present.
- **Data URLs.** A framework's media given as a `data:<type>;base64,...` URL (Genkit media parts,
  OpenAI Agents' tool output images and files): `decode_data_url` -> `Image` / `Audio` / `File`
  by its media type; any other URL stays the string.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping
from typing import Any

from ._content import Audio, File, Image
from ._errors import ToolError

__all__ = [
    "ResourceLink",
    "decode_block",
    "decode_content",
    "decode_data_url",
    "decode_result",
    "decode_text",
    "field_of",
]


class ResourceLink(str):
    """A resource link a foreign tool returned, as a neutral value: text for any model
    (`"<title or name>: <uri>"`), with the link's fields; served through `interop.mcp` it goes
    out as a `resource_link` block again. Equal to its text."""

    uri: str
    name: str
    display_name: str | None
    """The link's `title` (`str.title` is a method, so the attribute has another name)."""
    description: str | None
    mime_type: str | None

    def __new__(
        cls,
        uri: str,
        name: str | None = None,
        *,
        title: str | None = None,
        description: str | None = None,
        mime_type: str | None = None,
    ) -> ResourceLink:
        label = title or name or uri
        text = f"{label}: {uri}" if label != uri else uri
        if mime_type:
            text += f" ({mime_type})"
        self = super().__new__(cls, text)
        self.uri = uri
        self.name = name or uri
        self.display_name = title
        self.description = description
        self.mime_type = mime_type
        return self

    def __repr__(self) -> str:
        return f"ResourceLink({self.uri!r}, {self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_resource_link, (self.uri, self.name, self.display_name, self.description, self.mime_type))

    def to_mcp(self) -> Any:
        """The MCP `resource_link` content block (needs the `mcp` extra)."""
        import mcp.types as mt

        return mt.ResourceLink(
            type="resource_link",
            uri=self.uri,
            name=self.name,
            title=self.display_name,
            description=self.description,
            mime_type=self.mime_type,
        )


def _resource_link(
    uri: str, name: str, title: str | None, description: str | None, mime_type: str | None
) -> ResourceLink:
    return ResourceLink(uri, name, title=title, description=description, mime_type=mime_type)


def decode_text(text: str) -> Any:
    """The one JSON-or-text rule: a JSON object or array is that value; other text stays text."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            pass
    return text


def _media(data: bytes, media_type: str, name: str | None = None) -> Image | Audio | File:
    """Bytes as the content value their media type says."""
    if media_type.startswith("image/"):
        return Image(data, media_type)
    if media_type.startswith("audio/"):
        return Audio(data, media_type)
    return File(data, media_type, name)


def decode_data_url(url: str, *, media_type: str | None = None, name: str | None = None) -> Any:
    """A `data:` URL with base64 data as `Image` / `Audio` / `File` (by `media_type`, else the
    URL's own); any other URL (`https:`, a file id) stays the string it is."""
    if not url.startswith("data:") or ";base64," not in url:
        return url
    head, data = url[5:].split(";base64,", 1)
    try:
        raw = base64.b64decode(data, validate=True)
    except ValueError:
        return url
    return _media(raw, media_type or head.split(";", 1)[0] or "application/octet-stream", name)


def field_of(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of `names` found on `obj` as a key (wire dicts) or an attribute (SDK objects)."""
    if type(obj) is dict or isinstance(obj, Mapping):  # (a dict first: no ABC check)
        for name in names:
            if name in obj:
                return obj[name]
        return default
    for name in names:
        value = getattr(obj, name, None)
        if value is not None:
            return value
    return default


def _bytes(data: Any) -> bytes | None:
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, str):
        return base64.b64decode(data)
    return None


_CONVERSE_MEDIA = {
    "image": {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"},
    "document": {
        "pdf": "application/pdf",
        "csv": "text/csv",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "html": "text/html",
        "txt": "text/plain",
        "md": "text/markdown",
    },
}


def _converse_value(block: Mapping[str, Any]) -> Any:
    """A Converse-style block (`{"text": ...}`, `{"json": ...}`, `{"image": ...}`, `{"document": ...}`)."""
    if "json" in block:
        return block["json"]
    if "text" in block:
        return str(block["text"])
    for kind, formats in _CONVERSE_MEDIA.items():
        if kind in block and isinstance(block[kind], Mapping):
            item = block[kind]
            fmt = str(item.get("format"))
            data = _bytes((item.get("source") or {}).get("bytes"))
            if data is None:
                return f"[{kind}: {fmt}, not inline]"
            media = formats.get(fmt, "application/octet-stream")
            return Image(data, media) if kind == "image" else File(data, media, item.get("name"))
    return dict(block)


def decode_block(block: Any) -> Any:
    """One content block as a neutral value (see the module doc); an unknown block stays as it is."""
    kind = field_of(block, "type")
    if kind is None:
        return _converse_value(block) if isinstance(block, Mapping) else block
    if kind == "text":
        return str(field_of(block, "text") or "")
    if kind in ("image", "audio"):
        data = _bytes(field_of(block, "data", "base64"))
        media = field_of(block, "mime_type", "mimeType") or "application/octet-stream"
        if data is None:
            return block
        return Image(data, media) if kind == "image" else Audio(data, media)
    if kind == "resource_link":
        return ResourceLink(
            str(field_of(block, "uri")),
            field_of(block, "name"),
            title=field_of(block, "title"),
            description=field_of(block, "description"),
            mime_type=field_of(block, "mime_type", "mimeType"),
        )
    if kind == "resource":
        resource = field_of(block, "resource")
        uri = str(field_of(resource, "uri"))
        blob = field_of(resource, "blob")
        if blob is not None:
            data = _bytes(blob) or b""
            media = field_of(resource, "mime_type", "mimeType") or "application/octet-stream"
        else:
            data = str(field_of(resource, "text") or "").encode("utf-8")
            media = field_of(resource, "mime_type", "mimeType") or "text/plain"
        return File(data, media, name=uri)
    return block


def _texts(blocks: Iterable[Any]) -> str:
    out = []
    for block in blocks:
        if field_of(block, "type") == "text" or (isinstance(block, Mapping) and "text" in block):
            out.append(str(field_of(block, "text") or ""))
    return "\n".join(out).strip()


def decode_content(
    blocks: Iterable[Any], *, tool_name: str, is_error: bool = False, structured: Any = None
) -> Any:
    """The neutral value of a result made of content blocks (MCP-style or Converse-style).

    An error result raises `ToolError` with its text; `structured` (an MCP `structuredContent`),
    when not None, is the value; otherwise one block is its value (one text block follows the
    text rule), several are a list, none is None.
    """
    items = list(blocks)
    if is_error:
        raise ToolError(_texts(items) or f"tool {tool_name!r} failed (it gave no message)")
    if structured is not None:
        return structured
    if not items:
        return None
    if len(items) == 1:
        value = decode_block(items[0])
        return decode_text(value) if type(value) is str else value
    return [decode_block(b) for b in items]


_KINDS = frozenset({"text", "image", "audio", "resource", "resource_link"})
_CONVERSE_KEYS = frozenset({"text", "json", "image", "document"})


def _mcp_block(item: Any) -> bool:
    """Whether `item` is an MCP content block (an SDK object or a wire dict of a known type)."""
    kind = item.get("type") if isinstance(item, Mapping) else getattr(item, "type", None)
    return kind in _KINDS


def _converse_block(item: Any) -> bool:
    return isinstance(item, Mapping) and len(item) == 1 and next(iter(item)) in _CONVERSE_KEYS


def is_result(value: Any) -> bool:
    """Whether `value` is a whole result: an MCP `CallToolResult` (object or wire dict: content
    blocks beside an error flag or `structuredContent`) or a Converse `{"status", "content"}`."""
    content = field_of(value, "content")
    if not isinstance(content, (list, tuple)):
        return False
    if not isinstance(value, Mapping):
        return (hasattr(value, "is_error") or hasattr(value, "isError")) and all(map(_mcp_block, content))
    if value.get("status") in ("success", "error"):
        return all(_mcp_block(b) or _converse_block(b) for b in content)
    return any(k in value for k in ("isError", "is_error", "structuredContent")) and all(
        map(_mcp_block, content)
    )


def decode_result(value: Any, *, tool_name: str, text: bool = True) -> Any:
    """A foreign tool's result as a neutral value (see the module doc).

    An MCP-style result (an SDK `CallToolResult` or its wire dict; a Converse `{"status",
    "content"}` result) is decoded by `decode_content`; a list of content blocks likewise; a
    string by the text rule when `text` (a framework whose results are text), else kept; any
    other value is returned as it is.
    """
    if type(value) is str:
        return decode_text(value) if text else value
    if is_result(value):
        status = field_of(value, "status")
        error = bool(field_of(value, "isError", "is_error")) or status == "error"
        return decode_content(
            field_of(value, "content") or (),
            tool_name=tool_name,
            is_error=error,
            structured=field_of(value, "structuredContent", "structured_content"),
        )
    if isinstance(value, (list, tuple)) and value and all(map(_mcp_block, value)):
        return decode_content(value, tool_name=tool_name)
    return value
