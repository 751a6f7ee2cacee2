"""`to_langchain`: a neutral tool as a LangChain `StructuredTool`.

The model-facing schema is the neutral input JSON Schema, given to LangChain as a dict
`args_schema` (LangChain then validates nothing); the raw model arguments go to the neutral
`execute`, which validates once. Results are `content_and_artifact`: JSON text for the model,
the structured value as the artifact.
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        'Please install `langchain-core` to use `interop.langchain`: `pip install "interop[langchain]"`'
    ) from _import_error

import contextvars
import inspect
import sys
from collections.abc import Callable, Iterable
from typing import Any, Literal

from langchain_core.messages.tool import ToolOutputMixin
from langchain_core.runnables import ensure_config
from langchain_core.runnables.config import run_in_executor
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import PrivateAttr

from interop import SchemaConversionError, StandardToolV0
from interop.bridge import (
    ApprovalCallback,
    Rename,
    describe_error,
    ensure_approval,
    get_origin,
    input_json_schema,
    is_async_tool,
    is_model_facing_error,
    json_safe_meta,
    meta_flag,
    meta_tags,
    output_json_schema,
    requires_approval,
    resolve_name,
    run_sync,
    to_json_text,
    with_approval,
)

from ._approval import HAS_INTERRUPT, ask_approval
from ._context import RUNTIME_PARAM, ContextHook, LangChainCall, default_context, is_runtime, runtime_type

__all__ = ["META_KEY", "LangChainStandardTool", "to_langchain", "to_langchain_tools"]

META_KEY = "interop"
"""The `metadata` key holding what LangChain has no field for (`title`, `output_schema`)."""

_NATIVE_META = frozenset({"tags", "return_direct"})

_tool_call_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "interop_lc_tool_call_id", default=None
)


def _is_control_flow(e: BaseException) -> bool:
    """LangGraph's interrupts (`GraphBubbleUp`) must propagate; looked up lazily (slow import)."""
    errors = sys.modules.get("langgraph.errors")  # not imported yet: nothing can have raised one
    return errors is not None and isinstance(e, errors.GraphBubbleUp)


