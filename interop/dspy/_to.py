"""`to_dspy`: a neutral tool as a `dspy.Tool` that `dspy.ReAct` (or native function calling) calls.

What the converted tool does:

- **Schema.** `args` holds the neutral input schema's properties with local `$ref`s inlined (DSPy
  reads each argument's schema on its own, where a `$ref` into the root's `$defs` would point
  nowhere), `desc` the description. For native function calling
  (`ChatAdapter(use_native_function_calling=True)`), `format_as_litellm_function_call()` sends
  the neutral input JSON Schema verbatim (its own `required`, `additionalProperties` and
  `$defs`; DSPy's own would rebuild `required` from which arguments have a `default`).
- **Validation once.** `__call__` / `acall` hand the model's raw arguments to the neutral
  `execute`, which validates them: DSPy's per-argument check (and its acceptance of unknown
  names for `**kwargs` functions) never decides.
- **Results.** DSPy puts what a tool returns into the trajectory as it is. This tool returns a
  `ToolResult`: a `str` (the text the model reads: a string as it is, data as JSON) whose
  `.value` is the structured value for the application; for images, audio and files a
  `ToolContent` list of text and DSPy's own `dspy.Image` / `dspy.Audio` / `dspy.File` (which
  the adapter sends the model as image, audio and file parts), with the same `.value`.
- **Errors.** Bad arguments, `ToolError` and denials come back as a `ToolResult` holding our text
  (the tool and the fields named; `.is_error` is true), so the model reads it as the
  observation and the loop goes on. Other exceptions, with the default `errors="model-facing"`,
  read as ReAct shows a native tool's (`Execution error in <tool>: <traceback>`, the traceback
  without the pipeline's own frames, so the model sees the tool's frames): the pipeline makes
  that text (`Invoker(failure_text=...)`; nothing is caught after it), and the call returns it
  as an error `ToolResult` (`.error_kind == "internal"`), in ReAct and outside it; nothing of the
  context is in any text this adapter adds.
- **Context.** DSPy has no per-call object: the neutral context is the value of DSPy's settings
  key `CONTEXT_KEY` (`"interop_context"`), set with `with run_context(obj):` (which is
  `dspy.context(interop_context=obj)`: it follows `dspy.Parallel` threads and async tasks) or
  `dspy.configure(interop_context=obj)`. `context=` maps DSPy's settings to the neutral context
  instead.
- **Approval.** DSPy has no approval mechanism: a tool that needs approval needs `approval=` (a
  callback, asked before each call that needs it) or `allow_unapproved=True`.
- **Sync and async.** `__call__` (the `forward` path) and `acall` (the `aforward` path; a sync tool
  runs on a worker thread).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import traceback
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast

import dspy  # type: ignore[import-untyped]
from dspy.utils.callback import with_callbacks as _with_callbacks  # type: ignore[import-untyped]
from pydantic import PrivateAttr
from typing_extensions import Unpack

import interop
from interop import StandardToolV0
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import ErrorKind, convert_tools
from interop.bridge import (
    Invoker,
    Outcome,
    ToolOptions,
    input_json_schema,
    prepare,
    set_origin,
)
from interop.jsonschema import inline_refs

CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The DSPy settings key the default context mapping reads (`dspy.context(interop_context=obj)`)."""

ContextHook = Callable[[Any], Any]
"""Maps DSPy's settings (`dspy.settings`) to the neutral context (or an awaitable of it)."""

_F = TypeVar("_F", bound=Callable[..., Any])
with_callbacks = cast("Callable[[_F], _F]", _with_callbacks)
"""DSPy's callback decorator (`on_tool_start` / `on_tool_end` see the model's arguments only)."""

_ARGS_UNROLL = 3
"""How deep a recursive `$ref` is unrolled in `args` (what ReAct prints for the model)."""

__all__ = [
    "CONTEXT_KEY",
    "ContextHook",
    "StandardDSPyTool",
    "ToolContent",
    "ToolResult",
    "default_context",
    "run_context",
    "to_dspy",
    "to_dspy_tools",
]


