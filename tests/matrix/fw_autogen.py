"""AutoGen 0.7 in the matrix: native tools, the model's view, conversion and the native call path.

- native idiom: `FunctionTool(fn, description=fn.__doc__)` (what `AssistantAgent(tools=[fn])`
  builds); AutoGen passes a tool only a `CancellationToken` (no per-call data), so a native tool
  has no context to read (the spec function gets None); converted tools get theirs from
  `interop.autogen.run_context(...)`;
- view: `tool.schema` (what the agent hands its model client; AutoGen's OpenAI client sends its
  `parameters` verbatim), meta `strict` from it (no other metadata slot: a converted tool's meta
  is carried on the origin stash);
- call: a real `AssistantAgent.run` with AutoGen's scripted `ReplayChatCompletionClient`, inside
  `run_context(context)`; what the model reads is the `FunctionExecutionResult` (its `is_error`,
  and the tool it is bound to).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "autogen"
TEXT_CHANNEL = True  # function-call arguments as the JSON text a provider delivers
NATIVE_CONTEXT = False
"""AutoGen passes a tool no per-call data: a native tool has no context to read."""
NATIVE_APPROVAL = False
"""AutoGen 0.7 has no confirmation step for tools: a gated tool converts only with `approval=`."""
UNPARSED = "] Error: "
"""AutoGen's own message for arguments it could not decode (`Error: <json error>`, bound to the
tool call by name): the tool is never reached, so no field can be named."""
NOT_CARRIED = {
    "nesting depth 1000": (
        "AutoGen's `AssistantAgent._execute_tool_call` decodes the arguments with `json.loads` and "
        "catches only JSONDecodeError: the RecursionError ends the run before any tool, for every tool"
    ),
}


def available() -> bool:
    return distribution_installed("autogen-agentchat", "autogen-ext")


# ------------------------------------------------------------------------------ native tools


def native(spec: Any) -> Any:
    from _harness import with_native_context
    from autogen_core import CancellationToken
    from autogen_core.tools import FunctionTool

    fn = spec.fn
    if spec.context:  # AutoGen hands a tool nothing to read a context from
        fn = with_native_context(fn, spec.context, "cancellation_token", CancellationToken, lambda token: None)
    try:
        return FunctionTool(fn, description=spec.fn.__doc__ or "", name=spec.name)
    except ValueError as e:  # FunctionTool reads `Annotated` metadata only as a description
        from _harness import NOTES

        NOTES[f"autogen:{spec.name}"] = (
            f"FunctionTool refused the signature ({str(e)[:60]}...); a BaseTool subclass with the "
            "signature's pydantic model, as an AutoGen user writes it"
        )
        return _hand_written(spec.name, spec.fn.__doc__ or "", fn)


def _hand_written(name: str, description: str, fn: Any) -> Any:
    """A `BaseTool` subclass whose `args_type` is the pydantic model of `fn`'s signature."""
    import inspect
    import typing

    import pydantic
    from autogen_core import CancellationToken
    from autogen_core.tools import BaseTool

    hints = typing.get_type_hints(fn, include_extras=True)
    fields = {
        p.name: (hints.get(p.name, Any), ... if p.default is p.empty else p.default)
        for p in inspect.signature(fn).parameters.values()
        if p.name != "cancellation_token"
    }
    args_model = pydantic.create_model(f"{name}_args", **fields)  # type: ignore[call-overload]

    class SpecTool(BaseTool[Any, Any]):
        def __init__(self) -> None:
            super().__init__(args_model, str, name, description)

        async def run(self, args: Any, cancellation_token: CancellationToken) -> Any:
            result = fn(**{k: getattr(args, k) for k in fields})
            return await result if inspect.isawaitable(result) else result

    return SpecTool()


# ------------------------------------------------------------------------------ what the model sees


def view(native_tool: Any) -> View:
    from _harness import View

    import interop
    from interop.bridge import get_origin

    sent = native_tool.schema
    origin = get_origin(native_tool)
    if isinstance(origin, interop.StandardToolV0):  # no title or metadata slot: carried on the stash
        title, meta = origin.title, dict(origin.meta)
    else:
        title, meta = None, ({"strict": True} if sent.get("strict") else {})
    return View(sent["name"], sent.get("description") or "", title, sent.get("parameters") or {}, meta)


# ------------------------------------------------------------------------------ the native call path


def text_of(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args)


def make_agent(native_tool: Any, steps: list[Any]) -> tuple[Any, Any]:
    from autogen_agentchat.agents import AssistantAgent
    from autogen_core import FunctionCall
    from autogen_core.models import CreateResult, RequestUsage
    from autogen_ext.models.replay import ReplayChatCompletionClient

    turns: list[Any] = []
    for i, step in enumerate(steps):
        if isinstance(step, str):
            turns.append(step)
            continue
        calls = [FunctionCall(id=f"c{i}_{j}", name=n, arguments=text_of(a)) for j, (n, a) in enumerate(step)]
        usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
        turns.append(CreateResult(finish_reason="function_calls", content=calls, usage=usage, cached=False))
    info: Any = {"vision": False, "function_calling": True, "json_output": False, "family": "unknown"}
    info["structured_output"] = False
    model = ReplayChatCompletionClient(turns, model_info=info)
    agent = AssistantAgent("assistant", model_client=model, tools=[native_tool], max_tool_iterations=len(steps))
    return agent, model


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real AssistantAgent run: the scripted client calls the tool once, then answers."""
    from _harness import Outcome
    from autogen_agentchat.messages import ToolCallExecutionEvent

    from interop.autogen import run_context

    agent, _ = make_agent(native_tool, [[(native_tool.name, text_of(args))], "done"])
    try:
        with run_context(context):
            run = await agent.run(task="go")
    except Exception as e:  # the run died: not a channel the model reads
        return Outcome(True, f"{type(e).__name__}: {e}", raised=e)
    assert run.messages[-1].content == "done", run.messages[-1]
    (result,) = [r for m in run.messages if isinstance(m, ToolCallExecutionEvent) for r in m.content]
    return Outcome(result.is_error, result.content, tool_name=result.name if result.is_error else None)


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    raise AssertionError("AutoGen has no confirmation step: a gated tool does not convert")


async def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    """A whole agent run that calls the tool, cancelled the AutoGen way: AutoGen runs a turn's tool
    calls in a task of their own, which cancelling the caller's task does not reach (for every
    AutoGen tool); its `CancellationToken` does, so cancelling this run cancels the token."""
    import asyncio

    from autogen_core import CancellationToken

    token = CancellationToken()
    agent, _ = make_agent(native_tool, [[(native_tool.name, json.dumps(args))], "done"])
    try:
        return await agent.run(task="go", cancellation_token=token)
    except asyncio.CancelledError:
        token.cancel()
        raise


native_gated = None
"""AutoGen has no approval flag on a tool."""
