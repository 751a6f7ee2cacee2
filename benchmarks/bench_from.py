"""`from_X` of 1,000 native tools vs building those tools natively, for every framework whose
`from_X` is not already measured by `bench_conversion` (LangChain, pydantic-ai, LlamaIndex and
OpenAI Agents are; their rows are defined the same way) -- issue 37: "`from_X` of 1,000 native
tools per framework <= 1.0 of building them natively".

The tools are 1,000 distinct functions (`_fw_rows.functions`: four signature shapes of 2-3 typed
parameters described in a Google-style docstring, each with its own name), made fresh for every
build so that nothing cached on a function object carries over. For each framework:

- baseline: the framework's own decorator/class on each function, the way its users build a tool,
  and each tool described once as the framework sends it to a model (the same native build and
  description as that framework's own suite, `bench_<framework>.py`);
- ours: `from_X` of each of 1,000 native tools built the same way beforehand (outside the timing,
  and not described, so no schema the description cached is there for `from_X` to reuse), then
  the neutral tool's input JSON Schema read once (what `to_X` or a model request reads first);
  as in `bench_conversion`, `from_X` alone is compared with the native build: an application
  that converts a native library pays the native build either way.
- MCP: the baseline is `MCPServer.add_tool` of each function and the server's `list_tools()`
  descriptors (`bench_conversion`'s native MCP build); ours is `from_mcp` over an in-memory
  `mcp.Client` of such a server (connected outside the timing): the client's `tools/list` of the
  1,000 descriptors, and a neutral tool from each.

Before its figures count, one converted tool of each framework is called through
`interop.call` (`interop.acall` for MCP, on the session's loop) and its result asserted.

Times are CPU time of this thread (`time.thread_time_ns`) per tool; median over `ROUNDS` rounds
with baseline and ours interleaved (which goes first alternates); spread = interquartile range of
the per-round ratio (`_compare.Comparison`).

A framework whose package is missing is skipped. CrewAI, Strands and Semantic Kernel cannot share
the main environment: `run()` runs this file in `.venv-crewai`, `.venv-strands` and
`.venv-semantic-kernel` (where they exist) for those frameworks and adds their rows.

Run: `.venv/bin/python benchmarks/bench_from.py [framework ...]` (prints only), or
`.venv-strands/bin/python benchmarks/bench_from.py strands`.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import os
import subprocess
import sys
import tempfile
import time
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import Comparison  # noqa: E402
from benchmarks._fw_rows import functions  # noqa: E402 - findable source: smolagents reads it

N = 1000
ROUNDS = 5
TARGET = 1.0
ADD = {"a": 2, "b": 3}
"""The arguments of the check call: tool 1 of every batch is `(a: int, b: int = 1) -> int`, a + b."""

SIDE_ENVIRONMENTS = {
    "crewai": ".venv-crewai",
    "strands": ".venv-strands",
    "semantic_kernel": ".venv-semantic-kernel",
}


@dataclass
class Framework:
    """How one framework's users build a tool, how it describes it, and our way back from it."""

    native: Callable[[list[Callable[..., Any]]], list[Any]]
    """The native tools of the functions (not described)."""
    describe: Callable[[list[Any]], Any]
    """Each tool described once as the framework sends it to a model."""
    from_x: Callable[[Any], Any]
    note: str
    rounds: int = ROUNDS


def _each(build: Callable[[Callable[..., Any]], Any]) -> Callable[[list[Callable[..., Any]]], list[Any]]:
    return lambda fns: [build(fn) for fn in fns]


def _describe_each(describe: Callable[[Any], Any]) -> Callable[[list[Any]], None]:
    def run(tools: list[Any]) -> None:
        for t in tools:
            describe(t)

    return run


# ------------------------------------------------------------------------------------- frameworks


def _ag2() -> Framework:
    from ag2 import tool

    from interop.ag2 import from_ag2

    return Framework(
        _each(tool), _describe_each(lambda t: t.schema.function.parameters), from_ag2, "@tool, its schema"
    )


