"""A scripted CrewAI `BaseLLM` (offline) and a helper that runs a one-agent crew with it."""

from __future__ import annotations

import json
from typing import Any

from crewai import Agent, BaseLLM, Crew, Task


class Scripted(BaseLLM):
    """Answers from a script: a list of `(tool, args)` calls (native function calling), or text.
    Records the tool schemas and messages it is sent."""

    def __init__(self, steps: list[Any], *, native: bool = True) -> None:
        super().__init__(model="scripted")
        self._steps = list(steps)
        self._native = native
        self.sent: list[Any] = []
        self.messages: list[list[dict[str, Any]]] = []

    def call(self, messages: Any, tools: Any = None, callbacks: Any = None, available_functions: Any = None,
             from_task: Any = None, from_agent: Any = None, response_model: Any = None, **kwargs: Any) -> Any:  # fmt: skip
        self.sent.append(tools)
        self.messages.append([dict(m) for m in messages] if isinstance(messages, list) else [])
        step = self._steps.pop(0)
        if isinstance(step, str):
            return step
        return [
            {
                "id": f"call_{len(self._steps)}_{i}",
                "type": "function",
                "function": {"name": n, "arguments": json.dumps(a)},
            }
            for i, (n, a) in enumerate(step)
        ]

    async def acall(self, *args: Any, **kwargs: Any) -> Any:
        return self.call(*args, **kwargs)

    def supports_function_calling(self) -> bool:
        return self._native

    def tool_messages(self) -> list[str]:
        """Every tool result the model was shown, in order."""
        last = self.messages[-1] if self.messages else []
        return [str(m.get("content")) for m in last if m.get("role") == "tool"]


def crew_for(tools: list[Any], llm: Scripted, **agent_options: Any) -> Crew:
    agent = Agent(role="r", goal="g", backstory="b", llm=llm, tools=tools, max_iter=8, **agent_options)
    task = Task(description="go", expected_output="x", agent=agent)
    return Crew(agents=[agent], tasks=[task])


def calls(*steps: Any) -> list[Any]:
    """Steps of single tool calls: `calls(("t", {...}), ...)`, then the final answer."""
    return [[s] if isinstance(s, tuple) else s for s in steps] + ["done"]
