"""`RESERVED`: a neutral tool whose arguments are the names LangChain and LangGraph treat specially
(`config`, `callbacks`, `run_manager`, `runtime`, `context`). It echoes its arguments and records
(arguments, context) in `RESERVED_SEEN`. Converted by the loop and the standard tests."""

from __future__ import annotations

from typing import Any

import interop

RESERVED_NAMES = ("config", "callbacks", "run_manager", "runtime", "context")
RESERVED_ARGS = {k: f"model-{k}" for k in RESERVED_NAMES}
"""Arguments a model could send: every reserved name, as a string."""
RESERVED_SEEN: list[Any] = []


def _echo(input: dict[str, Any], context: Any) -> dict[str, Any]:
    RESERVED_SEEN.append((input, context))
    return input


RESERVED = interop.standard_tool(
    name="reserved",
    description="Echo arguments whose names LangChain and LangGraph treat specially.",
    execute=_echo,
    input_schema={
        "type": "object",
        "properties": {k: {"type": "string"} for k in RESERVED_NAMES},
        "required": list(RESERVED_NAMES),
        "additionalProperties": False,
    },
)
