"""Shared pieces of the shaping tests: the transformed tool every adapter runs (the scripted provider
clients are tests/provider_clients.py)."""

from __future__ import annotations

import json
from typing import Any

import interop
from interop import ArgTransform, transform_tool

LOG: list[dict[str, Any]] = []


@interop.tool(meta={"tags": ["rooms"]})
def book_room(room_id: str, user_id: str, hours: int = 1, note: str = "") -> dict[str, Any]:
    """Book a meeting room."""
    LOG.append({"room_id": room_id, "user_id": user_id, "hours": hours, "note": note})
    return {"room": room_id, "by": user_id, "hours": hours}


RESERVE = transform_tool(
    book_room,
    name="reserve",
    description="Reserve a meeting room for the current user.",
    args={
        "room_id": ArgTransform(name="room", description="Room code, e.g. A1"),
        "user_id": ArgTransform(from_context=lambda ctx: ctx["user"]),
        "note": ArgTransform(hide=True, default="via agent"),
        "hours": ArgTransform(default=2),
    },
)
"""What every adapter test runs: renamed, redescribed, defaulted and hidden arguments."""

GOOD_CALL = {"room": "A1"}
FORGED_CALL = {"room": "B2", "user_id": "mallory"}
EXPECTED_RUN = {"room_id": "A1", "user_id": "ann", "hours": 2, "note": "via agent"}


def check_schema(schema: dict[str, Any]) -> None:
    """The schema a model was shown for RESERVE (whatever the framework did to its top level)."""
    props = schema["properties"]
    assert set(props) == {"room", "hours"}, props
    assert props["room"]["description"] == "Room code, e.g. A1"
    assert props["hours"]["default"] == 2
    assert schema.get("required") == ["room"]
    assert "user_id" not in json.dumps(schema) and "note" not in json.dumps(schema)
