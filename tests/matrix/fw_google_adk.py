"""Google ADK in the matrix: native tools in ADK's idiom, what its model sees, its call path.

- Native idiom: `FunctionTool(fn)`; a spec's context parameter becomes ADK's `tool_context:
  ToolContext` reading the session state (`tool_context.state.to_dict()`); meta goes to
  `custom_metadata` (ADK's only metadata slot; no title slot).
- What the model sees: the tool's `FunctionDeclaration` (`parameters_json_schema`).
- Call path: what ADK's loop does for one function call (`flows/llm_flows/tools/_caller.py`):
  the arguments as a `types.FunctionCall` (deep-copied), a `ToolContext` over a session whose
  state is the call's context, ADK's confirmation gate, then `run_async`. A dict answer is the
  `FunctionResponse`, anything else `{"result": value}`; `{"error": ...}` is ADK's model-facing
  error; a raised exception aborts ADK's run (reported here as an error carrying the exception).
"""

from __future__ import annotations

import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

import copy
import itertools
from typing import Any

from interop.bridge import exception_text, to_json_text

_ids = itertools.count(1)


def native(spec: Any) -> Any:
    from _harness import with_native_context
    from google.adk.tools import FunctionTool
    from google.adk.tools.tool_context import ToolContext

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "tool_context", ToolContext, lambda tc: tc.state.to_dict())
    tool = FunctionTool(fn)
    if spec.meta:
        tool.custom_metadata = dict(spec.meta)
    return tool


def view(native_tool: Any) -> Any:
    from _harness import View

    from interop.google_adk import META_KEY

    decl = native_tool._get_declaration()
    meta = dict(native_tool.custom_metadata or {})
    ours = meta.pop(META_KEY, None) or {}
    return View(
        native_tool.name,
        native_tool.description or "",
        ours.get("title"),
        decl.parameters_json_schema or {"type": "object", "properties": {}},
        meta,
    )


def tool_context(context: Any, call_id: str | None = None) -> Any:
    from google.adk.agents.invocation_context import InvocationContext
    from google.adk.sessions import InMemorySessionService, Session
    from google.adk.tools.tool_context import ToolContext

    n = next(_ids)
    state = dict(context) if isinstance(context, dict) else {}
    invocation = InvocationContext(
        session_service=InMemorySessionService(),
        invocation_id=f"e-{n}",
        session=Session(id=f"s-{n}", app_name="matrix", user_id="u", state=state),
    )
    return ToolContext(invocation, function_call_id=call_id or f"call-{n}")


async def call(native_tool: Any, args: Any, context: Any) -> Any:
    from _harness import Outcome
    from google.adk.tools._confirmation_utils import apply_confirmation_gate
    from google.genai import types

    try:
        function_call = types.FunctionCall(id="c1", name=native_tool.name, args=args)
        arguments = copy.deepcopy(function_call.args) if function_call.args else {}
        tc = tool_context(context)
        out = await apply_confirmation_gate(native_tool, arguments, tc)
        if out is None:
            out = await native_tool.run_async(args=arguments, tool_context=tc)
    except Exception as e:  # ADK aborts the run on a raising tool
        return Outcome(True, f"{type(e).__name__}: {exception_text(e)}", raised=e)
    if isinstance(out, dict) and set(out) == {"error"}:
        return Outcome(True, str(out["error"]), out)
    response = out if isinstance(out, dict) else {"result": out}
    shown = response["result"] if set(response) == {"result"} else response
    return Outcome(False, to_json_text(shown), shown)
