"""Conversion: 1,000 distinct tools to each framework vs building the same 1,000 natively.

The tools are 1,000 distinct functions (four signature shapes, each with its own name and a
Google-style docstring), made fresh for every round so that nothing cached on a function object
carries over. For each framework:

- native: the framework's own decorator/constructor on each function (LangChain `@tool`,
  pydantic-ai `Tool(fn)`, LlamaIndex `FunctionTool.from_defaults(fn)`, OpenAI Agents
  `@function_tool`, MCP `MCPServer.add_tool(fn)` + `list_tools()` descriptors);
- ours, from the function: `interop.tool(fn)` then `to_X` -- the same input (a plain function)
  to the same output (a framework tool), the fair comparison; this row carries the target;
- ours, conversion only: `to_X` of neutral tools built beforehand -- what an application pays for
  a tool library that ships neutral tools (the library's `@tool` ran at its import, as a native
  library's decorators would);
- `from_X` of the 1,000 native tools (information; the baseline is their native build);
- memory: bytes retained per tool (tracemalloc, after a full collection), neutral tool +
  converted tool vs the native tool;
- schema emission: `input_json_schema(tool)` of a `@tool` tool, second call vs first.

Times are CPU time of this thread (`time.thread_time_ns`) per tool; median over `ROUNDS` rounds
with native and ours interleaved; spread = interquartile range of the per-round ratio.

Run: `.venv/bin/python benchmarks/bench_conversion.py`
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import os
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import Comparison  # noqa: E402

N = 1000
N_MEMORY = 500
ROUNDS = 3
TARGET = 1.0

_SHAPES = (
    '''def {name}(city: str, days: int = 1, units: str = "c") -> str:
    """Forecast number {i} for a city.

    Args:
        city: The city.
        days: How many days ahead.
        units: c or f.
    """
    return city
''',
    '''def {name}(a: int, b: int = 1) -> int:
    """Add two numbers ({i}).

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b
''',
    '''def {name}(query: str, limit: int = 10, tags: list[str] | None = None) -> list[str]:
    """Search the catalogue, variant {i}.

    Args:
        query: Words to look for.
        limit: The most results to return.
        tags: Only items with these tags.
    """
    return [query]
''',
    '''def {name}(item_id: int, note: str = "", urgent: bool = False) -> dict[str, int]:
    """Flag item {i} for review.

    Args:
        item_id: The item.
        note: Why.
        urgent: Whether it cannot wait.
    """
    return {{"item_id": item_id}}
