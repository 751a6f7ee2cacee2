"""`to_strands`: a neutral tool as a Strands `AgentTool`.

Described (`tool_spec`): the name, the description, the neutral input JSON Schema as
`inputSchema: {"json": ...}`, the output schema as `outputSchema: {"json": ...}`, and
`annotations`: the MCP behaviour hints of the meta (`readOnlyHint`, ...), the title, and the rest
of the JSON-safe meta under `annotations["interop"]` (Strands never sends annotations to a model).
Strands normalizes every schema it sends (`normalize_tool_spec`): it writes a placeholder
`description` into properties that have none, and gives an untyped property (`{}`: any value)
`"type": "string"`; the second would change what a model may send, so such a property is sent
as the equivalent `{"anyOf": [{}]}` form, which Strands leaves alone.

Each call goes through the core invocation pipeline (the neutral tool validates the model's raw
input once; Strands itself validates nothing for an `AgentTool`). The `Outcome` maps to a
Strands tool result: JSON data as a `json` block, text as `text`, `interop.Image` as an `image`
block and `interop.File` as a `document` block where Strands has the format (a short placeholder
text otherwise, and for audio); bad arguments, `ToolError` and denials as `status: "error"` with
a text naming the tool and the fields, and the loop goes on. Other exceptions propagate, and
Strands turns them into `status: "error"` results (`"Error: <message>"`), as for its own tools.

Context: `ToolContext.invocation_state[CONTEXT_KEY]` (`"interop_context"`, the one key of every
adapter), i.e. what the caller passes as `agent(prompt, invocation_state={CONTEXT_KEY: obj})` (by
identity; the round-2 key `"context"` is still read, with a `DeprecationWarning`), or a `context=`
hook that gets the Strands `ToolContext` (the tool use, the agent and the whole invocation state).
The tool use's input is the model's JSON as Strands decoded it, so it goes to the pipeline as
decoded arguments (a string there is a string value, never text parsed again).

Approval: a call that needs it raises a Strands interrupt named `APPROVAL_INTERRUPT` whose reason
holds the tool name, the arguments and the tool-use id (never the context). The run stops with
`stop_reason == "interrupt"`; resume with
`agent([{"interruptResponse": {"interruptId": i.id, "response": True}}], invocation_state=...)`:
the tool runs again and only an approving response (see `is_approved`) lets it run. Several gated
calls of one turn pause together. Strands does not keep the invocation state across the pause:
pass it again when resuming.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

from strands.types.events import ToolResultEvent
from strands.types.tools import AgentTool, ToolContext, ToolGenerator, ToolResult, ToolSpec, ToolUse
from typing_extensions import Unpack

from interop import ApprovalDeniedError, StandardToolV0
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import answer_reason, approves, context_entry, convert_tools, split_hints
from interop.bridge import (
    ApprovalRequest,
    Invoker,
    Outcome,
    ToolOptions,
    content_kind,
    json_safe_meta,
    object_input_schema,
    output_json_schema,
    placeholder,
    prepare,
    set_origin,
    to_jsonable,
)
from interop.errors import ApprovalRequiredError

CONTEXT_KEY = _CONTEXT_KEY
"""The `invocation_state` key the default context mapping reads (`"interop_context"`, the one key of every
adapter)."""

OLD_CONTEXT_KEY = "context"
"""The `invocation_state` key of the neutral context before round 3 (still read, deprecated)."""

APPROVAL_INTERRUPT = "tool_approval"
"""The name of the interrupt a converted tool raises to ask for approval."""

META_KEY = "interop"
"""The `annotations` key holding the JSON-safe meta that has no MCP hint name."""

ContextHook = Callable[[ToolContext[Any]], Any]
"""Maps the Strands `ToolContext` to the neutral context (or an awaitable of it)."""

__all__ = [
    "APPROVAL_INTERRUPT",
    "CONTEXT_KEY",
    "META_KEY",
    "ContextHook",
    "StandardAgentTool",
    "StrandsOptions",
    "default_context",
    "is_approved",
    "to_strands",
    "to_strands_tools",
]


class StrandsOptions(ToolOptions, total=False):
    """`to_strands` options: the shared ones (see `interop.bridge.Options`); Strands adds none."""


def default_context(tool_context: ToolContext[Any]) -> Any:
    """The neutral context: `invocation_state[CONTEXT_KEY]` (None when absent; the round-2 key
    `"context"` is read when `CONTEXT_KEY` is absent, with a `DeprecationWarning`)."""
    return context_entry(tool_context.invocation_state, OLD_CONTEXT_KEY, where="to_strands")


def _whole_tool_context(tool_context: ToolContext[Any]) -> ToolContext[Any]:
    return tool_context


# ---------------------------------------------------------------------------------- approval


def is_approved(response: Any) -> bool:
    """Whether an interrupt response approves the call.

    Approving: `True`, `"approve"`, or a mapping with `approved: True` or `type: "approve"`.
    Nothing else (no truthiness: `"no"`, `1` and `{}` deny).
    """
    return approves(response)


def _ask(tool_context: ToolContext[Any]) -> Callable[[ApprovalRequest], bool]:
    """Strands' native approval for one call: an interrupt, answered when the run resumes."""

    def ask(request: ApprovalRequest) -> bool:
        if getattr(tool_context.agent, "_interrupt_state", None) is None:
            raise ApprovalRequiredError(
                f"tool {request.tool_name!r} requires approval: run it inside a Strands Agent (which can "
                "pause on an interrupt), or convert it with to_strands(..., approval=<callback>)"
            )
        reason = {
            "type": APPROVAL_INTERRUPT,
            "tool": request.tool_name,
            "args": request.input,
            "tool_use_id": request.tool_call_id,
            "description": f"Tool {request.tool_name!r} requires approval before it runs.",
        }
        response = tool_context.interrupt(APPROVAL_INTERRUPT, reason=reason)  # raises until answered
        if is_approved(response):
            return True
        raise ApprovalDeniedError(request.tool_name, answer_reason(response))

    return ask