def _agent_framework() -> Framework:
    from agent_framework import tool

    from interop.agent_framework import from_agent_framework

    return Framework(
        _each(tool),
        _describe_each(lambda t: t.to_json_schema_spec()),
        from_agent_framework,
        "@tool, to_json_schema_spec()",
    )


def _agno() -> Framework:
    from agno.tools import tool

    from interop.agno import from_agno

    def describe(fn: Any) -> Any:
        fn.process_entrypoint()
        return fn.to_dict()

    return Framework(
        _each(tool), _describe_each(describe), from_agno, "@tool, processed and described as an Agent does"
    )


def _anthropic() -> Framework:
    from anthropic.lib.tools import beta_tool

    from interop.anthropic import from_anthropic

    return Framework(
        _each(beta_tool), _describe_each(lambda t: t.to_dict()), from_anthropic, "@beta_tool, to_dict()"
    )


def _autogen() -> Framework:
    from autogen_core.tools import FunctionTool

    from interop.autogen import from_autogen

    return Framework(
        _each(lambda fn: FunctionTool(fn, description=fn.__doc__ or "")),
        _describe_each(lambda t: t.schema),
        from_autogen,
        "FunctionTool(fn, description=...), its schema",
    )


def _claude_agent_sdk() -> Framework:
    from claude_agent_sdk import create_sdk_mcp_server, tool

    from interop.claude_agent_sdk import from_claude_agent_sdk

    def native(fn: Any) -> Any:  # a JSON-text handler, parameter types as the SDK's shorthand
        hints = typing.get_type_hints(fn)  # the functions' annotations are strings (a __future__ import)
        shorthand = {name: hints[name] for name in inspect.signature(fn).parameters}

        async def handler(args: dict[str, Any]) -> dict[str, Any]:
            return {"content": [{"type": "text", "text": json.dumps(fn(**args))}]}

        return tool(fn.__name__, fn.__doc__ or "", shorthand)(handler)

    return Framework(
        _each(native),
        lambda tools: create_sdk_mcp_server("bench", tools=tools),
        from_claude_agent_sdk,
        "@tool with a JSON-text handler, served by create_sdk_mcp_server",
    )


def _crewai() -> Framework:
    tmp = tempfile.mkdtemp(prefix="interop-bench-crewai-")
    for key in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        os.environ.setdefault(key, tmp)
    for key in ("CREWAI_TESTING", "CREWAI_DISABLE_TELEMETRY", "CREWAI_DISABLE_TRACKING", "OTEL_SDK_DISABLED"):
        os.environ.setdefault(key, "true")
    from crewai.tools import tool
    from crewai.utilities.agent_utils import convert_tools_to_openai_schema

    from interop.crewai import from_crewai

    return Framework(
        _each(tool), convert_tools_to_openai_schema, from_crewai, "@tool, convert_tools_to_openai_schema"
    )


def _dspy() -> Framework:
    import dspy

    from interop.dspy import from_dspy

    return Framework(
        _each(dspy.Tool),
        _describe_each(lambda t: t.format_as_litellm_function_call()),
        from_dspy,
        "dspy.Tool(fn), format_as_litellm_function_call()",
    )


def _genkit() -> Framework:
    from genkit import Genkit
    from genkit._ai._generate import to_tool_definition  # what a model request carries

    from benchmarks.bench_genkit import native_tool
    from interop.genkit import from_genkit

    ai = Genkit()
    return Framework(
        _each(lambda fn: native_tool(ai, fn)),
        _describe_each(lambda t: to_tool_definition(t.action())),
        from_genkit,
        "@ai.tool() (a pydantic input model), its tool definition",
        rounds=3,  # ~20 ms a native tool: 3 rounds are minutes
    )


def _google_adk() -> Framework:
    from google.adk.tools import FunctionTool

    from interop.google_adk import from_google_adk

    return Framework(
        _each(FunctionTool),
        _describe_each(lambda t: t._get_declaration()),
        from_google_adk,
        "FunctionTool(fn), its declaration",
    )


