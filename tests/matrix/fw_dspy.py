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

import inspect
import os
import typing
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import dspy
from _harness import Outcome, View
from dspy.utils.exceptions import format_error_for_lm

import interop
from interop.bridge import get_origin
from interop.dspy import CONTEXT_KEY, ToolContent, ToolResult, from_dspy, run_context, to_dspy

NAME = "dspy"


def _reads_settings(fn: Any, ctx_param: str) -> Any:
    """`fn` without its context parameter, which it gets from DSPy's settings instead."""
    sig = inspect.signature(fn)
    hints = typing.get_type_hints(fn, include_extras=True)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in sig.parameters.values()
        if p.name != ctx_param
    ]
    new_sig = sig.replace(parameters=params, return_annotation=hints.get("return", sig.return_annotation))

    if inspect.iscoroutinefunction(fn):

        async def wrapper(**kwargs: Any) -> Any:
            return await fn(**kwargs, **{ctx_param: dspy.settings.get(CONTEXT_KEY)})

    else:

        def wrapper(**kwargs: Any) -> Any:  # type: ignore[misc]
            return fn(**kwargs, **{ctx_param: dspy.settings.get(CONTEXT_KEY)})

    wrapper.__signature__ = new_sig  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    if new_sig.return_annotation is not inspect.Signature.empty:
        wrapper.__annotations__["return"] = new_sig.return_annotation
    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = fn.__qualname__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def native(spec: Any) -> dspy.Tool:
    fn = _reads_settings(spec.fn, spec.context) if spec.context else spec.fn
    return dspy.Tool(fn)


def from_native(native: Any) -> Any:
    return from_dspy(native)


def convert(neutral: Any, **options: Any) -> Any:
    return to_dspy(neutral, **options)


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
