"""Microsoft Agent Framework in the matrix: native tools, the model's view, conversion and the
native call path.

- native idiom: `@tool` (`additional_properties=` carrying the spec's meta: Agent Framework's
  metadata slot; context through a `ctx: FunctionInvocationContext` parameter reading
  `ctx.kwargs["context"]`);
- view: `to_json_schema_spec()` (what the chat clients send), the title from
  `additional_properties["interop"]`, the meta from `additional_properties`;
- call: a real `Agent.run` over a `FunctionInvocationLayer` + `BaseChatClient` scripted client,
  context as `function_invocation_kwargs={"context": ...}`; what the model reads is the function
  result's text. An error is what the model is told is one: Agent Framework's own
  `Error: ...` texts (with the exception recorded), or the error texts of converted tools (which
  Agent Framework would otherwise hide behind `Error: Function failed.`).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "agent-framework"
TEXT_CHANNEL = True  # function-call arguments as the JSON text a provider delivers
NOT_CARRIED = {
    "nesting depth 1000": (
        "Agent Framework's `Content.parse_arguments` (`json.loads`) raises RecursionError before any "
        "tool runs and the run fails (it catches only JSONDecodeError), for every Agent Framework tool"
    ),
}
"""Hostile cases Agent Framework's channel cannot deliver to any tool."""

_ERROR_PREFIXES = (
    "Error:",
    "Invalid arguments for tool",
    "Invalid JSON arguments for tool",
    "Error from tool",
    "The call to tool",
)


def available() -> bool:
    return distribution_installed("agent-framework-core")


# ------------------------------------------------------------------------------ native tools


def native(spec: Any) -> Any:
    from _harness import with_native_context
    from agent_framework import FunctionInvocationContext, tool

    fn = spec.fn
    if spec.context:
        fn = with_native_context(
            fn, spec.context, "ctx", FunctionInvocationContext, lambda c: c.kwargs.get("context")
        )
    return tool(fn, additional_properties=dict(spec.meta) or None)


# ------------------------------------------------------------------------------ what the model sees


def view(native_tool: Any) -> View:
    from _harness import View

    function = native_tool.to_json_schema_spec()["function"]
    props = dict(native_tool.additional_properties or {})
    ours = props.pop("interop", None) or {}
    if native_tool.approval_mode == "always_require":
        props.setdefault("requires_approval", True)
    return View(function["name"], function["description"], ours.get("title"), function["parameters"], props)


# ------------------------------------------------------------------------------ the native call path


def text_of(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args)


def make_agent(native_tool: Any, steps: list[Any]) -> Any:
    """An Agent Framework `Agent` over the scripted chat client of tests/af_kit.py."""
    from af_kit import agent

    return agent(steps, [native_tool])[0]


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real Agent Framework run: the scripted client calls the tool once, then answers."""
    from _harness import Outcome
    from af_kit import function_results

    agent = make_agent(native_tool, [[(native_tool.name, text_of(args))], "done"])
    run = await agent.run("go", function_invocation_kwargs={"context": context})
    assert run.text == "done", run.text
    (result,) = function_results(run)
    text = result.result if isinstance(result.result, str) else str(result.result)
    error = (
        result.exception is not None
        or text.startswith(_ERROR_PREFIXES)
        or text.startswith(f"Tool '{native_tool.name}' produced an invalid result")
    )
    return Outcome(error, text, tool_name=native_tool.name if error else None)


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    agent = make_agent(native_tool, [[(native_tool.name, json.dumps(args))], "done"])
    run = await agent.run("go", session=agent.create_session())
    return bool(run.user_input_requests)


def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    return make_agent(native_tool, [[(native_tool.name, json.dumps(args))], "done"]).run("go")


def native_gated(fn: Any) -> Any:
    """A native tool that needs approval: `@tool(approval_mode="always_require")`."""
    from agent_framework import tool

    return tool(fn, approval_mode="always_require")