def _google_genai() -> Framework:
    from google.genai import types

    from interop.google_genai import from_google_genai

    return Framework(
        _each(lambda fn: fn),  # google-genai takes the plain function; declaring it is the build
        _describe_each(
            lambda fn: types.FunctionDeclaration.from_callable_with_api_option(
                callable=fn, use_json_schema=True
            )
        ),
        from_google_genai,
        "the plain function, declared (FunctionDeclaration.from_callable)",
    )


def _haystack() -> Framework:
    from haystack.tools import tool

    from interop.haystack import from_haystack

    return Framework(_each(tool), _describe_each(lambda t: t.tool_spec), from_haystack, "@tool, tool_spec")


def _semantic_kernel() -> Framework:
    from semantic_kernel.connectors.ai.function_calling_utils import (
        kernel_function_metadata_to_function_call_format,
    )
    from semantic_kernel.functions import kernel_function
    from semantic_kernel.functions.kernel_function_from_method import KernelFunctionFromMethod

    from interop.semantic_kernel import from_semantic_kernel

    return Framework(
        _each(lambda fn: KernelFunctionFromMethod(kernel_function(fn), plugin_name="bench")),
        _describe_each(lambda f: kernel_function_metadata_to_function_call_format(f.metadata)),
        from_semantic_kernel,
        "KernelFunctionFromMethod(@kernel_function), as the OpenAI connector describes it",
    )


def _smolagents() -> Framework:
    from smolagents import tool
    from smolagents.models import get_tool_json_schema

    from interop.smolagents import from_smolagents

    return Framework(
        _each(tool), _describe_each(get_tool_json_schema), from_smolagents, "@tool, get_tool_json_schema"
    )


def _strands() -> Framework:
    os.environ.setdefault("OTEL_SDK_DISABLED", "true")
    from strands import tool

    from interop.strands import from_strands

    return Framework(_each(tool), _describe_each(lambda t: t.tool_spec), from_strands, "@tool, tool_spec")


FRAMEWORKS: dict[str, Callable[[], Framework]] = {
    "ag2": _ag2,
    "agent_framework": _agent_framework,
    "agno": _agno,
    "anthropic": _anthropic,
    "autogen": _autogen,
    "claude_agent_sdk": _claude_agent_sdk,
    "crewai": _crewai,
    "dspy": _dspy,
    "genkit": _genkit,
    "google_adk": _google_adk,
    "google_genai": _google_genai,
    "haystack": _haystack,
    "semantic_kernel": _semantic_kernel,
    "smolagents": _smolagents,
    "strands": _strands,
}


# -------------------------------------------------------------------------------------- measuring


def _cpu_us_per_tool(fn: Callable[[], Any]) -> tuple[float, Any]:
    gc.collect()
    start = time.thread_time_ns()
    out = fn()
    return (time.thread_time_ns() - start) / N / 1000, out


def _ours(fw: Framework, natives: list[Any]) -> list[Any]:
    tools = [fw.from_x(t) for t in natives]
    for t in tools:
        interop.input_json_schema(t)
    return tools


def _check(label: str, tools: list[Any]) -> None:
    """The converted tools run: tool 1 (`a + b`) through `interop.call`. A native tool whose result
    is text (the Claude Agent SDK's content blocks) gives "5": the one JSON-or-text rule decodes
    only objects and arrays."""
    result = interop.call(tools[1], dict(ADD))
    assert result in (5, "5"), f"{label}: from_X's tool 1 returned {result!r}, not 5"