# ---------------------------------------------------------------------------------- results

_IMAGE_FORMATS = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/jpg": "jpeg",
    "image/gif": "gif",
    "image/webp": "webp",
}
_DOCUMENT_FORMATS = {
    "application/pdf": "pdf",
    "text/csv": "csv",
    "application/msword": "doc",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.ms-excel": "xls",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "text/html": "html",
    "text/plain": "txt",
    "text/markdown": "md",
}


def _block(part: Any) -> Any:
    """One Strands tool-result content block for a text or content part."""
    if isinstance(part, str):
        return {"text": part}
    kind = content_kind(part)
    if kind == "image" and part.media_type in _IMAGE_FORMATS:
        return {"image": {"format": _IMAGE_FORMATS[part.media_type], "source": {"bytes": part.data}}}
    if kind == "file" and part.media_type in _DOCUMENT_FORMATS:
        fmt = _DOCUMENT_FORMATS[part.media_type]
        return {"document": {"format": fmt, "name": part.name or "document", "source": {"bytes": part.data}}}
    return {"text": placeholder(part)}  # audio (no Strands block), formats Strands cannot carry


def _result(outcome: Outcome, tool_use_id: str) -> ToolResult:
    """An `Outcome` as a Strands `ToolResult`."""
    if outcome.status != "ok":
        return {"toolUseId": tool_use_id, "status": "error", "content": [{"text": outcome.text}]}
    if not outcome.shows_text and not outcome.has_content:
        data = to_jsonable(outcome.value, tool_name=outcome.name)
        if isinstance(data, (dict, list)):  # structured data: Strands' own `json` block
            return {"toolUseId": tool_use_id, "status": "success", "content": [{"json": data}]}
    return {"toolUseId": tool_use_id, "status": "success", "content": [_block(p) for p in outcome.parts]}


# ---------------------------------------------------------------------------------- the tool


