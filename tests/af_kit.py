"""A scripted offline chat client for Microsoft Agent Framework: `FunctionInvocationLayer` (the
real tool loop) over a `BaseChatClient` that plays a list of steps and records what it was sent.

A step is a text (the final answer) or a list of `(tool name, arguments)` calls for one turn
(arguments as a dict, or raw JSON text); call ids are `c<turn>_<i>`.
"""

from __future__ import annotations

from typing import Any

from agent_framework import (
    Agent,
    BaseChatClient,
    ChatResponse,
    Content,
    FunctionInvocationLayer,
    Message,
)


class Scripted(FunctionInvocationLayer, BaseChatClient):  # type: ignore[misc]
    def __init__(self, steps: list[Any], **kw: Any) -> None:
        super().__init__(**kw)
        self.steps = list(steps)
        self.tools_sent: list[Any] = []
        self.messages_sent: list[Any] = []
        self.turn = 0

    async def _respond(self, messages: Any, options: Any) -> ChatResponse:
        self.tools_sent.append(list(options.get("tools") or []))
        self.messages_sent.append(list(messages))
        step = self.steps.pop(0)
        turn, self.turn = self.turn, self.turn + 1
        if isinstance(step, str):
            contents = [Content.from_text(step)]
        else:
            contents = [
                Content.from_function_call(call_id=f"c{turn}_{i}", name=name, arguments=args)
                for i, (name, args) in enumerate(step)
            ]
        return ChatResponse(messages=[Message(role="assistant", contents=contents)])

    def _inner_get_response(self, *, messages: Any, stream: Any, options: Any, **kwargs: Any) -> Any:
        return self._respond(messages, options)


def agent(steps: list[Any], tools: list[Any], **kw: Any) -> tuple[Agent, Scripted]:
    client = Scripted(steps, **kw)
    return Agent(client=client, tools=tools), client


def function_results(run: Any) -> list[Any]:
    """Every function_result content of a run's messages."""
    return [c for m in run.messages for c in m.contents if c.type == "function_result"]


def result_texts(run: Any) -> list[str]:
    return [c.result for c in function_results(run)]


def spec_sent(client: Scripted, name: str, turn: int = 0) -> dict[str, Any]:
    tool = next(t for t in client.tools_sent[turn] if getattr(t, "name", None) == name)
    return dict(tool.to_json_schema_spec()["function"])
