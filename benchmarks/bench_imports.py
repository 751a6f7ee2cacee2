"""Import time: `import interop` and `import interop.<adapter>` vs what a user imports anyway.

Each import runs in a fresh interpreter (`python -c`), timed inside the child around the import
statement only (interpreter start-up excluded), as CPU time (`time.process_time`) so that other
load on this small machine does not skew it; baseline and ours alternate, and the ratio is taken
per pair. Rows: median of `REPEATS` pairs (`INFO_REPEATS` for rows without a target), spread =
interquartile range of the ratio. Children may write `.pyc` files (see `ENV`).

Baselines:
- core: `import pydantic` alone is lazy (it loads almost nothing until a name is touched), so
  the honest baseline is the pydantic a user of schemas pays for: `BaseModel`, `Field`,
  `TypeAdapter`, `create_model` and `pydantic.json_schema` (what interop needs too). The plain
  `import pydantic` row is shown for information.
- adapters: the framework's own tool module, the one a user imports to build a native tool
  (`interop.<adapter>` imports the framework as well, so the ratio is the adapter's own cost).

Run: `.venv/bin/python benchmarks/bench_imports.py`
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._compare import compare  # noqa: E402

REPEATS = 15
INFO_REPEATS = 5

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Children may write and read `.pyc` files, as an installed package does (pip compiles them):
with PYTHONDONTWRITEBYTECODE set, every child would recompile this checkout's modules from
source while the frameworks' installed bytecode is reused, an unfair few milliseconds per module."""

PYDANTIC_PARTS = "import pydantic; from pydantic import BaseModel, Field, TypeAdapter, create_model; import pydantic.json_schema"

_FN = 'def add(a: int, b: int = 1) -> int:\n    """Add two numbers."""\n    return a + b\n'
"""A function to convert, defined in the child (statements may span lines)."""

# (name, baseline statement, our statement, target or None)
CASES: tuple[tuple[str, str, str, float | None], ...] = (
    (
        "import interop vs import pydantic (lazy: loads almost nothing)",
        "import pydantic",
        "import interop",
        None,
    ),
    (
        "import interop vs pydantic BaseModel/Field/TypeAdapter/json_schema",
        PYDANTIC_PARTS,
        "import interop",
        1.15,
    ),
    (
        "from interop import tool vs pydantic BaseModel/Field/TypeAdapter/json_schema",
        PYDANTIC_PARTS,
        "from interop import tool",
        1.15,
    ),
    (
        "import interop.langchain vs import langchain_core.tools (lazy)",
        "import langchain_core.tools",
        "import interop.langchain",
        None,
    ),
    (
        "import interop.langchain vs from langchain_core.tools import tool, StructuredTool",
        "from langchain_core.tools import tool, StructuredTool",
        "import interop.langchain",
        1.10,
    ),
    (
        "import + first to_langchain vs import + first @tool (langchain)",
        f"from langchain_core.tools import tool\n{_FN}tool(add)",
        f"import interop\nfrom interop.langchain import to_langchain\n{_FN}to_langchain(interop.tool(add))",
        None,
    ),
    (
        "import interop.pydantic_ai vs from pydantic_ai import Tool",
        "from pydantic_ai import Tool",
        "import interop.pydantic_ai",
        1.10,
    ),
    (
        "import interop.llamaindex vs llama_index.core.tools",
        "from llama_index.core.tools import FunctionTool",
        "import interop.llamaindex",
        1.10,
    ),
    (
        "import interop.openai_agents vs from agents import function_tool",
        "from agents import function_tool",
        "import interop.openai_agents",
        1.10,
    ),
    (
        "import interop.mcp vs mcp MCPServer + ClientSession",
        "from mcp.server.mcpserver import MCPServer; from mcp import ClientSession",
        "import interop.mcp",
        1.10,
    ),
)


NOTES = {
    CASES[0][0]: "`import pydantic` is lazy: it defers BaseModel, fields and the validators until first use, "
    "so any schema user pays the next row's baseline anyway; that row carries the target.",
    CASES[1][0]: "`import interop` loads each public name's module on first use (PEP 562), so it costs "
    "almost nothing by itself; the next row carries issue 14's claim.",
    CASES[2][0]: "What issue 14 item 7 measures: the decorator and what it needs (the tool, schema and "
    "protocol modules, pydantic) against the pydantic a schema user pays for.",
    CASES[3][
        0
    ]: "`import langchain_core.tools` is lazy too (module `__getattr__`): nothing is loaded until a name "
    "is touched, and no native tool can be built without `tool`/`StructuredTool`; the next row carries the target.",
    CASES[5][0]: "`interop.langchain` imports langgraph only when first needed: `to_langchain` declares "
    "langgraph's `ToolRuntime` on the converted tool (so ToolNode injects its runtime), which imports "
    "`langgraph.prebuilt` at the first conversion; a LangGraph agent imports it anyway.",
}


def import_ms(statement: str) -> float:
    """CPU milliseconds `statement` takes in a fresh interpreter."""
    code = f"import time\nt = time.process_time()\n{statement}\nprint(time.process_time() - t)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=ENV
    )
    return float(out.stdout.strip().splitlines()[-1]) * 1000


def _row(name: str, base_stmt: str, ours_stmt: str, target: float | None, repeats: int) -> dict[str, object]:
    # the warm-up round warms the OS file cache and writes any missing .pyc files
    result = compare(lambda: import_ms(base_stmt), lambda: import_ms(ours_stmt), repeats)
    return result.row(name, target=target, unit="ms", note=NOTES.get(name))


def run(repeats: int = REPEATS) -> list[dict[str, object]]:
    """One row per case whose modules are installed."""
    rows = []
    for name, base_stmt, ours_stmt, target in CASES:
        try:
            import_ms(ours_stmt)
        except subprocess.CalledProcessError:  # the adapter's extra is not installed
            continue
        rows.append(_row(name, base_stmt, ours_stmt, target, repeats if target is not None else INFO_REPEATS))
    return rows


if __name__ == "__main__":
    for row in run():
        target = row["target"]
        print(
            f"{row['name']:<72} baseline {row['baseline']:8.1f} ms  ours {row['ours']:8.1f} ms  "
            f"ratio {row['ratio']:.3f} (IQR {row['spread']})" + (f", target <= {target}" if target else "")
        )
