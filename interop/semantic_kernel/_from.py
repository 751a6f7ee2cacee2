"""`from_semantic_kernel`: Semantic Kernel plugins and functions as neutral, validating tools.

Handled: a `KernelPlugin` (a list of tools, one per function, in the plugin's order) and a
`KernelFunction` (one tool): `@kernel_function` methods, prompt functions, OpenAPI and MCP plugin
functions, any `KernelFunction` subclass. Each tool:

- carries the function's name and description, and as its input schema the parameters included
  in function choices (see `_schema.native_schema`: for a `@kernel_function` method, the schema
  of the Python types it takes, with Semantic Kernel's descriptions; for other functions, each
  parameter's `schema_data`, what Semantic Kernel sends a model) with `additionalProperties:
  false` (Semantic Kernel's auto-invocation refuses arguments a function does not declare); the
  meta, title and output schema a `to_semantic_kernel` function carries in `additional_properties`;
- validates the arguments against that schema, then calls the function the way the kernel does,
  `await function.invoke(kernel, KernelArguments(...))` (filters, telemetry and the function's
  own parameter parsing run as in Semantic Kernel): the model's arguments over the application's
  `KernelArguments`, which a `native_context=` hook makes from the neutral context (default:
  `KernelArguments(interop_context=<context>)`, the key `to_semantic_kernel` reads). Inside a
  Semantic Kernel run (the tool converted back with `to_semantic_kernel`) the call's own kernel
  and arguments are used;
- the kernel: the one given as `kernel=` (a prompt function needs one with its chat service), else
  an empty `Kernel()`;
- results: the `FunctionResult`'s value (text, data, pydantic models as they are);
  `TextContent` / `ChatMessageContent` as their text, `ImageContent` / `AudioContent` /
  `BinaryContent` with data as `interop.Image` / `Audio` / `File`; Semantic Kernel's own
  exceptions (`KernelException`: a parameter that fails to parse, a missing service) raise
  `ToolError` with their message; other exceptions propagate as the tool's own.

A function made by `to_semantic_kernel` comes back as the very neutral tool it was made from, and
`to_semantic_kernel(from_semantic_kernel(plugin), plugin.name) is plugin`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, overload

from semantic_kernel.contents.binary_content import BinaryContent
from semantic_kernel.contents.chat_message_content import ChatMessageContent
from semantic_kernel.contents.function_result_content import FunctionResultContent
from semantic_kernel.contents.kernel_content import KernelContent
from semantic_kernel.contents.text_content import TextContent
from semantic_kernel.exceptions import KernelException
from semantic_kernel.filters.functions.function_invocation_context import FunctionInvocationContext
from semantic_kernel.functions.function_result import FunctionResult
from semantic_kernel.functions.kernel_arguments import KernelArguments
from semantic_kernel.functions.kernel_function import KernelFunction
from semantic_kernel.functions.kernel_function_from_method import KernelFunctionFromMethod
from semantic_kernel.functions.kernel_plugin import KernelPlugin
from typing_extensions import Unpack

import interop
from interop import StandardToolV0
from interop._kit import OldContextName, read_carried_meta
from interop.bridge import check_unique_names, from_native, native_context_option, neutral_home

from ._schema import native_schema
from ._to import _PLUGIN_OF, CONTEXT_KEY

if TYPE_CHECKING:
    from semantic_kernel.kernel import Kernel


KernelArgumentsHook = Callable[[Any], Any]
"""Maps the neutral context to the application's `KernelArguments` for a call (a mapping, or an
awaitable of one); the model's arguments are set over them."""

__all__ = ["KernelArgumentsHook", "from_semantic_kernel"]


def _default_arguments(context: Any) -> Any:
    if isinstance(context, FunctionInvocationContext):
        return context  # inside a Semantic Kernel run: that call's kernel and arguments
    return KernelArguments() if context is None else KernelArguments(**{CONTEXT_KEY: context})


def _media(item: BinaryContent) -> Any:
    data = item.data if item.can_read else b""
    if not data:
        return str(item.uri) if item.uri is not None else ""
    media = item.mime_type
    kind = type(item).__name__
    if kind == "ImageContent":
        return interop.Image(bytes(data), media)
    if kind == "AudioContent":
        return interop.Audio(bytes(data), media)
    return interop.File(bytes(data), media, str(item.uri) if item.uri is not None else None)


