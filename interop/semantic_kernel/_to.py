"""`to_semantic_kernel`: neutral tools as a Semantic Kernel `KernelPlugin`.

Described: each tool is a `KernelFunction` (`StandardKernelFunction`) of the plugin, with the
tool's name and description, one `KernelParameterMetadata` per property of the input schema whose
`schema_data` is that property's schema, untouched (what Semantic Kernel's connectors send a model;
see `interop.semantic_kernel._schema` for the root keywords), the output schema as the
`return_parameter`'s `schema_data`, and the JSON-safe meta (title, output schema under
`"interop"`) in the metadata's `additional_properties` (never sent to a model).

Each call goes through the core invocation pipeline with the arguments Semantic Kernel hands the
function (`KernelArguments`, the declared names only); the neutral tool validates them once.
In the auto function calling loop (`FunctionChoiceBehavior.Auto()`) the function's result is a
`ToolResultText`: the text the model reads (a string as it is, data as JSON text, never a Python
repr), with the structured value as `.value`; called directly (`await kernel.invoke(function,
...)`) its result is the structured value itself. Bad arguments, `ToolError` and denials raise
Semantic Kernel's `FunctionExecutionException` with our message (the tool and the fields named):
the auto loop turns it into the function result the model reads ("An error occurred while
invoking the function <plugin>-<name>: ...") and goes on. Other exceptions propagate as from a
native function (the loop shows the model their message too, as for its own functions).

Context: the object bound with `run_context(obj)` around the run, else `KernelArguments` entry
`CONTEXT_KEY` (`"interop_context"`) of the call, or what a `context=` hook makes of the
`FunctionInvocationContext` (kernel, function, arguments). Semantic Kernel logs a function's
`KernelArguments` at DEBUG level and, with its sensitive diagnostics on, records them in traces:
a secret context belongs in `run_context`, which Semantic Kernel never sees.

Approval: a call that needs it is asked about through Semantic Kernel's own approval point, the
auto function invocation filter: `kernel.add_filter("auto_function_invocation",
approval_filter(callback))` asks `callback(ApprovalRequest)` for that call (only `True` approves,
after validation, never twice, bound to the function and the model's call id). Without that filter
(or `approval=` at conversion) a call that needs approval is refused: it never runs unapproved.
"""

from __future__ import annotations

import copy
import inspect
import re
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable, Coroutine, Iterable, Mapping
from contextlib import AbstractContextManager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from semantic_kernel.exceptions import FunctionExecutionException
from semantic_kernel.filters.functions.function_invocation_context import FunctionInvocationContext
from semantic_kernel.functions.function_result import FunctionResult
from semantic_kernel.functions.kernel_arguments import KernelArguments
from semantic_kernel.functions.kernel_function import KernelFunction
from semantic_kernel.functions.kernel_function_metadata import KernelFunctionMetadata
from semantic_kernel.functions.kernel_parameter_metadata import KernelParameterMetadata
from semantic_kernel.functions.kernel_plugin import KernelPlugin
from typing_extensions import Unpack

from interop import ApprovalDeniedError, StandardTool, StandardToolV0
from interop._kit import CONTEXT_KEY as _CONTEXT_KEY
from interop._kit import ApprovalCallback, ToolResultText, carried_meta, toolset_options
from interop.bridge import (
    ApprovalRequest,
    BoundContext,
    Invoker,
    ToolOptions,
    check_unique_names,
    get_origin,
    output_json_schema,
    prepare,
    set_origin,
)
from interop.errors import SchemaConversionError, ToolNameError

from ._schema import function_schema, parameters

if TYPE_CHECKING:
    from semantic_kernel.contents.streaming_content_mixin import StreamingContentMixin
    from semantic_kernel.filters.auto_function_invocation.auto_function_invocation_context import (
        AutoFunctionInvocationContext,
    )
    from semantic_kernel.kernel import Kernel


CONTEXT_KEY = _CONTEXT_KEY  # "interop_context", the one key of every adapter
"""The `KernelArguments` key the default context mapping reads (`KernelArguments(interop_context=obj)`)."""

ContextHook = Callable[[FunctionInvocationContext], Any]
"""Maps Semantic Kernel's `FunctionInvocationContext` to the neutral context (or an awaitable of it)."""

AutoFunctionFilter = Callable[
    ["AutoFunctionInvocationContext", Callable[[Any], Awaitable[None]]], Awaitable[None]
]
"""An auto function invocation filter (`kernel.add_filter("auto_function_invocation", f)`)."""

_PLUGIN_NAME = re.compile(r"[0-9A-Za-z_]+")
_MAX_QUALIFIED = 64
"""OpenAI's and Anthropic's limit on a function name; the model sees `<plugin>-<function>`."""

