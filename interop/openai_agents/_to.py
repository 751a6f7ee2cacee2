"""`to_openai_agents`: a neutral tool as an OpenAI Agents SDK `FunctionTool`.

The SDK gets the neutral input JSON Schema verbatim (or its strict compilation) and an
`on_invoke_tool` that parses the model's JSON, calls the neutral `execute` once (it validates),
and returns JSON text. Bad input and `ToolError` go back to the model as a descriptive string;
other exceptions follow the SDK's `failure_error_function` convention.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from agents import FunctionTool, RunContextWrapper
from agents.tool import (
    ToolErrorFunction,
    maybe_invoke_function_tool_failure_error_function,
    set_function_tool_failure_error_function,
)
from agents.tool_context import ToolContext

from interop import StandardToolV0
from interop.bridge import (
    ArgumentsNotJSON,
    Rename,
    acall,
    check_unique_names,
    compile_openai_strict,
    describe_error,
    get_origin,
    input_json_schema,
    is_model_facing_error,
    is_openai_strict,
    parse_arguments,
    requires_approval,
    resolve_name,
    set_origin,
    to_json_text,
)

from ._schema import qualifies_as_strict

__all__ = ["ContextHook", "NeedsApproval", "to_openai_agents", "to_openai_agents_tools"]

ContextHook = Callable[[ToolContext[Any]], Any]
"""Maps the SDK's `ToolContext` (run context, `tool_call_id`, `tool_name`...) to the neutral context."""

NeedsApproval = bool | Callable[[RunContextWrapper[Any], dict[str, Any], str], Awaitable[bool]]

_UNSET: Any = object()
_Restore = Callable[[Any], Any]


def _compile_strict(schema: dict[str, Any], tool_name: str) -> tuple[dict[str, Any], _Restore | None]:
    """The shared strict compiler's schema and the function that removes its injected nulls."""
    compiled = compile_openai_strict(schema, tool_name=tool_name)
    return compiled.schema, (compiled.restore if compiled.injected else None)


def _strict_schema(
    tool: StandardToolV0[Any, Any, Any], name: str, strict: bool | None
) -> tuple[dict[str, Any], bool, _Restore | None]:
    """(params_json_schema, strict_json_schema, restore) for the tool."""
    schema = input_json_schema(tool)
    if strict is None:
        flag = tool.meta.get("strict")
        strict = flag if isinstance(flag, bool) else None
    if strict is None:  # not asked: strict only when neither the SDK nor our compiler changes it
        return schema, qualifies_as_strict(schema) and is_openai_strict(schema), None
    if not strict:
        return schema, False, None
    compiled, restore = _compile_strict(schema, name)
    return compiled, True, restore


class _Invoker:
    """The `on_invoke_tool` of a converted tool: parse, execute once, answer in JSON."""

    __slots__ = ("_context", "_function_tool", "_name", "_restore", "_thread", "_tool")

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        name: str,
        context: ContextHook | None,
        restore: _Restore | None,
        thread: bool,
    ) -> None:
        self._tool = tool
        self._name = name
        self._context = context
        self._restore = restore
        self._thread = thread
        self._function_tool: FunctionTool | None = None

    def __agents_bind_function_tool__(self, function_tool: FunctionTool) -> _Invoker:
        """Called by the SDK on construction and on copies: failure policy follows the copy."""
        if self._function_tool is None or self._function_tool is function_tool:
            self._function_tool = function_tool
            return self
        bound = object.__new__(_Invoker)
        for slot in _Invoker.__slots__:
            object.__setattr__(bound, slot, getattr(self, slot))
        bound._function_tool = function_tool
        return bound

    async def __call__(self, ctx: ToolContext[Any], input: str) -> Any:
        try:
            args = parse_arguments(input, self._name)
        except ArgumentsNotJSON as e:
            return str(e)
        if self._restore is not None:
            args = self._restore(args)
        context = self._context(ctx) if self._context is not None else ctx.context
        try:
            result = await acall(self._tool, args, context, thread=self._thread)
        except Exception as e:
            if is_model_facing_error(e):
                return describe_error(e, self._name)
            assert self._function_tool is not None
            message = await maybe_invoke_function_tool_failure_error_function(
                function_tool=self._function_tool, context=ctx, error=e
            )
            if message is None:
                raise
            return message
        return to_json_text(result)