class LangChainStandardTool(StructuredTool):
    """A `StructuredTool` running a neutral tool (what `to_langchain` returns).

    `_run`/`_arun` take `**kwargs` only, so model arguments named `config`, `callbacks` or
    `run_manager` reach the neutral tool untouched, and `run`/`arun` keep the call's
    `tool_call_id`. `func`/`coroutine` declare one hidden `ToolRuntime` parameter so LangGraph's
    ToolNode hands over its runtime (state, context, store) without touching model arguments.
    """

    _standard_tool: Any = PrivateAttr(None)
    _execute: Callable[..., Any] = PrivateAttr()
    _is_async: bool = PrivateAttr(False)
    _context_hook: ContextHook | None = PrivateAttr(None)
    _interrupt_approval: bool = PrivateAttr(False)
    _catch_all: bool = PrivateAttr(False)

    @property
    def standard_tool(self) -> StandardToolV0[Any, Any, Any]:
        """The neutral tool this LangChain tool runs."""
        tool: StandardToolV0[Any, Any, Any] = self._standard_tool
        return tool

    def run(self, tool_input: str | dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        token = _tool_call_id.set(kwargs.get("tool_call_id"))
        try:
            return super().run(tool_input, *args, **kwargs)
        finally:
            _tool_call_id.reset(token)

    async def arun(self, tool_input: str | dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        token = _tool_call_id.set(kwargs.get("tool_call_id"))
        try:
            return await super().arun(tool_input, *args, **kwargs)
        finally:
            _tool_call_id.reset(token)

    def _prepare(self, kwargs: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """Split the hidden runtime from the model arguments; compute the neutral context."""
        runtime = None
        if RUNTIME_PARAM in kwargs and is_runtime(kwargs[RUNTIME_PARAM]):
            runtime = kwargs.pop(RUNTIME_PARAM)
        call_id = _tool_call_id.get()
        if call_id is None and runtime is not None:
            call_id = runtime.tool_call_id
        call = LangChainCall(
            tool_name=self.name, config=ensure_config(), runtime=runtime, tool_call_id=call_id
        )
        if self._interrupt_approval:
            ask_approval(self.name, kwargs, call_id)
        hook = self._context_hook
        return kwargs, hook(call) if hook is not None else default_context(call)

    def _fail(self, e: Exception) -> Exception:
        """The exception LangChain should see for `e` raised by the neutral tool."""
        if _is_control_flow(e):
            return e
        if is_model_facing_error(e) or self._catch_all:
            return ToolException(describe_error(e, self.name))
        return e

    def _run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            tool_input, context = self._prepare(kwargs)
            result = self._execute(tool_input, context)
            if inspect.isawaitable(result):
                result = run_sync(result)
        except Exception as e:
            mapped = self._fail(e)
            if mapped is e:
                raise
            raise mapped from e
        return _content_and_artifact(result)

    async def _arun(self, *args: Any, **kwargs: Any) -> Any:
        if not self._is_async:  # a sync tool runs off the event loop, as a native sync tool does
            return await run_in_executor(None, self._run, *args, **kwargs)
        try:
            tool_input, context = self._prepare(kwargs)
            result = self._execute(tool_input, context)
            if inspect.isawaitable(result):
                result = await result
        except Exception as e:
            mapped = self._fail(e)
            if mapped is e:
                raise
            raise mapped from e
        return _content_and_artifact(result)


def _content_and_artifact(result: Any) -> Any:
    if isinstance(result, ToolOutputMixin):  # a ToolMessage / Command passes through unchanged
        return result, None
    return to_json_text(result), result


def _entry_points(lc_tool: LangChainStandardTool, is_async: bool) -> tuple[Callable[..., Any], Any]:
    """`func` (and `coroutine` for async tools): call the tool; declare the hidden runtime param."""

    def func(**kwargs: Any) -> Any:
        return lc_tool.invoke(kwargs)

    async def coroutine(**kwargs: Any) -> Any:
        return await lc_tool.ainvoke(kwargs)

    entries: list[Callable[..., Any]] = [func, coroutine]
    for fn in entries:
        fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter(RUNTIME_PARAM, inspect.Parameter.KEYWORD_ONLY, default=None),
                inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
            ]
        )
        tool_runtime = runtime_type()
        fn.__annotations__ = {RUNTIME_PARAM: tool_runtime} if tool_runtime is not None else {}
    return func, coroutine if is_async else None


def _runs_unchanged(tool: StandardToolV0[Any, Any, Any], origin: BaseTool) -> bool:
    """Whether `tool` is `from_langchain(origin)` itself (not a wrapper of it, which must run)."""
    marker: object = getattr(tool.execute, "__interop_langchain__", None)
    return marker is origin


def _args_schema(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    """The neutral input JSON Schema as LangChain's dict `args_schema` (an object of arguments)."""
    schema = input_json_schema(tool)
    if "properties" not in schema:
        if schema.get("type") != "object":
            raise SchemaConversionError(
                f"tool {tool.name!r}: a LangChain tool takes an object of named arguments, but the "
                f"input schema is {to_json_text(schema)[:200]}; wrap the input in an object"
            )
        schema["properties"] = {}  # LangChain reads `properties` unconditionally
    return schema


def _metadata(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any] | None:
    meta = json_safe_meta({k: v for k, v in tool.meta.items() if k not in _NATIVE_META})
    extra: dict[str, Any] = {}
    if tool.title is not None:
        extra["title"] = tool.title
    out_schema = output_json_schema(tool)
    if out_schema is not None:
        extra["output_schema"] = out_schema
    if extra:
        meta[META_KEY] = extra
    return meta or None


def to_langchain(
    tool: StandardToolV0[Any, Any, Any],
    *,
    name: Rename = None,
    context: ContextHook | None = None,
    approval: ApprovalCallback | None = None,
    allow_unapproved: bool = False,
    handle_tool_error: bool | str | Callable[[ToolException], str] = True,
    errors: Literal["model-facing", "all"] = "model-facing",
) -> BaseTool:
    """A LangChain tool running `tool` (or the LangChain tool `tool` came from).

    Args:
        tool: Any conforming neutral tool.
        name: A rename (new name, mapping or function); the result must follow LangChain's
            provider rules, else `ToolNameError`.
        context: Hook computing the neutral `context` from a `LangChainCall`; default
            `default_context` (LangGraph runtime context, else the run config's `configurable`).
        approval: For `requires_approval` tools, a callback asked before each call instead of a
            LangGraph interrupt. Without langgraph, one of `approval`/`allow_unapproved` is needed.
        allow_unapproved: Convert a `requires_approval` tool with no approval step at all.
        handle_tool_error: LangChain's `handle_tool_error` for the `ToolException`s this tool
            raises (default True: the message becomes an error `ToolMessage`).
        errors: `"model-facing"` (default): bad arguments and `ToolError` go to the model, other
            exceptions propagate as from a native tool; `"all"`: every exception goes to the model.
    """
    origin: object = get_origin(tool)
    if isinstance(origin, BaseTool) and _runs_unchanged(tool, origin):
        new_name = resolve_name(origin.name, "langchain", name)
        return origin if new_name == origin.name else origin.model_copy(update={"name": new_name})
    tool_name = resolve_name(tool.name, "langchain", name)
    runner: StandardToolV0[Any, Any, Any] = tool
    interrupt = False
    if requires_approval(tool) and not allow_unapproved:
        if approval is not None:
            runner = with_approval(tool, approval)
        elif HAS_INTERRUPT:
            interrupt = True
        else:  # pragma: no cover - langgraph is part of the extra
            runner = ensure_approval(tool, target="LangChain without langgraph", approval=approval)
    is_async = is_async_tool(runner)
    lc_tool = LangChainStandardTool(
        name=tool_name,
        description=tool.description,
        args_schema=_args_schema(tool),
        response_format="content_and_artifact",
        return_direct=meta_flag(tool.meta, "return_direct"),
        tags=meta_tags(tool.meta) or None,
        metadata=_metadata(tool),
        handle_tool_error=handle_tool_error,
    )
    lc_tool._standard_tool = tool
    lc_tool._execute = runner.execute
    lc_tool._is_async = is_async
    lc_tool._context_hook = context
    lc_tool._interrupt_approval = interrupt
    lc_tool._catch_all = errors == "all"
    lc_tool.func, lc_tool.coroutine = _entry_points(lc_tool, is_async)
    return lc_tool


def to_langchain_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], *, rename: Rename = None, **options: Any
) -> list[BaseTool]:
    """`to_langchain` over a list; `rename` is applied per tool, `options` to every tool."""
    return [to_langchain(t, name=rename, **options) for t in tools]
