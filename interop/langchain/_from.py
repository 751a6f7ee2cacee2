"""`from_langchain`: any LangChain `BaseTool` as a neutral tool.

The input schema is what the model sees (`tool_call_schema`: a dict `args_schema` as raw JSON
Schema, or the pydantic model without injected arguments); the neutral tool validates against it
(the core's inbound path, `bridge.from_native`) and then runs the native tool through its public
`invoke`/`ainvoke`, which validates again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pydantic
from langchain_core.messages import ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, InjectedToolCallId, StructuredTool, Tool, ToolException
from langchain_core.utils.function_calling import convert_to_openai_tool
from typing_extensions import Unpack

import interop
from interop import StandardToolV0, bridge
from interop._kit import MCP_HINTS, OldConfigName, hints_meta, inbound, read_carried_meta, unique_tools

from ._context import config_for_context

ConfigHook = Callable[[Any], RunnableConfig | None]
"""`native_context=` for `from_langchain`: the neutral `context` in, the native run config out
(or an awaitable of it)."""

_SINGLE_INPUT = {"type": "object", "properties": {"__arg1": {"type": "string"}}, "required": ["__arg1"]}

__all__ = ["ConfigHook", "from_langchain", "from_langchain_tools"]


def _input_schema(lc: BaseTool) -> Any:
    """The model-facing schema: a dict stays raw JSON Schema; a pydantic model stays pydantic."""
    if isinstance(lc, Tool) and not lc.args_schema:  # single-string tool: what LangChain sends
        return _SINGLE_INPUT
    schema = lc.tool_call_schema
    if isinstance(schema, dict):
        body = {k: v for k, v in schema.items() if k != "description"}  # LangChain adds it
        if isinstance(lc.args_schema, dict) and "description" in lc.args_schema:
            body["description"] = lc.args_schema["description"]
        return body
    if isinstance(schema, type) and issubclass(schema, pydantic.BaseModel):
        return interop.as_schema(schema)
    return convert_to_openai_tool(lc)["function"]["parameters"]  # pydantic v1 models


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
    hints = hints_meta(metadata)  # langchain-mcp-adapters' MCP annotations, by wire name
    for key in hints:
        del metadata[MCP_HINTS[key]]
    plain_title = metadata.pop("title") if isinstance(metadata.get("title"), str) else None
    meta, title, _ = read_carried_meta(metadata)
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


def _result(lc: BaseTool) -> Callable[[Any], Any]:
    """The neutral result of a native call: the artifact, else the content; errors raise."""
    artifact = lc.response_format == "content_and_artifact"

    def decode(out: Any) -> Any:
        if isinstance(out, ToolMessage):
            if out.status == "error":
                raise interop.ToolError(out.text if isinstance(out.content, list) else str(out.content))
            return out.artifact if artifact else out.content
        return out

    return decode


def _runner(lc: BaseTool, injected: frozenset[str], use_tool_call: bool) -> Callable[[Any, Any, Any], Any]:
    """`call(arguments, run_config, context)`: `invoke`/`ainvoke` with the model's arguments and the
    injected ones from the context (a model cannot forge them), as a full `ToolCall` when the tool
    needs one (so LangChain injects the id, formats its errors, returns the artifact)."""
    name = lc.name
    invoke = lc.ainvoke if _has_async(lc) else lc.invoke

    def run(arguments: Any, run_config: Any, context: Any) -> Any:
        args = {k: v for k, v in arguments.items() if k not in injected}
        if injected and isinstance(context, Mapping):
            args.update({k: context[k] for k in injected if k in context})
        if use_tool_call:
            call = {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:24]}", "type": "tool_call"}
            return invoke(call, run_config)
        return invoke(args, run_config)

    return run


@inbound(kind=BaseTool, refusal="from_langchain needs a langchain_core BaseTool, got ", old=("config",))
def from_langchain(
    lc: BaseTool, *, native_context: ConfigHook | None = None, **deprecated: Unpack[OldConfigName]
) -> StandardToolV0[Any, Any, Any]:
    """A neutral tool running the LangChain tool `lc` (or the neutral tool `lc` was made from).

    `execute(input, context)` validates `input` against the model-facing schema, fills
    `InjectedToolArg` parameters from `context` (a mapping, by key), and runs `lc` through
    `invoke`/`ainvoke` with the run config `native_context(context)` (default: a mapping context
    becomes `configurable`, any other value `configurable[CONTEXT_KEY]`; `config=` is the
    deprecated name of that hook). A tool that formats its own errors, needs a `tool_call_id` or
    returns `content_and_artifact` is invoked with a full `ToolCall` (so the id is injected); its
    artifact is the result, and an error `ToolMessage` or a `ToolException` becomes `ToolError`.
    Other tools return their raw value. A tool made by `to_langchain` comes back as the very
    neutral tool it was made from (unless `native_context=` is given).
    """
    injected, needs_id = _injected_keys(lc)
    use_tool_call = bool(
        needs_id
        or lc.response_format == "content_and_artifact"
        or lc.handle_tool_error
        or lc.handle_validation_error
    )
    meta, title = _meta(lc)
    return bridge.from_native(
        lc,
        framework="LangChain",
        name=lc.name,
        description=lc.description,
        title=title,
        meta=meta,
        input_schema=_input_schema(lc),
        call=_runner(lc, injected, use_tool_call),
        is_async=_has_async(lc),
        pass_context=True,
        native_context=native_context,
        default_native_context=config_for_context,
        decode=_result(lc),
        error_types=(ToolException,),
    )


def from_langchain_tools(
    tools: Iterable[BaseTool],
    *,
    native_context: ConfigHook | None = None,
    **deprecated: Unpack[OldConfigName],
) -> list[StandardToolV0[Any, Any, Any]]:
    """`from_langchain` over a list (a toolkit's `get_tools()`, say); duplicate names raise
    `ToolNameError`."""
    hook = bridge.native_context_option(
        native_context, deprecated, where="from_langchain_tools", old=("config",)
    )
    return unique_tools([from_langchain(t, native_context=hook) for t in tools])