def to_openai_agents(
    tool: StandardToolV0[Any, Any, Any],
    *,
    name: str | None = None,
    rename: Rename = None,
    context: ContextHook | None = None,
    strict: bool | None = None,
    needs_approval: NeedsApproval | None = None,
    failure_error_function: ToolErrorFunction | None = _UNSET,
    sync_in_thread: bool = True,
    timeout: float | None = None,
) -> FunctionTool:
    """Convert a neutral tool into an OpenAI Agents SDK `FunctionTool`.

    Args:
        tool: Any `StandardToolV0`. A tool that came from `from_openai_agents` goes home as the
            very same native object (when no option below is given).
        name: The tool name (default `tool.name`); `rename` maps the name instead. The result
            must be a valid OpenAI tool name (`ToolNameError` otherwise).
        context: Maps the SDK's `ToolContext` to the neutral context. Default: the run context
            object, i.e. what was passed as `Runner.run(..., context=obj)`.
        strict: Strict JSON schema mode. Default: meta `strict`, and when that is absent, strict
            only if the SDK would not change the schema. When strict is asked for, the schema is
            compiled to a strict one with the same meaning (optional fields become
            required-but-nullable and the injected nulls are removed before validation), or
            `SchemaConversionError` names the part that cannot be strict.
        needs_approval: Default: meta `requires_approval`. A bool or the SDK's per-call policy.
        failure_error_function: For exceptions other than bad input and `ToolError` (which always
            go back to the model described): the SDK's default message when not given, your
            function `(ctx, exc) -> str`, or `None` to raise (the run fails), as in
            `@function_tool`.
        sync_in_thread: Run a sync `execute` in a worker thread, as `@function_tool` does for
            sync functions (so a blocking tool does not stall the event loop). `False` runs it
            inline, which is cheaper for fast, non-blocking tools.
        timeout: Per-call timeout in seconds (the SDK's `timeout_seconds`).
    """
    plain = (
        name is None
        and rename is None
        and context is None
        and strict is None
        and needs_approval is None
        and failure_error_function is _UNSET
        and timeout is None
    )
    if plain:
        native = get_origin(tool, FunctionTool)
        if native is not None:
            return native
    tool_name = resolve_name(tool.name, "openai-agents", name if name is not None else rename)
    schema, is_strict, restore = _strict_schema(tool, tool_name, strict)
    invoker = _Invoker(tool, tool_name, context, restore, sync_in_thread)
    function_tool = FunctionTool(
        name=tool_name,
        description=tool.description,
        params_json_schema=schema,
        on_invoke_tool=invoker,
        strict_json_schema=is_strict,
        needs_approval=requires_approval(tool) if needs_approval is None else needs_approval,
        timeout_seconds=timeout,
        _mcp_title=tool.title,
    )
    if failure_error_function is not _UNSET:
        set_function_tool_failure_error_function(function_tool, failure_error_function)
    set_origin(function_tool, tool)
    return function_tool


def to_openai_agents_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    rename: Rename = None,
    context: ContextHook | None = None,
    failure_error_function: ToolErrorFunction | None = _UNSET,
    sync_in_thread: bool = True,
) -> list[FunctionTool]:
    """Convert several neutral tools for one `Agent(tools=...)`; duplicate names are an error."""
    out = [
        to_openai_agents(
            t,
            rename=rename,
            context=context,
            failure_error_function=failure_error_function,
            sync_in_thread=sync_in_thread,
        )
        for t in tools
    ]
    check_unique_names((t.name for t in out), "the OpenAI Agents SDK")
    return out