class StandardAgentTool(AgentTool):
    """A Strands `AgentTool` running a neutral tool through the invocation pipeline (`to_strands`).

    `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker, spec: ToolSpec) -> None:
        super().__init__()
        self.standard_tool = tool
        self._invoker = invoker
        self._spec = spec

    @property
    def tool_name(self) -> str:
        return self._invoker.name

    @property
    def tool_spec(self) -> ToolSpec:
        return self._spec

    @property
    def tool_type(self) -> str:
        return "python"

    def _tool_context(
        self, tool_use: ToolUse, invocation_state: dict[str, Any], kwargs: dict[str, Any]
    ) -> Any:
        given = kwargs.get("_tool_context")  # what Strands hands tools running as background tasks
        if given is not None and isinstance(given, ToolContext):
            return given
        agent = invocation_state.get("agent")
        signal = getattr(agent, "cancel_signal", None)
        return ToolContext(
            tool_use=tool_use,
            agent=agent,
            invocation_state=invocation_state,
            cancel_signal=signal if isinstance(signal, threading.Event) else threading.Event(),
        )

    async def stream(
        self, tool_use: ToolUse, invocation_state: dict[str, Any], **kwargs: Any
    ) -> ToolGenerator:
        """Run one call (Strands calls this); yields the `ToolResultEvent`."""
        tool_context = self._tool_context(tool_use, invocation_state, kwargs)
        tool_use_id = str(tool_use.get("toolUseId"))
        outcome = await self._invoker.ainvoke(  # Strands decoded the model's JSON already
            tool_use.get("input"), tool_context, call_id=tool_use_id, ask=_ask(tool_context), decoded=True
        )
        exception = outcome.error if isinstance(outcome.error, Exception) else None
        yield ToolResultEvent(_result(outcome, tool_use_id), exception=exception)

    def __repr__(self) -> str:
        return f"StandardAgentTool(name={self._invoker.name!r})"


# ---------------------------------------------------------------------------------- describing

_COMPOSITION = ("anyOf", "oneOf", "allOf", "not")


def _keep_any(prop: Any) -> Any:
    """A property schema Strands' normalization leaves meaning the same (see the module doc)."""
    if prop is True:
        return {"anyOf": [{}]}
    if not isinstance(prop, dict):
        return prop
    if prop.get("type") == "object" and isinstance(prop.get("properties"), dict):
        return _guard_untyped(prop)
    if "type" in prop or "$ref" in prop or any(k in prop for k in _COMPOSITION):
        return prop
    return {**prop, "anyOf": [{}]}


def _guard_untyped(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every property Strands would retype kept as it is meant (same recursion as
    Strands' `normalize_schema`: properties, and nested objects with properties)."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return schema
    guarded = {name: _keep_any(prop) for name, prop in props.items()}
    if all(guarded[n] is props[n] for n in props):
        return schema
    return {**schema, "properties": guarded}


def _input_schema(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    return _guard_untyped(object_input_schema(tool, "Strands"))


def _annotations(tool: StandardToolV0[Any, Any, Any]) -> dict[str, object]:
    hints, others = split_hints(tool.meta)
    annotations: dict[str, object] = dict(hints)
    if tool.title is not None:
        annotations["title"] = tool.title
    rest = json_safe_meta(others)
    if rest:
        annotations[META_KEY] = rest
    return annotations


def _spec(tool: StandardToolV0[Any, Any, Any], name: str) -> ToolSpec:
    spec: ToolSpec = {
        "name": name,
        "description": tool.description,
        "inputSchema": {"json": _input_schema(tool)},
    }
    out = output_json_schema(tool)
    if out is not None:
        spec["outputSchema"] = {"json": out}  # the shape Strands' own MCP tools use
    annotations = _annotations(tool)
    if annotations:
        spec["annotations"] = annotations
    return spec


def to_strands(tool: StandardToolV0[Any, Any, Any], **options: Unpack[StrandsOptions]) -> AgentTool:
    """A Strands `AgentTool` running `tool` (or the very Strands tool `tool` came from).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table). Context defaults to `invocation_state[CONTEXT_KEY]`;
    the `context=` hook gets the Strands `ToolContext`. A call that needs approval raises a Strands
    interrupt (`APPROVAL_INTERRUPT`) unless `approval=` gives a callback. Names follow the
    provider rule Strands checks (1-64 characters from `a-z A-Z 0-9 _ -`).
    """
    c = prepare(tool, options, StrandsOptions, where="to_strands", rule="openai", native=AgentTool)
    if c.home is not None:
        return c.home
    invoker = c.invoker(
        target="Strands",
        context=_whole_tool_context if c.origin is not None else default_context,
        native_approval=True,
    )
    converted = StandardAgentTool(tool, invoker=invoker, spec=_spec(tool, c.name))
    set_origin(converted, tool)
    return converted


def to_strands_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[StrandsOptions]
) -> list[AgentTool]:
    """`to_strands` over a list (`rename` as a mapping or function), for `Agent(tools=[...])`;
    two tools with the same final name raise `ToolNameError` (Strands keeps only one)."""
    return convert_tools(tools, options, to_strands, "Strands", name=attrgetter("tool_name"))
