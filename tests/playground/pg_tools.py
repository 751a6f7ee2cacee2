"""Tools for the playground tests beyond acme_tools: content results, conditional approval,
a crash, and a schema OpenAI strict mode cannot express. Real tools, nothing mocked."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from interop import File, Image, StandardToolV0, ToolError, as_schema, tool

CALLS: list[str] = []
"""Names of the tools that actually ran in this process (the server's), in order."""


def tiny_png(width: int = 24, height: int = 16) -> bytes:
    """A real PNG: a blue rectangle."""
    row = b"\x00" + bytes((9, 105, 218)) * width
    raw = row * height

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


@tool(title="Draw a chart", meta={"read_only": True, "group": "reports"})
def chart() -> Image:
    """Return a small PNG image."""
    CALLS.append("chart")
    return Image(tiny_png(), "image/png")


@tool(title="Export CSV", meta={"read_only": True, "group": "reports"})
def export_csv(rows: int = 2) -> File:
    """Return a CSV file."""
    CALLS.append("export_csv")
    body = "n,square\n" + "".join(f"{i},{i * i}\n" for i in range(rows))
    return File(body.encode(), "text/csv", "export.csv")


@tool(title="Raw bytes")
def raw_bytes() -> bytes:
    """Return plain bytes (a file of unknown type)."""
    CALLS.append("raw_bytes")
    return b"\x00\x01\x02binary"


@tool(title="Crash")
def crash(reason: str = "boom") -> str:
    """Raise an unexpected exception."""
    CALLS.append("crash")
    raise RuntimeError(reason)


@tool(title="Scores")
def sum_scores(scores: dict[str, int]) -> int:
    """Sum a map of scores (an open map: OpenAI strict mode cannot express it)."""
    CALLS.append("sum_scores")
    return sum(scores.values())


@tool(title="Calls so far", meta={"read_only": True})
def calls() -> list[str]:
    """The tools that ran in this server process, in order."""
    return list(CALLS)


class Transfer(BaseModel):
    account: str
    amount: float = Field(gt=0)


async def _large(input: Transfer, context: Any) -> bool:
    return input.amount > 100


@dataclass(frozen=True)
class ConditionalTool:
    """A conforming tool object (not a `StandardTool`) whose approval depends on the input."""

    name: str = "transfer"
    title: str | None = "Transfer money"
    description: str = "Transfer money; amounts over 100 need approval."
    input_schema: Any = field(default_factory=lambda: as_schema(Transfer))
    output_schema: Any = None
    meta: dict[str, Any] = field(default_factory=lambda: {"requires_approval": _large, "tags": ["money"]})

    async def execute(self, input: Any = None, context: Any = None) -> dict[str, Any]:
        result = self.input_schema.__standard_schema__.validate(input)
        if result.issues:
            raise ToolError("invalid transfer")
        CALLS.append("transfer")
        return {"sent": result.value.amount, "to": result.value.account}


transfer: StandardToolV0[Any, Any, Any] = ConditionalTool()

TOOLS = [chart, export_csv, raw_bytes, crash, sum_scores, calls, transfer]