__all__ = [
    "CONTEXT_KEY",
    "AutoFunctionFilter",
    "ContextHook",
    "SemanticKernelOptions",
    "StandardKernelFunction",
    "approval_filter",
    "default_context",
    "run_context",
    "to_semantic_kernel",
]


class SemanticKernelOptions(ToolOptions, total=False):
    """`to_semantic_kernel` options: the shared ones (see `interop.bridge.Options`); Semantic Kernel adds none."""


_BOUND = BoundContext("semantic_kernel")
_UNSET = object()


def run_context(value: Any) -> AbstractContextManager[None]:
    """Bind the neutral context for the Semantic Kernel runs started inside the block:
    `with run_context(deps): await kernel.invoke_prompt(...)` (by identity; the parallel calls of
    one turn see it too). Semantic Kernel never logs or traces it."""
    return _BOUND.bind(value)


def default_context(context: FunctionInvocationContext | None) -> Any:
    """The neutral context: the object bound with `run_context`, else the call's
    `KernelArguments[CONTEXT_KEY]` (None when neither)."""
    bound = _BOUND.get(_UNSET)
    if bound is not _UNSET:
        return bound
    if context is None:
        return None
    return context.arguments.get(CONTEXT_KEY)


def _whole(context: FunctionInvocationContext | None) -> Any:
    """A tool that came from Semantic Kernel gets the whole call (its own kernel and arguments)."""
    return context


# ---------------------------------------------------------------------------------- one call


_CALL: ContextVar[tuple[StandardKernelFunction, str | None] | None] = ContextVar(
    "interop_semantic_kernel_call", default=None
)
"""The auto function calling loop's call `invoke` was last told of (the function, the model's call
id); None after a direct call. Set, not reset: `invoke` hands Semantic Kernel's own coroutine back
(a wrapping coroutine cost more than the rest of the adapter's bookkeeping), and the next `invoke`
in the same context replaces it. Only the function it names reads it."""


@dataclass
class _Approver:
    """The approval point `approval_filter` opened for one call of one function."""

    function: StandardKernelFunction
    call_id: str | None
    ask: Callable[[ApprovalRequest], Any]
    used: bool = False


_APPROVER: ContextVar[_Approver | None] = ContextVar("interop_semantic_kernel_approver", default=None)


def _tell(function: StandardKernelFunction, metadata: Mapping[str, Any] | None) -> None:
    """Record the call as the auto function calling loop describes it (`FunctionCallContent.to_dict()`
    merged into `metadata`), else that it is a direct call."""
    if metadata and metadata.get("type") == "function" and isinstance(metadata.get("function"), Mapping):
        call_id = metadata.get("id")
        _CALL.set((function, call_id if isinstance(call_id, str) else None))
    elif _CALL.get() is not None:
        _CALL.set(None)


def _no_approver(name: str) -> Callable[[ApprovalRequest], Any]:
    def refuse(request: ApprovalRequest) -> Any:
        raise ApprovalDeniedError(
            name,
            "it requires approval and nobody was asked: add interop.semantic_kernel.approval_filter(callback) "
            "to the kernel's auto function invocation filters, or convert it with approval=<callback>",
        )

    return refuse


def _asker(approve: ApprovalCallback) -> Callable[[ApprovalRequest], Any]:
    async def ask(request: ApprovalRequest) -> bool:
        answer = approve(request)
        if inspect.isawaitable(answer):
            answer = await answer
        return answer is True  # only the value True approves (PENDING, truthy values: denied)

    return ask


def approval_filter(approve: ApprovalCallback) -> AutoFunctionFilter:
    """Semantic Kernel's approval point for converted functions: an auto function invocation
    filter (`kernel.add_filter("auto_function_invocation", approval_filter(approve))`).

    For each call the model makes to a converted function that needs approval (meta
    `requires_approval`: `True`, or a predicate true for this call), `approve(ApprovalRequest)`
    is asked once, after the arguments were validated (a call that cannot run is never asked
    about); only the value `True` approves; a denial, another value or an exception refuses, and
    the model reads that the call was not approved. The answer holds for that call of that
    function only. Other functions pass through untouched.
    """

    async def interop_approval(
        context: AutoFunctionInvocationContext, next: Callable[[Any], Awaitable[None]]
    ) -> None:
        function = context.function
        if (
            not isinstance(function, StandardKernelFunction)
            or not function._runtime.invoker.may_need_approval
        ):
            await next(context)
            return
        content = context.function_call_content
        call_id = content.id if content is not None else None
        token = _APPROVER.set(_Approver(function, call_id, _asker(approve)))
        try:
            await next(context)
        finally:
            _APPROVER.reset(token)

    return interop_approval


