"""`from_haystack`: any Haystack tool as a neutral, validating tool.

Handled: `Tool` (built by hand, by `@tool` or `create_tool_from_function`, sync or async),
`ComponentTool` (and its subclasses, `PipelineTool`, `AgentTool`), and `Toolset`s
(`from_haystack_tools`).

- **Schema.** The input schema is `parameters`, what Haystack sends the model, used as raw JSON
  Schema: the neutral wrapper validates the arguments against it (Haystack validates nothing).
  Haystack has no title, output schema or tool metadata.
- **Call.** The native tool runs through its own `invoke` / `invoke_async` (a native async tool
  gives an async neutral tool). Haystack's `ToolInvocationError` wrapper is taken off: the
  original exception is raised (Haystack's text would repr every argument, the `State` with
  the context included); a `ToolInvocationError` of its own (a tool reporting a failure to the
  model) becomes `ToolError`.
- **Context.** A tool that reads the agent `State` (a `State`-annotated parameter, or
  `inputs_from_state`) gets one built from the neutral context: the context itself when it is a
  `State`, else a `State` holding it under `CONTEXT_KEY` (so a tool declared with
  `inputs_from_state={"interop_context": "caller"}` gets the context as `caller`); pass
  `native_context=` (neutral context -> `State`) to build the `State` yourself. Parameters
  filled from the `State` are not the model's: a call that sends one is refused as bad input,
  and so is an argument the native call does not take (Haystack's schemas allow any extra key;
  the function would raise).
- **Results.** The function's own return value; Haystack content (`TextContent`,
  `ImageContent`, `FileContent`) becomes `str` / `interop.Image` / `interop.File`, read as every
  adapter reads foreign content (one text that is a JSON object or array is that value; one item
  alone is its value). A tool with
  `outputs_to_string` keeps what Haystack would show the model (`with_model_output`), and the
  application still gets the raw value.
"""

from __future__ import annotations

import base64
import inspect
import typing
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from haystack.components.agents.state import State
from haystack.dataclasses import FileContent, ImageContent, TextContent
from haystack.tools.errors import ToolInvocationError
from haystack.tools.tool import Tool
from haystack.tools.toolset import Toolset
from typing_extensions import Unpack

import interop
from interop import bridge
from interop._arguments import keyword_parameters
from interop._kit import OldStateName, inbound, unique_tools

from ._to import CONTEXT_KEY

if TYPE_CHECKING:
    from interop import StandardToolV0


StateHook = Callable[[Any], State]
"""Maps the neutral context to the `State` a native tool reads."""

_ANY_SCHEMA = {CONTEXT_KEY: {"type": object}}

__all__ = ["StateHook", "from_haystack", "from_haystack_tools"]


def _is_state(annotation: Any) -> bool:
    """`State`, `State | None`, `Optional[State]`, `Annotated[State, ...]`."""
    if annotation is State:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_state(typing.get_args(annotation)[0])
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return len(args) == 1 and _is_state(args[0])
    return False


def _state_params(native: Tool) -> list[str]:
    """The parameters the `Agent` fills with its live `State` (by annotation)."""
    from haystack.tools.component_tool import ComponentTool  # lazy: `haystack.tools` loads it on first use

    if isinstance(native, ComponentTool):
        sockets = getattr(getattr(native._component, "__haystack_input__", None), "_sockets_dict", {})
        return [name for name, socket in sockets.items() if _is_state(getattr(socket, "type", None))]
    target = native.function if native.function is not None else native.async_function
    if target is None:
        return []
    try:
        hints = typing.get_type_hints(target, include_extras=True)
    except Exception:
        hints = {}
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return []
    return [n for n, p in params.items() if _is_state(hints.get(n, p.annotation))]


def _accepted(native: Tool) -> frozenset[str] | None:
    """The argument names the native call takes (None: any name, a `**kwargs` function)."""
    from haystack.tools.component_tool import ComponentTool

    if isinstance(native, ComponentTool):  # Haystack looks each argument up among the input sockets
        sockets = getattr(getattr(native._component, "__haystack_input__", None), "_sockets_dict", None)
        return frozenset(sockets) if isinstance(sockets, dict) else None
    target = native.function if native.function is not None else native.async_function
    if target is None:
        return None
    return keyword_parameters(target)


def _default_state(context: Any) -> State:
    if isinstance(context, State):
        return context
    return State(schema=dict(_ANY_SCHEMA), data={CONTEXT_KEY: context} if context is not None else {})


_CONTENT = (TextContent, ImageContent, FileContent)


