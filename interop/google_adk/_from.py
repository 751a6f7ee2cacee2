"""`from_google_adk`: a Google ADK tool as a neutral, validating tool.

Handled: `FunctionTool` (sync and async functions, functions taking a `tool_context`,
`require_confirmation`), any `BaseTool` subclass with a function declaration (custom tools,
ADK's `McpTool`, OpenAPI and Google API tools...), and the tools of a `BaseToolset`
(`McpToolset` included) through `from_google_adk_toolset`.

- **Schema.** The declaration's `parameters_json_schema` (the JSON Schema ADK sends), or its
  Gemini `parameters` schema as JSON Schema; the output schema from `response_json_schema`. For a
  plain `FunctionTool` that declaration is built here as ADK builds it (`_declaration.py`: each
  parameter's schema once, the response schema only where ADK keeps it), else asked of ADK.
  The neutral wrapper validates the arguments (ADK's `FunctionTool` does not by default).
- **Context.** The native tool gets a `ToolContext`: the neutral context itself when it is one
  (a tool running inside an ADK agent through `to_google_adk`), else a fresh `ToolContext` over an
  in-memory session whose state is the neutral context (a mapping; any other value is stored
  under `CONTEXT_KEY`). Pass `native_context=` to build the `ToolContext` yourself.
- **Results and errors.** The value `run_async` returns, decoded by the core's one decoder (for
  ADK's `McpTool`, the MCP result as `from_mcp` decodes it: the structured content, else the
  content, a text that is a JSON object or array as that value, images, audio, resources and
  resource links as content values; `isError` raises `ToolError`); ADK's error convention (a
  dict whose only key is `"error"`) raises `ToolError` with its text, so other frameworks show it
  to the model through their own error channel. Media parts (`types.Part` with inline data) come
  back as `interop.Image` / `Audio` / `File`. Other exceptions propagate.
- **Approval.** `FunctionTool(require_confirmation=...)` and any overridden
  `check_require_confirmation` become `meta["requires_approval"]` (a predicate when ADK decides
  per call). A call approved through the target's mechanism runs with a confirmed
  `ToolConfirmation`, so the native tool does not ask again.
"""

from __future__ import annotations

import inspect
import sys
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from google.adk.agents.context import Context
from google.adk.agents.readonly_context import ReadonlyContext
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.function_tool import FunctionTool
from google.adk.tools.tool_confirmation import ToolConfirmation
from google.adk.tools.tool_context import ToolContext
from google.genai import types
from typing_extensions import Unpack

import interop
from interop import StandardToolV0, ToolError, bridge
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import OldContextName, inbound, read_carried_meta, unique_tools

from ._declaration import Declared, declared

if TYPE_CHECKING:
    from google.adk.sessions import InMemorySessionService
    from google.adk.tools.base_toolset import BaseToolset


CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The session-state key holding a neutral context that is not a mapping."""

ToolContextHook = Callable[[Any], Any]
"""Maps the neutral context to the `ToolContext` a native tool runs with (or an awaitable of it)."""

_sessions: list[InMemorySessionService] = []

__all__ = [
    "CONTEXT_KEY",
    "ToolContextHook",
    "from_google_adk",
    "from_google_adk_tools",
    "from_google_adk_toolset",
]


def _fresh_tool_context(value: Any, confirmed: bool) -> ToolContext:
    """A `ToolContext` over a fresh in-memory session whose state holds the neutral context."""
    # imported here: ADK's invocation context loads its agents, plugins and live modules, which an
    # application converting tools for an ADK agent loads anyway but `import interop.google_adk` need not
    from google.adk.agents.invocation_context import InvocationContext
    from google.adk.sessions import InMemorySessionService, Session

    if not _sessions:
        _sessions.append(InMemorySessionService())  # type: ignore[no-untyped-call]
    if isinstance(value, Mapping):
        state = dict(value)
    else:
        state = {CONTEXT_KEY: value} if value is not None else {}
    key = uuid.uuid4().hex
    invocation = InvocationContext(
        session_service=_sessions[0],
        invocation_id=f"e-{key}",
        session=Session(id=key, app_name="interop", user_id="interop", state=state),
    )
    confirmation = ToolConfirmation(confirmed=True) if confirmed else None
    return ToolContext(invocation, function_call_id=f"interop-{key}", tool_confirmation=confirmation)


def _schema_of(json_schema: Any, schema: Any) -> dict[str, Any] | None:
    """A declaration's JSON Schema (`*_json_schema`), or its Gemini `Schema` as JSON Schema."""
    if isinstance(json_schema, Mapping):
        return dict(json_schema)
    if isinstance(json_schema, types.Schema):
        schema = json_schema
    if isinstance(schema, types.Schema):
        dumped: dict[str, Any] = schema.json_schema.model_dump(mode="json", exclude_none=True, by_alias=True)
        return dumped
    return None


def _declared(tool: BaseTool) -> Declared:
    """The tool's description and JSON Schemas as its `FunctionDeclaration` gives them: built here
    for a plain `FunctionTool` as ADK builds them (`_declaration.declared`), else ADK's own
    `_get_declaration()` (its Gemini `Schema`s read as JSON Schema)."""
    found = declared(tool)
    if found is not None:
        return found
    declaration = tool._get_declaration()
    if declaration is None:
        raise TypeError(
            f"from_google_adk converts tools with a function declaration; {type(tool).__name__} "
            f"{tool.name!r} has none (a built-in tool that runs on the model's side)"
        )
    return Declared(
        tool.description or declaration.description,
        _schema_of(declaration.parameters_json_schema, declaration.parameters),
        _schema_of(declaration.response_json_schema, declaration.response),
    )


