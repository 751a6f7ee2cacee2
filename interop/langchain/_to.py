"""`to_langchain`: a neutral tool as a LangChain `StructuredTool`.

Described: the neutral input JSON Schema as a dict `args_schema` (LangChain validates nothing,
the neutral tool validates once), `tags`, `return_direct`, the JSON-safe meta (plus title and
output schema under `metadata["interop"]`). Each call goes through the core invocation pipeline;
this module only maps its `Outcome`: content for the model (JSON text, or standard content blocks
for images, audio and files) with the structured value as the artifact; an error or a denial as
a `ToolException` carrying the text the pipeline decided (LangChain turns it into
`ToolMessage(status="error")`).

`handle_tool_error` is LangChain's spelling of the neutral `errors=`: a string or a function
`(exception) -> str` becomes the `errors=` function of the pipeline (the one place that decides
what the model reads), so the tool's own exception reaches it, not a `ToolException` wrapping its
text; `True` (the default) leaves `errors=` as it is; `False` lets the error outcome's
`ToolException` end the run, as a native tool with `handle_tool_error=False` does.
"""

from __future__ import annotations

import contextvars
import dataclasses
import inspect
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from langchain_core.messages.tool import ToolOutputMixin
from langchain_core.runnables import RunnableConfig, ensure_config
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from langchain_core.utils.pydantic import TypeBaseModel
from pydantic import BaseModel, ConfigDict, PrivateAttr
from typing_extensions import Unpack

from interop import bridge

if TYPE_CHECKING:
    from interop import StandardToolV0
    from interop.bridge import Conversion, Invoker, Outcome

from interop._kit import CARRIED_KEY, carried_meta, convert_tools

from ._approval import HAS_INTERRUPT, ask_with_interrupt
from ._context import RUNTIME_PARAM, LangChainCall, default_context, is_runtime, runtime_type

META_KEY = CARRIED_KEY
"""The `metadata` key holding what LangChain has no field for (`title`, `output_schema`)."""

logger = logging.getLogger("interop.langchain")

_NATIVE_META = frozenset({"tags", "return_direct"})

_tool_call_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "interop_lc_tool_call_id", default=None
)

__all__ = ["META_KEY", "LangChainOptions", "LangChainStandardTool", "to_langchain", "to_langchain_tools"]


class LangChainOptions(bridge.ToolOptions, total=False):
    """`to_langchain` options: the shared ones (see `interop.bridge.Options`) plus:"""

    handle_tool_error: bool | str | Callable[[BaseException], str]
    """LangChain's `handle_tool_error`, mapped onto the neutral `errors=`: a string (what the model
    reads of every failure) or a function of the exception (the tool's own: `ToolError`, or what
    it raised) is the pipeline's `errors=` function; `True` (default) keeps `errors=`; `False`
    raises the error as a `ToolException` (LangChain ends the run). Not with `errors=` too."""


def _handle_tool_error(c: Conversion[Any], where: str) -> tuple[Conversion[Any], bool]:
    """`c` with `handle_tool_error` mapped onto its `errors=` (see `LangChainOptions`), and the
    `handle_tool_error` the LangChain tool keeps (`False` only when the user said so)."""
    given = c.own.get("handle_tool_error", True)
    if given is True or given is False:
        return c, given
    if c.options.errors != "model-facing":
        raise TypeError(
            f"{where}: pass errors= or handle_tool_error=, not both (handle_tool_error is "
            f"LangChain's spelling of errors=)"
        )
    if isinstance(given, str):
        text = given

        def errors(e: BaseException) -> str:
            return text

    elif callable(given):
        errors = given
    else:
        raise TypeError(f"{where}: handle_tool_error must be a bool, a string or a function, got {given!r}")
    return dataclasses.replace(c, options=dataclasses.replace(c.options, errors=errors)), True


def _block(part: Any) -> dict[str, Any]:
    """A LangChain standard content block for a text or content part (tool messages take text,
    image and file blocks; audio becomes a short placeholder)."""
    if isinstance(part, str):
        return {"type": "text", "text": part}
    kind = bridge.content_kind(part)
    if kind == "audio":
        return {"type": "text", "text": bridge.placeholder(part)}
    block: dict[str, Any] = {"type": kind, "base64": part.base64, "mime_type": part.media_type}
    name = getattr(part, "name", None)
    if name:
        block["extras"] = {"filename": name}
    return block


