"""A scripted offline Agno `Model`: plays a list of steps and records what it was sent.

A step is a text (the final answer) or a list of `(tool name, arguments)` calls for one turn
(arguments as a dict, or raw JSON text as a model would send it); call ids are `c<turn>_<i>`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from agno.agent import Agent
from agno.models.base import Model
from agno.models.response import ModelResponse


@dataclass
class Scripted(Model):
    id: str = "scripted"
    name: str = "scripted"
    provider: str = "scripted"
    steps: list[Any] = field(default_factory=list)
    tools_sent: list[Any] = field(default_factory=list)
    messages_sent: list[Any] = field(default_factory=list)
    turn: int = 0

    def _next(self, messages: Any = None, tools: Any = None, **kw: Any) -> ModelResponse:
        self.tools_sent.append(tools)
        self.messages_sent.append(list(messages or []))
        step = self.steps.pop(0)
        turn, self.turn = self.turn, self.turn + 1
        if isinstance(step, str):
            return ModelResponse(role="assistant", content=step)
        calls = [
            {
                "id": f"c{turn}_{i}",
                "type": "function",
                "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
            }
            for i, (name, args) in enumerate(step)
        ]
        return ModelResponse(role="assistant", content="", tool_calls=calls)

    def invoke(self, *a: Any, **kw: Any) -> Any:
        return self._next(*a, **kw)

    async def ainvoke(self, *a: Any, **kw: Any) -> Any:
        return self._next(*a, **kw)

    def invoke_stream(self, *a: Any, **kw: Any) -> Any:
        yield self._next(*a, **kw)

    async def ainvoke_stream(self, *a: Any, **kw: Any) -> Any:
        yield self._next(*a, **kw)

    def _parse_provider_response(self, response: Any, **kw: Any) -> Any:
        return response

    def _parse_provider_response_delta(self, response: Any) -> Any:
        return response


def agent(steps: list[Any], tools: list[Any], **kw: Any) -> tuple[Agent, Scripted]:
    model = Scripted(steps=list(steps))
    return Agent(model=model, tools=tools, telemetry=False, **kw), model


def tool_messages(model: Scripted, turn: int = -1) -> list[Any]:
    """The tool messages the model was sent on `turn` (the last by default)."""
    return [m for m in model.messages_sent[turn] if m.role == "tool"]


def function_sent(model: Scripted, name: str, turn: int = 0) -> dict[str, Any]:
    """The function definition the model was sent for `name`."""
    for tool in model.tools_sent[turn] or []:
        fn = tool.get("function", tool)
        if fn.get("name") == name:
            return dict(fn)
    raise KeyError(name)
