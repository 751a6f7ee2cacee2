"""Semantic Kernel in the matrix: native functions, the model's view, conversion and the native call path.

- native idiom: a `@kernel_function` method as a `KernelFunctionFromMethod` (the meta in its
  `additional_metadata`, Semantic Kernel's metadata slot; no title slot); context through an
  `arguments: Annotated[KernelArguments, {"include_in_function_choices": False}]` parameter
  reading `arguments["interop_context"]`;
- a "tool" here is one `KernelFunction` (`to_semantic_kernel` makes a plugin of one function,
  plugin `mx`); the model calls it `mx-<name>`;
- view: what the OpenAI connector sends (`kernel_function_metadata_to_function_call_format`), with
  the function's own name; meta and title from `additional_properties`;
- call: a real `Kernel` with a scripted chat service in Semantic Kernel's own function calling loop
  (`FunctionChoiceBehavior.Auto()`), the model's arguments as JSON text, the context as
  `KernelArguments(interop_context=...)`; what the model reads is the tool message. An error is
  Semantic Kernel's function-invocation error text, or its own answers for arguments it refuses
  before the function runs.

Semantic Kernel needs pydantic<2.14 and mcp<2, so this module runs only in its own environment
(`make test-semantic-kernel`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from installed import distribution_installed

if TYPE_CHECKING:
    from _harness import Outcome, View

NAME = "semantic-kernel"
TEXT_CHANNEL = True  # the model's arguments arrive as JSON text, decoded by Semantic Kernel
PLUGIN = "mx"
CONTEXT_KEY = "interop_context"
NOT_CARRIED = {
    "nesting depth 1000": (
        "Semantic Kernel decodes a call's arguments with `json.loads` catching only JSONDecodeError: a "
        "1000-deep array raises RecursionError and the chat call fails before any function runs, for "
        "every Semantic Kernel function"
    ),
    "10,000 extra keys": (
        "Semantic Kernel answers undeclared arguments itself, before any function runs, listing every "
        "name (`Received unexpected argument(s): [...]`): 10,000 names make an 89 kB message, for every "
        "Semantic Kernel function"
    ),
}
"""Hostile cases Semantic Kernel's channel cannot deliver to any function."""
UNPARSED = "The tool call arguments are malformed"
"""Semantic Kernel's own answer to arguments it could not decode (the function is never reached)."""

_REFUSED = (
    "An error occurred while invoking the function",
    "The tool call arguments are malformed",
    "Missing required argument",
    "Received unexpected argument",
    "There are `",
    "is not part of the provided tools",
)
"""How Semantic Kernel's loop tells the model a call failed (it has no error flag on a result)."""


def available() -> bool:
    return distribution_installed("semantic-kernel")


# ------------------------------------------------------------------------------ native tools


def native(spec: Any) -> Any:
    from typing import Annotated

    from _harness import with_native_context
    from semantic_kernel.functions import KernelArguments, kernel_function
    from semantic_kernel.functions.kernel_function_from_method import KernelFunctionFromMethod

    fn = spec.fn
    if spec.context:
        hidden = Annotated[KernelArguments, {"include_in_function_choices": False}]
        fn = with_native_context(fn, spec.context, "arguments", hidden, lambda a: a.get(CONTEXT_KEY))
    method = kernel_function(fn, name=spec.name, description=fn.__doc__)
    return KernelFunctionFromMethod(method, plugin_name=PLUGIN, additional_metadata=dict(spec.meta or {}))


def convert(neutral: Any, **options: Any) -> Any:
    from interop.semantic_kernel import to_semantic_kernel

    (function,) = to_semantic_kernel(neutral, PLUGIN, **options).functions.values()
    return function


# ------------------------------------------------------------------------------ what the model sees


def view(native_tool: Any) -> View:
    from _harness import View
    from semantic_kernel.connectors.ai.function_calling_utils import (
        kernel_function_metadata_to_function_call_format,
    )

    from interop.bridge import read_carried_meta

    sent = kernel_function_metadata_to_function_call_format(native_tool.metadata)["function"]
    meta, title, _ = read_carried_meta(native_tool.metadata.additional_properties or {})
    return View(native_tool.name, sent["description"], title, sent["parameters"], meta)


# ------------------------------------------------------------------------------ the native call path


def make_kernel(native_tool: Any, steps: list[Any], approve: Any = None) -> tuple[Any, Any]:
    """A `Kernel` holding the function, over the scripted chat service of tests/sk_kit.py."""
    from semantic_kernel import Kernel
    from semantic_kernel.functions import KernelPlugin
    from sk_kit import Scripted

    kernel = Kernel()
    service = Scripted(steps)
    kernel.add_service(service)
    plugin = KernelPlugin(name=native_tool.plugin_name or PLUGIN)
    plugin.functions[native_tool.name] = native_tool  # the function itself (a plugin would copy it)
    kernel.add_plugin(plugin)
    if approve is not None:
        from interop.semantic_kernel import approval_filter

        kernel.add_filter("auto_function_invocation", approval_filter(approve))
    return kernel, service


def _run(kernel: Any, service: Any, context: Any = None) -> Any:
    """A coroutine: tests/sk_kit.py's function calling loop, with the context as `CONTEXT_KEY`."""
    from sk_kit import run

    return run(kernel, service, **({CONTEXT_KEY: context} if context is not None else {}))


async def call(native_tool: Any, args: Any, context: Any) -> Outcome:
    """A real Semantic Kernel function calling loop: the scripted model calls the function once, then answers."""
    from _harness import Outcome

    kernel, service = make_kernel(native_tool, [[(native_tool.fully_qualified_name, args)], "done"])
    try:
        answer = await _run(kernel, service, context)
    except Exception as e:  # the chat call failed: not a channel the model reads
        return Outcome(True, f"{type(e).__name__}: {e}", raised=e)
    assert str(answer) == "done", answer
    (message,) = service.tool_messages()
    text = str(message["content"])
    # the result is bound to the model's call (tool_call_id), hence to the function it called
    called = {
        c["id"]: c["function"]["name"] for m in service.sent[-1] for c in m.get("tool_calls") or []
    }
    name = called.get(message.get("tool_call_id"), "").split("-", 1)[-1] or None
    return Outcome(text.startswith(_REFUSED), text, tool_name=name)


async def paused_for_approval(native_tool: Any, args: dict[str, Any]) -> bool:
    """Whether Semantic Kernel's approval point (an auto function invocation filter) is asked about
    the call before the function runs (the filter here denies: the run goes on without it)."""
    asked: list[Any] = []

    def deny(request: Any) -> bool:
        asked.append(request)
        return False

    kernel, service = make_kernel(native_tool, [[(native_tool.fully_qualified_name, args)], "done"], deny)
    await _run(kernel, service)
    (message,) = service.tool_messages()
    return bool(asked) and "was not approved" in str(message["content"])


def run_calling(native_tool: Any, args: dict[str, Any]) -> Any:
    """A coroutine: a whole function calling loop that calls the function (to cancel mid-call)."""
    kernel, service = make_kernel(native_tool, [[(native_tool.fully_qualified_name, args)], "done"])
    return _run(kernel, service)


native_gated = None
"""Semantic Kernel has no approval flag on a function (an auto function invocation filter decides in code)."""
