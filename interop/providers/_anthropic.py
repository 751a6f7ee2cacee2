"""Anthropic Messages API tools and dispatch of `tool_use` blocks to `tool_result` blocks.

The input schema must be an object at the root with no top-level anyOf/oneOf/allOf (Anthropic
rejects every request carrying such a tool); `$ref`s are inlined by default (recursive ones stay,
with their `$defs`). Strict tool use compiles with `compile_anthropic_strict`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from typing_extensions import Unpack

from interop._kit import provider_options
from interop.bridge import Rename, ToolOptions, check_name, content_kind, copy_json, placeholder
from interop.errors import SchemaConversionError
from interop.jsonschema import ANTHROPIC_STRICT_LIMITS, RefError, StrictSchema, inline_refs

from ._common import descriptor_name, tool_schema
from ._dispatch import AnyTool, Dispatcher, ToolCall, ToolOutcome, field_of, make_call

__all__ = ["TOOL_SEARCH_TOOLS", "AnthropicToolset", "check_anthropic_strict_limits", "to_anthropic_tool"]


def _descriptor(
    tool: AnyTool, strict: bool | None, name: str | None, inline: bool
) -> tuple[dict[str, Any], StrictSchema | None]:
    name = check_name(name or tool.name, "anthropic")
    schema, compiled = tool_schema(tool, strict, name=name, provider="anthropic", dialect="anthropic")
    if compiled is None and inline and "$defs" in schema:
        try:
            schema = inline_refs(schema)
        except RefError as e:
            raise SchemaConversionError(
                f"tool {name!r}: cannot inline the $refs of its input schema for anthropic: {e}; "
                "pass inline_refs=False to send them as they are"
            ) from e
    out: dict[str, Any] = {"name": name, "description": tool.description, "input_schema": schema}
    if compiled is not None:
        out["strict"] = True
    out.update(_meta_fields(tool.meta))
    return out, compiled


def _meta_fields(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The descriptor fields the meta vocabulary maps to: `defer_loading`, `allowed_callers`,
    `input_examples`, then `provider_options["anthropic"]` as given."""
    out: dict[str, Any] = {}
    if meta.get("defer_loading") is True:
        out["defer_loading"] = True
    if meta.get("callers"):
        out["allowed_callers"] = list(meta["callers"])
    if meta.get("input_examples"):
        out["input_examples"] = copy_json(list(meta["input_examples"]))
    out.update(provider_options(meta, "anthropic"))
    return out


