"""Shared pieces for the DSPy adapter tests: `dspy.ReAct` driven by DSPy's own `DummyLM`, and a
scripted LM that answers with native tool calls (for `ChatAdapter(use_native_function_calling=True)`)."""

from __future__ import annotations

import asyncio
import os
from types import SimpleNamespace
from typing import Any

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
pytest.importorskip("dspy")

import dspy
from dspy.lm15 import Message, Response, TextPart, ToolCallPart, Usage
from dspy.utils.dummies import DummyLM


def step(tool: str, **args: Any) -> dict[str, Any]:
    """One ReAct turn of the scripted LM: call `tool` with `args`."""
    return {"next_thought": "t", "next_tool_name": tool, "next_tool_args": args}


FINISH = step("finish")


def react(
    tools: list[Any],
    turns: list[dict[str, Any]],
    *,
    use_async: bool = False,
    answer: str = "done",
    **settings: Any,
) -> tuple[Any, DummyLM]:
    """One real `dspy.ReAct` run (`forward`, or `aforward` through `acall`) with `DummyLM`."""
    lm = DummyLM([*turns, {"reasoning": "r", "answer": answer}])
    program = dspy.ReAct("question -> answer", tools=tools, max_iters=len(turns) + 1)
    with dspy.context(lm=lm, **settings):
        pred = asyncio.run(program.acall(question="go")) if use_async else program(question="go")
    return pred, lm


def observations(pred: Any) -> list[Any]:
    return [v for k, v in pred.trajectory.items() if k.startswith("observation_")]


def last_prompt(lm: DummyLM) -> str:
    content = lm.history[-1]["messages"][-1]["content"]
    return content if isinstance(content, str) else " ".join(str(p) for p in content)


class ToolCallingLM(DummyLM):
    """A scripted LM with native function calling: each step is text or a list of tool calls;
    every request it receives is kept (`seen`), with the tools it was sent."""

    def __init__(self, steps: list[list[tuple[str, dict[str, Any]]] | str]) -> None:
        super().__init__([])
        self.steps = list(steps)
        self.seen: list[Any] = []
        lm = self

        class Engine:
            def complete(self, request: Any) -> Any:
                lm.seen.append(request)
                return lm.next_response()

            def close(self) -> None:
                pass

        self._engine_spec = Engine()
        self._async_engine_spec = None

    @property
    def supports_function_calling(self) -> bool:
        return True

    def next_response(self) -> Any:
        s = self.steps.pop(0)
        parts = (
            [TextPart(s)]
            if isinstance(s, str)
            else [ToolCallPart(id=f"c{i}", name=n, input=a) for i, (n, a) in enumerate(s)]
        )
        return Response(
            id=None,
            model="dummy",
            message=Message.assistant(parts),
            finish_reason="stop",
            usage=Usage(input_tokens=0, output_tokens=0, total_tokens=0),
        )


@pytest.fixture
def dk() -> SimpleNamespace:
    """This module's helpers (`dk.react`, `dk.step`, `dk.FINISH`, ...) for the tests."""
    return SimpleNamespace(**globals())


@pytest.fixture(params=[False, True], ids=["forward", "aforward"])
def use_async(request: Any) -> bool:
    return bool(request.param)
