"""The names of the example package acme_tools' tools, in the order it lists them: what `interop list`,
`interop serve` and the playground must all show for it."""

from __future__ import annotations

ACME_TOOL_NAMES = (
    "get_weather",
    "convert_currency",
    "place_order",
    "search_orders",
    "sales_chart",
    "whoami",
    "delete_file",
)
