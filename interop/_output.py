"""Shaping a tool's output: `with_formatted_output` (errors as data) and `with_model_output`
(what the model sees, separately from what the application gets)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ._content import Audio, File, Image, Omit
from ._controlflow import is_control_flow
from ._derive import DerivedTool, Layer, derive
from ._protocols import StandardToolV0
from ._run import Run, StepGen, is_async_callable, resolve
from ._tool import rebuilt_by_call

__all__ = ["ModelOutput", "ToModelOutput", "with_formatted_output", "with_model_output"]

OutputT = TypeVar("OutputT")

ModelOutput = str | Sequence[str | Image | Audio | File] | Omit
"""What a model sees for a result: text, a sequence of text and content values, or `OMIT`."""

ToModelOutput = Callable[[Any], Any]
"""`to_model_output(output) -> ModelOutput` (or an awaitable of it)."""


def _default_format(result: Any) -> Any:
    if isinstance(result, BaseException):
        return {"error": str(result)}
    return result


@rebuilt_by_call
def with_formatted_output(
    tool: StandardToolV0[Any, Any, Any], format: Callable[[Any], Any] | None = None
) -> DerivedTool[Any, Any, Any]:
    """Turn raised errors into data, once, for a model loop.

    The formatter receives the output or the raised exception and runs exactly once per call;
    the default gives `{"error": message}` for errors and the output unchanged otherwise. The
    formatter's own raises propagate (so it can re-raise what must not reach the model), and a
    framework's control flow (a LangGraph interrupt, pydantic-ai's deferred calls) passes through
    without reaching it. The other fields, `meta` included, are kept by identity, except the
    output schema, which says what the formatted tool returns: the output or the error object
    (default formatter), or nothing known (a custom formatter), so a consumer that validates
    results (an MCP client) accepts a formatted error.
    """
    fmt = format if format is not None else _default_format

    def steps(input: Any, context: Any) -> StepGen[Any]:
        try:
            result = yield Run(tool, input, context)
        except Exception as e:
            if is_control_flow(e):
                raise
            out = fmt(e)
        else:
            out = fmt(result)
        return (yield from resolve(out))

    return derive(
        tool,
        layer=Layer("formatted_output", fmt),
        steps=steps,
        is_async=is_async_callable(fmt),
        output_schema=_formatted_output_schema(tool) if format is None else None,
    )


_ERROR_OBJECT = {
    "type": "object",
    "properties": {"error": {"type": "string", "description": "What went wrong"}},
    "required": ["error"],
}


def _formatted_output_schema(tool: StandardToolV0[Any, Any, Any]) -> Any:
    """What a tool formatted with the default formatter returns: its output, or `{"error": ...}`.

    (A custom formatter's output is unknown: the formatted tool then has no output schema, so no
    consumer validates a formatted error against the tool's own output schema.)
    """
    if tool.output_schema is None:
        return None
    from ._schema import as_schema

    base = tool.output_schema.__standard_schema__.json_schema.output()
    defs = base.pop("$defs", None)
    widened: dict[str, Any] = {"anyOf": [base, _ERROR_OBJECT]}
    if defs:
        widened["$defs"] = defs
    return as_schema(widened)


@rebuilt_by_call
def with_model_output(
    tool: StandardToolV0[Any, OutputT, Any], to_model_output: ToModelOutput
) -> DerivedTool[Any, OutputT, Any]:
    """Decide what the model sees for each result, keeping the structured output for the app.

    `to_model_output(output)` gets the validated output and returns a `str`, a sequence of `str`
    and `Image`/`Audio`/`File` values, or `OMIT` (the model is told only that the call succeeded).
    The application still gets the structured output (LangChain artifact, MCP
    `structuredContent`, pydantic-ai `ToolReturn.metadata`, `interop.call`'s return value): the
    tool's `execute` is unchanged, and each adapter calls the function once per call. Its own
    exceptions propagate.
    """
    if not callable(to_model_output):
        raise TypeError(f"with_model_output needs a function of the output, got {to_model_output!r}")
    return derive(tool, layer=Layer("model_output", to_model_output))
