"""`from_llamaindex`: any LlamaIndex tool as a neutral, validating tool.

Handled: `FunctionTool` (sync and async functions, functions taking a workflow `Context`,
`partial_params`), other `AsyncBaseTool`s (`QueryEngineTool`, `RetrieverTool`, custom ones) and
plain sync `BaseTool`s.

- **Schema.** The input schema is what LlamaIndex sends a model (`metadata.get_parameters_dict()`),
  used as a raw JSON Schema: the neutral wrapper validates it (LlamaIndex validates nothing).
  For a `FunctionTool`, an argument that is not a parameter of its function (a bound
  `partial_params` key, the `Context` parameter, or an unknown name) is refused as bad input
  rather than passed on (where it would fail, or override a bound value).
- **Context.** A function taking a workflow `Context` gets: the neutral context itself when it
  is a `Context` (as when the tool runs inside a LlamaIndex agent through `to_llamaindex`), else
  a fresh `Context` whose store holds the neutral context under `CONTEXT_KEY`; pass `context=` to
  build the `Context` yourself.
- **Results.** `ToolOutput(is_error=True)` raises `ToolError` with its text. A `FunctionTool`
  gives its function's own return value (`raw_output`); other tools (query engines, retrievers)
  and LlamaIndex objects (nodes, documents, content blocks) give the text the model would see.
  `return_direct` comes back as `meta["return_direct"]` (and the title, meta and output schema
  of a `StandardToolMetadata`, when there is one).
- **Sync or async.** The neutral tool is async for an async function and for other
  `AsyncBaseTool`s (it calls `acall`), sync for a sync function and for plain `BaseTool`s.
"""

from __future__ import annotations

try:
    import llama_index.core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `llama-index-core` to use `interop.llamaindex`: `pip install "standard-tool[llamaindex]"`'
    ) from _import_error

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from llama_index.core.schema import BaseNode
from llama_index.core.tools import AsyncBaseTool, BaseTool, FunctionTool, ToolOutput
from llama_index.core.tools.tool_spec.base import BaseToolSpec
from llama_index.core.workflow import Context, StartEvent, StopEvent, Workflow, step
from pydantic import BaseModel

from interop import StandardTool, StandardToolV0, ToolError, standard_tool
from interop.bridge import (
    check_argument_names,
    check_unique_names,
    get_origin,
    keyword_parameters,
    run_sync,
    set_origin,
)

from ._metadata import StandardToolMetadata
from ._to import CONTEXT_KEY

__all__ = ["WorkflowContextHook", "from_llamaindex", "from_llamaindex_tools"]

WorkflowContextHook = Callable[[Any], Any]
"""Maps the neutral context to the workflow `Context` a native tool takes (or an awaitable of it)."""


class _ToolContextWorkflow(Workflow):
    """The workflow fresh `Context`s belong to (a `Context` needs one; it never runs)."""

    @step
    async def noop(self, ev: StartEvent) -> StopEvent:
        return StopEvent()


_holder: list[_ToolContextWorkflow] = []


async def _fresh_context(value: Any) -> Context[Any]:
    if not _holder:
        _holder.append(_ToolContextWorkflow())
    ctx: Context[Any] = Context(_holder[0])
    if value is not None:
        await ctx.store.set(CONTEXT_KEY, value)
    return ctx


def _is_text_like(value: Any) -> bool:
    """Nodes, documents and content blocks: LlamaIndex gives the model their text."""
    items = value if isinstance(value, list) and value else [value]
    return all(
        isinstance(v, (BaseNode, BaseModel)) and type(v).__module__.startswith("llama_index.") for v in items
    )


def _result(output: Any, native: BaseTool) -> Any:
    """The neutral result of a native call (raises `ToolError` for an error output).

    A `FunctionTool` gives its function's own return value (`raw_output`); other tools (query
    engines, retrievers, custom tools) and LlamaIndex objects give the text the model would see.
    """
    if not isinstance(output, ToolOutput):
        return output
    if output.is_error:
        raise ToolError(output.content) from output.exception
    if isinstance(native, FunctionTool) and not _is_text_like(output.raw_output):
        return output.raw_output
    return output.content


