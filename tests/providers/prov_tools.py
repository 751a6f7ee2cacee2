"""Neutral tools shared by the provider tests (imported as `prov_tools`; tests/providers is on sys.path)."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from interop import FromContext, ToolError, tool


@dataclass
class Deps:
    """Per-call context: who is asking, and what the tools saw."""

    user: str
    seen: list[object] = field(default_factory=list)
    threads: set[str] = field(default_factory=set)


@tool
def get_weather(
    city: str,
    deps: Annotated[Deps, FromContext],
    units: Literal["c", "f"] = "c",
    days: int | None = None,
) -> dict[str, object]:
    """Current weather for a city.

    Args:
        city: City name.
        units: Temperature units.
        days: How many days of forecast (omit for today only).
    """
    deps.seen.append(("get_weather", city, units, days))
    deps.threads.add(threading.current_thread().name)
    if city == "Atlantis":
        raise ToolError("unknown city 'Atlantis'; try a real city")
    return {"city": city, "temp": 21 if units == "c" else 70, "days": days, "user": deps.user}


class Line(BaseModel):
    sku: str
    qty: int = Field(gt=0)
    note: str | None = None
    gift: bool = False


@tool
async def place_order(lines: list[Line], deps: Annotated[Deps, FromContext], rush: bool = False) -> str:
    """Place an order."""
    await asyncio.sleep(0.01)
    deps.seen.append(("place_order", [line.model_dump() for line in lines], rush))
    return f"order of {sum(line.qty for line in lines)} items for {deps.user}" + (" (rush)" if rush else "")


@tool
def ping() -> str:
    """Check the service."""
    return "pong"


TOOLS = [get_weather, place_order, ping]