def _content(part: Any) -> Any:
    """ADK media (a `types.Part` with inline data) as a neutral content value; else unchanged."""
    if not isinstance(part, types.Part):
        return part
    blob = part.inline_data
    if blob is None or blob.data is None or not blob.mime_type:
        if part.text is not None:
            return part.text
        return part.model_dump(mode="json", exclude_none=True)
    if blob.mime_type.startswith("image/"):
        return interop.Image(blob.data, blob.mime_type)
    if blob.mime_type.startswith("audio/"):
        return interop.Audio(blob.data, blob.mime_type)
    return interop.File(blob.data, blob.mime_type, blob.display_name)


def _result(value: Any) -> Any:
    """The neutral result of `run_async` (raises `ToolError` for ADK's `{"error": ...}`)."""
    if isinstance(value, dict) and len(value) == 1 and isinstance(value.get("error"), str):
        raise ToolError(value["error"])
    if isinstance(value, types.Part):
        return _content(value)
    if isinstance(value, (list, tuple)) and any(isinstance(v, types.Part) for v in value):
        return [_content(v) for v in value]
    return value


def _approval_meta(native: BaseTool, tool_context: Callable[[Any], Any]) -> dict[str, Any]:
    """`requires_approval` from ADK's tool confirmation: `True`/`False` for a static flag, else a
    predicate asking the tool itself (`check_require_confirmation`) per call."""
    if isinstance(native, FunctionTool):
        flag = native._require_confirmation  # the constructor's value (no public getter)
        if isinstance(flag, bool):
            return {"requires_approval": flag} if flag else {}
    elif type(native).check_require_confirmation is BaseTool.check_require_confirmation:
        return {}

    async def predicate(input: Any, context: Any) -> bool:
        ctx = await tool_context(context)
        return (await native.check_require_confirmation(dict(input or {}), ctx)) is True

    return {"requires_approval": predicate}


def _default_tool_context(value: Any) -> Any:
    """The neutral context itself when it is an ADK context, else a fresh `ToolContext` holding it
    (confirmed when the call was approved through the caller's mechanism)."""
    return value if isinstance(value, Context) else _fresh_tool_context(value, bridge.approved_call())


@inbound()
def from_google_adk(
    tool: BaseTool, *, native_context: ToolContextHook | None = None, **deprecated: Unpack[OldContextName]
) -> StandardToolV0[Any, Any, Any]:
    """Convert a Google ADK tool (`FunctionTool` or any `BaseTool` with a declaration) into a
    neutral tool that validates its input.

    `native_context`: maps the neutral context to the `ToolContext` the native tool runs with
    (default: the neutral context if it is a `ToolContext`, else a fresh one whose session state
    holds it; `context=` is its deprecated name). A tool made by `to_google_adk` comes back as the
    very neutral tool it was made from.
    """
    # `from google.adk.tools import FunctionTool` does not load the toolset module: when nothing
    # has, `tool` is no toolset (so `import interop.google_adk` does not load it either)
    toolsets = sys.modules.get("google.adk.tools.base_toolset")
    if toolsets is not None and isinstance(tool, toolsets.BaseToolset):
        raise TypeError(
            "from_google_adk converts one tool; for a toolset use "
            "`await from_google_adk_toolset(toolset)` (its tools are listed asynchronously)"
        )
    declaration = _declared(tool)
    native = tool
    hook = native_context

    async def approval_context(value: Any) -> Any:
        """The `ToolContext` the approval question is asked with (never a confirmed one)."""
        if hook is not None:
            ctx = hook(value)
            return await ctx if inspect.isawaitable(ctx) else ctx
        return value if isinstance(value, Context) else _fresh_tool_context(value, False)

    meta, title, _ = read_carried_meta(tool.custom_metadata or {})
    meta.update(_approval_meta(native, approval_context))
    if tool.is_long_running:
        meta["long_running"] = True
    return bridge.from_native(
        native,
        framework="Google ADK",
        name=tool.name,
        description=declaration.description or "",
        title=title,
        meta=meta,
        input_schema=declaration.parameters_json_schema or None,  # (None: an object with no properties)
        output_schema=declaration.response_json_schema,
        call=lambda arguments, ctx: native.run_async(args=dict(arguments), tool_context=ctx),
        is_async=True,
        native_context=native_context,
        default_native_context=_default_tool_context,
        decode=_result,
    )


def from_google_adk_tools(
    tools: Iterable[BaseTool],
    *,
    native_context: ToolContextHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several ADK tools; duplicate names raise `ToolNameError`."""
    hook = bridge.native_context_option(native_context, deprecated, where="from_google_adk_tools")
    return unique_tools([from_google_adk(t, native_context=hook) for t in tools])


async def from_google_adk_toolset(
    toolset: BaseToolset,
    *,
    readonly_context: ReadonlyContext | None = None,
    native_context: ToolContextHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> list[StandardToolV0[Any, Any, Any]]:
    """The tools of an ADK toolset (`McpToolset`, `OpenAPIToolset`, your own `BaseToolset`) as
    neutral tools, with the toolset's filter and name prefix applied.

    The neutral tools call the toolset's own tools, so the toolset must stay open while they are
    used (for `McpToolset`: `await toolset.close()` when done).
    """
    hook = bridge.native_context_option(native_context, deprecated, where="from_google_adk_toolset")
    natives = await toolset.get_tools_with_prefix(readonly_context)
    return from_google_adk_tools(natives, native_context=hook)
