"""Agno in the matrix: native tools, the model's view, conversion and the native call path.

- native idiom: `@tool` (with `title=` and the MCP hints as `annotations=` where a spec has them;
  context through a `run_context: RunContext` parameter reading `run_context.dependencies`);
- view: the function definition the model is sent (`Function.to_dict()` after the processing an
  Agent applies), its title, and the meta (Agno has no metadata slot beyond the hints: a converted
  tool's meta is carried on the origin stash, as for the OpenAI Agents SDK);
- call: a real `Agent.arun` with a scripted `Model` (`telemetry=False`), context as
  `dependencies=`; what the model reads is the tool message (Agno `str()`s a result; an error
  message has `tool_call_error` set, or unset for the arguments Agno itself could not decode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "agno"
TEXT_CHANNEL = True  # tool-call arguments arrive as JSON text, decoded by Agno
UNPARSED = "Error while decoding function arguments"
"""Agno's own message for arguments it could not decode (`json.loads`, then `ast.literal_eval`: a
1000-deep array defeats both); the tool is never reached, so no field can be named."""


def available() -> bool:
    return distribution_installed("agno")


# ------------------------------------------------------------------------------ native tools

_HINTS = {
    "read_only": "readOnlyHint",
    "destructive": "destructiveHint",
    "idempotent": "idempotentHint",
    "open_world": "openWorldHint",
}


def native(spec: Any) -> Any:
    from _harness import with_native_context
    from agno.run import RunContext
    from agno.tools import tool

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "run_context", RunContext, lambda rc: rc.dependencies)
    hints = {w: spec.meta[k] for k, w in _HINTS.items() if k in spec.meta}
    options: dict[str, Any] = {}
    if spec.title:
        options["title"] = spec.title
    if hints:
        options["annotations"] = hints
    return tool(**options)(fn) if options else tool(fn)


# ------------------------------------------------------------------------------ what the model sees


def view(native_tool: Any) -> View:
    from _harness import View

    import interop
    from interop.bridge import get_origin

    function = native_tool.model_copy(deep=True)
    function.process_entrypoint(strict=bool(function.strict))  # what an Agent does before sending it
    sent = function.to_dict()
    origin = get_origin(native_tool)
    if isinstance(origin, interop.StandardToolV0):
        meta = dict(origin.meta)  # no metadata slot beyond the hints: carried on the stash
    else:
        meta = {
            k: native_tool.annotations[w] for k, w in _HINTS.items() if w in (native_tool.annotations or {})
        }
        if native_tool.requires_confirmation:
            meta["requires_approval"] = True
    return View(sent["name"], sent.get("description") or "", function.title, sent["parameters"], meta)


# ------------------------------------------------------------------------------ the native call path


def make_agent(native_tool: Any, steps: list[Any]) -> tuple[Any, Any]:
    """An Agno `Agent` over the scripted model of tests/agno_kit.py, and that model."""
    from agno_kit import agent

    return agent(steps, [native_tool])


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real Agno `arun`: the scripted model calls the tool once, then answers."""
    from _harness import Outcome
    from agno_kit import tool_messages

    agent, model = make_agent(native_tool, [[(native_tool.name, args)], "done"])
    run = await agent.arun("go", dependencies=context)
    if str(run.content) != "done":  # the run failed (Agno reports it on the output)
        return Outcome(True, f"run failed: {run.content}", tool_name=None)
    (message,) = tool_messages(model)
    text = message.content if isinstance(message.content, str) else str(message.content)
    # `tool_call_error` is True for a failed call, unset for arguments Agno could not decode itself
    return Outcome(message.tool_call_error is not False, text, tool_name=message.tool_name)


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    agent, _ = make_agent(native_tool, [[(native_tool.name, args)], "done"])
    run = await agent.arun("go")
    return bool(run.is_paused and run.active_requirements)


def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    agent, _ = make_agent(native_tool, [[(native_tool.name, args)], "done"])
    return agent.arun("go")


def native_gated(fn: Any) -> Any:
    """A native tool that needs a human's confirmation: `@tool(requires_confirmation=True)`."""
    from agno.tools import tool

    return tool(requires_confirmation=True)(fn)