@contextlib.contextmanager
def run_context(value: Any) -> Iterator[None]:
    """Give every converted tool called inside this block `value` as its context (by identity).

    `with run_context(deps): pred = react(question=...)`; the same as
    `dspy.context(interop_context=deps)`, so it reaches the threads of `dspy.Parallel` too.
    """
    with dspy.context(**{CONTEXT_KEY: value}):
        yield


def default_context(settings: Any) -> Any:
    """The neutral context: DSPy's settings value under `CONTEXT_KEY` (None when unset)."""
    return settings.get(CONTEXT_KEY)


class ToolResult(str):
    """What a converted tool returns into DSPy's trajectory: the text the model reads.

    `value` is the structured value (None for an error); `is_error` tells a correctable error
    (bad arguments, `ToolError`, a denial) from a result; `error_kind` says why.
    """

    __slots__ = ("error_kind", "value")
    value: Any
    error_kind: ErrorKind | None

    def __new__(cls, text: str, value: Any = None, error_kind: ErrorKind | None = None) -> ToolResult:
        out = super().__new__(cls, text)
        out.value = value
        out.error_kind = error_kind
        return out

    @property
    def is_error(self) -> bool:
        return self.error_kind is not None

    def __reduce__(self) -> Any:  # copies and pickles keep the value
        return (ToolResult, (str(self), self.value, self.error_kind))


class ToolContent(list):  # type: ignore[type-arg]
    """What a converted tool returns for images, audio or files: text and DSPy media values, which
    DSPy's adapters send the model as content parts; `value` is the structured value."""

    value: Any
    error_kind: ErrorKind | None = None
    is_error = False

    def __init__(self, parts: Iterable[Any], value: Any = None) -> None:
        super().__init__(parts)
        self.value = value

    def __reduce__(self) -> Any:
        return (ToolContent, (list(self), self.value))


def _media(part: Any) -> Any:
    if isinstance(part, str):
        return part
    kind = type(part).__name__
    if kind == "Image":
        return dspy.Image(f"data:{part.media_type};base64,{part.base64}")
    if kind == "Audio":
        subtype = part.media_type.rsplit("/", 1)[-1].removeprefix("x-")
        return dspy.Audio(data=part.base64, audio_format="mp3" if subtype == "mpeg" else subtype)
    return dspy.File(file_data=f"data:{part.media_type};base64,{part.base64}", filename=part.name)


def _result(outcome: Outcome) -> ToolResult | ToolContent:
    if outcome.status != "ok":
        return ToolResult(outcome.text, None, outcome.error_kind or "tool")
    if outcome.has_content:
        return ToolContent([_media(p) for p in outcome.parts], outcome.value)
    return ToolResult(outcome.text, outcome.value)


_PIPELINE = tuple(
    os.path.dirname(os.path.abspath(str(m.__file__))) + os.sep for m in (interop, asyncio, concurrent.futures)
)
"""The pipeline's own code, and the worker-thread machinery a sync tool runs on from async code."""


