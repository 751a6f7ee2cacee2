"""Haystack in the matrix: native tools in Haystack's idiom, what its model sees, and its call path.

- Native source: `@tool` on the corpus function, or `create_tool_from_function(fn,
  inputs_from_state={"interop_context": <context parameter>})` for a spec with a context (the
  agent fills that parameter from its `State`; it is not in the schema).
- What the model sees: `tool.tool_spec` (name, description, `parameters`); Haystack has no title
  or meta slot (a converted tool's title and meta are on the stash, as the OpenAI Agents SDK's
  meta is).
- Call path: a real `Agent.run_async` with a scripted chat generator that asks for the one call
  and then answers; the context goes in as the agent state's `interop_context` value. The model
  reads the tool call result (`error=True` for failures).
"""

from __future__ import annotations

import inspect
import os
import typing
from typing import Any

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")

import pydantic
from _harness import NOTES, Outcome, View
from haystack import component
from haystack.components.agents import Agent
from haystack.dataclasses import ChatMessage, ToolCall
from haystack.tools import Tool, create_tool_from_function, tool

import interop
from interop.bridge import get_origin
from interop.haystack import CONTEXT_KEY, state_schema

NAME = "haystack"


def _by_hand(spec: Any, from_state: dict[str, str] | None) -> Tool:
    """Haystack's other idiom, `Tool(...)` with a JSON Schema, built from the function's signature."""
    fn = spec.fn
    hints = typing.get_type_hints(fn, include_extras=True)
    fields = {
        name: (hints[name], p.default if p.default is not p.empty else ...)
        for name, p in inspect.signature(fn).parameters.items()
        if name != spec.context
    }
    schema = pydantic.create_model(fn.__name__, **fields).model_json_schema()  # type: ignore[call-overload]
    is_async = inspect.iscoroutinefunction(fn)
    return Tool(
        name=fn.__name__,
        description=fn.__doc__ or "",
        parameters=schema,
        function=None if is_async else fn,
        async_function=fn if is_async else None,
        inputs_from_state=from_state,
    )


def native(spec: Any) -> Tool:
    from_state = {CONTEXT_KEY: spec.context} if spec.context else None
    try:
        if from_state:
            return create_tool_from_function(spec.fn, inputs_from_state=from_state)
        return tool(spec.fn)  # the decorator idiom
    except ValueError as e:
        # `create_tool_from_function` takes `Annotated` metadata as the argument's description, so an
        # `Annotated[..., Field(discriminator=...)]` gives a schema that fails its own metaschema check
        NOTES[f"haystack:{spec.name}"] = f"@tool refused ({str(e)[:60]}); Tool(...) built by hand"
        return _by_hand(spec, from_state)


def view(native: Tool) -> View:
    origin = get_origin(native)
    if isinstance(origin, interop.StandardToolV0):  # no title or metadata slot: carried on the stash
        title, meta = origin.title, dict(origin.meta)
    else:
        title, meta = None, {}
    spec = native.tool_spec
    return View(spec["name"], spec["description"], title, spec["parameters"], meta)


@component
class OneCall:
    """A chat generator asking for one tool call, then answering."""

    def __init__(self, name: str, args: Any) -> None:
        self.call = ToolCall(tool_name=name, arguments=args, id="c1")
        self.turn = 0

    @component.output_types(replies=list[ChatMessage])
    def run(self, messages: list[ChatMessage], tools: Any = None, **kwargs: Any) -> dict[str, Any]:
        self.turn += 1
        if self.turn == 1:
            return {"replies": [ChatMessage.from_assistant(tool_calls=[self.call])]}
        return {"replies": [ChatMessage.from_assistant("done")]}


def _text(result: Any) -> str:
    if isinstance(result, str):
        return result
    return "\n".join(getattr(p, "text", None) or f"[{type(p).__name__}]" for p in result)


async def call(native: Tool, args: Any, context: Any) -> Outcome:
    """One real `Agent.run_async`: the scripted model calls the tool once, then answers."""
    agent = Agent(chat_generator=OneCall(native.name, args), tools=[native], state_schema=state_schema())
    run = await agent.run_async(messages=[ChatMessage.from_user("go")], **{CONTEXT_KEY: context})
    (result,) = [r for m in run["messages"] for r in m.tool_call_results]
    assert run["last_message"].text == "done"
    return Outcome(result.error, _text(result.result))
