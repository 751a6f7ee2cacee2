"""`to_llamaindex`: a neutral tool as a LlamaIndex `FunctionTool` that agents call as usual.

What the converted tool does:

- **Schema.** The model sees the neutral input JSON Schema unchanged (`StandardToolMetadata`).
- **Validation once.** The model's raw keyword arguments go to the neutral `execute`, which
  validates them; LlamaIndex itself validates nothing.
- **Results.** A `ToolOutput` whose text is JSON (`to_json_text`) and whose `raw_output` is the
  structured value. Bad arguments and `ToolError` give `ToolOutput(is_error=True)` naming the tool
  and the fields, so the model can correct itself; other exceptions propagate, and LlamaIndex
  agents turn them into error outputs themselves (their native behaviour).
- **Context.** Agents inject their workflow `Context` into `FunctionTool`s that ask for one; this
  tool always asks (under a hidden parameter that never appears in the schema). The neutral
  `context` is, by default, the value stored under `CONTEXT_KEY` (`"interop_context"`) in the
  workflow's store, or None outside a workflow:
  `ctx = Context(agent); await ctx.store.set(CONTEXT_KEY, deps); await agent.run(..., ctx=ctx)`.
  LlamaIndex serializes the store when a run starts with a given `Context`, so that value must
  be JSON-serializable and arrives as a copy. For live objects (a DB handle, a client) start the
  run inside `with run_context(obj): handler = agent.run(...)`: the workflow's tasks inherit it
  and every converted tool gets `obj` itself (it wins over the store). Or pass
  `context=`: a function of the workflow `Context` (or None outside a workflow) returning the
  neutral context, or an awaitable of it (e.g. look the object up by an id kept in the store).
  LlamaIndex never passes the tool-call id to a tool, so the neutral context cannot carry it.
  Because the tool asks for the `Context`, `CodeActAgent` (which refuses context-taking tools)
  cannot use it; `FunctionAgent`, `ReActAgent` and `AgentWorkflow` can.
- **Sync and async.** `acall` runs an async tool on the loop and a sync one in a worker thread
  (as `FunctionTool` does); `call` works from sync code, including inside a running loop.
"""

from __future__ import annotations

try:
    import llama_index.core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `llama-index-core` to use `interop.llamaindex`: `pip install "interop[llamaindex]"`'
    ) from _import_error

import contextlib
import contextvars
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from llama_index.core.base.llms.types import TextBlock
from llama_index.core.tools import BaseTool, FunctionTool, ToolOutput
from llama_index.core.workflow import Context

from interop import InteropError, StandardToolV0
from interop.bridge import (
    ApprovalCallback,
    Rename,
    acall,
    check_unique_names,
    describe_error,
    ensure_approval,
    get_origin,
    input_json_schema,
    is_model_facing_error,
    meta_flag,
    output_json_schema,
    resolve_name,
    run_sync,
    set_origin,
    to_json_text,
)
from interop.bridge import (
    call as call_tool,
)

from ._metadata import StandardToolMetadata, permissive_fn_schema

__all__ = [
    "CONTEXT_KEY",
    "CTX_PARAM",
    "run_context",
    "ContextHook",
    "StandardFunctionTool",
    "to_llamaindex",
    "to_llamaindex_tools",
]

_UNSET: Any = object()
_RUN_CONTEXT: contextvars.ContextVar[Any] = contextvars.ContextVar("interop_llamaindex_context")


@contextlib.contextmanager
def run_context(value: Any) -> Iterator[None]:
    """Give every converted tool of the agent runs started inside this block `value` as context.

    The object is passed by identity (no serialization), so it may be a DB handle or a client:
    `with run_context(deps): handler = agent.run(user_msg=...)`, then await the handler anywhere.
    """
    token = _RUN_CONTEXT.set(value)
    try:
        yield
    finally:
        _RUN_CONTEXT.reset(token)


CONTEXT_KEY = "interop_context"
"""The workflow-store key the default context mapping reads (`await ctx.store.get(CONTEXT_KEY)`)."""

