"""Semantic Kernel: a converted neutral tool vs a native `@kernel_function` on the same function.

- call: both through `Kernel.invoke_function_call(FunctionCallContent, ChatHistory)`, what Semantic
  Kernel's auto function calling loop runs for each call the model makes (arguments parsed and
  checked against the parameters, auto function invocation filters, `KernelFunction.invoke`, the
  result added to the history), then the tool message as the OpenAI connector sends it
  (`ChatMessageContent.to_dict()`: the result as the text the model reads). The native function's
  arguments are converted by Semantic Kernel's own parsing and its dict result is shown as a Python
  repr, rendered in `to_dict`; ours validates with the neutral schema and renders its JSON text in
  the call. An information row measures the call alone (the definition until 2026-12-07), which
  counts our rendering and not Semantic Kernel's.
- conversion: `to_semantic_kernel` of 1,000 neutral tools (one plugin each) vs 1,000
  `KernelFunctionFromMethod` builds of `@kernel_function` functions, each described as the OpenAI
  connector sends it (`kernel_function_metadata_to_function_call_format`).
- import: `import interop.semantic_kernel` vs `from semantic_kernel.functions import KernelPlugin,
  kernel_function`.

Semantic Kernel cannot share the main environment (pydantic<2.14, mcp<2): where it is not
installed, `run()` runs this file in its venv (`.venv-semantic-kernel`, built by
`make test-semantic-kernel`) and reads its rows.

Run: `.venv-semantic-kernel/bin/python benchmarks/bench_semantic_kernel.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._agents_rows import (  # noqa: E402
    add,
    add_async,
    call_row,
    conversion_rows,
    import_row,
    in_own_env,
    main,
)
from benchmarks._fixtures import ARGS_JSON  # noqa: E402


def _rows() -> list[dict[str, object]]:
    from semantic_kernel import Kernel
    from semantic_kernel.connectors.ai.function_calling_utils import (
        kernel_function_metadata_to_function_call_format,
    )
    from semantic_kernel.contents import ChatHistory, FunctionCallContent
    from semantic_kernel.functions import KernelPlugin, kernel_function
    from semantic_kernel.functions.kernel_function_from_method import KernelFunctionFromMethod

    import interop
    from interop.semantic_kernel import to_semantic_kernel

    def kernel_with(plugin: KernelPlugin) -> Kernel:
        kernel = Kernel()
        kernel.add_plugin(plugin)
        return kernel

    def caller(kernel: Kernel, name: str, *, rendered: bool = True) -> Any:
        call = FunctionCallContent(id="c1", name=name, arguments=ARGS_JSON)

        async def run() -> Any:
            history = ChatHistory()
            await kernel.invoke_function_call(call, history)
            if rendered:  # the tool message as the connector sends it (the result as text)
                history.messages[-1].to_dict()

        return run

    def native_plugin(fn: Any) -> KernelPlugin:
        return KernelPlugin(name="native", functions=[kernel_function(fn)])

    def native(fn: Any) -> Any:
        return KernelFunctionFromMethod(kernel_function(fn), plugin_name="bench")

    def to_sk(tool: Any) -> Any:
        (function,) = to_semantic_kernel(tool, "bench").functions.values()
        return function

    def describe(f: Any) -> Any:
        return kernel_function_metadata_to_function_call_format(f.metadata)

    return [
        call_row(
            "semantic kernel invoke_function_call, sync fn (threaded=False)",
            caller(kernel_with(native_plugin(add)), "native-add"),
            caller(kernel_with(to_semantic_kernel(interop.tool(add), "ours", threaded=False)), "ours-add"),
            "vs @kernel_function, both inline on the event loop (where Semantic Kernel runs its own sync "
            "functions); ours validates with the neutral schema and shows JSON text",
        ),
        {
            **call_row(
                "semantic kernel invoke_function_call, sync fn (threaded=False), result not rendered",
                caller(kernel_with(native_plugin(add)), "native-add", rendered=False),
                caller(
                    kernel_with(to_semantic_kernel(interop.tool(add), "ours", threaded=False)),
                    "ours-add",
                    rendered=False,
                ),
                "information (the row's definition until 2026-12-07): the call alone; Semantic Kernel "
                "renders a native result as text later, when the connector sends the tool message, "
                "ours renders its JSON text in the call",
            ),
            "target": None,
        },
        {
            **call_row(
                "semantic kernel invoke_function_call, sync fn (default: a worker thread)",
                caller(kernel_with(native_plugin(add)), "native-add"),
                caller(kernel_with(to_semantic_kernel(interop.tool(add), "ours")), "ours-add"),
                "information: the default runs a sync tool on a worker thread (so it never blocks the "
                "other calls of a turn); Semantic Kernel's own runs inline",
            ),
            "target": None,
        },
        call_row(
            "semantic kernel invoke_function_call, async fn",
            caller(kernel_with(native_plugin(add_async)), "native-add_async"),
            caller(kernel_with(to_semantic_kernel(interop.tool(add_async), "ours")), "ours-add_async"),
            "vs @kernel_function on an async function",
        ),
        *conversion_rows(
            "semantic_kernel",
            native,
            to_sk,
            describe,
            "one plugin per tool; each described as the OpenAI connector sends it",
        ),
        import_row(
            "import interop.semantic_kernel vs from semantic_kernel.functions import KernelPlugin, kernel_function",
            "from semantic_kernel.functions import KernelPlugin, kernel_function",
            "import interop.semantic_kernel",
            "the adapter imports Semantic Kernel too: the ratio is interop's own cost",
        ),
    ]


def run() -> list[dict[str, object]]:
    return in_own_env(
        "semantic-kernel", ".venv-semantic-kernel", __file__, _rows, "`make test-semantic-kernel`"
    )


if __name__ == "__main__":
    main(_rows)
