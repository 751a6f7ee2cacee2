"""smolagents in the matrix: native tools in smolagents' own idiom, what its model sees, and its
native call path (`ToolCallingAgent.execute_tool_call`: smolagents' own top-level argument check,
then `tool(**args, sanitize_inputs_outputs=True)`, as its agent loop calls tools).

- Native idiom: a `Tool` subclass (the class idiom: `name`, `description`, an `inputs` dict in
  smolagents' vocabulary holding each argument's JSON Schema, `output_type`, `forward`), since
  `@tool` reads only simple annotations and a docstring `Args:` section. smolagents has no
  per-call context, title or meta slot: a context spec's native tool gets no context.
- Context for converted tools: `interop.smolagents.run_context(ctx)` around the call.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from installed import module_installed

import interop
from interop.bridge import exception_text, get_origin, input_json_schema, output_json_schema, to_jsonable

NAME = "smolagents"


def available() -> bool:
    return module_installed("smolagents.tools")


def _run(fn: Any, kwargs: dict[str, Any]) -> Any:
    result = fn(**kwargs)
    if inspect.isawaitable(result):  # smolagents tools are sync: run the coroutine to completion
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            result = asyncio.run(result)
        else:  # called from a running loop's thread: finish it on another thread
            import concurrent.futures

            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                result = pool.submit(asyncio.run, result).result()
    return to_jsonable(result)


def native(spec: Any) -> Any:
    """A `Tool` subclass instance for the spec (its inputs: each argument's JSON Schema)."""
    from smolagents import Tool

    from interop.smolagents._schema import to_inputs

    neutral = interop.tool(spec.fn, context=spec.context)
    fn, ctx = spec.fn, spec.context

    class SpecTool(Tool):
        skip_forward_signature_validation = True
        name = spec.name
        description = neutral.description
        inputs = to_inputs(input_json_schema(neutral))
        output_type = "any"
        output_schema = output_json_schema(neutral)

        def forward(self, **kwargs: Any) -> Any:
            if ctx:
                kwargs[ctx] = None  # smolagents has no per-call context
            return _run(fn, kwargs)

    return SpecTool()


_BARE = {"type", "description", "default", "nullable", "title"}


def read_back(parameters: dict[str, Any]) -> dict[str, Any]:
    """The parameters smolagents sends, its own spellings read as plain JSON Schema (the inverse of
    its vocabulary, where that is unambiguous): an empty `description` (smolagents requires the
    key) says nothing; `nullable: true` on an input not in `required` is smolagents' "optional"
    (the required list says it); a type list of a bare input is an `anyOf` of those types; an
    `anyOf` kept under `allOf` (so smolagents does not flatten it) is that `anyOf`, without the
    type list added for smolagents. Everything else is compared as sent."""
    required = set(parameters.get("required", []))
    props: dict[str, Any] = {}
    for name, raw in parameters.get("properties", {}).items():
        node = dict(raw)
        if node.get("description") == "":
            del node["description"]
        if node.get("nullable") is True and name not in required:
            del node["nullable"]
        kept = node.get("allOf")
        if isinstance(kept, list) and len(kept) == 1 and set(kept[0]) == {"anyOf"} and "anyOf" not in node:
            del node["allOf"]
            node.pop("type", None)
            node["anyOf"] = kept[0]["anyOf"]
        elif isinstance(node.get("type"), list) and set(node) <= _BARE:
            node["anyOf"] = [{"type": t} for t in node.pop("type")]
        props[name] = node
    return {**parameters, "properties": props}


def view(tool: Any) -> Any:
    from _harness import View
    from smolagents.models import get_tool_json_schema

    schema = read_back(get_tool_json_schema(tool)["function"]["parameters"])
    origin = get_origin(tool)
    meta = dict(origin.meta) if isinstance(origin, interop.StandardToolV0) else {}  # no meta slot
    title = origin.title if isinstance(origin, interop.StandardToolV0) else None
    return View(tool.name, tool.description, title, schema, meta)


_AGENTS: dict[int, Any] = {}


def _agent(tool: Any) -> Any:
    from smolagents import Model, ToolCallingAgent

    agent = _AGENTS.get(id(tool))
    if agent is None or agent.tools.get(tool.name) is not tool:
        agent = ToolCallingAgent(tools=[tool], model=Model(model_id="unused"), verbosity_level=-1)
        _AGENTS[id(tool)] = agent
    return agent


async def call(tool: Any, args: Any, context: Any) -> Any:
    """One call as the ToolCallingAgent makes it (on a worker thread: smolagents is sync)."""
    from _harness import Outcome
    from smolagents.utils import AgentError

    from interop.smolagents import run_context

    agent = _agent(tool)

    def run() -> Any:
        with run_context(context):
            return agent.execute_tool_call(tool.name, args)

    try:
        result = await asyncio.to_thread(run)
    except AgentError as e:  # smolagents records it on the step for the model's next turn
        return Outcome(True, exception_text(e), raised=e, tool_name=tool.name)
    return Outcome(False, str(result).strip(), result)
