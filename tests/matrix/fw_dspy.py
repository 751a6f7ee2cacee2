"""DSPy in the matrix: native tools in DSPy's idiom, what its model sees, and its call path.

- Native source: `dspy.Tool(fn)`; a spec with a context gets a function without its context
  parameter that reads DSPy's settings value `interop_context` instead (DSPy passes tools no
  context; `dspy.context(...)` is its per-run settings).
- What the model sees: `format_as_litellm_function_call()` (native function calling): name,
  description, parameters. DSPy tools have no title or meta slot (a converted tool's title and
  meta are on the stash).
- Call path: what `dspy.ReAct.aforward` does with a tool call: `await tool.acall(**args)` inside
  `dspy.context(interop_context=...)`; an exception becomes ReAct's observation
  `Execution error in <tool>: <traceback>`; a result is shown the way DSPy's chat adapter renders
  the trajectory.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import dspy
from _harness import Outcome, View, without_context
from dspy.utils.exceptions import format_error_for_lm

import interop
from interop.bridge import get_origin
from interop.dspy import CONTEXT_KEY, ToolContent, ToolResult, run_context

NAME = "dspy"


def native(spec: Any) -> dspy.Tool:
    """`dspy.Tool(fn)`; a context spec's function reads its context from DSPy's settings."""
    fn = spec.fn
    if spec.context:
        fn = without_context(fn, spec.context, lambda: dspy.settings.get(CONTEXT_KEY))
    return dspy.Tool(fn)


def view(native: dspy.Tool) -> View:
    origin = get_origin(native)
    if isinstance(origin, interop.StandardToolV0):  # no title or metadata slot: carried on the stash
        title, meta = origin.title, dict(origin.meta)
    else:
        title, meta = None, {}
    function = native.format_as_litellm_function_call()["function"]
    return View(function["name"], function["description"] or "", title, function["parameters"], meta)


_ADAPTER = dspy.ChatAdapter()


def shown(observation: Any) -> str:
    """The observation as DSPy's chat adapter writes it into ReAct's trajectory."""
    text = _ADAPTER.format_user_message_content(
        dspy.Signature("observation -> x"), {"observation": observation}
    )
    return str(text).split("]]\n", 1)[1].strip()


async def call(native: dspy.Tool, args: Any, context: Any) -> Outcome:
    """What `ReAct.aforward` does with one tool call (its `except` turns errors into observations)."""
    try:
        with run_context(context):
            observation = await native.acall(**args)
    except Exception as err:
        return Outcome(
            True,
            f"Execution error in {native.name}: {format_error_for_lm(err, traceback_frames=5)}",
            raised=err,
        )
    if isinstance(observation, (ToolResult, ToolContent)):
        return Outcome(observation.is_error, shown(observation), observation.value)
    return Outcome(False, shown(observation), observation)
