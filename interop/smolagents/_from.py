"""`from_smolagents`: a `smolagents.Tool` (a `Tool` subclass, or a `@tool` function) as a neutral tool.

- **Schema.** The input schema is the JSON Schema smolagents sends for the tool's `inputs`
  (its vocabulary read back: `any`, `image` and `audio` take any value; a `nullable` input is
  optional and also accepts null); the neutral tool validates every call against it before the
  native tool runs. The output schema is the tool's `output_schema`, when it has one.
- **Calling.** The native tool is called as smolagents' agents call it (`tool(**input)`),
  so `setup()` runs on first use. Its value comes back as it is; `AgentText` as a `str` and an
  `AgentImage` as an `interop.Image` (PNG).
- **Errors.** An exception from the tool passes through unchanged (smolagents agents show it to
  the model; other frameworks treat it as they treat their own tools' exceptions).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from smolagents import Tool  # type: ignore[import-untyped]
from smolagents.agent_types import AgentAudio, AgentImage, AgentText  # type: ignore[import-untyped]

from interop import Audio, Image, StandardToolV0, bridge
from interop._kit import unique_tools

from ._schema import from_inputs

__all__ = ["from_smolagents", "from_smolagents_tools"]


def _value(result: Any) -> Any:
    if isinstance(result, AgentText):
        return str(result)
    if isinstance(result, AgentImage):
        buffer = io.BytesIO()
        result.to_raw().save(buffer, format="PNG")
        return Image(buffer.getvalue(), "image/png")
    if isinstance(result, AgentAudio):
        path = result.to_string()
        with open(path, "rb") as f:
            return Audio(f.read(), "audio/wav")
    try:
        import PIL.Image

        if isinstance(result, PIL.Image.Image):
            buffer = io.BytesIO()
            result.save(buffer, format="PNG")
            return Image(buffer.getvalue(), "image/png")
    except ImportError:  # pragma: no cover - smolagents depends on pillow
        pass
    return result


def from_smolagents(tool: Tool | type[Tool]) -> StandardToolV0[Any, Any, Any]:
    """Convert a smolagents tool (an instance, or a `Tool` subclass to instantiate) into a neutral
    tool that validates its input. A tool made by `to_smolagents` comes back as the very neutral
    tool it was made from."""
    if isinstance(tool, type) and issubclass(tool, Tool):
        tool = tool()
    home = bridge.neutral_home(tool, kind=Tool, refusal="from_smolagents converts smolagents tools; got ")
    if home is not None:
        return home
    native = tool
    output_schema = getattr(native, "output_schema", None)
    return bridge.from_native(
        native,
        framework="smolagents",
        name=native.name,
        description=native.description,
        input_schema=from_inputs(native.inputs),
        output_schema=output_schema if isinstance(output_schema, dict) else None,
        call=lambda arguments, _: native(**arguments),
        decode=_value,
    )


def from_smolagents_tools(tools: Iterable[Tool]) -> list[StandardToolV0[Any, Any, Any]]:
    """Convert several tools (an agent's list, or a `ToolCollection`'s `.tools`); duplicate names
    raise `ToolNameError`."""
    return unique_tools([from_smolagents(t) for t in tools])
