"""OpenAI function tools (Chat Completions and Responses) and dispatch of the model's calls.

Descriptors are plain dicts: no `openai` import is needed to build them. With strict mode the
parameters are compiled by `interop.bridge.compile_openai_strict`; the dispatcher then removes
the nulls the model sends for originally-optional fields before the tool validates them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from typing_extensions import Unpack

from interop._kit import provider_options
from interop.bridge import Outcome, Rename, ToolOptions, check_name, content_kind
from interop.jsonschema import StrictSchema

from ._common import descriptor_name, tool_schema
from ._dispatch import AnyTool, Dispatcher, ToolCall, ToolOutcome, field_of, make_call

__all__ = ["TOOL_SEARCH_TOOL", "OpenAIToolset", "to_openai_chat_tool", "to_openai_responses_tool"]


def _function(
    tool: AnyTool, strict: bool | None, name: str | None
) -> tuple[dict[str, Any], StrictSchema | None]:
    name = check_name(name or tool.name, "openai")
    parameters, compiled = tool_schema(tool, strict, name=name, provider="openai", dialect="openai")
    fn: dict[str, Any] = {"name": name, "description": tool.description, "parameters": parameters}
    if compiled is not None:
        fn["strict"] = True  # omitted otherwise: some OpenAI-compatible servers reject strict false/null
    return fn, compiled


def _meta_fields(meta: Mapping[str, Any], api: str) -> dict[str, Any]:
    """The descriptor fields the meta vocabulary maps to: `defer_loading` (Responses only: Chat
    Completions has no deferred loading), then `provider_options["openai"]` as given."""
    out: dict[str, Any] = {}
    if api == "responses" and meta.get("defer_loading") is True:
        out["defer_loading"] = True
    out.update(provider_options(meta, "openai"))
    return out


TOOL_SEARCH_TOOL: Mapping[str, str] = {"type": "tool_search"}
"""The Responses API's hosted tool search, which finds the `defer_loading` function tools."""


def _chat_tool(tool: AnyTool, fn: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {**fn, **_meta_fields(tool.meta, "chat")}}


