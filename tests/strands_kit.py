"""A scripted offline Strands `Model`: streams Bedrock-shaped events from a list of steps.

A step is a text (the final answer) or a list of `(tool name, input)` tool uses (one turn; the
ids are `t0`, `t1`, ... within the turn, unique across turns via the turn number).
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncGenerator
from typing import Any

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from strands import Agent
from strands.models import Model


class Scripted(Model):
    """Plays `steps`; records the tool specs and messages it was sent on every turn."""

    def __init__(self, steps: list[Any]) -> None:
        self.steps = list(steps)
        self.specs: list[Any] = []
        self.messages: list[Any] = []
        self.turn = 0

    def update_config(self, **config: Any) -> None:
        pass

    def get_config(self) -> dict[str, Any]:
        return {}

    async def structured_output(
        self, output_model: Any, prompt: Any, system_prompt: Any = None, **kw: Any
    ) -> Any:
        raise NotImplementedError
        yield  # pragma: no cover

    async def stream(
        self, messages: Any, tool_specs: Any = None, system_prompt: Any = None, **kw: Any
    ) -> AsyncGenerator[Any, None]:
        self.specs.append(tool_specs)
        self.messages.append(json.loads(json.dumps(messages, default=lambda b: "<bytes>")))
        step = self.steps.pop(0)
        turn = self.turn
        self.turn += 1
        yield {"messageStart": {"role": "assistant"}}
        if isinstance(step, str):
            yield {"contentBlockDelta": {"delta": {"text": step}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "end_turn"}}
            return
        for i, (name, args) in enumerate(step):
            yield {"contentBlockStart": {"start": {"toolUse": {"toolUseId": f"t{turn}_{i}", "name": name}}}}
            text = args if isinstance(args, str) else json.dumps(args)
            yield {"contentBlockDelta": {"delta": {"toolUse": {"input": text}}}}
            yield {"contentBlockStop": {}}
        yield {"messageStop": {"stopReason": "tool_use"}}


def agent(steps: list[Any], tools: list[Any], **kw: Any) -> tuple[Agent, Scripted]:
    model = Scripted(steps)
    return Agent(model=model, tools=tools, callback_handler=None, **kw), model


def tool_results(a: Agent) -> list[dict[str, Any]]:
    """Every tool result in the agent's conversation, in order."""
    return [c["toolResult"] for m in a.messages for c in m["content"] if "toolResult" in c]


def spec_sent(model: Scripted, name: str, turn: int = 0) -> dict[str, Any]:
    """The tool spec the model was sent for `name` on `turn`."""
    return next(s for s in model.specs[turn] if s["name"] == name)
