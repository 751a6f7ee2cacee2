"""Shared pieces for the LangChain adapter tests: a scripted offline chat model and two loops."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import Field

pytest.importorskip("langchain_core")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool


class ScriptedToolModel(GenericFakeChatModel):
    """GenericFakeChatModel + bind_tools: replays scripted AI messages, records what it was sent."""

    seen_tools: list[Any] = Field(default_factory=list)
    seen_messages: list[list[BaseMessage]] = Field(default_factory=list)

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: str | None = None, **kw: Any) -> Any:
        formatted = [convert_to_openai_tool(t) for t in tools]  # what a real provider is sent
        self.seen_tools.append(formatted)
        return self.bind(tools=formatted, **kw)

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.seen_messages.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


def tool_call(name: str, args: dict[str, Any], id: str) -> dict[str, Any]:
    return {"name": name, "args": args, "id": id, "type": "tool_call"}


def script(*steps: list[dict[str, Any]] | str) -> ScriptedToolModel:
    """A model that emits each step: a list of tool calls, or a final text answer."""
    msgs = [
        AIMessage(content=s) if isinstance(s, str) else AIMessage(content="", tool_calls=s) for s in steps
    ]
    return ScriptedToolModel(messages=iter(msgs), seen_tools=[], seen_messages=[])


def _start(model: Any, tools: list[BaseTool], user: str) -> tuple[dict[str, BaseTool], Any, list[Any]]:
    """A loop's start: the tools by name, the model bound to them, and the user's message."""
    return {t.name: t for t in tools}, model.bind_tools(tools), [HumanMessage(user)]


def run_loop(
    model: Any, tools: list[BaseTool], user: str, max_steps: int = 6, config: Any = None
) -> list[Any]:
    """langchain-core only: model -> tool calls -> tool.invoke(ToolCall) -> ToolMessages -> model."""
    by_name, bound, messages = _start(model, tools, user)
    for _ in range(max_steps):
        ai = bound.invoke(messages)
        messages.append(ai)
        if not ai.tool_calls:
            return messages
        for tc in ai.tool_calls:
            messages.append(by_name[tc["name"]].invoke(tc, config))
    return messages


async def arun_loop(
    model: Any, tools: list[BaseTool], user: str, max_steps: int = 6, config: Any = None
) -> list[Any]:
    """`run_loop` with `ainvoke`, the tool calls of one turn run concurrently."""
    by_name, bound, messages = _start(model, tools, user)
    for _ in range(max_steps):
        ai = await bound.ainvoke(messages)
        messages.append(ai)
        if not ai.tool_calls:
            return messages
        results = await asyncio.gather(*(by_name[tc["name"]].ainvoke(tc, config) for tc in ai.tool_calls))
        messages.extend(results)
    return messages


@pytest.fixture
def lc() -> SimpleNamespace:
    """This module's helpers (`lc.script`, `lc.run_loop`, ...) for the tests."""
    return SimpleNamespace(**globals())