def _to_langchain_result(outcome: Outcome) -> Any:
    """An `Outcome` as what LangChain expects from a `content_and_artifact` tool."""
    if outcome.status == "ok":
        if isinstance(outcome.value, ToolOutputMixin):  # a ToolMessage / Command passes unchanged
            return outcome.value, None
        if outcome.has_content:
            return [_block(p) for p in outcome.parts], outcome.value
        return outcome.text, outcome.value
    raise ToolException(outcome.text)  # error or denied: the model sees it, the loop goes on


class LangChainStandardTool(StructuredTool):
    """A `StructuredTool` running a neutral tool through the invocation pipeline.

    `_run`/`_arun` take `**kwargs` only, so model arguments named `config`, `callbacks` or
    `run_manager` reach the neutral tool untouched, and `run`/`arun` keep the call's
    `tool_call_id`. `func`/`coroutine` declare one hidden `ToolRuntime` parameter so LangGraph's
    ToolNode hands over its runtime (state, context, store) without touching model arguments;
    LangChain filters it out of callbacks, traces and event streams like its own injected args.
    """

    # the pydantic core schema of this `BaseTool` subclass is built by the first conversion, not
    # at `import interop.langchain` (a few milliseconds for LangChain's many tool fields)
    model_config = ConfigDict(defer_build=True)

    _standard_tool: Any = PrivateAttr(None)
    _invoker: Invoker = PrivateAttr()
    _input_model: tuple[Any, type[BaseModel]] | None = PrivateAttr(None)

    def get_input_schema(self, config: RunnableConfig | None = None) -> TypeBaseModel:
        """The tool's arguments as a pydantic model built from its input JSON Schema.

        Built on first use, once per `args_schema`. It describes; it does not validate calls (the
        neutral tool does). LangGraph's ToolNode reads it for injected arguments: a `runtime`
        argument is an alias there, so ToolNode leaves it alone (see `_input_model`).
        """
        schema = self.args_schema
        if not isinstance(schema, dict):  # replaced by a model after conversion: LangChain's rules
            return super().get_input_schema(config)
        cached = self._input_model
        if cached is None or cached[0] is not schema:
            from ._input_model import input_model  # lazy: only what reads the input schema needs it

            try:
                cached = (schema, input_model(self.name, schema))
            except Exception:  # a schema pydantic cannot express: LangChain's generic model, as before
                logger.debug("tool %r: no input model for its schema", self.name, exc_info=True)
                return super().get_input_schema(config)
            self._input_model = cached
        return cached[1]

    @property
    def standard_tool(self) -> StandardToolV0[Any, Any, Any]:
        """The neutral tool this LangChain tool runs."""
        tool: StandardToolV0[Any, Any, Any] = self._standard_tool
        return tool

    def run(self, tool_input: str | dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        token = _tool_call_id.set(kwargs.get("tool_call_id"))
        try:
            return super().run(tool_input, *args, **kwargs)
        finally:
            _tool_call_id.reset(token)

    async def arun(self, tool_input: str | dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        token = _tool_call_id.set(kwargs.get("tool_call_id"))
        try:
            return await super().arun(tool_input, *args, **kwargs)
        finally:
            _tool_call_id.reset(token)

    def _call(self, kwargs: dict[str, Any]) -> LangChainCall:
        """Take the hidden runtime out of the arguments; what a context hook is given."""
        runtime = (
            kwargs.pop(RUNTIME_PARAM)
            if RUNTIME_PARAM in kwargs and is_runtime(kwargs[RUNTIME_PARAM])
            else None
        )
        call_id = _tool_call_id.get()
        if call_id is None and runtime is not None:
            call_id = runtime.tool_call_id
        return LangChainCall(
            tool_name=self.name, config=ensure_config(), runtime=runtime, tool_call_id=call_id
        )

    def _run(self, *args: Any, **kwargs: Any) -> Any:
        call = self._call(kwargs)
        outcome = self._invoker.invoke(kwargs, call, call_id=call.tool_call_id, ask=ask_with_interrupt)
        return _to_langchain_result(outcome)

    async def _arun(self, *args: Any, **kwargs: Any) -> Any:
        call = self._call(kwargs)
        outcome = await self._invoker.ainvoke(kwargs, call, call_id=call.tool_call_id, ask=ask_with_interrupt)
        return _to_langchain_result(outcome)


def _entry_points(holder: list[LangChainStandardTool]) -> tuple[Callable[..., Any], Any]:
    """`func` and `coroutine`: call the tool; declare the hidden runtime param.

    A sync tool gets a `coroutine` too, so LangChain's async path (`ainvoke`) stays async: the
    pipeline awaits an async approval callback or context hook on the caller's event loop (not on a
    private loop in LangChain's executor thread) and runs the sync body on a worker thread.
    """

    def func(**kwargs: Any) -> Any:
        return holder[0].invoke(kwargs)

    async def coroutine(**kwargs: Any) -> Any:
        return await holder[0].ainvoke(kwargs)

    tool_runtime = runtime_type()
    # The annotation goes on the signature itself: LangChain reads an explicit `__signature__`
    # (not `__annotations__`) to find injected arguments and filter them out of callbacks,
    # tracer inputs and event streams, as for a native `runtime: ToolRuntime` parameter.
    annotation: Any = tool_runtime if tool_runtime is not None else inspect.Parameter.empty
    entries: list[Callable[..., Any]] = [func, coroutine]
    for fn in entries:
        fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter(
                    RUNTIME_PARAM, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation
                ),
                inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
            ]
        )
        fn.__annotations__ = {RUNTIME_PARAM: tool_runtime} if tool_runtime is not None else {}
    return func, coroutine


