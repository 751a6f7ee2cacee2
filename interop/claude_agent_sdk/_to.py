"""`to_claude_agent_sdk`: a neutral tool as a Claude Agent SDK `SdkMcpTool`, served in-process.

- **Schema.** `input_schema` is the neutral input JSON Schema, verbatim (the SDK sends a dict
  schema unchanged when it has a string `type` and `properties`: an object schema without
  `properties` gets an empty `properties`, which means the same). The title and the four MCP
  behaviour hints go to the tool's `annotations`; other meta has no slot in the SDK (it stays on
  the neutral tool, which `from_claude_agent_sdk` gives back).
- **Serving.** `to_claude_agent_sdk_server` serves the converted tools from its own low-level
  `mcp.server.Server` (the SDK's documented `McpSdkServerConfig(type="sdk", instance=server)`),
  listing each tool exactly as `create_sdk_mcp_server` would (name, description, input schema,
  annotations, `_meta`). It answers calls as the SDK's server does (unknown tools and exceptions
  as error results, never protocol errors) but without the SDK's `jsonschema` pre-check.
- **Validation.** The neutral tool validates the arguments (its own checks: lax values it accepts,
  formats, pydantic models); bad arguments get a short error naming the tool and the fields. A
  `create_sdk_mcp_server(tools=[to_claude_agent_sdk(t)])` built by hand still checks the arguments
  against the schema first and answers the SDK's own `Input validation error: ...` (which names
  neither, repeats the offending value and refuses lax values): prefer
  `to_claude_agent_sdk_server`. With mcp 1.x installed, `to_claude_agent_sdk_server` falls back to
  `create_sdk_mcp_server` (and its check).
- **Results.** MCP content: text (JSON text for structured values) and images as image blocks;
  audio and files, which the SDK drops, as short placeholders. Bad arguments, `ToolError` and
  denials are results with `is_error: true` naming the tool and the fields. Other exceptions
  follow `errors=` (default: raised, and the SDK reports them to Claude as an error result, as for
  a native tool).
- **Context.** The SDK passes a handler nothing but the arguments. The neutral context is the
  object bound with `run_context(obj)` around the client (`async with ClaudeSDKClient(...)`) or
  the `query(...)` iteration; the `context=` hook receives that object (or None).
- **Approval.** The SDK's own permission callback: build `ClaudeAgentOptions(mcp_servers=servers,
  can_use_tool=permission_callback(servers, your_can_use_tool))`. An approval-gated call runs only
  when `can_use_tool` answered `PermissionResultAllow` for that very tool use (the `tool_use_id`
  the CLI sends with the call, `_meta["claudecode/toolUseId"]`) with exactly those arguments, once,
  within `GRANT_TTL` seconds; any other path (the tool in `allowed_tools`, `bypassPermissions`, a
  denial, an allowed call the CLI never made, a handler called directly) gives an error result and
  the tool does not run. `approval=` asks a callback instead.
"""

from __future__ import annotations

import inspect
import json
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from claude_agent_sdk import (
    McpSdkServerConfig,
    PermissionResultAllow,
    SdkMcpTool,
    ToolPermissionContext,
    create_sdk_mcp_server,
)
from mcp.server import Server
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, Tool, ToolAnnotations
from typing_extensions import Unpack

from interop import StandardToolV0
from interop._kit import split_hints, toolset_options
from interop.bridge import (
    ApprovalRequest,
    BoundContext,
    Conversion,
    Invoker,
    Outcome,
    ToolOptions,
    check_unique_names,
    content_kind,
    exception_text,
    input_json_schema,
    object_input_schema,
    placeholder,
    prepare,
    set_origin,
)

if TYPE_CHECKING:
    from mcp.server import ServerRequestContext
    from mcp.types import PaginatedRequestParams


_BOUND = BoundContext("claude_agent_sdk")

HANDLERS_ATTR = "_interop_handlers"
"""Attribute of a served `mcp.server.Server` (`config["instance"]`) listing its converted tools."""

CanUseTool = Callable[[str, dict[str, Any], ToolPermissionContext], Awaitable[Any]]

GRANT_TTL = 60.0
"""Seconds an allowed tool use may wait for its call (the CLI makes it right after the decision);
an allow whose call never came (an aborted turn) is forgotten then."""

TOOL_USE_META = "claudecode/toolUseId"
"""The `_meta` key of a `tools/call` from the Claude Code CLI: the model's `tool_use` id."""

