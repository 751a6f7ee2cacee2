"""MCP results as neutral values: `block_value` (content block -> `str`, `Image`, `Audio`, `File`,
`ResourceLink`), and `MCPResult`, a whole result kept as MCP blocks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import mcp.types as mt

from interop._decode import ResourceLink, decode_block

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


def block_value(block: mt.ContentBlock) -> Any:
    """One MCP content block as a neutral value (the core's one decoder: `bridge.decode_block`)."""
    return decode_block(block)
