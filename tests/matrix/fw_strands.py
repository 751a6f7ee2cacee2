"""Strands Agents in the matrix: native tools, the model's view, conversion and the native call path.

- native idiom: `@tool` (`@tool(context=True)` with a `tool_context: ToolContext` parameter reading
  `invocation_state["context"]` for the context specs). Strands' `@tool` refuses
  `Annotated[..., Field(...)]` (`NotImplementedError`): those specs are written as Strands' other
  idiom, an `AgentTool` subclass with a pydantic-derived JSON Schema (noted in `NOTES`);
- view: the tool spec the model is sent (`ToolRegistry` normalization included), minus the
  placeholder descriptions `Property <name>` Strands writes into properties that have none (an
  annotation; a type it adds stays visible); title and meta from `annotations`;
- call: a real `Agent.invoke_async` run with a scripted `Model` streaming Bedrock-shaped events,
  context in `invocation_state["context"]`; what the model reads is the tool result's content
  (`json` blocks as JSON text).

Strands needs `mcp<2.2`, so this module runs only in the Strands environment (`make test-strands`).
"""

from __future__ import annotations

import copy
import inspect
import json
from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "strands"
TEXT_CHANNEL = True  # the model streams the input as JSON text
NOT_CARRIED = {
    "nesting depth 1000": (
        "Strands decodes the streamed tool input with `json.loads` catching only ValueError: a 1000-deep "
        "array raises RecursionError and the agent run fails before any tool runs, for every Strands tool"
    ),
}
"""Hostile cases Strands' channel cannot deliver to any tool."""
CONTEXT_KEY = "context"


def available() -> bool:
    return distribution_installed("strands-agents")


# ------------------------------------------------------------------------------ native tools


def _class_tool(fn: Any) -> Any:
    """Strands' class idiom: an `AgentTool` whose schema comes from the function's signature."""
    import pydantic
    from strands.types.tools import AgentTool

    from interop.bridge import to_jsonable

    sig = inspect.signature(fn)
    fields = {
        n: (p.annotation, ... if p.default is inspect.Parameter.empty else p.default)
        for n, p in sig.parameters.items()
    }
    model = pydantic.create_model(f"{fn.__name__}_input", **fields)  # type: ignore[call-overload]
    schema = model.model_json_schema()
    schema.pop("title", None)
    spec = {"name": fn.__name__, "description": inspect.getdoc(fn) or "", "inputSchema": {"json": schema}}

    class SignatureTool(AgentTool):
        @property
        def tool_name(self) -> str:
            return fn.__name__

        @property
        def tool_spec(self) -> Any:
            return spec

        @property
        def tool_type(self) -> str:
            return "python"

        async def stream(self, tool_use: Any, invocation_state: dict[str, Any], **kwargs: Any) -> Any:
            try:
                values = model.model_validate(tool_use["input"])
            except pydantic.ValidationError as e:
                yield {
                    "toolUseId": tool_use["toolUseId"],
                    "status": "error",
                    "content": [{"text": f"Error: {e}"}],
                }
                return
            result = fn(**{n: getattr(values, n) for n in fields})
            if inspect.isawaitable(result):
                result = await result
            text = result if isinstance(result, str) else json.dumps(to_jsonable(result))
            yield {"toolUseId": tool_use["toolUseId"], "status": "success", "content": [{"text": text}]}

    return SignatureTool()


def native(spec: Any) -> Any:
    from _harness import NOTES, with_native_context
    from strands import tool
    from strands.types.tools import ToolContext

    fn = spec.fn
    if spec.context:
        fn = with_native_context(
            fn, spec.context, "tool_context", ToolContext, lambda tc: tc.invocation_state.get(CONTEXT_KEY)
        )
        return tool(context=True)(fn)
    try:
        return tool(fn)
    except NotImplementedError as e:  # `Annotated[..., Field(...)]`: Strands' @tool refuses it
        NOTES[f"strands:{spec.name}"] = f"@tool refused ({str(e)[:50]}...); an AgentTool subclass instead"
        return _class_tool(fn)


# ------------------------------------------------------------------------------ what the model sees


def _strip_placeholders(sent: Any, raw: Any) -> Any:
    """`sent` without the `Property <name>` descriptions and empty `required` Strands added to `raw`."""
    if not isinstance(sent, dict) or not isinstance(raw, dict):
        return sent
    out = dict(sent)
    if out.get("required") == [] and "required" not in raw:
        del out["required"]
    props, raw_props = out.get("properties"), raw.get("properties")
    if isinstance(props, dict) and isinstance(raw_props, dict):
        cleaned = {}
        for name, prop in props.items():
            before = raw_props.get(name)
            if isinstance(prop, dict) and isinstance(before, dict):
                prop = _strip_placeholders(prop, before)
                if prop.get("description") == f"Property {name}" and "description" not in before:
                    prop = {k: v for k, v in prop.items() if k != "description"}
            cleaned[name] = prop
        out["properties"] = cleaned
    return out


def view(native_tool: Any) -> View:
    from _harness import View
    from strands.tools.registry import ToolRegistry

    from interop.bridge import MCP_HINTS

    registry = ToolRegistry()
    registry.register_tool(native_tool)
    (sent,) = registry.get_all_tool_specs()
    raw = copy.deepcopy(native_tool.tool_spec["inputSchema"]).get("json")
    schema = _strip_placeholders(sent["inputSchema"]["json"], raw)
    annotations = native_tool.tool_spec.get("annotations") or {}
    meta = {k: annotations[w] for k, w in MCP_HINTS.items() if isinstance(annotations.get(w), bool)}
    meta.update(annotations.get("interop") or {})
    return View(sent["name"], sent["description"], annotations.get("title"), schema, meta)


# ------------------------------------------------------------------------------ the native call path


def render(content: list[dict[str, Any]]) -> str:
    """What the model reads from tool-result content (a `json` block as JSON text)."""
    return "\n".join(
        json.dumps(b["json"]) if "json" in b else str(b.get("text", f"[{next(iter(b), 'block')}]"))
        for b in content
    )


def make_agent(native_tool: Any, steps: list[Any]) -> Any:
    """A Strands `Agent` over the scripted model of tests/strands_kit.py."""
    from strands_kit import agent

    return agent(steps, [native_tool])[0]


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real Strands agent run: the scripted model calls the tool once, then answers."""
    from _harness import Outcome
    from strands_kit import tool_results

    from interop.bridge import exception_text

    agent = make_agent(native_tool, [[(native_tool.tool_name, args)], "done"])
    try:
        result = await agent.invoke_async("go", invocation_state={CONTEXT_KEY: context})
    except Exception as e:  # the run died: not a channel the model reads
        return Outcome(True, f"{type(e).__name__}: {exception_text(e)}", raised=e)
    assert result.stop_reason == "end_turn", result.stop_reason
    (tool_result,) = tool_results(agent)
    return Outcome(tool_result["status"] == "error", render(tool_result["content"]), tool_result["content"])


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    """Whether a run calling a gated tool stops for a human (an interrupt) before it runs."""
    agent = make_agent(native_tool, [[(native_tool.tool_name, args)], "done"])
    result = await agent.invoke_async("go")
    return result.stop_reason == "interrupt" and bool(result.interrupts)


def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    """A coroutine: a whole agent run that calls the tool (to cancel mid-call)."""
    return make_agent(native_tool, [[(native_tool.tool_name, args)], "done"]).invoke_async("go")


native_gated = None
"""Strands has no approval flag on a tool (a tool or a hook raises an interrupt in code)."""
