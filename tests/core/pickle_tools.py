"""Module-level tools for the pickle/deepcopy tests (pickled by reference or by recipe)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

import interop


class Args(BaseModel):
    a: int
    b: int = 1


@interop.tool(meta={"tags": ["math"]})
def add(a: int, b: int = 1) -> int:
    """Add two integers."""
    return a + b


def run_divide(args: Args, context: Any = None) -> float:
    return args.a / args.b


divide = interop.standard_tool(
    name="divide", description="Divide a by b.", input_schema=Args, output_schema=float, execute=run_divide
)

raw = interop.standard_tool(
    name="raw",
    description="A raw JSON Schema tool.",
    input_schema={"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    execute=run_divide if False else (lambda args: args),  # a lambda: cannot be pickled
)


def allow(_request: Any) -> bool:
    return True


def shown(output: Any) -> str:
    return f"sum={output}"
