"""AutoGen's real `AssistantAgent` driven offline by its own scripted model client
(`autogen_ext.models.replay.ReplayChatCompletionClient`): each step is a text (the final answer)
or a list of `(tool name, arguments)` calls for one turn (arguments as a dict, or raw JSON text as
a model sends it); call ids are `c<turn>_<i>`. The client records what it was sent each turn."""

from __future__ import annotations

import json
from typing import Any

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import ToolCallExecutionEvent
from autogen_core import FunctionCall
from autogen_core.models import CreateResult, FunctionExecutionResult, RequestUsage
from autogen_ext.models.replay import ReplayChatCompletionClient

MODEL_INFO: Any = {
    "vision": False,
    "function_calling": True,
    "json_output": False,
    "family": "unknown",
    "structured_output": False,
}


def _turn(i: int, step: Any) -> Any:
    if isinstance(step, str):
        return step
    calls = [
        FunctionCall(id=f"c{i}_{j}", name=name, arguments=args if isinstance(args, str) else json.dumps(args))
        for j, (name, args) in enumerate(step)
    ]
    return CreateResult(
        finish_reason="function_calls", content=calls, usage=RequestUsage(prompt_tokens=0, completion_tokens=0), cached=False
    )


def client(steps: list[Any]) -> ReplayChatCompletionClient:
    return ReplayChatCompletionClient([_turn(i, s) for i, s in enumerate(steps)], model_info=MODEL_INFO)


def agent(steps: list[Any], tools: list[Any], **kw: Any) -> tuple[AssistantAgent, ReplayChatCompletionClient]:
    model = client(steps)
    kw.setdefault("max_tool_iterations", len(steps))
    return AssistantAgent("assistant", model_client=model, tools=tools, **kw), model


def results(run: Any) -> list[FunctionExecutionResult]:
    """Every tool result of a run, in order (what the model is sent next)."""
    return [r for m in run.messages if isinstance(m, ToolCallExecutionEvent) for r in m.content]


def tools_sent(model: ReplayChatCompletionClient, turn: int = 0) -> dict[str, Any]:
    """The tool schemas the model client was handed on a turn, by name."""
    return {t["name"]: t for t in model.create_calls[turn]["tools"]}
