"""`from_anthropic`: a tool-runner tool (`@beta_tool`, `@beta_async_tool`, a `BetaFunctionTool`
or `BetaAsyncFunctionTool`, or a builtin function tool) as a neutral tool.

- **Described** by its `to_dict()`, what the runner sends: name, description, `input_schema`;
  `strict`, `defer_loading`, `allowed_callers` and `input_examples` as the meta keys `strict`,
  `defer_loading`, `callers` and `input_examples`. The neutral tool validates every call against the
  input schema before the native tool runs (and the native tool validates again, as always).
- **Called** as the runner calls it: `tool.call(input)` (awaited for an async tool). Its text comes
  back by the text rule (a JSON object or array is that value), content blocks as text, images
  (`interop.Image`) and documents (`interop.File`). The SDK's `ToolError` becomes the neutral
  `ToolError` with its text (the model reads it through any framework's error channel); other
  exceptions pass through unchanged.
- **Context.** A runner tool takes no per-call object; while it runs, the neutral context (or what
  `native_context=` makes of it) is what `run_context(...)` binds, so a converted tool inside it
  gets it.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from anthropic.lib.tools import (
    BetaAsyncBuiltinFunctionTool,
    BetaAsyncFunctionTool,
    BetaBuiltinFunctionTool,
    BetaFunctionTool,
)
from anthropic.lib.tools import ToolError as AnthropicToolError

import interop
from interop import StandardToolV0, bridge
from interop._decode import decode_text
from interop._kit import inbound, unique_tools

from ._to import _BOUND

NativeContextHook = Callable[[Any], Any]
"""Maps the neutral context to what the tool sees bound by `run_context(...)` (or an awaitable of it)."""

_ASYNC = (BetaAsyncFunctionTool, BetaAsyncBuiltinFunctionTool)
_RUNNABLE = (BetaFunctionTool, BetaBuiltinFunctionTool, *_ASYNC)

__all__ = ["NativeContextHook", "from_anthropic", "from_anthropic_tools"]


def _block(block: Any) -> Any:
    """One tool-result content block as a neutral value (text, image, document; others as given)."""
    if not isinstance(block, Mapping):
        return block
    kind = block.get("type")
    if kind == "text":
        return str(block.get("text") or "")
    source = block.get("source")
    if kind in ("image", "document") and isinstance(source, Mapping):
        media = str(source.get("media_type") or "application/octet-stream")
        if source.get("type") == "base64":
            data = base64.b64decode(str(source.get("data") or ""))
        elif source.get("type") == "text":
            data, media = str(source.get("data") or "").encode("utf-8"), media or "text/plain"
        else:  # a URL or a file id: the reference, as text
            return bridge.to_json_text(dict(source))
        if kind == "image":
            return interop.Image(data, media)
        return interop.File(data, media, block.get("title"))
    return dict(block)


def _decode(result: Any) -> Any:
    """A runner tool's result (text or content blocks) as a neutral value."""
    if not isinstance(result, (list, tuple)):
        return result  # text (or a value a runner would refuse to send: kept for the neutral caller)
    values = [_block(b) for b in result]
    if len(values) == 1 and type(values[0]) is str:
        return decode_text(values[0])
    return values or None


def _meta(definition: Mapping[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if isinstance(definition.get("strict"), bool):
        meta["strict"] = definition["strict"]
    if definition.get("defer_loading") is True:
        meta["defer_loading"] = True
    if definition.get("allowed_callers"):
        meta["callers"] = list(definition["allowed_callers"])
    if definition.get("input_examples"):
        meta["input_examples"] = bridge.copy_json(list(definition["input_examples"]))
    return meta


def _runner(native: Any) -> Callable[[Any, Any], Any]:
    """`call(arguments, bound)` for `from_native`: the runner's `tool.call(input)` with `bound`
    bound by `run_context`."""
    if isinstance(native, _ASYNC):

        async def run_async(arguments: Any, bound: Any) -> Any:
            with _BOUND.bind(bound):
                return await native.call(dict(arguments))

        return run_async

    def run(arguments: Any, bound: Any) -> Any:
        with _BOUND.bind(bound):
            return native.call(dict(arguments))

    return run


@inbound(
    kind=_RUNNABLE,
    refusal="from_anthropic converts tool-runner tools (@beta_tool, @beta_async_tool, BetaFunctionTool, "
    "BetaAsyncFunctionTool, builtin function tools); got ",
    old=(),
)
def from_anthropic(
    beta_tool: BetaFunctionTool[Any]
    | BetaAsyncFunctionTool[Any]
    | BetaBuiltinFunctionTool
    | BetaAsyncBuiltinFunctionTool,
    *,
    native_context: NativeContextHook | None = None,
) -> StandardToolV0[Any, Any, Any]:
    """Convert a tool-runner tool into a neutral tool.

    `native_context`: maps the neutral context to what the tool sees bound by `run_context(...)`
    while it runs (default: the neutral context). A tool made by `to_anthropic` comes back as the
    very neutral tool it was made from, and `to_anthropic(from_anthropic(t)) is t`.
    """
    definition: Mapping[str, Any] = beta_tool.to_dict()  # type: ignore[assignment]
    name = str(definition.get("name") or beta_tool.name)
    return bridge.from_native(
        beta_tool,
        framework="Anthropic",
        name=name,
        description=str(definition.get("description") or ""),
        input_schema=bridge.copy_json(definition.get("input_schema")),
        meta=_meta(definition),
        call=_runner(beta_tool),
        native_context=native_context,
        decode=_decode,
        text_results=True,
        error_types=(AnthropicToolError,),
        is_async=isinstance(beta_tool, _ASYNC),
    )


def from_anthropic_tools(
    tools: Iterable[Any], *, native_context: NativeContextHook | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a runner's `tools=[...]` list; duplicate names raise `ToolNameError`."""
    return unique_tools([from_anthropic(t, native_context=native_context) for t in tools])
