"""What a consumed MCP server's failures become: errors a model reads, never a crashed run.

A native client hands its framework the server's failures in a form the model can act on; the
MCP SDK raises them instead. Here each becomes the neutral error the pipeline already maps to
every framework's tool-error channel:

- a JSON-RPC error answering `tools/call` (`-32603 upstream database unavailable`, an unknown
  tool, a timeout, a closed connection) -> `ToolError` with the server's message and code;
- `-32042` (URL elicitation required): the URL goes to the client's elicitation callback (URL
  mode, as an in-band request would); when every URL is accepted the call is sent again, else a
  `ToolError` telling the model which page the user must open;
- a structured result that does not match the tool's output schema (the SDK's bare
  `RuntimeError` with a schema dump) -> `StandardToolValidationError("output")` naming the tool
  and the field, what a local tool gets;
- a server that keeps asking for input past the client's limit -> `ToolError`.
"""

from __future__ import annotations

from typing import Any

import mcp.types as mt
from mcp.client.session import ClientRequestContext, ClientSession
from mcp.shared.exceptions import MCPError, UrlElicitationRequiredError
from pydantic import ValidationError

from interop import StandardToolValidationError, ToolError
from interop.protocols import Issue

__all__ = [
    "URL_ROUNDS",
    "output_error",
    "protocol_error",
    "url_elicitations",
    "url_required",
    "urls_completed",
]

URL_ROUNDS = 2
"""How many times a call is sent again after the user completed the pages a server asked for."""


def protocol_error(error: MCPError) -> ToolError:
    """A JSON-RPC error answering a call, as the tool error the model reads."""
    message = (error.message or "").strip() or "no message"
    return ToolError(f"the MCP server answered with an error: {message} (JSON-RPC error {error.code})")


def url_elicitations(error: MCPError) -> list[mt.ElicitRequestURLParams]:
    """The pages a `-32042` error asks the user to open (none when it is malformed)."""
    if error.code != mt.URL_ELICITATION_REQUIRED:
        return []
    try:
        return UrlElicitationRequiredError.from_error(error.error).elicitations
    except (ValueError, ValidationError, TypeError, AttributeError):
        return []


def url_required(error: MCPError, pages: list[mt.ElicitRequestURLParams]) -> ToolError:
    """The tool error for pages the user did not complete: what to open, and why."""
    if not pages:
        return protocol_error(error)
    shown = "; ".join(f"{p.message.strip() or 'open'}: {p.url}" for p in pages)
    return ToolError(
        f"the user must first complete an action in the browser ({shown}); then call the tool again"
    )


async def urls_completed(session: ClientSession, pages: list[mt.ElicitRequestURLParams]) -> bool:
    """Ask the client's elicitation callback about each page (URL mode); True when all are accepted."""
    for index, page in enumerate(pages):
        ctx = ClientRequestContext(session=session, request_id=f"url-elicitation-{index}", meta=None)
        answer = await session.dispatch_input_request(ctx, mt.ElicitRequest(params=page))
        if not isinstance(answer, mt.ElicitResult) or answer.action != "accept":
            return False
    return True


def _path(error: Any, unwrap: bool) -> tuple[str | int, ...]:
    path = tuple(getattr(error, "absolute_path", ()) or ())
    if unwrap and path[:1] == ("result",):
        path = path[1:]
    return path


def output_error(error: RuntimeError, tool_name: str, unwrap: bool) -> Exception | None:
    """The neutral error for the SDK client's refusal of a result's structured content, or None
    when `error` is not one."""
    text = str(error)
    cause = error.__cause__
    if text.startswith("Invalid structured content returned by tool") and cause is not None:
        message = getattr(cause, "message", None) or str(cause)
        return StandardToolValidationError(
            "output", [Issue(f"{message} (the MCP server's structured result)", _path(cause, unwrap))],
            tool_name=tool_name,
        )  # fmt: skip
    if "has an output schema but did not return structured content" in text:
        return StandardToolValidationError(
            "output",
            [
                Issue(
                    "the MCP server returned no structured content though the tool declares an output schema"
                )
            ],
            tool_name=tool_name,
        )
    if text.startswith("Invalid schema for tool"):
        return ToolError(f"the MCP server's output schema for this tool cannot be used: {text}")
    if type(error).__name__ == "InputRequiredRoundsExceededError":
        return ToolError(f"the MCP server kept asking for more input; the call was given up ({text})")
    return None
