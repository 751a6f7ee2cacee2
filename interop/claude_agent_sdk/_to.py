"""`to_claude_agent_sdk`: a neutral tool as a Claude Agent SDK `SdkMcpTool`, served in-process.

- **Schema.** `input_schema` is the neutral input JSON Schema, verbatim (the SDK sends a dict
  schema unchanged when it has a string `type` and `properties`: an object schema without
  `properties` gets an empty `properties`, which means the same). The title and the four MCP
  behaviour hints go to the tool's `annotations`; other meta has no slot in the SDK (it stays on
  the neutral tool, which `from_claude_agent_sdk` gives back).
- **Validation.** The SDK checks the arguments against that same schema first (`Input validation
  error: ...`); the neutral tool validates again (its own checks: formats, pydantic models).
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
  when `can_use_tool` answered `PermissionResultAllow` for exactly those arguments; any other
  path (the tool in `allowed_tools`, `bypassPermissions`, a denial, a handler called directly)
  gives an error result and the tool does not run. `approval=` asks a callback instead.
"""

from __future__ import annotations

try:
    import claude_agent_sdk  # noqa: F401
except ImportError as _import_error:
    raise ImportError(
        "Please install `claude-agent-sdk` to use `interop.claude_agent_sdk`: "
        '`pip install "standard-tool[claude-agent-sdk]"`'
    ) from _import_error

import contextlib
import contextvars
import json
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from typing import Any

from claude_agent_sdk import (
    McpSdkServerConfig,
    PermissionResultAllow,
    SdkMcpTool,
    ToolPermissionContext,
    create_sdk_mcp_server,
)
from mcp.types import ToolAnnotations
from typing_extensions import Unpack

from interop import StandardToolV0
from interop.bridge import (
    MCP_HINTS,
    ApprovalRequest,
    Invoker,
    Outcome,
    ToolOptions,
    check_unique_names,
    object_input_schema,
    placeholder,
    prepare,
    set_origin,
)

__all__ = [
    "HANDLERS_ATTR",
    "StandardToolHandler",
    "permission_callback",
    "run_context",
    "to_claude_agent_sdk",
    "to_claude_agent_sdk_server",
]

_RUN_CONTEXT: contextvars.ContextVar[Any] = contextvars.ContextVar("interop_claude_agent_sdk_context")

HANDLERS_ATTR = "_interop_handlers"
"""Attribute of a served `mcp.server.Server` (`config["instance"]`) listing its converted tools."""

CanUseTool = Callable[[str, dict[str, Any], ToolPermissionContext], Awaitable[Any]]


@contextlib.contextmanager
def run_context(value: Any) -> Iterator[None]:
    """Give the converted tools `value` as their neutral context for the SDK sessions started in
    this block: `with run_context(deps): async with ClaudeSDKClient(options) as client: ...`."""
    token = _RUN_CONTEXT.set(value)
    try:
        yield
    finally:
        _RUN_CONTEXT.reset(token)


def _key(arguments: Any) -> str:
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _block(part: Any) -> dict[str, Any]:
    if isinstance(part, str):
        return {"type": "text", "text": part}
    if type(part).__name__ == "Image":
        return {"type": "image", "data": part.base64, "mimeType": part.media_type}
    return {"type": "text", "text": placeholder(part)}  # the SDK drops audio and binary resources


def _result(outcome: Outcome) -> dict[str, Any]:
    """An `Outcome` as the dict an SDK tool handler returns (MCP content, `is_error`)."""
    if outcome.status == "ok":
        return {"content": [_block(p) for p in outcome.parts]}
    return {"content": [{"type": "text", "text": outcome.text}], "is_error": True}


class StandardToolHandler:
    """The handler of a converted tool: runs the pipeline, returns MCP content.

    Approval-gated calls need a grant from `permission_callback` (the SDK's `can_use_tool`
    allowed these exact arguments); each grant runs one call.
    """

    __slots__ = ("_grants", "invoker", "standard_tool")

    def __init__(self, tool: StandardToolV0[Any, Any, Any], invoker: Invoker) -> None:
        self.standard_tool = tool
        self.invoker = invoker
        self._grants: dict[str, int] = {}

    def grant(self, arguments: Any) -> None:
        """Record that the SDK's permission callback allowed one call with `arguments`."""
        key = _key(arguments)
        self._grants[key] = self._grants.get(key, 0) + 1

    def _ask(self, request: ApprovalRequest) -> bool:
        key = _key(request.input)
        left = self._grants.get(key, 0)
        if left <= 0:
            return False  # no can_use_tool decision for this call: fail closed
        if left == 1:
            del self._grants[key]
        else:
            self._grants[key] = left - 1
        return True

    async def __call__(self, args: dict[str, Any]) -> dict[str, Any]:
        outcome = await self.invoker.ainvoke(args, _RUN_CONTEXT.get(None), ask=self._ask)
        return _result(outcome)


def _annotations(tool: StandardToolV0[Any, Any, Any]) -> ToolAnnotations | None:
    hints = {MCP_HINTS[k]: v for k, v in tool.meta.items() if k in MCP_HINTS and isinstance(v, bool)}
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
    """The in-process MCP server config (`create_sdk_mcp_server`) serving the converted tools, for
    `ClaudeAgentOptions(mcp_servers={name: config})`; duplicate names raise `ToolNameError`."""
    converted = [to_claude_agent_sdk(t, **options) for t in tools]
    check_unique_names((t.name for t in converted), "the Claude Agent SDK")
    config = create_sdk_mcp_server(name, version, tools=converted)
    handlers = {t.name: t.handler for t in converted if isinstance(t.handler, StandardToolHandler)}
    setattr(config["instance"], HANDLERS_ATTR, handlers)
    return config


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
            handler.grant(decision.updated_input if decision.updated_input is not None else tool_input)
        return decision

    return callback
