"""The tools. Data is in memory so everything runs offline and deterministically."""

from __future__ import annotations

import asyncio
import struct
import zlib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from interop import FromContext, Image, StandardTool, ToolError, tool


@dataclass
class AcmeContext:
    """Per-call context an application passes in: who is calling, and a (fake) file system."""

    user: str = "guest"
    locale: str = "en"
    files: dict[str, str] = field(
        default_factory=lambda: {"/tmp/report.txt": "Q3 numbers", "/tmp/old.log": "..."}
    )


def _ctx(context: Any) -> AcmeContext:
    """Accept an `AcmeContext`, a plain mapping (e.g. `interop call --context '{"user": "ann"}'`) or nothing."""
    if isinstance(context, AcmeContext):
        return context
    if isinstance(context, dict):
        return AcmeContext(**context)
    return AcmeContext()


_WEATHER = {"paris": (18.5, "cloudy"), "rome": (24.0, "sunny"), "oslo": (7.0, "rain")}
_RATES = {("EUR", "USD"): Decimal("1.08"), ("USD", "EUR"): Decimal("0.93"), ("EUR", "GBP"): Decimal("0.85")}
_ORDERS: list[dict[str, object]] = []


class Weather(BaseModel):
    """Current weather in a city."""

    city: str
    temperature: float = Field(description="In the requested units")
    units: Literal["C", "F"]
    conditions: str


@tool(
    title="Current weather",
    meta={"read_only": True, "idempotent": True, "open_world": True, "tags": ["weather"]},
)
def get_weather(city: str, units: Literal["C", "F"] = "C") -> Weather:
    """Get the current weather for a city.

    Args:
        city: City name, e.g. "Paris".
        units: Temperature units: C (Celsius) or F (Fahrenheit).
    """
    found = _WEATHER.get(city.strip().lower())
    if found is None:
        raise ToolError(f"unknown city {city!r}; known cities: Paris, Rome, Oslo")
    celsius, conditions = found
    temperature = celsius if units == "C" else round(celsius * 9 / 5 + 32, 1)
    return Weather(city=city.title(), temperature=temperature, units=units, conditions=conditions)


@tool(title="Convert currency", meta={"read_only": True, "idempotent": True, "open_world": False})
def convert_currency(
    amount: Annotated[float, Field(gt=0, description="Amount to convert (positive)")],
    source: Annotated[str, Field(pattern="^[A-Z]{3}$", description="ISO 4217 code, e.g. EUR")],
    target: Annotated[str, Field(pattern="^[A-Z]{3}$", description="ISO 4217 code, e.g. USD")],
) -> dict[str, str]:
    """Convert an amount between two currencies at today's rate."""
    rate = _RATES.get((source, target))
    if rate is None:
        raise ToolError(
            f"no rate for {source}->{target}; supported: {sorted(f'{a}->{b}' for a, b in _RATES)}"
        )
    converted = (Decimal(str(amount)) * rate).quantize(Decimal("0.01"))
    return {"amount": str(converted), "currency": target, "rate": str(rate)}


class LineItem(BaseModel):
    sku: str = Field(description="Product code, e.g. 'WIDGET-1'")
    quantity: int = Field(gt=0, le=100, description="How many (1-100)")


class Address(BaseModel):
    street: str
    city: str
    country: str = Field(default="FR", min_length=2, max_length=2, description="ISO country code")


class OrderReceipt(BaseModel):
    order_id: int
    customer: str
    items: list[LineItem]
    ship_to: Address
    total_items: int


@tool(
    title="Place an order",
    meta={"destructive": False, "idempotent": False, "open_world": False, "tags": ["orders"]},
)
async def place_order(
    items: Annotated[list[LineItem], Field(min_length=1)],
    ship_to: Address,
    ctx: Annotated[Any, FromContext] = None,
) -> OrderReceipt:
    """Place an order for the calling customer.

    Args:
        items: The products and quantities to order.
        ship_to: The delivery address.
    """
    await asyncio.sleep(0)
    customer = _ctx(ctx).user
    order_id = len(_ORDERS) + 1
    _ORDERS.append({"id": order_id, "customer": customer})
    return OrderReceipt(
        order_id=order_id,
        customer=customer,
        items=items,
        ship_to=ship_to,
        total_items=sum(i.quantity for i in items),
    )


class OrderQuery(BaseModel):
    customer: str | None = Field(default=None, description="Only this customer's orders")
    since: date | None = Field(default=None, description="Only orders placed on or after this day")
    limit: int = Field(default=10, ge=1, le=50)


@tool(title="Search orders", meta={"read_only": True, "tags": ["orders"]})
async def search_orders(query: OrderQuery) -> list[dict[str, object]]:
    """Search placed orders."""
    await asyncio.sleep(0)
    found = [o for o in _ORDERS if query.customer is None or o["customer"] == query.customer]
    return found[: query.limit]


@tool(title="Who am I", meta={"read_only": True, "open_world": False})
def whoami(ctx: Annotated[Any, FromContext] = None) -> dict[str, str]:
    """Return the calling user and locale (from the per-call context, never from the model)."""
    c = _ctx(ctx)
    return {"user": c.user, "locale": c.locale}


@tool(
    title="Delete a file",
    meta={
        "destructive": True,
        "requires_approval": True,
        "idempotent": True,
        "open_world": False,
        "tags": ["files"],
    },
)
def delete_file(
    path: Annotated[str, Field(description="Absolute path of the file")],
    ctx: Annotated[Any, FromContext] = None,
) -> dict[str, object]:
    """Delete a file. Requires human approval."""
    files = _ctx(ctx).files
    if path not in files:
        raise ToolError(f"no such file: {path}")
    del files[path]
    return {"deleted": path, "remaining": sorted(files)}


_SALES = {
    2025: [31, 28, 35, 40, 44, 52, 61, 58, 47, 42, 38, 55],
    2026: [36, 33, 41, 47, 50, 60, 66, 64, 53, 49, 45, 62],
}


def _png(width: int, height: int, pixel: Any) -> bytes:
    """A minimal RGB PNG (no imaging library): `pixel(x, y)` gives each (r, g, b)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


@tool(title="Sales chart", meta={"read_only": True, "idempotent": True, "tags": ["reports"]})
def sales_chart(year: Annotated[int, Field(ge=2025, le=2026, description="2025 or 2026")] = 2026) -> Image:
    """Draw the monthly sales of a year as a bar chart (a PNG image the model can look at)."""
    sales = _SALES[year]
    width, height, bar = 12 * 10, 80, 8
    top = max(sales)

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        month, offset = divmod(x, 10)
        filled = height - y <= sales[month] * (height - 4) // top
        return (40, 110, 200) if offset < bar and filled else (255, 255, 255)

    return Image(_png(width, height, pixel), "image/png")


TOOLS: list[StandardTool] = [
    get_weather,
    convert_currency,
    place_order,
    search_orders,
    sales_chart,
    whoami,
    delete_file,
]
"""Every tool of the library, in a list (what `interop list acme_tools` finds)."""