def _args_schema(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    """The neutral input JSON Schema as LangChain's dict `args_schema` (an object of arguments)."""
    schema = bridge.input_json_schema(tool)
    if "properties" not in schema:
        if schema.get("type") != "object":
            from interop.errors import SchemaConversionError  # (not loaded by importing the adapter)

            raise SchemaConversionError(
                f"tool {tool.name!r}: a LangChain tool takes an object of named arguments, but the "
                f"input schema is {bridge.to_json_text(schema)[:200]}; wrap the input in an object"
            )
        schema["properties"] = {}  # LangChain reads `properties` unconditionally
    return schema


def to_langchain(tool: StandardToolV0[Any, Any, Any], **options: Unpack[LangChainOptions]) -> BaseTool:
    """A LangChain tool running `tool` (or the very LangChain tool `tool` came from).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table) and `handle_tool_error`. Context defaults to
    `default_context` (LangGraph's runtime context, else the run config's `configurable`); the
    `context=` hook gets a `LangChainCall`. With a checkpointer, pass the context as the runtime
    `context=` (LangGraph copies `configurable` values into the stored checkpoint metadata). A
    call that needs approval pauses the LangGraph run with `interrupt` (resume with
    `Command(resume=approve(intr))`, or `{intr.id: approve(intr), ...}` when several are pending:
    a decision is bound to its call and the arguments shown), unless `approval=` gives a callback.
    """
    c: Conversion[Any] = bridge.prepare(
        tool, options, LangChainOptions, where="to_langchain", rule="langchain"
    )
    origin = bridge.get_origin(tool, BaseTool)
    # home as the native tool only when nothing is lost: LangChain has no approval of its own, so
    # a tool that requires approval (a `requires_approval` metadata label) is wrapped and gated
    if (
        origin is not None
        and c.options.without_rename().is_default
        and not c.own
        and not bridge.requires_approval(tool)
    ):
        new_name = bridge.resolve_name(origin.name, "langchain", c.options.rename)
        return origin if new_name == origin.name else origin.model_copy(update={"name": new_name})
    c, handle_tool_error = _handle_tool_error(c, "to_langchain")
    invoker = c.invoker(target="LangChain", context=default_context, native_approval=HAS_INTERRUPT)
    holder: list[LangChainStandardTool] = []
    func, coroutine = _entry_points(holder)
    lc_tool = LangChainStandardTool(
        name=c.name,
        description=tool.description,
        func=func,
        coroutine=coroutine,
        args_schema=_args_schema(tool),
        response_format="content_and_artifact",
        return_direct=bridge.meta_flag(tool.meta, "return_direct"),
        tags=bridge.meta_tags(tool.meta) or None,
        metadata=carried_meta(tool, leave_out=_NATIVE_META) or None,
        handle_tool_error=handle_tool_error,
    )
    holder.append(lc_tool)
    lc_tool._standard_tool = tool
    lc_tool._invoker = invoker
    bridge.set_origin(lc_tool, tool)  # home again: from_langchain(to_langchain(tool)) is tool
    return lc_tool


def to_langchain_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[LangChainOptions]
) -> list[BaseTool]:
    """`to_langchain` over a list (`rename` as a mapping or function); duplicate names raise."""
    return convert_tools(tools, options, to_langchain, "LangChain")
