"""The Claude Agent SDK in the matrix: native `@tool` tools, what its model sees (the tool as the
SDK's in-process MCP server lists it), and its call path (`tools/call` over an mcp `Client` to the
in-process server each kind of tool is served by: a native tool by the SDK's
`create_sdk_mcp_server` (its own argument check, the handler, its content mapping), a converted
tool by `to_claude_agent_sdk_server`, as the adapter recommends (the neutral tool's own
validation); the CLI's control-protocol bridge forwards exactly these messages).

- Native idiom: `@tool(name, description, input_schema)` with a dict JSON Schema and an async
  handler returning MCP content (JSON text for structured values), `annotations` for the title and
  the behaviour hints. The SDK has no per-call context and no other meta slot.
- Context for converted tools: `interop.claude_agent_sdk.run_context(ctx)` around the session.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from installed import module_installed

import interop
from interop.bridge import MCP_HINTS, get_origin, input_json_schema, to_jsonable

NAME = "claude-agent-sdk"


def available() -> bool:
    return module_installed("claude_agent_sdk.types")  # a submodule: tests/<name> folders are namespaces of that name


def native(spec: Any) -> Any:
    from claude_agent_sdk import ToolAnnotations, tool

    neutral = interop.tool(spec.fn, context=spec.context)
    fn, ctx = spec.fn, spec.context
    hints = {MCP_HINTS[k]: v for k, v in spec.meta.items() if k in MCP_HINTS}
    annotations = ToolAnnotations(title=spec.title, **hints) if spec.title or hints else None

    async def handler(args: dict[str, Any]) -> dict[str, Any]:
        kwargs = dict(args)
        if ctx:
            kwargs[ctx] = None  # the SDK passes no per-call context
        result = fn(**kwargs)
        if inspect.isawaitable(result):
            result = await result
        text = result if isinstance(result, str) else json.dumps(to_jsonable(result))
        return {"content": [{"type": "text", "text": text}]}

    return tool(spec.name, neutral.description, input_json_schema(neutral), annotations=annotations)(handler)


_OPTIONS: dict[int, tuple[Any, Any, dict[str, Any]]] = {}
"""id of a converted tool -> (the tool, its neutral tool, the options it was converted with)."""


def convert(neutral: Any, **options: Any) -> Any:
    from interop.claude_agent_sdk import to_claude_agent_sdk

    converted = to_claude_agent_sdk(neutral, **options)
    _OPTIONS[id(converted)] = (converted, neutral, options)
    return converted


def _listed(tool: Any) -> dict[str, Any]:
    from claude_agent_sdk import _build_input_schema

    return dict(_build_input_schema(tool))


def view(tool: Any) -> Any:
    from _harness import View

    origin = get_origin(tool)
    annotations = tool.annotations.model_dump(by_alias=True, exclude_none=True) if tool.annotations else {}
    if isinstance(origin, interop.StandardToolV0):
        meta = dict(origin.meta)  # only the hints have a slot: the rest is on the stash
    else:
        meta = {k: annotations[h] for k, h in MCP_HINTS.items() if h in annotations}
    return View(tool.name, tool.description, annotations.get("title"), _listed(tool), meta)


def _server(tool: Any) -> Any:
    """The in-process server a user serves `tool` with: `to_claude_agent_sdk_server` for a tool
    converted here (with the same options), the SDK's `create_sdk_mcp_server` for a native one."""
    from claude_agent_sdk import create_sdk_mcp_server

    from interop.claude_agent_sdk import StandardToolHandler, to_claude_agent_sdk_server

    if isinstance(tool.handler, StandardToolHandler):
        converted, neutral, options = _OPTIONS[id(tool)]
        assert converted is tool
        return to_claude_agent_sdk_server([neutral], name="matrix", **options)["instance"]
    return create_sdk_mcp_server("matrix", tools=[tool])["instance"]


async def call(tool: Any, args: Any, context: Any) -> Any:
    """`tools/call` on the tool's in-process server over an mcp client session."""
    import mcp.types as mt
    from _harness import Outcome
    from mcp.client.client import Client

    from interop.claude_agent_sdk import run_context

    server = _server(tool)
    with run_context(context):  # the server's tasks start inside it
        async with Client(server) as client:
            result = await client.call_tool(tool.name, args)
    text = "\n".join(b.text for b in result.content if isinstance(b, mt.TextContent))
    # the result is bound to the model's tool_use (its id names the tool it called)
    return Outcome(bool(result.is_error), text, tool_name=tool.name)
