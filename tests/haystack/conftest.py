"""Shared pieces for the Haystack adapter tests: a scripted offline chat generator (a real
Haystack component) and helpers that run a real `Agent` with it, sync and async."""

from __future__ import annotations

import asyncio
import os
from types import SimpleNamespace
from typing import Any

import pytest

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")
pytest.importorskip("haystack")

from haystack import component
from haystack.components.agents import Agent
from haystack.dataclasses import ChatMessage, ToolCall

Step = list[tuple[str, dict[str, Any]]] | str


@component
class ScriptedGenerator:
    """A chat generator that replays scripted replies and records the tools it was sent."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = list(steps)
        self.tools_seen: list[list[dict[str, Any]]] = []
        self.messages_seen: list[list[ChatMessage]] = []

    @component.output_types(replies=list[ChatMessage])
    def run(self, messages: list[ChatMessage], tools: Any = None, **kwargs: Any) -> dict[str, Any]:
        # what a real generator does with tools: send each `tool_spec` to the provider
        self.tools_seen.append([t.tool_spec for t in (tools or [])])
        self.messages_seen.append(list(messages))
        step = self.steps.pop(0)
        if isinstance(step, str):
            return {"replies": [ChatMessage.from_assistant(step)]}
        turn = len(self.messages_seen)
        calls = [ToolCall(tool_name=n, arguments=a, id=f"t{turn}_{i}") for i, (n, a) in enumerate(step)]
        return {"replies": [ChatMessage.from_assistant(tool_calls=calls)]}


def results(run: dict[str, Any]) -> list[tuple[Any, bool]]:
    """(result, error) of every tool call result in an agent run, in order."""
    return [(r.result, r.error) for m in run["messages"] for r in m.tool_call_results]


def run_agent(
    tools: Any,
    steps: list[Step],
    *,
    use_async: bool = False,
    agent_kw: dict[str, Any] | None = None,
    **run_kw: Any,
) -> tuple[dict[str, Any], ScriptedGenerator]:
    """One real `Agent` run (sync `run` or async `run_async`) driven by the scripted generator."""
    gen = ScriptedGenerator(steps)
    agent = Agent(chat_generator=gen, tools=tools, **(agent_kw or {}))
    messages = [ChatMessage.from_user("go")]
    if use_async:
        out = asyncio.run(agent.run_async(messages=messages, **run_kw))
    else:
        out = agent.run(messages=messages, **run_kw)
    return out, gen


@pytest.fixture(params=[False, True], ids=["run", "run_async"])
def use_async(request: Any) -> bool:
    return bool(request.param)


@pytest.fixture
def hs() -> SimpleNamespace:
    """This module's helpers (`hs.run_agent`, `hs.results`, ...) for the tests."""
    return SimpleNamespace(**globals())
