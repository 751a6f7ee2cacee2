"""`from_dspy`: a `dspy.Tool` (or a plain function DSPy accepts as a tool) as a neutral tool.

- **Schema.** DSPy describes each argument on its own (`args`); the neutral input schema is the
  object schema of those: `properties` = `args`, `required` = the arguments without a `default`
  (what DSPy itself sends for native function calling), and `additionalProperties: false`
  unless the function takes `**kwargs` (DSPy refuses unknown names otherwise); the `*args` /
  `**kwargs` parameters themselves, which DSPy lists as arguments named `args` / `kwargs`, are
  left out. The neutral tool validates against it first.
- **Call.** The native tool runs through DSPy's own call path, `__call__` (sync function) or
  `acall` (async function): DSPy's argument check and `arg_types` parsing (pydantic models
  arrive as models), its callbacks, then the function. Its exceptions pass through unchanged.
- **Context.** DSPy passes tools no context; the neutral context is set as DSPy's settings value
  `CONTEXT_KEY` for the call (`dspy.settings.get("interop_context")` inside the function),
  as `run_context` does; `native_context=` maps the neutral context to the value set instead.
- **Results.** The function's own return value; a `dspy.Image` / `dspy.Audio` / `dspy.File` holding
  inline data becomes `interop.Image` / `Audio` / `File`. DSPy tools carry no title, output
  schema or metadata.
"""

from __future__ import annotations

import base64
import inspect
from collections.abc import Callable, Iterable
from typing import Any

import dspy  # type: ignore[import-untyped]

from interop import Audio, File, Image, StandardToolV0, bridge
from interop._kit import inbound, unique_tools

from ._to import CONTEXT_KEY

__all__ = ["from_dspy", "from_dspy_tools"]


def _variadic(native: dspy.Tool) -> set[str]:
    """The function's `*args` / `**kwargs` names (DSPy lists them as arguments of their own)."""
    func = native.func
    try:
        params = inspect.signature(
            func if inspect.isfunction(func) or inspect.ismethod(func) else func.__call__
        )
    except (TypeError, ValueError):
        return set()
    return {p.name for p in params.parameters.values() if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


def _schema(native: dspy.Tool) -> dict[str, Any]:
    variadic = _variadic(native)
    args = {k: v for k, v in (native.args or {}).items() if k not in variadic}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": args,
        "required": [k for k, v in args.items() if not (isinstance(v, dict) and "default" in v)],
    }
    if not native.has_kwargs:
        schema["additionalProperties"] = False
    return schema


def _data_url(url: Any) -> tuple[bytes, str] | None:
    if not isinstance(url, str) or not url.startswith("data:") or ";base64," not in url:
        return None
    head, data = url[5:].split(";base64,", 1)
    try:
        return base64.b64decode(data), head or "application/octet-stream"
    except ValueError:
        return None


def _from_dspy_value(value: Any) -> Any:
    """DSPy media values holding inline data as neutral content values; anything else unchanged."""
    if isinstance(value, dspy.Image):
        decoded = _data_url(value.url)
        return Image(*decoded) if decoded is not None else value
    if isinstance(value, dspy.Audio):
        try:
            return Audio(base64.b64decode(value.data), f"audio/{value.audio_format}")
        except ValueError:
            return value
    if isinstance(value, dspy.File):
        decoded = _data_url(getattr(value, "file_data", None))
        return File(decoded[0], decoded[1], value.filename) if decoded is not None else value
    return value


def _is_async(native: dspy.Tool) -> bool:
    func = native.func
    call = func if inspect.isfunction(func) or inspect.ismethod(func) else type(func).__call__
    return inspect.iscoroutinefunction(func) or inspect.iscoroutinefunction(call)


@inbound(old=())
def from_dspy(
    native: dspy.Tool | Callable[..., Any],
    *,
    native_context: Callable[[Any], Any] | None = None,
) -> StandardToolV0[Any, Any, Any]:
    """Convert a `dspy.Tool` (or a function, made a `dspy.Tool` first, as `ReAct` does) into a
    neutral tool that validates its input (see the module doc). A tool made by `to_dspy` comes
    back as the very neutral tool it was made from.

    `native_context`: maps the neutral context to the value set as DSPy's settings value
    `CONTEXT_KEY` during the call (default: the neutral context itself)."""
    if not isinstance(native, dspy.Tool):
        if not callable(native):
            raise TypeError(f"from_dspy needs a dspy.Tool or a function, got {type(native).__name__}")
        native = dspy.Tool(native)
    tool = native

    def run(arguments: Any, value: Any) -> Any:
        with dspy.context(**{CONTEXT_KEY: value}):
            return tool(**arguments)

    async def arun(arguments: Any, value: Any) -> Any:
        with dspy.context(**{CONTEXT_KEY: value}):
            return await tool.acall(**arguments)

    return bridge.from_native(
        tool,
        framework="DSPy",
        name=tool.name or "",
        description=tool.desc or "",
        input_schema=_schema(tool),
        call=arun if _is_async(tool) else run,
        native_context=native_context,
        decode=_from_dspy_value,
    )


def from_dspy_tools(
    tools: Iterable[dspy.Tool | Callable[..., Any]], *, native_context: Callable[[Any], Any] | None = None
) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert a tool list (as `ReAct` takes it); duplicate names raise `ToolNameError`."""
    return unique_tools([from_dspy(t, native_context=native_context) for t in tools])