def bench_framework(label: str, fw: Framework) -> dict[str, Any]:
    def baseline() -> float:
        fns = functions(N)

        def build() -> list[Any]:
            tools = fw.native(fns)
            fw.describe(tools)
            return tools

        return _cpu_us_per_tool(build)[0]

    def ours() -> float:
        natives = fw.native(functions(N))
        us, tools = _cpu_us_per_tool(lambda: _ours(fw, natives))
        _check(label, tools)
        return us

    warm = functions(8)  # first-use imports and caches, paid by both sides before timing
    fw.describe(fw.native(warm))
    _check(label, _ours(fw, fw.native(warm)))
    result = Comparison()
    for i in range(fw.rounds):
        sides = [(baseline, result.baseline), (ours, result.ours)]
        for measure, out in sides if i % 2 == 0 else sides[::-1]:
            out.append(measure())
    return result.row(
        f"{label}: from_X alone of 1,000 native tools vs building them natively",
        target=TARGET,
        unit="us/tool",
        note=f"native: {fw.note}; ours: from_X of each prebuilt native tool, its input schema read once",
    )


# ------------------------------------------------------------------------------------------- MCP


def _mcp_row(rounds: int = ROUNDS) -> dict[str, Any] | None:
    try:
        from mcp.client.client import Client
        from mcp.server.mcpserver import MCPServer

        from interop.mcp import from_mcp
    except ImportError:
        return None

    def server_of(fns: list[Callable[..., Any]]) -> Any:
        server = MCPServer("bench", log_level="WARNING")  # its default configures root logging at INFO
        for fn in fns:
            server.add_tool(fn)
        return server

    async def baseline() -> float:
        fns = functions(N)
        gc.collect()
        start = time.thread_time_ns()
        await server_of(fns).list_tools()
        return (time.thread_time_ns() - start) / N / 1000

    async def ours(n: int = N) -> float:
        server = server_of(functions(n))
        async with Client(server) as client:
            gc.collect()
            start = time.thread_time_ns()
            tools = await from_mcp(client)
            for t in tools:
                interop.input_json_schema(t)
            spent = (time.thread_time_ns() - start) / n / 1000
            assert len(tools) == n
            result = await interop.acall(tools[1], dict(ADD))
            assert result == 5, f"mcp: from_mcp's tool 1 returned {result!r}, not 5"
        return spent

    async def main() -> Comparison:
        await baseline(), await ours(8)
        result = Comparison()
        for i in range(rounds):
            sides = [(baseline, result.baseline), (ours, result.ours)]
            for measure, out in sides if i % 2 == 0 else sides[::-1]:
                out.append(await measure())
        return result

    return asyncio.run(main()).row(
        "mcp: from_mcp of 1,000 served tools vs serving them natively",
        target=TARGET,
        unit="us/tool",
        note="native: MCPServer.add_tool of each function and list_tools(); ours: from_mcp over an "
        "in-memory mcp.Client of such a server (tools/list of the 1,000 descriptors included), each "
        "tool's input schema read once",
    )


# ------------------------------------------------------------------------------------------ running


def _measure(only: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for label, load in FRAMEWORKS.items():
        if only and label not in only:
            continue
        try:
            fw = load()
        except ImportError:
            continue  # the framework is not installed here
        rows.append(bench_framework(label, fw))
    if not only or "mcp" in only:
        row = _mcp_row()
        if row is not None:
            rows.append(row)
    return rows


def _in_side_environment(label: str) -> list[dict[str, Any]]:
    python = ROOT / SIDE_ENVIRONMENTS[label] / "bin" / "python"
    if not python.exists():
        return []
    done = subprocess.run(
        [str(python), __file__, "--json", label], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def run() -> list[dict[str, Any]]:
    rows = _measure([])
    measured = {str(row["name"]).split(":")[0] for row in rows}
    for label in SIDE_ENVIRONMENTS:
        if label not in measured:
            rows += _in_side_environment(label)
    return rows


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--json" in args:
        print(json.dumps(_measure([a for a in args if a != "--json"])))
        sys.exit(0)
    for row in _measure(args):
        print(
            f"{row['name']:<72} baseline {row['baseline']:>9.4g} ours {row['ours']:>9.4g} {row['unit']:<8} "
            f"ratio {row['ratio']:.3f} (IQR {row['spread']}), target <= {row['target']}"
        )