# ---------------------------------------------------------------------------------- the function

_RUNTIME = "__interop_runtime__"


@dataclass(frozen=True)
class _Runtime:
    """A converted function's call path and the argument names it takes (shared by its copies)."""

    invoker: Invoker
    names: frozenset[str]


class StandardKernelFunction(KernelFunction):
    """A `KernelFunction` running a neutral tool through the invocation pipeline (`to_semantic_kernel`).

    `standard_tool` is the neutral tool it was converted from.
    """

    @property
    def _runtime(self) -> _Runtime:
        # kept in the instance's __dict__, not as a pydantic private attribute: Semantic Kernel's
        # models make each private attribute read cost microseconds, on every call
        return self.__dict__[_RUNTIME]  # type: ignore[no-any-return]

    @property
    def standard_tool(self) -> StandardToolV0[Any, Any, Any]:
        return self._runtime.invoker.tool

    def invoke(
        self,
        kernel: Kernel,
        arguments: KernelArguments | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Coroutine[Any, Any, FunctionResult | None]:
        """Semantic Kernel's `invoke` (filters, telemetry), told whether the auto function calling
        loop makes the call (its `FunctionCallContent` is in `metadata`) and under which id."""
        _tell(self, metadata)
        return super().invoke(kernel, arguments, metadata, **kwargs)

    def invoke_stream(
        self,
        kernel: Kernel,
        arguments: KernelArguments | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> AsyncGenerator[FunctionResult | list[StreamingContentMixin | Any], Any]:
        """Semantic Kernel's `invoke_stream`, told the same (its one result is the whole result)."""
        _tell(self, metadata)
        return super().invoke_stream(kernel, arguments, metadata, **kwargs)

    def _ask(self, call_id: str | None) -> Callable[[ApprovalRequest], Any]:
        approver = _APPROVER.get()
        if (
            approver is not None
            and approver.function is self
            and approver.call_id == call_id
            and not approver.used
        ):
            approver.used = True  # one approval point, one call
            return approver.ask
        return _no_approver(self._runtime.invoker.name)

    async def _run(self, context: FunctionInvocationContext) -> None:
        call = _CALL.get()
        auto = call is not None and call[0] is self
        call_id = call[1] if auto and call is not None else None
        runtime = self._runtime
        names = runtime.names
        given = context.arguments
        # the declared names only (a turn's own KernelArguments may hold more); a plain dict
        arguments = dict(given) if names.issuperset(given) else {k: v for k, v in given.items() if k in names}
        invoker = runtime.invoker
        ask = self._ask(call_id) if invoker.may_need_approval else None
        outcome = await invoker.ainvoke(arguments, context, call_id=call_id, ask=ask, decoded=True)
        if outcome.status != "ok":
            raise FunctionExecutionException(outcome.text) from outcome.error
        value: Any = outcome.value
        if auto:
            value = ToolResultText(outcome.text, outcome.value, outcome.parts)
        context.result = FunctionResult(function=self.metadata, value=value)

    _invoke_internal = _run
    _invoke_internal_stream = _run

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> StandardKernelFunction:
        """A copy sharing the neutral tool and its call path (`Kernel.clone()` deep-copies plugins)."""
        new = self.model_copy(deep=False)
        new.metadata = copy.deepcopy(self.metadata, memo)
        return new

    def __repr__(self) -> str:
        return f"StandardKernelFunction(name={self.fully_qualified_name!r})"


# ---------------------------------------------------------------------------------- describing


def _return_parameter(tool: StandardToolV0[Any, Any, Any]) -> KernelParameterMetadata | None:
    schema = output_json_schema(tool)
    if schema is None:
        return None
    description = schema.get("description")
    return KernelParameterMetadata.model_construct(
        name="return",
        description=description if isinstance(description, str) else "",
        default_value=None,
        type_="object",
        is_required=True,
        type_object=None,
        schema_data=schema,
        include_in_function_choices=True,
    )


def _check_plugin_name(plugin_name: str) -> None:
    if not isinstance(plugin_name, str) or not _PLUGIN_NAME.fullmatch(plugin_name):
        raise ToolNameError(
            f"plugin name {plugin_name!r} is not valid for Semantic Kernel: it must be 1 or more characters "
            "from a-z, A-Z, 0-9 and '_'"
        )


def _function(
    tool: StandardToolV0[Any, Any, Any], plugin_name: str, options: Mapping[str, Any]
) -> KernelFunction:
    c = prepare(
        tool, options, SemanticKernelOptions, where="to_semantic_kernel", rule="openai", native=KernelFunction
    )
    if c.home is not None:  # a Semantic Kernel function, going home
        fn = c.home
        return fn if fn.plugin_name == plugin_name else fn.function_copy(plugin_name)
    qualified = f"{plugin_name}-{c.name}"
    if len(qualified) > _MAX_QUALIFIED:
        raise ToolNameError(
            f"the model would call tool {c.name!r} of plugin {plugin_name!r} {qualified!r} ({len(qualified)} "
            f"characters): OpenAI and Anthropic take at most {_MAX_QUALIFIED}; use a shorter plugin name or rename="
        )
    props, required = function_schema(tool)
    if CONTEXT_KEY in props and c.options.context is None and c.origin is None:
        raise SchemaConversionError(
            f"tool {tool.name!r} has an argument named {CONTEXT_KEY!r}, the KernelArguments key the context is "
            "read from: the model could set the context; rename the argument or pass context=<hook>"
        )
    invoker = c.invoker(
        target="Semantic Kernel",
        context=_whole if c.origin is not None else default_context,
        native_approval=True,
    )
    metadata = KernelFunctionMetadata.model_construct(
        name=c.name,
        plugin_name=plugin_name,
        description=tool.description,
        parameters=parameters(props, required),
        is_prompt=False,
        is_asynchronous=True,
        return_parameter=_return_parameter(tool),
        additional_properties=carried_meta(tool),
    )
    fn = StandardKernelFunction(metadata=metadata)
    object.__setattr__(fn, _RUNTIME, _Runtime(invoker, frozenset(props)))
    set_origin(fn, tool)
    return fn


_PLUGIN_OF: weakref.WeakKeyDictionary[Any, KernelPlugin] = weakref.WeakKeyDictionary()
"""The plugin each neutral tool `from_semantic_kernel(plugin)` made came from (the way home)."""


def _home_plugin(
    tools: list[StandardToolV0[Any, Any, Any]],
    plugin_name: str,
    description: str | None,
    options: Mapping[str, Any],
) -> KernelPlugin | None:
    """The plugin `from_semantic_kernel` read `tools` from, when they are all of it, unchanged,
    in its order, and nothing is asked of the conversion."""
    if options or not tools:
        return None
    try:
        plugin = _PLUGIN_OF.get(tools[0])
    except TypeError:
        return None
    if (
        plugin is None
        or plugin.name != plugin_name
        or (description is not None and description != plugin.description)
    ):
        return None
    functions = list(plugin.functions.values())
    if len(functions) != len(tools):
        return None
    for tool, function in zip(tools, functions, strict=True):
        if _PLUGIN_OF.get(tool) is not plugin:
            return None
        if get_origin(tool, KernelFunction) is not function and get_origin(function) is not tool:
            return None
    return plugin


def to_semantic_kernel(
    tools: StandardToolV0[Any, Any, Any] | Iterable[StandardToolV0[Any, Any, Any]],
    plugin_name: str,
    *,
    description: str | None = None,
    **options: Unpack[SemanticKernelOptions],
) -> KernelPlugin:
    """A Semantic Kernel `KernelPlugin` named `plugin_name` with one `KernelFunction` per tool
    (`kernel.add_plugin(plugin)`; the model calls them `<plugin_name>-<tool name>`).

    Options: the shared ones (`rename` as a mapping or function, `context`, `approval`,
    `allow_unapproved`, `errors`, `threaded`; see the README's options table). A sync tool runs on
    a worker thread, so a slow one does not hold up the other calls of a turn (Semantic Kernel runs
    its own sync functions inline on the event loop: `threaded=False` does the same). The context defaults
    to what `run_context(obj)` bound, else `KernelArguments[CONTEXT_KEY]`; the `context=` hook gets
    the `FunctionInvocationContext`. A call that needs approval is asked through
    `approval_filter(callback)` on the kernel, or `approval=` (else refused). Names follow the
    provider rule (1-64 characters from `a-z A-Z 0-9 _ -`, and at most 64 with the plugin name);
    two tools with the same final name raise `ToolNameError`. The tools `from_semantic_kernel(plugin)`
    made, all of them in order, come back as that very plugin.
    """
    options = toolset_options(tools, options)
    if isinstance(tools, (list, tuple)):  # the common cases first: a runtime Protocol check is slow
        items = list(tools)
    elif isinstance(tools, StandardTool) or isinstance(tools, StandardToolV0):
        items = [tools]
    else:
        items = list(tools)
    _check_plugin_name(plugin_name)
    home = _home_plugin(items, plugin_name, description, options)
    if home is not None:
        return home
    functions = [_function(t, plugin_name, options) for t in items]
    check_unique_names((f.name for f in functions), "Semantic Kernel")
    plugin = KernelPlugin(name=plugin_name, description=description)
    for function in functions:  # as they are (KernelPlugin's constructor would copy them)
        plugin.functions[function.name] = function
    return plugin
