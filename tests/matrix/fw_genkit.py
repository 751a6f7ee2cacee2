"""Genkit in the matrix: native tools in Genkit's idiom, what its model sees, its call path.

- Native idiom: `@ai.tool()` on an async handler `(input: <pydantic model>, ctx: ToolRunContext)`,
  the model built from the spec function's parameters (what a Genkit user writes: one input
  model); a spec's context parameter reads `ctx.context`. Genkit has no title or meta slot for a
  decorated tool.
- What the model sees: the `ToolDefinition` Genkit puts in the model request
  (`to_tool_definition(action)`).
- Call path: what `generate` does for one tool request (`run_tool_request`): `action.run(input,
  context=<the generate context, copied>)`. The response's `output` is what the model reads; a
  raised exception fails the whole `generate` (reported here as an error carrying it).
"""

from __future__ import annotations

import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

import inspect
import typing
from typing import Any

from interop.bridge import exception_text, to_json_text

_app: list[Any] = []


def ai() -> Any:
    """The one `Genkit` instance native matrix tools are registered on."""
    if not _app:
        from genkit import Genkit

        _app.append(Genkit())
    return _app[0]


def native(spec: Any) -> Any:
    from genkit import ToolRunContext
    from pydantic import create_model

    fn = spec.fn
    hints = typing.get_type_hints(fn, include_extras=True)
    fields: dict[str, Any] = {}
    for p in inspect.signature(fn).parameters.values():
        if p.name == spec.context:
            continue
        default = ... if p.default is inspect.Parameter.empty else p.default
        fields[p.name] = (hints.get(p.name, Any), default)
    model = create_model("Args", **fields)
    names = list(fields)
    context_name = spec.context

    async def handler(inp: Any, ctx: ToolRunContext) -> Any:
        kwargs = {n: getattr(inp, n) for n in names}
        if context_name:
            kwargs[context_name] = ctx.context
        result = fn(**kwargs)
        return await result if inspect.isawaitable(result) else result

    handler.__name__ = spec.name
    handler.__doc__ = fn.__doc__
    handler.__annotations__ = {"inp": model, "ctx": ToolRunContext}
    if "return" in hints:
        handler.__annotations__["return"] = hints["return"]
    return ai().tool()(handler)


def view(native_tool: Any) -> Any:
    from _harness import View
    from genkit._ai._generate import to_tool_definition  # what the model request carries

    from interop.genkit import META_KEY

    action = native_tool.action()
    definition = to_tool_definition(action)
    ours = (action.metadata or {}).get(META_KEY) or {}
    return View(
        definition.name,
        definition.description or "",
        ours.get("title"),
        definition.input_schema or {},
        dict(ours.get("meta") or {}),
    )


async def call(native_tool: Any, args: Any, context: Any) -> Any:
    from _harness import Outcome

    run_context = dict(context) if isinstance(context, dict) and context else None
    try:
        envelope = (await native_tool.action().run(args, context=run_context)).response
    except Exception as e:  # Genkit fails the whole generate on a raising tool
        return Outcome(True, f"{type(e).__name__}: {exception_text(e)}", raised=e)
    output = getattr(envelope, "output", envelope)
    metadata = getattr(envelope, "metadata", None) or {}
    return Outcome(metadata.get("isError") is True, to_json_text(output), output)
