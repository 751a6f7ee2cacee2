"""MCP results as neutral values: `block_value` (content block -> `str`, `Image`, `Audio`, `File`,
`ResourceLink`), and `MCPResult`, a whole result kept as MCP blocks."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import mcp.types as mt

__all__ = ["MCPResult", "ResourceLink", "block_value"]


@dataclass(frozen=True)
class MCPResult:
    """The content blocks of an MCP tool result, kept as they came (nothing flattened to `repr`).

    A consumed MCP tool returns this when the result is not one text block and has no
    `structuredContent`: several blocks, images, audio, embedded resources or resource links.
    Served again through `interop.mcp`, it goes out with the same blocks.
    """

    content: tuple[mt.ContentBlock, ...]
    """The content blocks (`TextContent`, `ImageContent`, `AudioContent`, `ResourceLink`, `EmbeddedResource`)."""
    structured_content: Any = None
    """The `structuredContent`, if any."""
    meta: Mapping[str, Any] | None = None
    """The result's `_meta`, if any."""

    @property
    def text(self) -> str:
        """The text blocks joined by newlines."""
        return "\n".join(b.text for b in self.content if isinstance(b, mt.TextContent))

    @property
    def images(self) -> list[mt.ImageContent]:
        """The image blocks."""
        return [b for b in self.content if isinstance(b, mt.ImageContent)]

    def __str__(self) -> str:
        """Readable text for a model: text blocks as is, other blocks as short placeholders."""
        parts: list[str] = []
        for block in self.content:
            if isinstance(block, mt.TextContent):
                parts.append(block.text)
            elif isinstance(block, (mt.ImageContent, mt.AudioContent)):
                parts.append(f"[{block.type}: {block.mime_type}, {len(block.data)} base64 characters]")
            elif isinstance(block, mt.ResourceLink):
                parts.append(f"[resource link: {block.uri}]")
            else:
                parts.append(f"[resource: {block.resource.uri}]")
        return "\n".join(parts)


class ResourceLink(str):
    """A resource link a consumed MCP tool returned, as a neutral value: text for any model
    (`"<name>: <uri>"`), with the link's fields; served again through `interop.mcp` it goes out as
    a `resource_link` block. Equal to its text."""

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

    def to_mcp(self) -> mt.ResourceLink:
        """The MCP `resource_link` content block."""
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


def _file_name(uri: str) -> str | None:
    tail = uri.rstrip("/").rsplit("/", 1)[-1]
    return tail or None


def block_value(block: mt.ContentBlock) -> Any:
    """One MCP content block as a neutral value.

    text -> `str`; image -> `interop.Image`; audio -> `interop.Audio`; an embedded resource ->
    `interop.File` (blob bytes, or the text's UTF-8 bytes; `name` is the resource URI);
    a resource link -> `ResourceLink` (a `str`).
    """
    from interop import Audio, File, Image

    if isinstance(block, mt.TextContent):
        return block.text
    if isinstance(block, mt.ImageContent):
        return Image(base64.b64decode(block.data), block.mime_type)
    if isinstance(block, mt.AudioContent):
        return Audio(base64.b64decode(block.data), block.mime_type)
    if isinstance(block, mt.ResourceLink):
        return ResourceLink(
            block.uri, block.name, title=block.title, description=block.description, mime_type=block.mime_type
        )
    resource = block.resource
    if isinstance(resource, mt.BlobResourceContents):
        data = base64.b64decode(resource.blob)
        media = resource.mime_type or "application/octet-stream"
    else:
        data = resource.text.encode("utf-8")
        media = resource.mime_type or "text/plain"
    return File(data, media, name=str(resource.uri))
