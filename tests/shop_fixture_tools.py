"""The shop's neutral tools that several framework tests convert (Genkit and Google ADK: `order_total`
and `crash`; Google ADK and google-genai: `schema_of`; DSPy and Haystack: `ship`). Each records its
runs in a list here; a test empties the list before it looks at it."""

from __future__ import annotations

import threading
from typing import Annotated, Any

from pydantic import BaseModel, Field

import interop
from interop import ToolError

SEEN: list[Any] = []
"""`order_total`'s runs: (the context it was given, the thread it ran on)."""
SHIPPED: list[dict[str, Any]] = []
"""`ship`'s runs: its validated arguments and the context it was given (13 kg is refused with a
`ToolError`, 7 kg fails with an unexpected `RuntimeError`)."""


class Line(BaseModel):
    sku: str
    qty: int = Field(ge=1)


class Total(BaseModel):
    total: int
    user: str | None


@interop.tool(context="caller", title="Order total", meta={"owner": "shop", "tags": ["orders"]})
def order_total(lines: list[Line], caller: Any = None) -> Total:
    """Total quantity of an order."""
    SEEN.append((caller, threading.current_thread().name))
    if any(line.sku == "gone" for line in lines):
        raise ToolError("sku 'gone' is discontinued")
    return Total(total=sum(line.qty for line in lines), user=(caller or {}).get("user"))


LINES = [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 3}]
"""Valid arguments' `lines` for `order_total` (a total of 5)."""


@interop.tool
async def crash(n: int) -> int:
    """Always fails with an unexpected error."""
    raise RuntimeError(f"internal detail {n}")


LINE_SCHEMA: dict[str, Any] = {
    "$defs": {"Line": {"type": "object", "properties": {"sku": {"type": "string"}}}},
    "type": "object",
    "properties": {"lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}}},
}
"""A result holding a `$ref` key (which Gemini would read as a reference to a media part)."""


@interop.tool
def schema_of(model: str) -> dict[str, Any]:
    """The JSON Schema of one of the shop's models."""
    return LINE_SCHEMA


class Address(BaseModel):
    city: str
    zip: str | None = None


@interop.tool(context="caller", title="Ship a parcel", meta={"owner": "ops"})
def ship(
    to: Address, weight: Annotated[float, Field(gt=0, le=30)], express: bool = False, caller: Any = None
) -> dict[str, Any]:
    """Ship a parcel to an address."""
    SHIPPED.append({"to": to.model_dump(), "weight": weight, "caller": caller})
    if weight == 13:
        raise ToolError("parcels of 13 kg are refused")
    if weight == 7:
        raise RuntimeError("carrier down")
    return {"city": to.city, "cost": weight * (2 if express else 1), "user": caller["user"]}