def _responses_tool(tool: AnyTool, fn: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", **fn, **_meta_fields(tool.meta, "responses")}


def to_openai_chat_tool(
    tool: AnyTool, *, strict: bool | None = None, rename: Rename = None, name: str | None = None
) -> dict[str, Any]:
    """A Chat Completions tool: `{"type": "function", "function": {name, description, parameters, strict?}}`.

    `strict=None` uses the tool's `meta["strict"]`, else strict mode exactly when the schema already
    qualifies; `strict=True` compiles the schema (or raises `SchemaConversionError`). The fields of
    `meta["provider_options"]["openai"]` are added to the function as given. `rename=` as on every
    `to_X` (`name=` is its deprecated alias).
    """
    name = descriptor_name(tool, rename, name, provider="openai", where="to_openai_chat_tool")
    return _chat_tool(tool, _function(tool, strict, name)[0])


def to_openai_responses_tool(
    tool: AnyTool, *, strict: bool | None = None, rename: Rename = None, name: str | None = None
) -> dict[str, Any]:
    """A Responses API tool: `{"type": "function", name, description, parameters, strict?}`.

    From the meta: `defer_loading` (the request then needs the hosted `{"type": "tool_search"}`
    tool; `OpenAIToolset` adds it) and the fields of `provider_options["openai"]` as given.
    """
    name = descriptor_name(tool, rename, name, provider="openai", where="to_openai_responses_tool")
    return _responses_tool(tool, _function(tool, strict, name)[0])


def _calls(obj: Any) -> tuple[list[str], list[ToolCall]]:
    """The function calls in a ChatCompletion, a message, a Response, or a list of calls/items,
    and the API each came from (`"chat"` or `"responses"`), index for index."""
    if isinstance(obj, (list, tuple)):
        items: Sequence[Any] = obj
    elif (choices := field_of(obj, "choices")) is not None:
        items = field_of(field_of(choices[0], "message"), "tool_calls") or []
    elif field_of(obj, "tool_calls") is not None or field_of(obj, "role") is not None:
        items = field_of(obj, "tool_calls") or []
    elif field_of(obj, "output") is not None and field_of(obj, "type") != "function_call":
        items = field_of(obj, "output")
    else:
        items = [obj]
    kinds: list[str] = []
    calls: list[ToolCall] = []
    for item in items:
        fn = item.get("function") if type(item) is dict else field_of(item, "function")
        if type(fn) is dict and type(item) is dict:  # a Chat call as a dict (`field_of`, inlined)
            raw: Any = fn  # (the model's JSON: any value, as `field_of` gives it)
            calls.append(make_call(item.get("id"), raw.get("name"), raw.get("arguments")))
            kinds.append("chat")
        elif fn is not None:
            calls.append(make_call(field_of(item, "id"), field_of(fn, "name"), field_of(fn, "arguments")))
            kinds.append("chat")
        elif field_of(item, "type") == "function_call":
            calls.append(
                make_call(field_of(item, "call_id"), field_of(item, "name"), field_of(item, "arguments"))
            )
            kinds.append("responses")
    return kinds, calls


def _input_part(part: Any) -> dict[str, Any]:
    """A Responses `function_call_output` part: text, an image, or a file (as data URLs)."""
    if isinstance(part, str):
        return {"type": "input_text", "text": part}
    url = part.data_url
    if content_kind(part) == "image":
        return {"type": "input_image", "image_url": url}
    return {"type": "input_file", "file_data": url, "filename": getattr(part, "name", None) or "file"}


def _message(kind: str, call_id: str | None, outcome: Outcome) -> dict[str, Any]:
    if kind == "chat":  # Chat tool messages carry text only: content values as placeholders
        return {"role": "tool", "tool_call_id": call_id, "content": outcome.text}
    output: Any = [_input_part(p) for p in outcome.parts] if outcome.has_content else outcome.text
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _messages(kinds: list[str], outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
    return [_message(kind, o.call.id, o.outcome) for kind, o in zip(kinds, outcomes, strict=True)]


class OpenAIToolset:
    """Neutral tools for the raw `openai` SDK: `tools=` descriptors and the follow-up messages.

    ```python
    toolset = OpenAIToolset([get_weather])
    completion = client.chat.completions.create(model=..., messages=messages, tools=toolset.tools)
    messages += [completion.choices[0].message, *toolset.dispatch(completion, context=user)]
    ```
    `dispatch` accepts a ChatCompletion, its message, a Responses `Response`, or a list of Chat
    `tool_calls` / Responses `function_call` items (SDK objects or dicts), and returns tool
    messages (Chat) or `function_call_output` items (Responses; images and files a tool returns go
    as `input_image` / `input_file` parts, Chat messages get a short placeholder). Calls run
    concurrently when `parallel` (async tools gathered, sync tools in threads). Options: the shared
    ones (see the README's options table); a tool with `requires_approval` needs `approval=`
    (asked before each call that needs it) or `allow_unapproved=True`. With `api="responses"`,
    tools with `meta["defer_loading"]` are sent deferred and the hosted tool search is added
    (`tool_search=False`: add none); Chat Completions has no deferred loading (use
    `split_tools` and `tool_search` there).
    """

    def __init__(
        self,
        tools: Sequence[AnyTool],
        *,
        api: Literal["chat", "responses"] = "chat",
        strict: bool | None = None,
        parallel: bool = True,
        tool_search: bool = True,
        **options: Unpack[ToolOptions],
    ) -> None:
        self.api = api
        descriptors: list[dict[str, Any]] = []

        def strict_for(tool: AnyTool, name: str) -> StrictSchema | None:
            fn, compiled = _function(tool, strict, name)
            descriptors.append(_chat_tool(tool, fn) if api == "chat" else _responses_tool(tool, fn))
            return compiled

        self.dispatcher = Dispatcher(
            tools, provider="openai", strict_for=strict_for, parallel=parallel, **options
        )
        if tool_search and any(d.get("defer_loading") for d in descriptors):
            descriptors.append(dict(TOOL_SEARCH_TOOL))
        # list[Any]: the SDK's own request types (TypedDicts) are what these are, so
        # `create(tools=toolset.tools)` type-checks without this module importing the SDK
        self.tools: list[Any] = descriptors
        """The descriptors to pass as `tools=`."""

    def dispatch(self, response: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """Run the calls in `response` and return the follow-up messages/items, in call order."""
        kinds, calls = _calls(response)
        if len(calls) == 1:  # (what `run` does for one call, without a `ToolOutcome` per call)
            return [_message(kinds[0], calls[0].id, self.dispatcher.run_single(calls[0], context))]
        return _messages(kinds, self.dispatcher.run(calls, context))

    async def adispatch(self, response: Any, *, context: Any = None) -> list[dict[str, Any]]:
        """`dispatch` from async code."""
        kinds, calls = _calls(response)
        return _messages(kinds, await self.dispatcher.arun(calls, context))