def _from_content(value: Any) -> Any:
    """Haystack content values as neutral ones (lists of them too); anything else unchanged."""
    if isinstance(value, TextContent):
        return value.text
    if isinstance(value, ImageContent):
        return interop.Image(base64.b64decode(value.base64_image), value.mime_type or "image/png")
    if isinstance(value, FileContent):
        return interop.File(
            base64.b64decode(value.base64_data), value.mime_type or "application/octet-stream", value.filename
        )
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, (TextContent, ImageContent, FileContent)) for v in value)
    ):
        return [_from_content(v) for v in value]
    return value


def _decoder(name: str) -> Callable[[Any], Any]:
    """The result as every adapter reads foreign content (`bridge.decode_content`): Haystack content
    (one item, or a list of them) as blocks, so one text that is a JSON object or array is that
    value and one item alone is its value; anything else as it is."""

    def decode(value: Any) -> Any:
        items = value if isinstance(value, list) else [value]
        if not items or not all(isinstance(v, _CONTENT) for v in items):
            return value
        blocks = [
            {"type": "text", "text": v.text} if isinstance(v, TextContent) else _from_content(v)
            for v in items
        ]
        return bridge.decode_content(blocks, tool_name=name)

    return decode


def _caller(native: Tool) -> tuple[Callable[[Any, Any], Any], set[str]]:
    """`call(arguments, state)` for `from_native`: the `State`'s values put in as Haystack's
    `Agent` puts them, then Haystack's own `invoke` / `invoke_async`; and the parameters filled
    from the `State` (not the model's)."""
    from_state = dict(native.inputs_from_state or {})
    state_params = _state_params(native)

    def args(arguments: Any, state: Any) -> dict[str, Any]:
        args = dict(arguments)
        for key, param in from_state.items():  # Haystack's own rule: the state's value, a copy
            if state.has(key):
                args[param] = state.get(key)
        for param in state_params:
            args[param] = state
        return args

    def run(arguments: Any, state: Any) -> Any:
        return native.invoke(**args(arguments, state))

    async def arun(arguments: Any, state: Any) -> Any:
        return await native.invoke_async(**args(arguments, state))

    is_async = native.async_function is not None and native.function is None
    return (arun if is_async else run), set(from_state.values()) | set(state_params)


def _model_output(config: dict[str, Any]) -> Callable[[Any], Any]:
    """What Haystack shows the model for a result, from the tool's `outputs_to_string`."""

    def one(cfg: dict[str, Any], result: Any) -> Any:
        source = cfg.get("source")
        value = result.get(source) if source is not None and isinstance(result, dict) else result
        handler = cfg.get("handler")
        return _from_content(handler(value) if handler is not None else value)

    if any(k in config for k in ("source", "handler", "raw_result")):
        return lambda result: one(config, result)
    return lambda result: {key: one({**cfg, "raw_result": False}, result) for key, cfg in config.items()}


@inbound(kind=Tool, refusal="from_haystack needs a Haystack Tool, got ", old=("state",))
def from_haystack(
    native: Tool, *, native_context: StateHook | None = None, **deprecated: Unpack[OldStateName]
) -> StandardToolV0[Any, Any, Any]:
    """Convert a Haystack tool into a neutral tool that validates its input (see the module doc).

    `native_context`: for a tool that reads the agent `State`, maps the neutral context to that
    `State` (default: the context if it is a `State`, else a `State` holding it under
    `CONTEXT_KEY`; `state=` is its deprecated name). A tool made by `to_haystack` comes back as the
    very neutral tool it was made from.
    """
    call, injected = _caller(native)
    neutral: StandardToolV0[Any, Any, Any] = bridge.from_native(
        native,
        framework="Haystack",
        name=native.name,
        description=native.description,
        input_schema=dict(native.parameters),
        call=call,
        native_context=native_context if injected else None,
        default_native_context=_default_state if injected else None,
        decode=_decoder(native.name),
        wrapper_types=(ToolInvocationError,),
        accepted=_accepted(native),
        refused=dict.fromkeys(injected, "filled from the agent state, not by the model"),
    )
    config = native.outputs_to_string
    if config and not (set(config) <= {"raw_result"}):  # a source or a handler shapes what the model reads
        neutral = interop.with_model_output(neutral, _model_output(dict(config)))
        bridge.set_origin(neutral, native)
    return neutral


def from_haystack_tools(
    tools: Toolset | Iterable[Tool | Toolset],
    *,
    native_context: StateHook | None = None,
    **deprecated: Unpack[OldStateName],
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert a `Toolset` or a list of tools and toolsets (as an `Agent` takes them); duplicate
    names raise `ToolNameError`. A dynamic toolset (MCP, searchable) lists what it holds now:
    warm it up first."""
    native_context = bridge.native_context_option(
        native_context, deprecated, where="from_haystack_tools", old=("state",)
    )
    natives: list[Tool] = []
    for item in [tools] if isinstance(tools, Toolset) else tools:
        natives.extend(item if isinstance(item, Toolset) else [item])
    return unique_tools([from_haystack(t, native_context=native_context) for t in natives])