TOOL_SEARCH_TOOLS: Mapping[str, dict[str, str]] = {
    "bm25": {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
    "regex": {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
}
"""Anthropic's server-side tool search tools, which find the `defer_loading` tools."""


def to_anthropic_tool(
    tool: AnyTool,
    *,
    strict: bool | None = None,
    rename: Rename = None,
    name: str | None = None,
    inline_refs: bool = True,
) -> dict[str, Any]:
    """An Anthropic tool: `{name, description, input_schema, strict?}`.

    `strict=None` uses the tool's `meta["strict"]`, else strict tool use exactly when the schema
    already qualifies; `strict=True` compiles it (or raises `SchemaConversionError`). From the
    meta: `defer_loading`, `callers` (as `allowed_callers`), `input_examples`, and the fields of
    `provider_options["anthropic"]` as given (a deferred tool needs one of Anthropic's tool search
    tools in the same request; `AnthropicToolset` adds it).
    """
    name = descriptor_name(tool, rename, name, provider="anthropic", where="to_anthropic_tool")
    return _descriptor(tool, strict, name, inline_refs)[0]


def check_anthropic_strict_limits(compiled: Sequence[StrictSchema]) -> None:
    """Raise `SchemaConversionError` when strict tools together exceed Anthropic's per-request limits."""
    limits = ANTHROPIC_STRICT_LIMITS
    totals = {
        "tools": len(compiled),
        "optional_params": sum(c.stats.get("optional_params", 0) for c in compiled),
        "union_params": sum(c.stats.get("union_params", 0) for c in compiled),
    }
    over = [f"{totals[k]} {k.replace('_', ' ')} (limit {limits[k]})" for k in totals if totals[k] > limits[k]]
    if over:
        names = ", ".join(repr(c.tool_name) for c in compiled)
        raise SchemaConversionError(
            f"strict tools {names} exceed Anthropic's per-request strict limits: {'; '.join(over)}; "
            "pass strict=False for some of them"
        )


def _calls(obj: Any) -> list[ToolCall]:
    """The `tool_use` blocks of a Message (SDK object or dict) or of a list of content blocks."""
    blocks = obj if isinstance(obj, (list, tuple)) else field_of(obj, "content", default=[obj])
    if isinstance(blocks, str):
        return []
    return [
        make_call(field_of(b, "id"), field_of(b, "name"), field_of(b, "input", default={}))
        for b in blocks
        if field_of(b, "type") == "tool_use"
    ]


def _content(part: Any) -> dict[str, Any]:
    """A text or content part as a `tool_result` content block (images and PDFs natively)."""
    if isinstance(part, str):
        return {"type": "text", "text": part}
    source = {"type": "base64", "media_type": part.media_type, "data": part.base64}
    if content_kind(part) == "image":
        return {"type": "image", "source": source}
    if part.media_type == "application/pdf":
        return {"type": "document", "source": source}
    return {"type": "text", "text": placeholder(part)}  # a kind Anthropic cannot carry


def _block(outcome: ToolOutcome) -> dict[str, Any]:
    content: Any = outcome.text
    if outcome.outcome.has_content:
        content = [_content(p) for p in outcome.parts]
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": outcome.call.id, "content": content}
    if outcome.is_error:
        block["is_error"] = True
    return block


class AnthropicToolset:
    """Neutral tools for the raw `anthropic` SDK: `tools=` descriptors and `tool_result` blocks.

    ```python
    toolset = AnthropicToolset([get_weather])
    message = client.messages.create(model=..., max_tokens=..., messages=messages, tools=toolset.tools)
    messages += [
        {"role": "assistant", "content": message.content},
        {"role": "user", "content": toolset.dispatch(message, context=user)},
    ]
    ```
    Failures (bad arguments, `ToolError`, unknown tools, denials) come back with `is_error: true`;
    images and PDFs a tool returns go back as `image` / `document` blocks. When some tools have
    `meta["defer_loading"]`, Anthropic's tool search tool (`tool_search`: `"bm25"` or `"regex"`;
    None to add none) is added to `tools`, so the model finds them on demand. Options: the shared
    ones (see the README's options table).
    """

    def __init__(
        self,
        tools: Sequence[AnyTool],
        *,
        strict: bool | None = None,
        inline_refs: bool = True,
        parallel: bool = True,
        tool_search: Literal["bm25", "regex"] | None = "bm25",
        **options: Unpack[ToolOptions],
    ) -> None:
        descriptors: list[dict[str, Any]] = []

        def strict_for(tool: AnyTool, name: str) -> StrictSchema | None:
            descriptor, compiled = _descriptor(tool, strict, name, inline_refs)
            descriptors.append(descriptor)
            return compiled

        self.dispatcher = Dispatcher(
            tools, provider="anthropic", strict_for=strict_for, parallel=parallel, **options
        )
        check_anthropic_strict_limits(list(self.dispatcher.strict.values()))
        if tool_search is not None and any(d.get("defer_loading") for d in descriptors):
            descriptors.append(dict(TOOL_SEARCH_TOOLS[tool_search]))
        # list[Any]: the SDK's own request types (TypedDicts) are what these are, so
        # `create(tools=toolset.tools)` type-checks without this module importing the SDK
        self.tools: list[Any] = descriptors
        """The descriptors to pass as `tools=`."""

    def dispatch(self, message: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """Run the `tool_use` blocks of `message`; the `tool_result` blocks for the next user turn."""
        outcomes = self.dispatcher.run(_calls(message), context)
        return [_block(o) for o in outcomes]

    async def adispatch(self, message: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """`dispatch` from async code."""
        outcomes = await self.dispatcher.arun(_calls(message), context)
        return [_block(o) for o in outcomes]
