"""`from_openai_agents`: an OpenAI Agents SDK `FunctionTool` as a neutral tool.

The neutral `execute(input, context)` validates `input` against the tool's argument schema (with
the real optionality recovered from a strict schema), then runs the native `on_invoke_tool` with
a `ToolContext` whose `context` is the neutral context, and returns the parsed result.

Errors: a `@function_tool` tool turns every failure into a string for the model through its
`failure_error_function`. Here that path is detected exactly (the tool's implementation is run
directly and the tool's own failure policy formats the exception) and raised as `ToolError`
carrying the same message, so other frameworks show it to the model through their own error
channel; a tool built with `failure_error_function=None` raises the original exception. For a
hand-built `FunctionTool` the detection is a heuristic: a returned string equal to the SDK's
default failure message (or a result the SDK marks as produced by its default formatter) is
raised as `ToolError`; anything it raises passes through unchanged.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import uuid
from collections.abc import Iterable
from typing import Any

from agents import FunctionTool, RunContextWrapper
from agents.exceptions import ToolTimeoutError
from agents.tool import (
    default_tool_error_function,
    default_tool_timeout_error_message,
    maybe_invoke_function_tool_failure_error_function,
)
from agents.tool_context import ToolContext

from interop import StandardToolV0, ToolError, standard_tool
from interop.bridge import get_origin, replace_fields, set_origin, to_jsonable

from ._schema import fill_omitted, relax_strict_schema

__all__ = ["from_openai_agents", "from_openai_agents_tools"]

_DEFAULT_FAILURE = default_tool_error_function(RunContextWrapper(context=None), Exception())
_DEFAULT_FAILURE_FLAG = "_function_tool_default_failure_handled"  # set by the SDK's default formatter


def _parse_result(result: Any) -> Any:
    """A JSON string decoded, other strings as they are, objects as plain JSON data."""
    if isinstance(result, str):
        try:
            return json.loads(result)
        except ValueError:
            return result
    return to_jsonable(result)


def _tool_context(native: FunctionTool, context: Any, arguments: str) -> ToolContext[Any]:
    """A `ToolContext` around the neutral context (a run context wrapper passed in is unwrapped)."""
    usage: Any = None
    if isinstance(context, RunContextWrapper):
        usage, context = context.usage, context.context
    call_id = f"call_{uuid.uuid4().hex[:24]}"
    if usage is None:
        return ToolContext(context, tool_name=native.name, tool_call_id=call_id, tool_arguments=arguments)
    return ToolContext(context, usage, tool_name=native.name, tool_call_id=call_id, tool_arguments=arguments)


async def _with_timeout(native: FunctionTool, ctx: ToolContext[Any], run: Any) -> Any:
    """Apply the tool's own `timeout_seconds` (the SDK does this around `on_invoke_tool`)."""
    timeout = native.timeout_seconds
    if timeout is None:
        return await run
    try:
        return await asyncio.wait_for(run, timeout)
    except asyncio.TimeoutError as e:
        if native.timeout_behavior == "raise_exception":
            raise ToolTimeoutError(native.name, timeout) from e
        formatter = native.timeout_error_function
        if formatter is None:
            raise ToolError(
                default_tool_timeout_error_message(tool_name=native.name, timeout_seconds=timeout)
            ) from e
        message = formatter(ctx, ToolTimeoutError(native.name, timeout))
        raise ToolError(await message if inspect.isawaitable(message) else message) from e


async def _invoke(native: FunctionTool, ctx: ToolContext[Any], arguments: str) -> Any:
    """Run the native tool; a failure its failure policy turned into text becomes `ToolError`."""
    impl = getattr(native.on_invoke_tool, "_invoke_tool_impl", None)  # @function_tool's invoker
    if impl is None:
        result = await _with_timeout(native, ctx, native.on_invoke_tool(ctx, arguments))
        if isinstance(result, str) and (
            result == _DEFAULT_FAILURE or getattr(ctx, _DEFAULT_FAILURE_FLAG, False)
        ):
            raise ToolError(result)
        return result
    try:
        return await _with_timeout(native, ctx, impl(ctx, arguments))
    except (ToolError, ToolTimeoutError):
        raise
    except Exception as e:
        message = await maybe_invoke_function_tool_failure_error_function(
            function_tool=native, context=ctx, error=e
        )
        if message is None:
            raise
        raise ToolError(message) from e


