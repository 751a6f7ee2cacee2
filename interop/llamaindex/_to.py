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

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from llama_index.core.base.llms.types import AudioBlock, DocumentBlock, ImageBlock, TextBlock
from llama_index.core.tools import BaseTool, FunctionTool, ToolOutput
from llama_index.core.workflow import Context
from typing_extensions import Unpack

from interop import InteropError, StandardToolV0, bridge
from interop._arguments import call_arguments
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import convert_tools
from interop.bridge import content_kind  # on the call path (each content part): bound once here

if TYPE_CHECKING:
    from interop.bridge import Invoker, Outcome

from ._metadata import StandardToolMetadata, permissive_fn_schema

_UNSET: Any = object()
_BOUND = bridge.BoundContext("llamaindex")

__all__ = [
    "CONTEXT_KEY",
    "ContextHook",
    "StandardFunctionTool",
    "default_context",
    "run_context",
    "to_llamaindex",
    "to_llamaindex_tools",
]


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give every converted tool of the agent runs started inside this block `value` as context.

    The object is passed by identity (no serialization), so it may be a DB handle or a client:
    `with run_context(deps): handler = agent.run(user_msg=...)`, then await the handler anywhere.
    """
    return _BOUND.bind(value)


CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The workflow-store key the default context mapping reads (`await ctx.store.get(CONTEXT_KEY)`)."""

CTX_PARAM = "__interop_workflow_ctx__"
"""The hidden parameter under which LlamaIndex agents inject their workflow `Context`."""

ContextHook = Callable[["Context[Any] | None"], Any]
"""Maps the workflow `Context` (None outside a workflow) to the neutral context (or an awaitable)."""


def default_context(ctx: Context[Any] | None) -> Any:
    """The neutral context: the object given to `run_context(...)`, else the workflow store's
    value under `CONTEXT_KEY` (an awaitable the pipeline awaits), else None."""
    bound = _BOUND.get(_UNSET)
    if bound is not _UNSET:
        return bound
    if ctx is None:
        return None
    return ctx.store.get(CONTEXT_KEY, default=None)


def _pass_workflow_context(ctx: Context[Any] | None) -> Any:
    return ctx


def _block(part: Any) -> Any:
    if isinstance(part, str):
        return TextBlock(text=part)
    kind = content_kind(part)
    if kind == "image":
        return ImageBlock(image=part.data, image_mimetype=part.media_type)
    if kind == "audio":
        return AudioBlock(audio=part.data, format=part.media_type.rsplit("/", 1)[-1])
    return DocumentBlock(data=part.data, document_mimetype=part.media_type, title=getattr(part, "name", None))


def _output(outcome: Outcome, raw_input: dict[str, Any]) -> ToolOutput:
    """An `Outcome` as LlamaIndex's `ToolOutput` (errors with `is_error=True`)."""
    if outcome.status == "ok":
        blocks = [_block(p) for p in outcome.parts]
        return ToolOutput(
            tool_name=outcome.name, blocks=blocks, raw_input=raw_input, raw_output=outcome.value
        )
    return ToolOutput(
        tool_name=outcome.name,
        blocks=[TextBlock(text=outcome.text)],
        raw_input=raw_input,
        raw_output=outcome.text,
        is_error=True,
        exception=outcome.error if isinstance(outcome.error, Exception) else None,
    )


def _raw(output: ToolOutput) -> Any:
    if output.is_error and output.exception is not None:
        raise output.exception
    return output.raw_output


class StandardFunctionTool(FunctionTool):
    """A `FunctionTool` that runs a neutral tool through the invocation pipeline (`to_llamaindex`).

    It stays a `FunctionTool`, so agents inject the workflow `Context` into it and treat it like
    any function tool. `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker) -> None:
        self.standard_tool = tool
        self._invoker = invoker
        name = invoker.name
        parameters = bridge.input_json_schema(tool)
        parameters.setdefault("properties", {})
        if CTX_PARAM in parameters["properties"]:
            raise InteropError(f"tool {tool.name!r}: the argument name {CTX_PARAM!r} is reserved")
        metadata = StandardToolMetadata(
            description=tool.description,
            name=name,
            fn_schema=permissive_fn_schema(name, parameters),
            return_direct=bridge.meta_flag(tool.meta, "return_direct"),
            parameters=parameters,
            title=tool.title,
            output_schema=bridge.output_json_schema(tool),
            meta=dict(tool.meta),
        )

        def fn(**kwargs: Any) -> Any:
            """Run the tool and return its raw result (the path `real_fn` users take); errors raise."""
            return _raw(self.call(**kwargs))

        async def async_fn(**kwargs: Any) -> Any:
            return _raw(await self.acall(**kwargs))

        for f in (fn, async_fn):
            f.__name__ = name
            f.__doc__ = tool.description
        super().__init__(fn=fn, async_fn=async_fn, metadata=metadata)
        # ask agents for their workflow Context (annotation-based detection cannot see it here)
        self.requires_context = True
        self.ctx_param_name = CTX_PARAM

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
        props = self.metadata.get_parameters_dict()["properties"]
        return call_arguments(args, kwargs, props, self._invoker.name)

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Sync call (also from inside a running event loop)."""
        ctx = self._pop_workflow_context(kwargs)
        input = self._input(args, kwargs)
        return _output(self._invoker.invoke(input, ctx), {"args": args, "kwargs": input})

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Async call: the path LlamaIndex agents take (a sync tool runs on a worker thread)."""
        ctx = self._pop_workflow_context(kwargs)
        input = self._input(args, kwargs)
        return _output(await self._invoker.ainvoke(input, ctx), {"args": args, "kwargs": input})

    def __repr__(self) -> str:
        return f"StandardFunctionTool(name={self._invoker.name!r})"


def to_llamaindex(tool: StandardToolV0[Any, Any, Any], **options: Unpack[bridge.ToolOptions]) -> BaseTool:
    """Convert a neutral tool into a LlamaIndex tool (a `StandardFunctionTool`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table). A name LlamaIndex would rewrite is refused with
    `ToolNameError` (agents look tools up by the raw name). `context=` maps the workflow `Context`
    (None outside a workflow) to the neutral context; default `default_context`. LlamaIndex has no
    approval mechanism, so a tool with `meta["requires_approval"]` needs `approval=` (asked before
    each call that needs it) or `allow_unapproved=True` (else `ApprovalRequiredError`).

    A tool that came from LlamaIndex (`from_llamaindex`) goes home as the very same object.
    """
    c = bridge.prepare(
        tool,
        options,
        where="to_llamaindex",
        rule="llamaindex",
        native=BaseTool,
        home_if=lambda _: (
            not bridge.requires_approval(tool)
        ),  # a LlamaIndex tool cannot ask: never home unguarded
    )
    if c.home is not None:
        return c.home
    default = default_context
    if isinstance(c.origin, FunctionTool) and c.origin.requires_context:
        default = _pass_workflow_context  # a native ctx-taking tool gets the agent's own Context
    converted = StandardFunctionTool(tool, invoker=c.invoker(target="LlamaIndex", context=default))
    bridge.set_origin(converted, tool)
    return converted


def to_llamaindex_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[bridge.ToolOptions]
) -> list[BaseTool | Callable[..., Any]]:
    """Convert several tools at once; two tools with the same final name raise `ToolNameError`
    (an agent would silently keep only one of them). Typed as `FunctionAgent(tools=...)` takes them
    (a list is invariant: `list[BaseTool]` would not type-check there)."""
    out = convert_tools(tools, options, to_llamaindex, "LlamaIndex", name=lambda t: t.metadata.get_name())
    return list(out)