def _content(value: Any) -> Any:
    """A Semantic Kernel content value as a neutral value (other values as they are)."""
    if isinstance(value, TextContent):
        return value.text
    if isinstance(value, ChatMessageContent):
        parts = [_content(item) for item in value.items]
        if all(isinstance(p, str) for p in parts):
            return value.content
        return parts[0] if len(parts) == 1 else parts
    if isinstance(value, FunctionResultContent):
        return _content(value.result)
    if isinstance(value, BinaryContent):
        return _media(value)
    if isinstance(value, KernelContent):
        return str(value)
    if isinstance(value, list) and value and all(isinstance(v, KernelContent) for v in value):
        parts = [_content(v) for v in value]
        if all(isinstance(p, str) for p in parts):
            return "\n".join(parts)
        return parts[0] if len(parts) == 1 else parts
    return value


def _decode(result: Any) -> Any:
    if isinstance(result, FunctionResult):
        result = result.value
    return _content(result)


def _caller(function: KernelFunction, kernel: Kernel | None) -> Callable[[Any, Any], Any]:
    """`call(arguments, native)` for `from_native`: the function's own `invoke`."""
    own: list[Kernel] = []

    def default_kernel() -> Kernel:
        if kernel is not None:
            return kernel
        if not own:
            from semantic_kernel.kernel import Kernel

            own.append(Kernel())
        return own[0]

    async def call(arguments: Any, native: Any) -> Any:
        if isinstance(native, FunctionInvocationContext):
            use, base = native.kernel, native.arguments
        else:
            use, base = default_kernel(), native
        settings = base.execution_settings if isinstance(base, KernelArguments) else None
        args = KernelArguments(settings=settings)
        if isinstance(base, Mapping):
            args.update(base)
        elif base is not None:
            raise TypeError(
                f"from_semantic_kernel: native_context= must give KernelArguments (a mapping), got {type(base).__name__}"
            )
        args.update(arguments)
        return await function.invoke(use, args)

    return call


def _tool(
    function: KernelFunction, kernel: Kernel | None, hook: KernelArgumentsHook | None
) -> StandardToolV0[Any, Any, Any]:
    home = neutral_home(function, hook)
    if home is not None and kernel is None:
        return home
    meta, title, output_schema = read_carried_meta(function.metadata.additional_properties or {})
    return from_native(
        function,
        framework="Semantic Kernel",
        name=function.name,
        description=function.description or "",
        title=title,
        meta=meta,
        input_schema=native_schema(function.metadata, typed=isinstance(function, KernelFunctionFromMethod)),
        output_schema=output_schema,
        call=_caller(function, kernel),
        native_context=hook,
        default_native_context=_default_arguments,
        decode=_decode,
        error_types=(KernelException,),
        is_async=True,
    )


@overload
def from_semantic_kernel(
    plugin_or_function: KernelPlugin,
    *,
    kernel: Kernel | None = None,
    native_context: KernelArgumentsHook | None = None,
) -> list[StandardToolV0[Any, Any, Any]]: ...
@overload
def from_semantic_kernel(
    plugin_or_function: KernelFunction,
    *,
    kernel: Kernel | None = None,
    native_context: KernelArgumentsHook | None = None,
) -> StandardToolV0[Any, Any, Any]: ...
def from_semantic_kernel(
    plugin_or_function: KernelPlugin | KernelFunction,
    *,
    kernel: Kernel | None = None,
    native_context: KernelArgumentsHook | None = None,
    **deprecated: Unpack[OldContextName],
) -> list[StandardToolV0[Any, Any, Any]] | StandardToolV0[Any, Any, Any]:
    """Neutral tools for a Semantic Kernel `KernelPlugin` (a list, one per function) or one
    `KernelFunction` (a tool).

    `kernel`: the kernel the functions are invoked with (a prompt function needs its chat service
    there; default: an empty `Kernel()`). `native_context`: maps the neutral context to the
    application's `KernelArguments` of each call (default: `KernelArguments(interop_context=<context>)`).
    Functions made by `to_semantic_kernel` come back as the very neutral tools they were made from.
    """
    hook = native_context_option(native_context, deprecated, where="from_semantic_kernel")
    if isinstance(plugin_or_function, KernelPlugin):
        plugin = plugin_or_function
        tools = [_tool(f, kernel, hook) for f in plugin.functions.values()]
        check_unique_names((t.name for t in tools), "a neutral tool list")
        if kernel is None and hook is None:
            for t in tools:
                try:
                    _PLUGIN_OF[t] = plugin
                except TypeError:  # a tool that cannot be weakly referenced: it just will not go home
                    break
        return tools
    if isinstance(plugin_or_function, KernelFunction):
        return _tool(plugin_or_function, kernel, hook)
    raise TypeError(
        "from_semantic_kernel converts a KernelPlugin or a KernelFunction; "
        f"got {type(plugin_or_function).__name__}"
    )
