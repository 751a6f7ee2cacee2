"""`from_openai_agents`: an OpenAI Agents SDK `FunctionTool` as a neutral tool.

The neutral `execute(input, context)` validates `input` against the tool's argument schema (with
the real optionality recovered from a strict schema), then runs the native tool with a
`ToolContext` whose `context` is the neutral context (or what a `native_context=` hook makes of
it), and returns its result decoded by the core's one rule: a text that is a JSON object or array
is that value, any other text stays text (`"42"` stays `"42"`, as through `from_mcp`); the SDK's
tool outputs (`ToolOutputText` / `ToolOutputImage` / `ToolOutputFileContent`, or their dicts, as
an MCP tool of the SDK returns them) as text and `interop.Image` / `File` (data URLs), and an MCP
audio, resource or resource-link block the SDK's MCP client passed on as its JSON text as that
block's value (`interop.Audio`, `File`, `bridge.ResourceLink`); other values as plain JSON data.

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
from collections.abc import Callable, Iterable
from typing import Any

from agents import FunctionTool, RunContextWrapper
from agents.exceptions import ToolTimeoutError
from agents.tool import (
    default_tool_error_function,
    default_tool_timeout_error_message,
    maybe_invoke_function_tool_failure_error_function,
)
from agents.tool_context import ToolContext

from interop import StandardToolV0, ToolError
from interop._decode import decode_data_url, decode_text
from interop._kit import replace_fields, unique_tools
from interop.bridge import (
    decode_content,
    from_native,
    get_origin,
    native_context_option,
    neutral_home,
    to_jsonable,
)

from ._schema import fill_omitted, relax_strict_schema

_DEFAULT_FAILURE = default_tool_error_function(RunContextWrapper(context=None), Exception())
_DEFAULT_FAILURE_FLAG = "_function_tool_default_failure_handled"  # set by the SDK's default formatter


_OUTPUT_KEYS = {
    "text": ("text",),
    "image": ("image_url", "file_id"),
    "file": ("file_data", "file_url", "file_id"),
}


_MCP_AS_TEXT = frozenset({"audio", "resource", "resource_link"})
"""MCP blocks the SDK's MCP client hands the model as their JSON text (`model_dump_json`)."""

__all__ = ["from_openai_agents", "from_openai_agents_tools"]


def _is_output_item(item: Any) -> bool:
    """Whether `item` is one of the SDK's tool outputs (`ToolOutputText` / `Image` / `FileContent`,
    as a model or its dict), which the SDK sends the model as text, an image or a file."""
    keys = _OUTPUT_KEYS.get(str(item.get("type"))) if isinstance(item, dict) else None
    return keys is not None and any(isinstance(item.get(k), str) for k in keys)


def _output_value(item: dict[str, Any]) -> Any:
    """An SDK tool output as a content block or value: text as a text block, a data-URL image or
    file as `interop.Image` / `File`, any other (a URL, a file id) as it is."""
    if item["type"] == "text":
        block = decode_text(item["text"])  # the SDK's MCP client sends other blocks as their JSON
        if isinstance(block, dict) and block.get("type") in _MCP_AS_TEXT:
            return block
        return {"type": "text", "text": item["text"]}
    url = item.get("image_url") if item["type"] == "image" else item.get("file_data")
    return decode_data_url(url, name=item.get("filename")) if isinstance(url, str) else item


def _result(name: str) -> Callable[[Any], Any]:
    """Text as it is (the core's text rule decodes it); the SDK's tool outputs (one, or a list)
    as their content (one text output follows the text rule, as an MCP text block does); other
    results as plain JSON data."""

    def decode(result: Any) -> Any:
        if isinstance(result, str):
            return result
        value = to_jsonable(result)
        items = value if isinstance(value, list) else [value]
        if items and all(map(_is_output_item, items)):
            return decode_content([_output_value(i) for i in items], tool_name=name)
        return value

    return decode


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


def from_openai_agents(
    tool: FunctionTool, *, native_context: Callable[[Any], Any] | None = None
) -> StandardToolV0[Any, Any, Any]:
    """Convert an OpenAI Agents SDK `FunctionTool` (from `@function_tool` or built by hand).

    A tool that came from `to_openai_agents` goes home as the very same neutral object (unless
    `native_context=` is given). The input schema is `params_json_schema`; for a strict tool the
    optional fields (those with a `default` or a `null` in their type) are taken out of
    `required` again, and when a caller omits one, the native tool receives what a strict model
    would send (`null`, or the default). `native_context`: maps the neutral context to the run
    context the tool sees as `ToolContext.context` (what `Runner.run(context=...)` takes; a
    `RunContextWrapper` also brings its usage; may be async); default: the neutral context.
    Meta: `strict` (from `strict_json_schema`) and `requires_approval` (from `needs_approval`;
    a per-call policy counts as requiring approval). The title comes from the MCP title, if any.
    """
    native_context = native_context_option(native_context, {}, where="from_openai_agents")
    origin = neutral_home(tool, native_context)
    if origin is not None:
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

    def run(arguments: Any, run_context: Any) -> Any:
        args = fill_omitted(arguments, schema, schema) if fill else arguments
        text = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
        return _invoke(native, _tool_context(native, run_context, text), text)

    return from_native(
        native,
        framework="OpenAI Agents",
        name=native.name,
        description=native.description or "",
        title=getattr(native, "_mcp_title", None),
        meta={"strict": strict, **_approval_meta(native)},
        input_schema=relaxed,
        output_schema=native.output_json_schema,
        call=run,
        is_async=True,
        native_context=native_context,
        decode=_result(native.name),
        text_results=True,
    )


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
    tools: Iterable[Any],
    *,
    skip_unsupported: bool = False,
    native_context: Callable[[Any], Any] | None = None,
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert an agent's tool list; hosted tools (web search, file search...) raise `TypeError`
    unless `skip_unsupported=True` leaves them out; duplicate names raise `ToolNameError`."""
    out: list[StandardToolV0[Any, Any, Any]] = []
    for t in tools:
        if not isinstance(t, FunctionTool) and get_origin(t) is None:
            if skip_unsupported:
                continue
        out.append(from_openai_agents(t, native_context=native_context))
    return unique_tools(out)
