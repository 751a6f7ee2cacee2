"""`from_langchain`: any LangChain `BaseTool` as a neutral tool.

The input schema is what the model sees (`tool_call_schema`: a dict `args_schema` as raw JSON
Schema, or the pydantic model without injected arguments); the neutral tool validates against it
and then runs the native tool through its public `invoke`/`ainvoke`, which validates again.
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `langchain-core` to use `interop.langchain`: `pip install "standard-tool[langchain]"`'
    ) from _import_error

import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pydantic
from langchain_core.messages import ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, InjectedToolCallId, StructuredTool, Tool, ToolException
from langchain_core.utils.function_calling import convert_to_openai_tool

import interop
from interop import bridge

from ._context import config_for_context
from ._to import LangChainStandardTool

if TYPE_CHECKING:
    from interop import StandardTool

__all__ = ["ConfigHook", "from_langchain", "from_langchain_tools"]

ConfigHook = Callable[[Any], RunnableConfig | None]
"""`config=` for `from_langchain`: the neutral `context` in, the native run config out."""

_SINGLE_INPUT = {"type": "object", "properties": {"__arg1": {"type": "string"}}, "required": ["__arg1"]}


def _input_schema(lc: BaseTool) -> Any:
    """The model-facing schema: a dict stays raw JSON Schema; a pydantic model stays pydantic."""
    if isinstance(lc, Tool) and not lc.args_schema:  # single-string tool: what LangChain sends
        return interop.as_schema(_SINGLE_INPUT)
    schema = lc.tool_call_schema
    if isinstance(schema, dict):
        body = {k: v for k, v in schema.items() if k != "description"}  # LangChain adds it
        if isinstance(lc.args_schema, dict) and "description" in lc.args_schema:
            body["description"] = lc.args_schema["description"]
        return bridge.foreign_schema(body, where=f"LangChain tool {lc.name!r}: its input schema")
    if isinstance(schema, type) and issubclass(schema, pydantic.BaseModel):
        return interop.as_schema(schema)
    return interop.as_schema(convert_to_openai_tool(lc)["function"]["parameters"])  # pydantic v1 models


def _injected_keys(lc: BaseTool) -> tuple[frozenset[str], bool]:
    """Injected argument names (filled from the context) and whether a tool_call_id is needed.

    Injected arguments are those of the full input schema that the model-facing one leaves out.
    """
    call_schema = lc.tool_call_schema
    if isinstance(lc.args_schema, dict) or not isinstance(call_schema, type):
        return frozenset(), False  # dict schemas: LangChain injects nothing
    full = lc.get_input_schema()
    if not issubclass(full, pydantic.BaseModel) or not issubclass(call_schema, pydantic.BaseModel):
        return frozenset(), False
    hidden = set(full.model_fields) - set(call_schema.model_fields)
    ids = {
        name
        for name in hidden
        if any(
            m is InjectedToolCallId or isinstance(m, InjectedToolCallId)
            for m in full.model_fields[name].metadata
        )
    }
    return frozenset(hidden - ids), bool(ids)


def _meta(lc: BaseTool) -> tuple[dict[str, Any], str | None]:
    metadata = dict(lc.metadata or {})
    hints = bridge.hints_meta(metadata)  # langchain-mcp-adapters' MCP annotations, by wire name
    for key in hints:
        del metadata[bridge.MCP_HINTS[key]]
    plain_title = metadata.pop("title") if isinstance(metadata.get("title"), str) else None
    meta, title, _ = bridge.read_carried_meta(metadata)
    meta.update(hints)
    title = title or plain_title
    if lc.tags:
        meta["tags"] = list(lc.tags)
    if lc.return_direct:
        meta["return_direct"] = True
    return meta, title


def _has_async(lc: BaseTool) -> bool:
    if isinstance(lc, (StructuredTool, Tool)):
        return lc.coroutine is not None
    return type(lc)._arun is not BaseTool._arun


def _result(lc: BaseTool, out: Any) -> Any:
    """The neutral result of a native call: the artifact, else the content; errors raise."""
    if isinstance(out, ToolMessage):
        if out.status == "error":
            raise interop.ToolError(out.text if isinstance(out.content, list) else str(out.content))
        if lc.response_format == "content_and_artifact":
            return out.artifact
        return out.content
    return out


def from_langchain(lc: BaseTool, *, config: ConfigHook | None = None) -> StandardTool[Any, Any, Any]:
    """A neutral tool running the LangChain tool `lc` (or the neutral tool `lc` was made from).

    `execute(input, context)` validates `input` against the model-facing schema, fills
    `InjectedToolArg` parameters from `context` (a mapping, by key), and runs `lc` through
    `invoke`/`ainvoke` with the run config `config(context)` (default: a mapping context becomes
    `configurable`, any other value `configurable["context"]`). A tool that formats its own
    errors, needs a `tool_call_id` or returns `content_and_artifact` is invoked with a full
    `ToolCall` (so the id is injected); its artifact is the result, and an error `ToolMessage`
    or a `ToolException` becomes `ToolError`. Other tools return their raw value.
    """
    if isinstance(lc, LangChainStandardTool) and lc._standard_tool is not None:
        stashed: StandardTool[Any, Any, Any] = lc._standard_tool
        return stashed
    if not isinstance(lc, BaseTool):
        raise TypeError(f"from_langchain needs a langchain_core BaseTool, got {type(lc).__name__}")
    schema = _input_schema(lc)
    injected, needs_id = _injected_keys(lc)
    use_tool_call = bool(
        needs_id
        or lc.response_format == "content_and_artifact"
        or lc.handle_tool_error
        or lc.handle_validation_error
    )
    to_config = config if config is not None else config_for_context
    name = lc.name
    check = bridge.validator(schema, "input", name)

    def prepare(input: Any, context: Any) -> tuple[Any, RunnableConfig | None]:
        check({} if input is None else input)
        args = {k: v for k, v in (input or {}).items() if k not in injected}  # a model cannot forge them
        if injected and isinstance(context, Mapping):
            args.update({k: context[k] for k in injected if k in context})
        if use_tool_call:
            call = {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:24]}", "type": "tool_call"}
            return call, to_config(context)
        return args, to_config(context)

    def execute_sync(input: Any = None, context: Any = None) -> Any:
        call, run_config = prepare(input, context)
        try:
            return _result(lc, lc.invoke(call, run_config))
        except ToolException as e:
            raise interop.ToolError(bridge.exception_text(e)) from e

    async def execute_async(input: Any = None, context: Any = None) -> Any:
        call, run_config = prepare(input, context)
        try:
            return _result(lc, await lc.ainvoke(call, run_config))
        except ToolException as e:
            raise interop.ToolError(bridge.exception_text(e)) from e

    execute: Callable[..., Any] = execute_async if _has_async(lc) else execute_sync
    meta, title = _meta(lc)
    neutral: StandardTool[Any, Any, Any] = interop.StandardTool(
        name=name,
        description=lc.description,
        execute=execute,
        input_schema=schema,
        title=title,
        meta=meta,
    )
    bridge.set_origin(neutral, lc)
    return neutral


def from_langchain_tools(tools: Iterable[BaseTool], **options: Any) -> list[StandardTool[Any, Any, Any]]:
    """`from_langchain` over a list (a toolkit's `get_tools()`, say)."""
    return [from_langchain(t, **options) for t in tools]
