"""ACME tools: a framework-free tool library built on `interop` (depends on its core only).

Every tool here is a plain `interop.StandardTool`; any framework consumes them through its
adapter (`interop.langchain.to_langchain`, `interop.pydantic_ai.to_pydantic_ai`, ...).
"""

from __future__ import annotations

from .tools import (
    TOOLS,
    AcmeContext,
    convert_currency,
    delete_file,
    get_weather,
    place_order,
    sales_chart,
    search_orders,
    whoami,
)

__all__ = [
    "TOOLS",
    "AcmeContext",
    "convert_currency",
    "delete_file",
    "get_weather",
    "place_order",
    "sales_chart",
    "search_orders",
    "whoami",
]
