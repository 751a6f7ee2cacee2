"""Neutral tools for the official MCP conformance suite's server scenarios (`make conformance`).

Served with `interop serve conformance_fixture --transport http` (PYTHONPATH=tests/mcp). The
names and results are the ones the suite's scenarios ask for; every tool is a plain neutral tool
(content values, `interop.log`, `interop.progress`, `ToolError`, a raw 2020-12 JSON Schema).
"""

from __future__ import annotations

import asyncio
import io
import struct
import wave
import zlib

import interop
from interop import Audio, File, Image, ToolError, standard_tool, tool


def png_pixel(rgb: tuple[int, int, int] = (255, 0, 0)) -> bytes:
    """A valid 1x1 PNG of one colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + bytes(rgb))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def wav_silence(frames: int = 80) -> bytes:
    """A valid mono 8 kHz 16-bit WAV of silence."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(b"\x00\x00" * frames)
    return buffer.getvalue()


@tool
def test_simple_text() -> str:
    """Returns simple text."""
    return "This is a simple text response for testing."


@tool
def test_image_content():  # no annotation: the content value is the model output
    """Returns a 1x1 red PNG."""
    return Image(png_pixel(), "image/png")


@tool
def test_audio_content():
    """Returns a short WAV."""
    return Audio(wav_silence(), "audio/wav")


@tool
def test_embedded_resource():
    """Returns an embedded text resource."""
    return File(b"This is an embedded resource content.", "text/plain", name="test://embedded-resource")


@tool
def test_multiple_content_types():
    """Returns text, an image and a resource."""
    return [
        "Multiple content types test:",
        Image(png_pixel(), "image/png"),
        File(b'{"test":"data","value":123}', "application/json", name="test://mixed-content-resource"),
    ]


@tool
async def test_tool_with_logging() -> str:
    """Sends three log messages while it runs."""
    interop.log("Tool execution started")
    await asyncio.sleep(0.05)
    interop.log("Tool processing data")
    await asyncio.sleep(0.05)
    interop.log("Tool execution completed")
    return "Tool with logging executed successfully"


@tool
def test_tool_with_progress() -> str:
    """Reports progress 0, 50, 100 of 100 (a sync tool: it reports from its worker thread)."""
    import time

    for step in (0, 50, 100):
        interop.progress(step, 100)
        if step < 100:
            time.sleep(0.05)
    return "Tool with progress executed successfully"


@tool
def test_error_handling() -> str:
    """Always fails."""
    raise ToolError("This tool intentionally returns an error for testing")


json_schema_2020_12_tool = standard_tool(
    name="json_schema_2020_12_tool",
    description="Tool with JSON Schema 2020-12 features",
    execute=lambda input: {"received": input},
    input_schema={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "type": "object",
                "properties": {"street": {"type": "string"}, "city": {"type": "string"}},
            }
        },
        "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"}},
        "additionalProperties": False,
    },
)

TOOLS = [
    test_simple_text,
    test_image_content,
    test_audio_content,
    test_embedded_resource,
    test_multiple_content_types,
    test_tool_with_logging,
    test_tool_with_progress,
    test_error_handling,
    json_schema_2020_12_tool,
]
