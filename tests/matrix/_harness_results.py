"""Collects matrix results across tests and renders the table (`MATRIX.md`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from _harness import FRAMEWORKS, NORMALIZATION

MATRIX_MD: Path | None = Path(__file__).with_name("MATRIX.md")
from _harness import ENVIRONMENT  # noqa: E402

if ENVIRONMENT != "main":
    # A framework in its own environment (`make test-crewai`, `make test-strands`) has its own table,
    # named by the Makefile (MATRIX-crewai.md, tracked). Any other partial environment (a matrix stage,
    # a venv missing a framework) prints its table and writes no file: the environment's framework
    # list (the dev tools bring langchain-core everywhere) would name a new untracked file each time.
    _name = os.environ.get("INTEROP_MATRIX_TABLE")
    MATRIX_MD = MATRIX_MD.with_name(f"MATRIX-{_name}.md") if _name else None


@dataclass
class CellResult:
    """One (source, target) cell: per spec, the failed checks and whether each is a documented gap."""

    source: str
    target: str
    specs: dict[str, dict[str, str | None]] = field(default_factory=dict)
    gaps: dict[tuple[str, str], str] = field(default_factory=dict)  # (spec, check) -> reason

    def add(self, spec: str, checks: dict[str, str | None], reason: Callable[[str], str | None]) -> None:
        self.specs[spec] = checks
        for check, failure in checks.items():
            if failure is not None:
                why = reason(check)
                if why is not None:
                    self.gaps[(spec, check)] = why

    @property
    def total(self) -> int:
        return len(self.specs)

    @property
    def passed(self) -> int:
        return sum(all(v is None for v in checks.values()) for checks in self.specs.values())

    @property
    def checks_total(self) -> int:
        return sum(len(c) for c in self.specs.values())

    @property
    def checks_passed(self) -> int:
        return sum(v is None for c in self.specs.values() for v in c.values())

    def undocumented(self) -> list[tuple[str, str, str]]:
        return [
            (spec, check, failure)
            for spec, checks in self.specs.items()
            for check, failure in checks.items()
            if failure is not None and (spec, check) not in self.gaps
        ]


RESULTS: dict[tuple[str, str], CellResult] = {}

IDIOMS = """\
- neutral: `interop.tool(fn, title=..., meta=..., context="caller")`;
- langchain: `@tool` (plain specs) or `StructuredTool.from_function(func|coroutine, metadata=, tags=)`;
  context through a `config: RunnableConfig` parameter (no title slot);
- pydantic-ai: `Tool(fn, metadata=)`; context through `ctx: RunContext` (`ctx.deps`) (no title slot);
- llamaindex: `FunctionTool.from_defaults(fn=|async_fn=)`; context through `ctx: Context` and the
  workflow store (no title or meta slot);
- openai-agents: `@function_tool` (strict; `strict_mode=False` where the SDK refuses an open
  object); context through `ctx: ToolContext` (no title or meta slot);
- mcp: the SDK's `MCPServer.add_tool(fn, title=, annotations=, meta=)`, consumed in-process with
  `interop.mcp.mcp_tools`; context through the SDK `Context` and the request `_meta`.

Targets are called through their native paths: LangChain `tool.ainvoke(ToolCall)` -> `ToolMessage`;
pydantic-ai a real `Agent.run` with a `FunctionModel`; LlamaIndex `acall` with the workflow
`Context` injected as agents do; OpenAI Agents `on_invoke_tool(ToolContext, json)`; MCP
`call_tool` over a client session to `interop.mcp.build_server`.
"""
IDIOMS += """
Plugin frameworks:
- strands: `@tool` (`@tool(context=True)` with `tool_context: ToolContext` reading
  `invocation_state["context"]`; an `AgentTool` subclass where `@tool` refuses `Annotated[..., Field]`)
  (no title or meta slot); called through a real `Agent.invoke_async` with a scripted `Model`
  (context in `invocation_state`);
- agno: `@tool(title=, annotations=<MCP hints>)`; context through `run_context: RunContext`
  (`run_context.dependencies`) (no slot for other meta); called through a real `Agent.arun` with a
  scripted `Model` (context as `dependencies`);
- google-genai: the plain function (a `FunctionDeclaration` with the function where automatic
  calling cannot read the signature: a TypedDict parameter) (no context, title or meta slot);
  called through a real `client.aio.models.generate_content` with automatic function calling over
  a scripted Gemini API (context bound with `interop.google_genai.run_context`);
- anthropic: `@beta_tool` / `@beta_async_tool` returning text (no context, title or meta slot);
  called through a real `client.beta.messages.tool_runner(...).until_done()` over a scripted
  Messages API (context bound with `interop.anthropic.run_context`);
- agent-framework: `@tool(additional_properties=<meta>)`; context through
  `ctx: FunctionInvocationContext` (`ctx.kwargs["context"]`) (no title slot); called through a real
  `Agent.run` over a scripted `FunctionInvocationLayer` chat client (context in
  `function_invocation_kwargs`).
- semantic-kernel: a `@kernel_function` method as a `KernelFunctionFromMethod(additional_metadata=<meta>)`;
  context through an `arguments: Annotated[KernelArguments, {"include_in_function_choices": False}]`
  parameter (`arguments["interop_context"]`) (no title slot); called through a real `Kernel` in
  Semantic Kernel's function calling loop (`FunctionChoiceBehavior.Auto()`) over a scripted chat
  service (context as `KernelArguments(interop_context=...)`).
"""


def render(results: dict[tuple[str, str], CellResult]) -> str:
    """The matrix as Markdown: cells are specs passing every check / specs, with gap footnotes."""
    notes: dict[str, int] = {}
    lines = [
        "# Conversion matrix",
        "",
        "Generated by `pytest tests/matrix` (do not edit by hand). Rows: where a tool was written",
        "(neutral `@tool`, or natively in the framework's own idiom); columns: the framework it is",
        "used from, after `from_<source>` then `to_<target>`. A cell is `specs passing every check /",
        "specs`; every check is name, description, title, input JSON Schema, meta, the valid call's",
        "result and the invalid call's error through the target's native call path (and that the",
        "function never ran). Marks point to documented framework limitations below.",
        "",
        "| source \\ target | " + " | ".join(FRAMEWORKS) + " |",
        "|---|" + "---|" * len(FRAMEWORKS),
    ]
    for source in FRAMEWORKS:
        row = [f"**{source}**"]
        for target in FRAMEWORKS:
            cell = results.get((source, target))
            if cell is None:
                row.append("not run")
                continue
            marks = sorted({notes.setdefault(why, len(notes) + 1) for why in cell.gaps.values()})
            suffix = " " + ",".join(f"[{m}]" for m in marks) if marks else ""
            row.append(
                f"{cell.passed}/{cell.total} ({cell.checks_passed}/{cell.checks_total} checks){suffix}"
            )
        lines.append("| " + " | ".join(row) + " |")
    if notes:
        lines += ["", "## Documented gaps", ""]
        for why, n in sorted(notes.items(), key=lambda kv: kv[1]):
            where = sorted(
                {
                    f"{s}->{t}: {spec}.{check}"
                    for (s, t), c in results.items()
                    for (spec, check), w in c.gaps.items()
                    if w == why
                }
            )
            shown = "; ".join(where[:6]) + (f"; ... ({len(where)} in all)" if len(where) > 6 else "")
            lines.append(f"[{n}] {why} ({shown})")
            lines.append("")
    lines += ["## How each source writes its tools", "", IDIOMS, "## Schema normalization", "", NORMALIZATION]
    return "\n".join(lines) + "\n"
