"""`from_agno`: Agno tools (`@tool` functions, `Function`s, plain functions, `Toolkit`s) as
neutral, validating tools.

The native `Function` is prepared as an Agent prepares it (`process_entrypoint`: pydantic's
`validate_call` around the function). The neutral input schema is the one the tool's author
gave (`parameters` of a hand-built `Function`, sent verbatim); for a function whose schema Agno
derives from its signature, it is the pydantic JSON Schema of the model-facing parameters (the
types `validate_call` enforces), with Agno's docstring descriptions: Agno's own derivation is
lossy (an `Optional[str]` loses its `null`, an `IntEnum` becomes a string, `datetime`, `date` and
`UUID` become objects, a `TypedDict` loses its properties, `tuple[int, str]` and `dict[str, Any]`
are mistyped), and a neutral tool validating against it would refuse calls the function takes.
The neutral `execute`
validates against it, then runs Agno's own call path, `FunctionCall.execute()` (or `aexecute()`
for async functions): hooks, caching and the function's own validation run as in an agent. The
function's `run_context` (or `_agno_run_context`) is the neutral context when that is an Agno
`RunContext` (inside an Agno agent, through `to_agno`), else a `RunContext` whose
`dependencies` is the neutral context; a `context=` hook may build it instead. A failure (Agno
turns every exception into one, with its message) raises `ToolError` with that message;
`StopAgentRun` / `RetryAgentRun` pass through as Agno control flow. A `ToolResult` gives its text,
with its images, audio and files as `interop.Image` / `Audio` / `File`; a generator gives the
text Agno would have sent (its items joined).

Carried: name, description, title, `requires_confirmation` (as `requires_approval`),
`stop_after_tool_call` (as `return_direct`), `strict` and the MCP hints of `annotations`. Tools that
need a human to supply input or that run outside the agent (`requires_user_input`,
`external_execution`) have no local call to make and are refused.
"""

from __future__ import annotations

import inspect
import typing
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from agno.run import RunContext
from agno.tools.function import Function, FunctionCall, FunctionExecutionResult, ToolResult
from agno.tools.toolkit import Toolkit
from typing_extensions import Unpack

import interop
from interop import StandardToolV0, ToolError, bridge
from interop._arguments_schema import Field, arguments_schema
from interop._kit import OldContextName, hints_meta, inbound, unique_tools

RunContextHook = Callable[[Any], Any]
"""Maps the neutral context to the `RunContext` a native function gets (or an awaitable of it)."""

__all__ = ["RunContextHook", "from_agno", "from_agno_tools"]


def _run_context(value: Any) -> RunContext:
    if isinstance(value, RunContext):
        return value
    return RunContext(run_id=str(uuid.uuid4()), session_id=str(uuid.uuid4()), dependencies=value)


def _content(value: Any) -> Any:
    """A native result as the neutral value: `ToolResult` media as content values, generators read
    the way Agno reads them (their items' text joined)."""
    if isinstance(value, ToolResult):
        parts: list[Any] = [value.content] if value.content else []
        for item in value.images or []:
            if item.content is not None:
                parts.append(
                    interop.Image(bytes(item.content), item.mime_type or f"image/{item.format or 'png'}")
                )
        for clip in value.audios or []:
            if clip.content is not None:
                parts.append(
                    interop.Audio(bytes(clip.content), clip.mime_type or f"audio/{clip.format or 'wav'}")
                )
        for doc in value.files or []:
            if isinstance(doc.content, (bytes, bytearray)):
                parts.append(
                    interop.File(
                        bytes(doc.content), doc.mime_type or "application/octet-stream", doc.filename
                    )
                )
        return parts[0] if len(parts) == 1 else parts
    return value


def _outcome(result: FunctionExecutionResult, call: FunctionCall, name: str) -> Any:
    if result.status != "success":
        raise ToolError(result.error or call.error or f"tool {name!r} failed")
    return _content(result.result)


def _meta(function: Function) -> dict[str, Any]:
    meta: dict[str, Any] = hints_meta(function.annotations or {})
    if function.requires_confirmation:
        meta["requires_approval"] = True
    if function.stop_after_tool_call:
        meta["return_direct"] = True
    if function.strict is not None:
        meta["strict"] = function.strict
    return meta


def _derived_by_agno(native: Function) -> bool:
    """Whether the `parameters` are Agno's derivation from the signature (not the author's own)."""
    if native.entrypoint is None or native.parameters == {"type": "object", "properties": {}, "required": []}:
        return True
    probe = Function(name=native.name, entrypoint=native.entrypoint)
    probe.process_entrypoint()

    def core(parameters: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in parameters.items() if k != "additionalProperties"}

    return core(probe.parameters) == core(native.parameters)