def _call_style(method: Callable[..., Any], input: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Keyword arguments when `method` takes them, else LlamaIndex's single positional value."""
    try:
        inspect.signature(method).bind(**input)
    except TypeError:
        if len(input) == 1:
            return (next(iter(input.values())),), {}
    except ValueError:  # no signature
        pass
    return (), input


class _FunctionToolCaller:
    """Calls a native `FunctionTool` with checked arguments and its workflow `Context`."""

    def __init__(self, native: FunctionTool, name: str, hook: WorkflowContextHook | None) -> None:
        self.native = native
        self.name = name
        self.hook = hook
        self.ctx_name = native.ctx_param_name if native.requires_context else None
        self.refused = dict.fromkeys(native.partial_params, "set by the application, leave it out")
        if self.ctx_name:
            self.refused[self.ctx_name] = "the agent passes its workflow Context here, leave it out"
        self.accepted = keyword_parameters(native.real_fn)

    def check(self, input: dict[str, Any]) -> dict[str, Any]:
        check_argument_names(input, self.name, accepted=self.accepted, refused=self.refused)
        return dict(input)

    async def context(self, value: Any) -> Any:
        if self.hook is not None:
            ctx = self.hook(value)
            return await ctx if inspect.isawaitable(ctx) else ctx
        return value if isinstance(value, Context) else await _fresh_context(value)

    def run(self, input: dict[str, Any], context: Any = None) -> Any:
        kwargs = self.check(input)
        if self.ctx_name is not None:
            kwargs[self.ctx_name] = run_sync(self.context(context))
        return _result(self.native.call(**kwargs), self.native)

    async def arun(self, input: dict[str, Any], context: Any = None) -> Any:
        kwargs = self.check(input)
        if self.ctx_name is not None:
            kwargs[self.ctx_name] = await self.context(context)
        return _result(await self.native.acall(**kwargs), self.native)


def _execute_for(native: BaseTool, name: str, hook: WorkflowContextHook | None) -> Callable[..., Any]:
    """The neutral `execute` body: sync for sync functions and tools, async otherwise."""
    if isinstance(native, FunctionTool):
        caller = _FunctionToolCaller(native, name, hook)
        return caller.arun if inspect.iscoroutinefunction(native.real_fn) else caller.run
    if isinstance(native, AsyncBaseTool):
        async_tool = native

        async def run_async(input: dict[str, Any]) -> Any:
            args, kwargs = _call_style(async_tool.acall, input)
            return _result(await async_tool.acall(*args, **kwargs), async_tool)

        return run_async

    def run_sync_tool(input: dict[str, Any]) -> Any:
        args, kwargs = _call_style(native.__call__, input)
        return _result(native(*args, **kwargs), native)

    return run_sync_tool


def from_llamaindex(
    tool: BaseTool, *, context: WorkflowContextHook | None = None
) -> StandardToolV0[Any, Any, Any]:
    """Convert a LlamaIndex tool into a neutral tool that validates its input.

    `context`: for a `FunctionTool` whose function takes a workflow `Context`, maps the neutral
    context to that `Context` (default: the neutral context if it is a `Context`, else a fresh
    one holding it under `CONTEXT_KEY`). A tool made by `to_llamaindex` comes back as the very
    neutral tool it was made from.
    """
    origin = get_origin(tool)
    if isinstance(origin, StandardToolV0) and context is None:
        return origin
    md = tool.metadata
    name = md.get_name()
    meta: dict[str, Any] = {}
    title: str | None = None
    output_schema: dict[str, Any] | None = None
    if isinstance(md, StandardToolMetadata):
        meta = dict(md.meta)
        title, output_schema = md.title, md.output_schema
    if md.return_direct:
        meta["return_direct"] = True
    neutral: StandardTool[Any, Any, Any] = standard_tool(
        name=name,
        description=md.description,
        execute=_execute_for(tool, name, context),
        input_schema=md.get_parameters_dict(),
        output_schema=output_schema,
        title=title,
        meta=meta,
    )
    set_origin(neutral, tool)
    return neutral


def from_llamaindex_tools(
    tools: Iterable[BaseTool] | BaseToolSpec, *, context: WorkflowContextHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several tools (or a `ToolSpec`'s tools); duplicate names raise `ToolNameError`."""
    natives = tools.to_tool_list() if isinstance(tools, BaseToolSpec) else list(tools)
    out = [from_llamaindex(t, context=context) for t in natives]
    check_unique_names((t.name for t in out), "a neutral tool list")
    return out