''',
)

_batch = itertools.count()

MCP_MEMORY_NOTE = (
    "; native keeps its MCPServer (the tools the descriptors describe, what makes them callable) as"
    " ours keeps each descriptor's neutral tool; earlier runs kept only the descriptors, and"
    " the server, with every tool's function metadata, was collected before the measurement"
)


def functions(n: int = N) -> list[Callable[..., Any]]:
    """`n` fresh, distinct functions (a new batch of names on every call)."""
    batch = next(_batch)
    source = "\n".join(_SHAPES[i % len(_SHAPES)].format(name=f"tool_{batch}_{i}", i=i) for i in range(n))
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<bench tools {batch}>", "exec"), namespace)
    return [namespace[f"tool_{batch}_{i}"] for i in range(n)]


# ------------------------------------------------------------------------------------- frameworks


Parts = tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any] | None, Callable[[Any], Any]]
"""(native build of one function, to_X, from_X or None, describe: the model-facing schema)."""


def _identity(tool: Any) -> Any:
    return tool


def _langchain() -> Parts | None:
    try:
        from langchain_core.tools import tool as lc_tool
        from langchain_core.utils.function_calling import convert_to_openai_tool

        from interop.langchain import from_langchain, to_langchain
    except ImportError:
        return None
    return lc_tool, to_langchain, from_langchain, convert_to_openai_tool  # what bind_tools calls


def _pydantic_ai() -> Parts | None:
    try:
        from pydantic_ai import Tool

        from interop.pydantic_ai import from_pydantic_ai, to_pydantic_ai
    except ImportError:
        return None
    return Tool, to_pydantic_ai, from_pydantic_ai, lambda t: t.tool_def  # what the agent sends


def _llamaindex() -> Parts | None:
    try:
        from llama_index.core.tools import FunctionTool

        from interop.llamaindex import from_llamaindex, to_llamaindex
    except ImportError:
        return None
    return FunctionTool.from_defaults, to_llamaindex, from_llamaindex, lambda t: t.metadata.to_openai_tool()


def _openai_agents() -> Parts | None:
    try:
        from agents import function_tool

        from interop.openai_agents import from_openai_agents, to_openai_agents
    except ImportError:
        return None
    return function_tool, to_openai_agents, from_openai_agents, _identity  # params_json_schema is built


class _Served(list[Any]):
    """MCP's native result: the descriptors, and the server whose tools they describe (what makes
    them callable; ours keeps the neutral tool each descriptor was made from, for the same reason),
    so the memory rows compare like with like."""

    def __init__(self, descriptors: list[Any], server: Any) -> None:
        super().__init__(descriptors)
        self.server = server


def _mcp() -> Parts | None:
    try:
        from mcp.server.mcpserver import MCPServer

        from interop.mcp import to_mcp
    except ImportError:
        return None

    def native_all(fns: list[Callable[..., Any]]) -> list[Any]:
        server = MCPServer("bench", log_level="WARNING")  # its default configures root logging at INFO
        for fn in fns:
            server.add_tool(fn)
        return _Served(asyncio.run(server.list_tools()), server)

    return native_all, to_mcp, None, _identity  # descriptors are the description


FRAMEWORKS: dict[str, Callable[[], tuple[Any, ...] | None]] = {
    "langchain": _langchain,
    "pydantic-ai": _pydantic_ai,
    "llamaindex": _llamaindex,
    "openai-agents": _openai_agents,
    "mcp": _mcp,
}


# -------------------------------------------------------------------------------------- measuring


def _per_tool_us(fn: Callable[[Any], Any], arg: Any, n: int = N) -> tuple[float, Any]:
    """CPU microseconds per tool of `fn(arg)` (arg prepared outside the timing), and its result."""
    gc.collect()
    start = time.thread_time_ns()
    out = fn(arg)
    return (time.thread_time_ns() - start) / n / 1000, out


Builders = tuple[
    Callable[[list[Callable[..., Any]]], list[Any]],  # native build (+ describe) of functions
    Callable[[list[Callable[..., Any]]], list[Any]],  # @tool + to_X (+ describe) of functions
    Callable[[list[Any]], list[Any]],  # to_X (+ describe) of neutral tools
]


def builders(label: str, parts: Parts) -> Builders:
    """Each side builds the tools and describes each once to a model, the framework's own way."""
    native, to_x, _, describe = parts

    def build_native(fns: list[Callable[..., Any]]) -> list[Any]:
        tools = native(fns) if label == "mcp" else [native(fn) for fn in fns]
        for t in tools:
            describe(t)
        return tools

    def convert(neutral: list[Any]) -> list[Any]:
        tools = [to_x(t) for t in neutral]
        for t in tools:
            describe(t)
        return tools

    def build_ours(fns: list[Callable[..., Any]]) -> list[Any]:
        return convert([interop.tool(fn) for fn in fns])

    return build_native, build_ours, convert


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def memory_child(label: str, side: str, n: int = N_MEMORY) -> dict[str, float]:
    """In a fresh interpreter: bytes per tool kept alive by building `n` tools on `side`.

    `rss`: growth of the resident set (includes pydantic-core's Rust-side validators and
    serializers, which tracemalloc cannot see); `traced`: tracemalloc's count of Python
    allocations, from a second, separate batch.
    """
    parts = FRAMEWORKS[label]()
    assert parts is not None
    build_native, build_ours, convert = builders(label, parts)
    if side == "native":
        build: Callable[[], Any] = build_native
    elif side == "descriptors":  # MCP's descriptors alone (its server collected): information
        build = lambda fns: list(build_native(fns))  # noqa: E731
    elif side == "ours":
        build = build_ours
    else:
        build = lambda fns: convert([interop.tool(fn) for fn in fns])  # noqa: E731 - timed below
    build(functions(8))  # first-use imports and caches
    out: dict[str, float] = {}
    kept = []
    for how in ("rss", "traced"):
        fns = functions(n)
        neutral = [interop.tool(fn) for fn in fns] if side == "convert" else None
        gc.collect()
        if how == "traced":
            tracemalloc.start()
        before = _rss() if how == "rss" else tracemalloc.get_traced_memory()[0]
        kept.append(convert(neutral) if neutral is not None else build(fns))
        gc.collect()
        after = _rss() if how == "rss" else tracemalloc.get_traced_memory()[0]
        out[how] = (after - before) / n
    return out


def _memory(label: str, side: str) -> dict[str, float]:
    code = (
        f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks import bench_conversion as b; "
        f"print(json.dumps(b.memory_child({label!r}, {side!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def measure(label: str, parts: Parts, rounds: int) -> dict[str, Comparison]:
    """Per-tool CPU time of `rounds` rounds, each against that round's native builds: `"conv"`
    (`to_X` of neutral tools), `"full"` (`@tool` + `to_X` of the functions) and `"from"` (`from_X`
    of the round's native tools; where `parts` has a `from_X`)."""
    build_native, build_ours, convert = builders(label, parts)
    from_x = parts[2]
    warm = functions(8)  # first-use imports and caches, paid by both sides before timing
    build_native(warm)
    build_ours(warm)
    base, full, conv, frm = [], [], [], []
    for _ in range(rounds):
        b, natives = _per_tool_us(build_native, functions())
        f, _ = _per_tool_us(build_ours, functions())
        c, _ = _per_tool_us(convert, [interop.tool(fn) for fn in functions()])
        base.append(b)
        full.append(f)
        conv.append(c)
        if from_x is not None:
            r, _ = _per_tool_us(lambda tools: [from_x(t) for t in tools], natives)
            frm.append(r)
    measured = {"conv": Comparison(base, conv), "full": Comparison(base, full)}
    if frm:
        measured["from"] = Comparison(base, frm)
    return measured


def versus_rows(
    label: str,
    native: str,
    measured: dict[str, Comparison],
    full: str = "@tool + to_X",
    *,
    targets: dict[str, float | None] | None = None,
    from_name: str | None = None,
) -> list[dict[str, Any]]:
    """The rows of a conversion measurement (`measure`'s), each against `N` `native` builds: `to_X`
    of neutral tools (target 1.0), `full` of functions and `from_X` of native tools (information
    unless `targets` gives theirs)."""
    names = {
        "conv": f"{label}: to_X of {N:,} neutral tools vs {N:,} {native}",
        "full": f"{label}: {full} of {N:,} functions vs {N:,} {native}",
        "from": from_name or f"{label}: from_X of {N:,} native tools vs {N:,} {native}",
    }
    targets = targets or {"conv": TARGET, "full": None, "from": None}
    return [
        measured[k].row(name, target=targets[k], unit="us/tool") for k, name in names.items() if k in measured
    ]


def bench_framework(label: str, parts: Parts, rounds: int) -> list[dict[str, Any]]:
    rows = versus_rows(
        label,
        "native builds",
        measure(label, parts, rounds),
        # issue 14 item 7: `@tool` + `to_X` at most the framework's own decorator; issue 37: `from_X`
        # of native tools at most building them natively
        targets={"conv": TARGET, "full": TARGET, "from": TARGET},
        from_name=f"{label}: from_X of {N:,} native tools (vs their native build)",
    )
    mem = {side: _memory(label, side) for side in ("native", "ours", "convert")}
    if label == "mcp":
        descriptors = _memory(label, "descriptors")
        rows.append(
            {
                "name": f"{label}: memory per tool, @tool + to_X vs native descriptors alone (tracemalloc)",
                "baseline": round(descriptors["traced"]),
                "ours": round(mem["ours"]["traced"]),
                "ratio": round(mem["ours"]["traced"] / descriptors["traced"], 3),
                "target": None,
                "unit": "B/tool",
                "note": "information: the former baseline (list_tools descriptors, the server collected), "
                "though ours still keeps the neutral tools that run the calls",
            }
        )
    for side, what in (("ours", "@tool + to_X"), ("convert", "to_X only")):
        rows.append(
            {
                "name": f"{label}: memory per tool, {what} vs native (tracemalloc)",
                "baseline": round(mem["native"]["traced"]),
                "ours": round(mem[side]["traced"]),
                "ratio": round(mem[side]["traced"] / mem["native"]["traced"], 3),
                "target": TARGET,  # issue 14 item 7: at most the native tool's memory
                "unit": "B/tool",
                "note": f"resident set growth per tool: native {mem['native']['rss']:.0f} B, "
                f"{what} {mem[side]['rss']:.0f} B (tracemalloc cannot see pydantic-core's Rust allocations)"
                + (MCP_MEMORY_NOTE if label == "mcp" else ""),
            }
        )
    return rows


def run(rounds: int = ROUNDS) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for label, load in FRAMEWORKS.items():
        parts = load()
        if parts is None:
            continue
        rows += bench_framework(label, parts, rounds)
    return rows


if __name__ == "__main__":
    only = sys.argv[1:]
    if only:
        FRAMEWORKS = {k: v for k, v in FRAMEWORKS.items() if k in only}
    for row in run():
        target = row["target"]
        print(
            f"{row['name']:<66} baseline {row['baseline']:>9.4g} ours {row['ours']:>9.4g} {row['unit']:<8} "
            f"ratio {row['ratio']:.3f}"
            + (f" (IQR {row['spread']})" if "spread" in row else "")
            + (f", target <= {target}" if target is not None else "")
        )