def _signature_schema(entrypoint: Callable[..., Any], derived: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON Schema of the function's model-facing parameters (those in Agno's derived schema),
    from their type hints with pydantic (what Agno's own `validate_call` enforces), keeping Agno's
    docstring descriptions; None when the signature cannot be read that way."""
    props = derived.get("properties") or {}
    try:
        sig = inspect.signature(entrypoint)
        hints = typing.get_type_hints(entrypoint, include_extras=True)
    except (TypeError, ValueError, NameError):
        return None
    fields: list[Field] = []
    for name, param in sig.parameters.items():
        if name not in props:
            continue
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            return None
        fields.append((name, hints.get(name, Any), param.default is param.empty, param.default))
    if {f[0] for f in fields} != set(props):
        return None
    try:
        schema = arguments_schema(fields)
    except Exception:
        return None
    schema.pop("title", None)
    if "additionalProperties" in derived:  # Agno passes only the declared arguments: unknown keys are refused
        schema["additionalProperties"] = derived["additionalProperties"]
    for name, prop in (schema.get("properties") or {}).items():
        described = props[name].get("description") if isinstance(props[name], dict) else None
        if described and isinstance(prop, dict) and "description" not in prop:
            prop["description"] = described
    return dict(schema)


def _prepared(native: Function | Callable[..., Any]) -> Function:
    """A copy of the native `Function`, prepared as an Agent prepares it."""
    function = (
        Function.from_callable(native) if not isinstance(native, Function) else native.model_copy(deep=True)
    )
    if function.requires_user_input or function.external_execution:
        raise TypeError(
            f"from_agno: tool {function.name!r} needs a human to supply its input or runs outside the "
            "agent (requires_user_input / external_execution): it has no local call to convert"
        )
    if function.entrypoint is None:
        raise TypeError(f"from_agno: tool {function.name!r} has no entrypoint (nothing to call)")
    function.process_entrypoint(strict=bool(function.strict))
    return function


def _runner(function: Function) -> Callable[[Any, Any], Any]:
    """`call(arguments, run_context)` for `from_native`: Agno's own call path, one `FunctionCall`
    per call (the run context lives on the `Function`); generators read as Agno reads them."""
    name = function.name

    def call_for(arguments: Any, ctx: Any) -> FunctionCall:
        per_call = function.model_copy()
        per_call._run_context = _run_context(ctx)
        return FunctionCall(
            function=per_call, arguments=dict(arguments), call_id=f"call_{uuid.uuid4().hex[:24]}"
        )

    entry = function.entrypoint
    if inspect.iscoroutinefunction(entry) or inspect.isasyncgenfunction(entry):

        async def run_async(arguments: Any, ctx: Any) -> Any:
            call = call_for(arguments, ctx)
            result = await call.aexecute()
            if result.status == "success" and inspect.isasyncgen(result.result):
                return "".join([str(item) async for item in result.result])
            return _outcome(result, call, name)

        return run_async

    def run_sync(arguments: Any, ctx: Any) -> Any:
        call = call_for(arguments, ctx)
        result = call.execute()
        if result.status == "success" and inspect.isgenerator(result.result):
            return "".join(str(item) for item in result.result)
        return _outcome(result, call, name)

    return run_sync


@inbound()
def from_agno(
    native: Function | Callable[..., Any],
    *,
    native_context: RunContextHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> StandardToolV0[Any, Any, Any]:
    """Convert an Agno tool (a `@tool` function, a `Function`, or a plain function) into a neutral tool.

    `native_context`: maps the neutral context to the `RunContext` the function gets (default: the
    neutral context itself when it is a `RunContext`, else a fresh one whose `dependencies` is the
    neutral context). A tool made by `to_agno` comes back as the very neutral tool it was made from.
    """
    if not isinstance(native, Function) and not callable(native):
        raise TypeError(
            f"from_agno converts Agno tools (Function, @tool, functions); got {type(native).__name__}"
        )
    function = _prepared(native)
    schema = bridge.copy_json(function.parameters)
    entrypoint = native.entrypoint if isinstance(native, Function) else native
    if entrypoint is not None and (not isinstance(native, Function) or _derived_by_agno(native)):
        schema = _signature_schema(entrypoint, schema) or schema  # Agno's own derivation is lossy
    return bridge.from_native(
        native,
        framework="Agno",
        name=function.name,
        description=function.description or "",
        title=function.title,
        meta=_meta(function),
        input_schema=schema,
        call=_runner(function),
        native_context=native_context,
    )


def from_agno_tools(
    tools: Toolkit | Iterable[Function | Toolkit | Callable[..., Any]],
    *,
    native_context: RunContextHook | None = None,
) -> list[StandardToolV0[Any, Any, Any]]:
    """The neutral tools of a `Toolkit` (its async variants where it has them) or of a list of Agno
    tools (toolkits flattened); duplicate names raise `ToolNameError`."""
    items = [tools] if isinstance(tools, Toolkit) else list(tools)
    out: list[StandardToolV0[Any, Any, Any]] = []
    for item in items:
        if isinstance(item, Toolkit):
            out.extend(
                from_agno(f, native_context=native_context) for f in item.get_async_functions().values()
            )
        else:
            out.append(from_agno(item, native_context=native_context))
    return unique_tools(out)