__all__ = [
    "HANDLERS_ATTR",
    "StandardToolHandler",
    "permission_callback",
    "run_context",
    "to_claude_agent_sdk",
    "to_claude_agent_sdk_server",
]


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give the converted tools `value` as their neutral context for the SDK sessions started in
    this block: `with run_context(deps): async with ClaudeSDKClient(options) as client: ...`."""
    return _BOUND.bind(value)


def _key(arguments: Any) -> str:
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _block(part: Any) -> dict[str, Any]:
    if isinstance(part, str):
        return {"type": "text", "text": part}
    if content_kind(part) == "image":
        return {"type": "image", "data": part.base64, "mimeType": part.media_type}
    return {"type": "text", "text": placeholder(part)}  # the SDK drops audio and binary resources


def _result(outcome: Outcome) -> dict[str, Any]:
    """An `Outcome` as the dict an SDK tool handler returns (MCP content, `is_error`)."""
    if outcome.status == "ok":
        return {"content": [_block(p) for p in outcome.parts]}
    return {"content": [{"type": "text", "text": outcome.text}], "is_error": True}


class _Grant:
    __slots__ = ("expires", "key", "tool_use_id")

    def __init__(self, key: str, tool_use_id: str | None, expires: float) -> None:
        self.key = key
        self.tool_use_id = tool_use_id
        self.expires = expires


class StandardToolHandler:
    """The handler of a converted tool: runs the pipeline, returns MCP content.

    Approval-gated calls need a grant from `permission_callback`: the SDK's `can_use_tool` allowed
    that tool use (its `tool_use_id`) with these exact arguments. Each grant runs one call, that
    call only, and lapses after `GRANT_TTL` seconds.
    """

    __slots__ = ("_grants", "invoker", "standard_tool")

    def __init__(self, tool: StandardToolV0[Any, Any, Any], invoker: Invoker) -> None:
        self.standard_tool = tool
        self.invoker = invoker
        self._grants: list[_Grant] = []

    def grant(self, arguments: Any, tool_use_id: str | None = None) -> None:
        """Record that the SDK's permission callback allowed the tool use `tool_use_id` with
        `arguments` (kept only for a tool some of whose calls need approval: no other tool ever
        uses a grant)."""
        if not self.invoker.may_need_approval:
            return
        now = time.monotonic()
        self._grants = [g for g in self._grants if g.expires > now]  # allowed calls never made lapse
        self._grants.append(_Grant(_key(arguments), tool_use_id, now + GRANT_TTL))

    def _ask_for(self, tool_use_id: str | None) -> Callable[[ApprovalRequest], bool]:
        def ask(request: ApprovalRequest) -> bool:
            key, now = _key(request.input), time.monotonic()
            for grant in self._grants:
                if grant.expires <= now or grant.key != key:
                    continue
                # a call that names its tool use (the CLI's always do) takes only that use's grant;
                # one that names none (a server built by hand with create_sdk_mcp_server) any fresh
                # grant for these arguments
                if tool_use_id is not None and grant.tool_use_id != tool_use_id:
                    continue
                self._grants.remove(grant)
                return True
            return False  # no can_use_tool decision for this call: fail closed

        return ask

    async def __call__(self, args: dict[str, Any], *, tool_use_id: str | None = None) -> dict[str, Any]:
        outcome = await self.invoker.ainvoke(
            args, _BOUND.get(None), call_id=tool_use_id, ask=self._ask_for(tool_use_id)
        )
        return _result(outcome)


def _annotations(tool: StandardToolV0[Any, Any, Any]) -> ToolAnnotations | None:
    hints = split_hints(tool.meta)[0]
    if tool.title is None and not hints:
        return None
    return ToolAnnotations(title=tool.title, **hints)


def to_claude_agent_sdk(
    tool: StandardToolV0[Any, Any, Any], **options: Unpack[ToolOptions]
) -> SdkMcpTool[Any]:
    """Convert a neutral tool into an `SdkMcpTool` (for `create_sdk_mcp_server(tools=[...])`, or
    `to_claude_agent_sdk_server`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`). Names follow Anthropic's tool-name rule. A tool that came from
    `from_claude_agent_sdk` goes home as the very same object (with no options).
    """
    c = prepare(tool, options, where="to_claude_agent_sdk", rule="anthropic", native=SdkMcpTool)
    if c.home is not None:
        return c.home
    schema = object_input_schema(tool, "the Claude Agent SDK")
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})  # without it the SDK would read the dict as {name: type}
    handler = StandardToolHandler(tool, c.invoker(target="the Claude Agent SDK", native_approval=True))
    native = SdkMcpTool(
        name=c.name,
        description=tool.description,
        input_schema=schema,
        handler=handler,
        annotations=_annotations(tool),
    )
    set_origin(native, tool)
    return native


def to_claude_agent_sdk_server(
    tools: Iterable[StandardToolV0[Any, Any, Any]],
    *,
    name: str,
    version: str = "1.0.0",
    **options: Unpack[ToolOptions],
) -> McpSdkServerConfig:
    """The in-process MCP server config serving the converted tools, for
    `ClaudeAgentOptions(mcp_servers={name: config})`; duplicate names raise `ToolNameError`.

    The server (`config["instance"]`, a low-level `mcp.server.Server`) lists the tools as
    `create_sdk_mcp_server` would and runs each call through the neutral tool's own validation, so
    bad arguments get an error naming the tool and the fields (no `jsonschema` pre-check). A tool
    that came from `from_claude_agent_sdk` is listed as the SDK tool it came from and called
    through its neutral tool (validated against the schema the SDK lists for it).
    """
    options = toolset_options(tools, options)
    neutrals = list(tools)
    converted = [to_claude_agent_sdk(t, **options) for t in neutrals]
    check_unique_names((t.name for t in converted), "the Claude Agent SDK")
    if not _MCP_CONSTRUCTOR_HANDLERS:
        config = create_sdk_mcp_server(name, version, tools=converted)
        handlers = {t.name: t.handler for t in converted if isinstance(t.handler, StandardToolHandler)}
        setattr(config["instance"], HANDLERS_ATTR, handlers)
        return config
    served: dict[str, StandardToolHandler] = {}
    listed: list[Tool] = []
    for neutral, sdk_tool in zip(neutrals, converted, strict=True):
        handler = sdk_tool.handler
        if isinstance(handler, StandardToolHandler):
            schema: Any = sdk_tool.input_schema  # a dict with `type` and `properties`: listed as is
        else:  # a native SDK tool gone home: its neutral tool validates, then runs its handler
            home: Conversion[Any] = prepare(neutral, options, where="to_claude_agent_sdk", rule="anthropic")
            handler = StandardToolHandler(
                neutral, home.invoker(target="the Claude Agent SDK", native_approval=True)
            )
            schema = input_json_schema(neutral)  # the SDK's expansion of its schema (from_claude_agent_sdk)
        served[sdk_tool.name] = handler
        listed.append(_wire_tool(sdk_tool, schema))
    server = _tool_server(name, version, listed, served)
    setattr(server, HANDLERS_ATTR, served)
    return McpSdkServerConfig(type="sdk", name=name, instance=server)


_MCP_CONSTRUCTOR_HANDLERS = "on_call_tool" in inspect.signature(Server.__init__).parameters
"""mcp 2.x takes the request handlers in the `Server` constructor (mcp 1.x: decorators)."""


def _wire_tool(sdk_tool: SdkMcpTool[Any], schema: dict[str, Any]) -> Tool:
    """The `tools/list` entry of a tool, as `create_sdk_mcp_server` lists it."""
    max_size = getattr(sdk_tool.annotations, "maxResultSizeChars", None)  # the SDK's one `_meta` key
    return Tool.model_validate(
        {
            "name": sdk_tool.name,
            "description": sdk_tool.description,
            "inputSchema": schema,
            "annotations": sdk_tool.annotations,
            "_meta": None if max_size is None else {"anthropic/maxResultSizeChars": max_size},
        }
    )


def _error_result(text: str) -> CallToolResult:
    return CallToolResult.model_validate({"content": [{"type": "text", "text": text}], "isError": True})


def _tool_server(
    name: str, version: str, listed: list[Tool], handlers: Mapping[str, StandardToolHandler]
) -> Server[Any]:
    """A low-level MCP server listing `listed` and answering calls with `handlers` (no argument
    pre-check: the pipeline validates). Unknown tools and exceptions are error results, as the
    SDK's own server answers them."""

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(tools=listed)

    async def on_call_tool(ctx: ServerRequestContext[Any], params: CallToolRequestParams) -> CallToolResult:
        handler = handlers.get(params.name)
        if handler is None:
            return _error_result(f"Tool '{params.name}' not found")
        tool_use_id = (params.meta or {}).get(TOOL_USE_META)
        try:
            result = await handler(
                params.arguments or {}, tool_use_id=tool_use_id if isinstance(tool_use_id, str) else None
            )
        except Exception as e:  # the SDK reports a handler's exception to Claude as an error result
            return _error_result(exception_text(e))
        return CallToolResult.model_validate(
            {"content": result["content"], "isError": result.get("is_error", False)}
        )

    return Server(name, version=version, on_list_tools=on_list_tools, on_call_tool=on_call_tool)


def _handler(servers: Mapping[str, Any], tool_name: str) -> StandardToolHandler | None:
    for key, config in servers.items():
        prefix = f"mcp__{key}__"
        if tool_name.startswith(prefix) and isinstance(config, Mapping):
            handlers = getattr(config.get("instance"), HANDLERS_ATTR, None) or {}
            found = handlers.get(tool_name[len(prefix) :])
            if isinstance(found, StandardToolHandler):
                return found
    return None


def permission_callback(servers: Mapping[str, Any], can_use_tool: CanUseTool) -> CanUseTool:
    """The SDK's `can_use_tool` callback with interop's approval wired in.

    `servers` is the `mcp_servers` mapping given to `ClaudeAgentOptions` (the tool names the CLI
    asks about are `mcp__<key>__<tool>`). Every decision is yours (`can_use_tool` is asked as
    usual); an allow for a converted tool (with its `updated_input`, if any) is what approves an
    approval-gated call with those arguments.
    """

    async def callback(tool_name: str, tool_input: dict[str, Any], context: ToolPermissionContext) -> Any:
        decision = await can_use_tool(tool_name, tool_input, context)
        handler = _handler(servers, tool_name)
        if handler is not None and isinstance(decision, PermissionResultAllow):
            handler.grant(
                decision.updated_input if decision.updated_input is not None else tool_input,
                getattr(context, "tool_use_id", None),
            )
        return decision

    return callback
