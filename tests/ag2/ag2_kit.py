"""AG2's real `Agent` driven offline by its own scripted model (`ag2.testing.TestConfig`, wrapped in
`TrackingConfig` to record what the model was handed): each step is a text (the final answer) or a
list of `(tool name, arguments)` calls for one turn (arguments as a dict, or raw JSON text as a
model sends it). `raise_tool_errors=False`: a failed call is handed to the model as a real
provider would, and the turn goes on."""

from __future__ import annotations

import json
from typing import Any

from ag2 import Agent
from ag2.events import ToolCallEvent, ToolErrorEvent, ToolResultEvent, ToolResultsEvent
from ag2.testing import TestConfig, TrackingConfig


def _turn(i: int, step: Any) -> Any:
    if isinstance(step, str):
        return step
    return [
        ToolCallEvent(id=f"c{i}_{j}", name=name, arguments=args if isinstance(args, str) else json.dumps(args))
        for j, (name, args) in enumerate(step)
    ]


def config(steps: list[Any]) -> TrackingConfig:
    return TrackingConfig(TestConfig(*(_turn(i, s) for i, s in enumerate(steps)), raise_tool_errors=False))


def agent(steps: list[Any], tools: list[Any], **kw: Any) -> tuple[Agent, TrackingConfig]:
    cfg = config(steps)
    return Agent("assistant", config=cfg, tools=tools, **kw), cfg


async def results(reply: Any) -> list[ToolResultEvent]:
    """Every tool result the model was handed, in order."""
    events = await reply.history.get_events()
    return [r for e in events if isinstance(e, ToolResultsEvent) for r in e.results]


def text(result: ToolResultEvent) -> str:
    """What the model reads of a result (its text parts)."""
    return "\n".join(getattr(p, "content", "") for p in result.result.parts)


def is_error(result: ToolResultEvent) -> bool:
    return isinstance(result, ToolErrorEvent)


def tools_sent(cfg: TrackingConfig, turn: int = 0) -> dict[str, Any]:
    """The function schemas the model was handed on a turn, by name."""
    return {t.function.name: t for t in cfg.calls[turn].tools}
