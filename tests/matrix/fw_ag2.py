"""AG2 v1 in the matrix: native tools, the model's view, conversion and the native call path.

- native idiom: `@tool` (context through a `ctx: Context` parameter reading the turn's
  `dependencies`, what `Inject` reads);
- view: the `FunctionToolSchema` the agent hands its model (`function.parameters`), meta from the
  tool's own middleware (`approval_required()` as `requires_approval`) and `defer_loading` (no
  other metadata slot: a converted tool's meta is carried on the origin stash);
- call: a real `Agent.ask` with AG2's scripted `TestConfig` (`raise_tool_errors=False`, as a real
  provider is handed a failed call), context as `dependencies=`; what the model reads is the
  tool result's text parts (a `ToolErrorEvent` is an error, bound to the call's tool by name).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "ag2"
TEXT_CHANNEL = True  # a ToolCallEvent carries the arguments' JSON text


def available() -> bool:
    return distribution_installed("ag2")


def _dependencies(ctx: Any) -> Any:
    own = {k: v for k, v in ctx.dependencies.items() if isinstance(k, str) and not k.startswith("__ag2_")}
    return own or None


# ------------------------------------------------------------------------------ native tools


def native(spec: Any) -> Any:
    from _harness import with_native_context
    from ag2 import Context, tool

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "ctx", Context, _dependencies)
    return tool(fn, name=spec.name, description=spec.fn.__doc__ or "")


# ------------------------------------------------------------------------------ what the model sees


def view(native_tool: Any) -> View:
    from _harness import View
    from ag2.middleware import ApprovalRequired

    import interop
    from interop.bridge import get_origin

    function = native_tool.schema.function
    origin = get_origin(native_tool)
    title = None
    if isinstance(origin, interop.StandardToolV0):  # no title or metadata slot: carried on the stash
        title, meta = origin.title, dict(origin.meta)
    else:
        meta = {}
        if any(isinstance(m.middleware, ApprovalRequired) for m in native_tool.middleware):
            meta["requires_approval"] = True
        if native_tool.schema.defer_loading:
            meta["defer_loading"] = True
    return View(function.name, function.description or "", title, function.parameters, meta)


# ------------------------------------------------------------------------------ the native call path


def text_of(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args)


def make_agent(native_tool: Any, steps: list[Any], **kw: Any) -> Any:
    from ag2 import Agent
    from ag2.events import ToolCallEvent
    from ag2.testing import TestConfig

    turns: list[Any] = [
        s if isinstance(s, str) else [ToolCallEvent(id=f"c{i}_{j}", name=n, arguments=text_of(a)) for j, (n, a) in enumerate(s)]
        for i, s in enumerate(steps)
    ]
    return Agent("assistant", config=TestConfig(*turns, raise_tool_errors=False), tools=[native_tool], **kw)


def _text(result: Any) -> str:
    """What AG2's model mappers send: text parts as they are, data parts as JSON."""
    from ag2.events import DataInput

    from interop.bridge import to_json_text

    return "\n".join(
        to_json_text(p.data) if isinstance(p, DataInput) else str(getattr(p, "content", "")) for p in result.result.parts
    )


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real AG2 turn: the scripted model calls the tool once, then answers."""
    from _harness import Outcome
    from ag2.events import ToolErrorEvent, ToolResultsEvent

    agent = make_agent(native_tool, [[(native_tool.name, text_of(args))], "done"])
    try:
        reply = await agent.ask("go", dependencies=dict(context) if context is not None else None)
    except Exception as e:  # the turn died: not a channel the model reads
        return Outcome(True, f"{type(e).__name__}: {e}", raised=e)
    assert await reply.content() == "done"
    events = await reply.history.get_events()
    (result,) = [r for e in events if isinstance(e, ToolResultsEvent) for r in e.results]
    error = isinstance(result, ToolErrorEvent)
    return Outcome(error, _text(result), tool_name=result.name if error else None)


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    """Whether a turn calling a gated tool puts the question to the human (who says no) before it runs."""
    asked: list[Any] = []

    def human(request: Any) -> str:
        asked.append(request)
        return "n"

    agent = make_agent(native_tool, [[(native_tool.name, json.dumps(args))], "done"], hitl_hook=human)
    await agent.ask("go")
    return bool(asked)


def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    return make_agent(native_tool, [[(native_tool.name, json.dumps(args))], "done"]).ask("go")


def native_gated(fn: Any) -> Any:
    """A native tool that needs approval: `@tool(middleware=[approval_required()])`."""
    from ag2 import tool
    from ag2.middleware import approval_required

    return tool(fn, middleware=[approval_required()])