def from_openai_agents(tool: FunctionTool) -> StandardToolV0[Any, Any, Any]:
    """Convert an OpenAI Agents SDK `FunctionTool` (from `@function_tool` or built by hand).

    A tool that came from `to_openai_agents` goes home as the very same neutral object. The
    input schema is `params_json_schema`; for a strict tool the optional fields (those with a
    `default` or a `null` in their type) are taken out of `required` again, and when a caller
    omits one, the native tool receives what a strict model would send (`null`, or the default).
    Meta: `strict` (from `strict_json_schema`) and `requires_approval` (from `needs_approval`;
    a per-call policy counts as requiring approval). The title comes from the MCP title, if any.
    """
    origin = get_origin(tool)
    if origin is not None and isinstance(origin, StandardToolV0):
        return _home(tool, origin)
    if not isinstance(tool, FunctionTool):
        raise TypeError(
            f"from_openai_agents converts function tools (FunctionTool, @function_tool); "
            f"got {type(tool).__name__}, which runs on the provider's side and has no local function"
        )
    native = tool
    strict = bool(native.strict_json_schema)
    schema = native.params_json_schema
    relaxed = relax_strict_schema(schema) if strict else schema
    fill = strict and relaxed != schema

    async def execute(input: Any, context: Any = None) -> Any:
        args = fill_omitted(input, schema, schema) if fill else input
        arguments = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
        ctx = _tool_context(native, context, arguments)
        return _parse_result(await _invoke(native, ctx, arguments))

    neutral = standard_tool(
        name=native.name,
        description=native.description or "",
        execute=execute,
        input_schema=relaxed,
        output_schema=native.output_json_schema,
        title=getattr(native, "_mcp_title", None),
        meta={"strict": strict, **_approval_meta(native)},
    )
    set_origin(neutral, native)
    return neutral


def _approval_meta(native: FunctionTool) -> dict[str, Any]:
    """`requires_approval` from `needs_approval`, read when each call runs (so a policy set on the
    tool after conversion still applies): `True`, or a predicate for a per-call function."""
    policy = native.needs_approval
    if policy is False:
        return {"requires_approval": False}
    if policy is True:
        return {"requires_approval": True}

    async def predicate(input: Any, context: Any) -> bool:
        current = native.needs_approval
        if not callable(current):
            return current is not False
        wrapper = context if isinstance(context, RunContextWrapper) else RunContextWrapper(context=context)
        answer = current(wrapper, dict(input or {}), f"call_{uuid.uuid4().hex[:24]}")
        return bool(await answer if inspect.isawaitable(answer) else answer)

    return {"requires_approval": predicate}


def _home(native: FunctionTool, origin: StandardToolV0[Any, Any, Any]) -> StandardToolV0[Any, Any, Any]:
    """The neutral tool `native` was made from, carrying approval added on the SDK side since."""
    initial = getattr(native.on_invoke_tool, "initial_needs_approval", native.needs_approval)
    if native.needs_approval is initial or native.needs_approval == initial:
        return origin
    return replace_fields(origin, meta={**origin.meta, **_approval_meta(native)})


def from_openai_agents_tools(
    tools: Iterable[Any], *, skip_unsupported: bool = False
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert an agent's tool list; hosted tools (web search, file search...) raise `TypeError`
    unless `skip_unsupported=True` leaves them out."""
    out: list[StandardToolV0[Any, Any, Any]] = []
    for t in tools:
        if not isinstance(t, FunctionTool) and get_origin(t) is None:
            if skip_unsupported:
                continue
        out.append(from_openai_agents(t))
    return out
