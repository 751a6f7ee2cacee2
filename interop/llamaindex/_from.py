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
  a fresh `Context` whose store holds the neutral context under `CONTEXT_KEY`; pass
  `native_context=` to build the `Context` yourself (`context=` is its deprecated name).
- **Results.** `ToolOutput(is_error=True)` raises `ToolError` with its text. A `FunctionTool`
  gives its function's own return value (`raw_output`); other tools (query engines, retrievers)
  and LlamaIndex objects (nodes, documents, text blocks) give the text the model would see;
  image, audio and document blocks come back as `interop.Image` / `Audio` / `File`.
  `return_direct` comes back as `meta["return_direct"]` (and the title, meta and output schema
  of a `StandardToolMetadata`, when there is one).
- **Sync or async.** The neutral tool is async for an async function and for other
  `AsyncBaseTool`s (it calls `acall`), sync for a sync function and for plain `BaseTool`s.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from llama_index.core.base.llms.types import AudioBlock, DocumentBlock, ImageBlock
from llama_index.core.schema import BaseNode
from llama_index.core.tools import AsyncBaseTool, BaseTool, FunctionTool, ToolOutput
from llama_index.core.tools.tool_spec.base import BaseToolSpec
from llama_index.core.workflow import Context, StartEvent, StopEvent, Workflow, step
from pydantic import BaseModel
from typing_extensions import Unpack

from interop import Audio, File, Image, StandardToolV0, ToolError
from interop._arguments import keyword_parameters
from interop._kit import OldContextName, inbound, unique_tools
from interop.bridge import from_native, native_context_option

from ._metadata import StandardToolMetadata
from ._to import CONTEXT_KEY

WorkflowContextHook = Callable[[Any], Any]
"""Maps the neutral context to the workflow `Context` a native tool takes (or an awaitable of it)."""

__all__ = ["WorkflowContextHook", "from_llamaindex", "from_llamaindex_tools"]


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


_MEDIA_BLOCKS = (ImageBlock, AudioBlock, DocumentBlock)


def _media(block: ImageBlock | AudioBlock | DocumentBlock) -> Any:
    """A LlamaIndex media block (an image, audio or a document a tool returned, which LlamaIndex
    gives the model as that content) as `interop.Image` / `Audio` / `File`."""
    if isinstance(block, ImageBlock):
        return Image(block.resolve_image().read(), block.image_mimetype or "image/png")
    if isinstance(block, AudioBlock):
        return Audio(block.resolve_audio().read(), f"audio/{block.format or 'wav'}")
    return File(
        block.resolve_document().read(), block.document_mimetype or "application/octet-stream", block.title
    )


def _is_text_like(value: Any) -> bool:
    """Nodes, documents and content blocks: LlamaIndex gives the model their text."""
    items = value if isinstance(value, list) and value else [value]
    return all(
        isinstance(v, (BaseNode, BaseModel)) and type(v).__module__.startswith("llama_index.") for v in items
    )


def _result(native: BaseTool) -> Callable[[Any], Any]:
    """The neutral result of a native call (raises `ToolError` for an error output).

    A `FunctionTool` gives its function's own return value (`raw_output`); other tools (query
    engines, retrievers, custom tools) and LlamaIndex objects give the text the model would see.
    """
    function_tool = isinstance(native, FunctionTool)

    def decode(output: Any) -> Any:
        if not isinstance(output, ToolOutput):
            return output
        if output.is_error:
            raise ToolError(output.content) from output.exception
        raw = output.raw_output
        if function_tool and not _is_text_like(raw):
            return raw
        media = raw if isinstance(raw, list) else [raw]
        if media and all(isinstance(b, _MEDIA_BLOCKS) for b in media):
            parts = [_media(b) for b in media]
            return parts[0] if len(parts) == 1 else parts
        return output.content

    return decode


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


def _default_context(value: Any) -> Any:
    """The neutral context when it is a workflow `Context`, else a fresh one holding it."""
    return value if isinstance(value, Context) else _fresh_context(value)


def _function_call(native: FunctionTool, is_async: bool) -> Callable[[Any, Any], Any]:
    """`call(arguments, workflow_context)` for a `FunctionTool`: `call` or `acall`, with the
    workflow `Context` when the function takes one."""
    ctx_name = native.ctx_param_name if native.requires_context else None
    method = native.acall if is_async else native.call

    def run(arguments: dict[str, Any], workflow_context: Any) -> Any:
        if ctx_name is None:
            return method(**arguments)
        return method(**arguments, **{ctx_name: workflow_context})

    return run


def _names(native: FunctionTool) -> tuple[Any, dict[str, str]]:
    """The argument names a `FunctionTool`'s function takes, and those a model must not send (a
    bound `partial_params` key, the `Context` parameter): refused as bad input."""
    refused = dict.fromkeys(native.partial_params, "set by the application, leave it out")
    if native.requires_context and native.ctx_param_name:
        refused[native.ctx_param_name] = "the agent passes its workflow Context here, leave it out"
    return keyword_parameters(native.real_fn), refused


def _tool_call(native: BaseTool, is_async: bool) -> Callable[[Any, Any], Any]:
    """`call(arguments, _)` for another tool: `acall` (an `AsyncBaseTool`) or `__call__`, with
    keywords when it takes them, else LlamaIndex's single positional value."""
    method = native.acall if isinstance(native, AsyncBaseTool) and is_async else native.__call__

    def run(arguments: dict[str, Any], _: Any) -> Any:
        args, kwargs = _call_style(method, arguments)
        return method(*args, **kwargs)

    return run


@inbound()
def from_llamaindex(
    tool: BaseTool, *, native_context: WorkflowContextHook | None = None, **deprecated: Unpack[OldContextName]
) -> StandardToolV0[Any, Any, Any]:
    """Convert a LlamaIndex tool into a neutral tool that validates its input.

    `native_context`: for a `FunctionTool` whose function takes a workflow `Context`, maps the
    neutral context to that `Context` (default: the neutral context if it is a `Context`, else a
    fresh one holding it under `CONTEXT_KEY`; `context=` is its deprecated name). A tool made by
    `to_llamaindex` comes back as the very neutral tool it was made from.
    """
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
    takes_context = False
    accepted, refused = None, None
    if isinstance(tool, FunctionTool):
        is_async = inspect.iscoroutinefunction(tool.real_fn)
        call = _function_call(tool, is_async)
        takes_context = tool.requires_context
        accepted, refused = _names(tool)
    else:
        is_async = isinstance(tool, AsyncBaseTool)
        call = _tool_call(tool, is_async)
    return from_native(
        tool,
        framework="LlamaIndex",
        name=name,
        description=md.description,
        title=title,
        meta=meta,
        input_schema=md.get_parameters_dict(),
        output_schema=output_schema,
        call=call,
        is_async=is_async,
        accepted=accepted,
        refused=refused,
        native_context=native_context if takes_context else None,
        default_native_context=_default_context if takes_context else _no_context,
        decode=_result(tool),
    )


def _no_context(_: Any) -> None:
    """A tool whose function takes no workflow `Context`: none is made."""
    return None


def from_llamaindex_tools(
    tools: Iterable[BaseTool] | BaseToolSpec,
    *,
    native_context: WorkflowContextHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several tools (or a `ToolSpec`'s tools); duplicate names raise `ToolNameError`."""
    hook = native_context_option(native_context, deprecated, where="from_llamaindex_tools")
    natives = tools.to_tool_list() if isinstance(tools, BaseToolSpec) else list(tools)
    return unique_tools([from_llamaindex(t, native_context=hook) for t in natives])