CTX_PARAM = "__interop_workflow_ctx__"
"""The hidden parameter under which LlamaIndex agents inject their workflow `Context`."""

ContextHook = Callable[["Context[Any] | None"], Any]
"""Maps the workflow `Context` (None outside a workflow) to the neutral context (or an awaitable)."""


def _pass_workflow_context(ctx: Context[Any] | None) -> Any:
    return ctx


class StandardFunctionTool(FunctionTool):
    """A `FunctionTool` that runs a neutral tool (build it with `to_llamaindex`).

    It stays a `FunctionTool`, so agents inject the workflow `Context` into it and treat it like
    any function tool. `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        name: str,
        runner: StandardToolV0[Any, Any, Any] | None = None,
        context: ContextHook | None = None,
    ) -> None:
        self.standard_tool = tool
        self._runner = runner if runner is not None else tool
        self._context_hook = context
        self._name = name
        parameters = input_json_schema(tool)
        parameters.setdefault("properties", {})
        if CTX_PARAM in parameters["properties"]:
            raise InteropError(f"tool {tool.name!r}: the argument name {CTX_PARAM!r} is reserved")
        metadata = StandardToolMetadata(
            description=tool.description,
            name=name,
            fn_schema=permissive_fn_schema(name, parameters),
            return_direct=meta_flag(tool.meta, "return_direct"),
            parameters=parameters,
            title=tool.title,
            output_schema=output_json_schema(tool),
            meta=dict(tool.meta),
        )

        def fn(**kwargs: Any) -> Any:
            """Run the tool and return its raw result (the path `real_fn` users take)."""
            ctx = self._pop_workflow_context(kwargs)
            return call_tool(self._runner, kwargs, self._sync_context(ctx))

        async def async_fn(**kwargs: Any) -> Any:
            ctx = self._pop_workflow_context(kwargs)
            return await self._arun(kwargs, await self._async_context(ctx))

        for f in (fn, async_fn):
            f.__name__ = name
            f.__doc__ = tool.description
        super().__init__(fn=fn, async_fn=async_fn, metadata=metadata)
        # ask agents for their workflow Context (annotation-based detection cannot see it here)
        self.requires_context = True
        self.ctx_param_name = CTX_PARAM

    # -------------------------------------------------------------------------------- helpers

    @staticmethod
    def _pop_workflow_context(kwargs: dict[str, Any]) -> Context[Any] | None:
        """Take the injected workflow Context out of the arguments (only a real Context counts)."""
        ctx = kwargs.get(CTX_PARAM)
        if isinstance(ctx, Context):
            del kwargs[CTX_PARAM]
            return ctx
        return None

    def _input(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """The neutral input: the keyword arguments, or a single positional value."""
        if not args:
            return kwargs
        if len(args) == 1 and not kwargs:
            value = args[0]
            if isinstance(value, Mapping):
                return dict(value)
            props = self.metadata.get_parameters_dict()["properties"]
            if len(props) == 1:  # LlamaIndex's single-argument calling convention
                return {next(iter(props)): value}
            return value
        raise TypeError(
            f"tool {self._name!r} takes keyword arguments (or one mapping), got {len(args)} positional"
        )

    def _sync_context(self, ctx: Context[Any] | None) -> Any:
        if self._context_hook is not None:
            value = self._context_hook(ctx)
        elif (bound := _RUN_CONTEXT.get(_UNSET)) is not _UNSET:
            return bound
        elif ctx is not None:
            value = ctx.store.get(CONTEXT_KEY, default=None)
        else:
            return None
        return run_sync(value) if inspect.isawaitable(value) else value

    async def _async_context(self, ctx: Context[Any] | None) -> Any:
        if self._context_hook is not None:
            value = self._context_hook(ctx)
            return await value if inspect.isawaitable(value) else value
        if (bound := _RUN_CONTEXT.get(_UNSET)) is not _UNSET:
            return bound
        if ctx is None:
            return None
        return await ctx.store.get(CONTEXT_KEY, default=None)

    async def _arun(self, input: Any, context: Any) -> Any:
        # like FunctionTool: a sync function runs on a worker thread, never blocking the agent's loop
        return await acall(self._runner, input, context, thread=True)

    def _output(self, args: tuple[Any, ...], input: Any, result: Any) -> ToolOutput:
        return ToolOutput(
            tool_name=self._name,
            blocks=[TextBlock(text=to_json_text(result))],
            raw_input={"args": args, "kwargs": input},
            raw_output=result,
        )

    def _error(self, args: tuple[Any, ...], input: Any, exc: Exception) -> ToolOutput:
        message = describe_error(exc, self._name)
        return ToolOutput(
            tool_name=self._name,
            blocks=[TextBlock(text=message)],
            raw_input={"args": args, "kwargs": input},
            raw_output=message,
            is_error=True,
            exception=exc,
        )

    # -------------------------------------------------------------------------------- calling

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Sync call (also from inside a running event loop)."""
        ctx = self._pop_workflow_context(kwargs)
        input = self._input(args, kwargs)
        try:
            result = call_tool(self._runner, input, self._sync_context(ctx))
        except Exception as e:
            if is_model_facing_error(e):
                return self._error(args, input, e)
            raise
        return self._output(args, input, result)

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Async call: the path LlamaIndex agents take."""
        ctx = self._pop_workflow_context(kwargs)
        input = self._input(args, kwargs)
        try:
            context = None if ctx is None and self._context_hook is None else await self._async_context(ctx)
            result = await self._arun(input, context)
        except Exception as e:
            if is_model_facing_error(e):
                return self._error(args, input, e)
            raise
        return self._output(args, input, result)

    def __repr__(self) -> str:
        return f"StandardFunctionTool(name={self._name!r})"


def to_llamaindex(
    tool: StandardToolV0[Any, Any, Any],
    *,
    name: str | None = None,
    rename: Rename = None,
    context: ContextHook | None = None,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
) -> BaseTool:
    """Convert a neutral tool into a LlamaIndex tool (a `StandardFunctionTool`).

    - `name` / `rename`: the name to give it (a name LlamaIndex would rewrite is refused with
      `ToolNameError`, never silently sanitized, since agents look tools up by the raw name).
    - `context`: maps the workflow `Context` (None outside a workflow) to the neutral context;
      default: `await ctx.store.get(CONTEXT_KEY, default=None)`.
    - `approval` / `allow_unapproved`: LlamaIndex has no approval mechanism, so a tool with
      `meta["requires_approval"]` needs a callback asked before each call, or an explicit opt-out
      (else `ApprovalRequiredError`).

    A tool that came from LlamaIndex (`from_llamaindex`) goes home as the very same object.
    """
    origin = get_origin(tool)
    if isinstance(origin, BaseTool) and name is None and rename is None and context is None:
        return origin
    tool_name = resolve_name(tool.name, "llamaindex", name if name is not None else rename)
    runner = ensure_approval(tool, target="LlamaIndex", approval=approval, allow_unapproved=allow_unapproved)
    if context is None and isinstance(origin, FunctionTool) and origin.requires_context:
        context = _pass_workflow_context  # a native ctx-taking tool gets the agent's own Context
    converted = StandardFunctionTool(tool, name=tool_name, runner=runner, context=context)
    set_origin(converted, tool)
    return converted


def to_llamaindex_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    rename: Rename = None,
    context: ContextHook | None = None,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
) -> list[BaseTool]:
    """Convert several tools at once; two tools with the same final name raise `ToolNameError`
    (an agent would silently keep only one of them)."""
    out = [
        to_llamaindex(t, rename=rename, context=context, approval=approval, allow_unapproved=allow_unapproved)
        for t in tools
    ]
    check_unique_names((t.metadata.get_name() for t in out), "LlamaIndex")
    return out