def _tool_frames(error: BaseException) -> BaseException:
    """`error` with the pipeline's own frames taken out of its traceback (the tool's stay)."""
    kept = []
    tb = error.__traceback__
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_PIPELINE):
            kept.append(tb)
        tb = tb.tb_next
    new: types.TracebackType | None = None
    for t in reversed(kept):
        new = types.TracebackType(new, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return error.with_traceback(new)


_TRACEBACK_FRAMES = 5
"""As many frames as ReAct shows the model of a native tool's exception."""


def _failure_text(name: str) -> Callable[[BaseException], str]:
    """The pipeline's text for an unexpected exception (`Invoker(failure_text=...)`): what ReAct
    shows the model of a native tool's (`Execution error in <tool>: <traceback>`), the tool's own
    frames only."""

    def text(error: BaseException) -> str:
        error = _tool_frames(error)
        shown = traceback.format_exception(type(error), error, error.__traceback__, limit=_TRACEBACK_FRAMES)
        return f"Execution error in {name}: \n" + "".join(shown).strip()

    return text


def _args(schema: dict[str, Any]) -> dict[str, Any]:
    """Per-argument schemas with local refs inlined (a recursive one unrolled a few levels)."""
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return {}
    try:
        if '"$ref"' in json.dumps(schema, default=str):  # a quick scan; the inliner walks and copies
            props = inline_refs(schema, recursion=_ARGS_UNROLL).get("properties", props)
    except ValueError:  # a ref this schema cannot resolve: shown as it is (the neutral tool validates)
        pass
    return {name: dict(sub) if isinstance(sub, dict) else {} for name, sub in props.items()}


class StandardDSPyTool(dspy.Tool):  # type: ignore[misc]  # dspy ships no type information
    """A `dspy.Tool` that runs a neutral tool through the invocation pipeline (`to_dspy`)."""

    _standard_tool: Any = PrivateAttr(default=None)
    _invoker: Any = PrivateAttr(default=None)
    _parameters: Any = PrivateAttr(default=None)

    def __init__(self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker) -> None:
        name = invoker.name
        parameters = input_json_schema(tool)

        def func(**kwargs: Any) -> ToolResult | ToolContent:
            """Run the tool (what `__call__` does)."""
            return self.__call__(**kwargs)  # type: ignore[no-any-return]

        func.__name__ = name
        func.__doc__ = tool.description
        # what `dspy.Tool.__init__` ends with when every field is given, without its parse of `func`
        # (a pydantic JSON Schema per parameter, all overridden): the fields, and `has_kwargs`
        super(dspy.Tool, self).__init__(
            func=func, name=name, desc=tool.description, args=_args(parameters), arg_types={}, arg_desc=None
        )
        self.has_kwargs = True
        self._standard_tool = tool
        self._invoker = invoker
        self._parameters = parameters

    @property
    def standard_tool(self) -> StandardToolV0[Any, Any, Any]:
        """The neutral tool this one was converted from."""
        return self._standard_tool  # type: ignore[no-any-return]

    def format_as_litellm_function_call(self) -> dict[str, Any]:
        """The function schema native function calling sends: the neutral input schema, verbatim."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.desc, "parameters": self._parameters},
        }

    @with_callbacks
    def __call__(self, /, **kwargs: Any) -> ToolResult | ToolContent:
        """Sync call (the `ReAct.forward` path): the observation (an error one when the call failed)."""
        return _result(self._invoker.invoke(kwargs, dspy.settings))

    @with_callbacks
    async def acall(self, /, **kwargs: Any) -> ToolResult | ToolContent:
        """Async call (the `ReAct.aforward` path; a sync tool runs on a worker thread)."""
        return _result(await self._invoker.ainvoke(kwargs, dspy.settings))

    def __repr__(self) -> str:
        return f"StandardDSPyTool(name={self.name!r})"


def to_dspy(tool: StandardToolV0[Any, Any, Any], **options: Unpack[ToolOptions]) -> dspy.Tool:
    """Convert a neutral tool into a `dspy.Tool` (a `StandardDSPyTool`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table). Context defaults to DSPy's settings value under
    `CONTEXT_KEY` (`run_context(obj)`); the `context=` hook gets `dspy.settings`. DSPy has no
    approval mechanism, so a tool with `meta["requires_approval"]` needs `approval=` or
    `allow_unapproved=True` (else `ApprovalRequiredError`). A tool that came from DSPy
    (`from_dspy`) goes home as the very same object when no option is given.
    """
    c = prepare(tool, options, where="to_dspy", rule="dspy", native=dspy.Tool)
    if c.home is not None:
        return c.home
    invoker = c.invoker(target="DSPy", context=default_context, failure_text=_failure_text(c.name))
    converted = StandardDSPyTool(tool, invoker=invoker)
    set_origin(converted, tool)
    return converted


def to_dspy_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[ToolOptions]
) -> list[dspy.Tool]:
    """Convert several tools for `dspy.ReAct(..., tools=...)`; two tools with the same final name
    raise `ToolNameError` (ReAct keys tools by name and would silently keep only the last)."""
    return convert_tools(tools, options, to_dspy, "DSPy")
