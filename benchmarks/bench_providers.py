"""Provider benchmarks: strict compilation, argument restore, and the dispatch overhead per call.

Run as `python benchmarks/bench_providers.py`. Each row compares our figure with a baseline
measured in the same process (median of interleaved repeated runs, thread CPU time). A row meets
its target when `ratio <= target`.
"""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import compare, per_call  # noqa: E402
from interop.bridge import to_json_text  # noqa: E402
from interop.providers import OpenAIToolset, compile_openai_strict  # noqa: E402


class Line(BaseModel):
    sku: str
    qty: int = Field(gt=0)
    note: str | None = None


class Order(BaseModel):
    customer: str
    lines: list[Line]
    rush: bool = False
    coupon: str | None = None


@interop.tool
def place(customer: str, lines: list[Line], rush: bool = False) -> int:
    """Place an order."""
    return len(lines)


SCHEMA = Order.model_json_schema()
ARGS = {"customer": "c", "lines": [{"sku": "a", "qty": 1, "note": None}] * 3, "rush": None}
ARGS_TEXT = json.dumps(ARGS)


def _compare(
    name: str, baseline: Callable[[], Any], ours: Callable[[], Any], target: float, n: int = 300
) -> dict[str, object]:
    clock = time.thread_time
    result = compare(lambda: per_call(baseline, n, clock), lambda: per_call(ours, n, clock), 15, warmup=0)
    return result.row(name, target=target, unit="us", scale=1e6)


def run() -> list[dict[str, object]]:
    from agents.strict_schema import ensure_strict_json_schema

    rows = [
        # compile_openai_strict also widens optional fields to nullable and reports every change
        _compare(
            "strict compile vs openai-agents ensure_strict_json_schema (on a copy)",
            lambda: ensure_strict_json_schema(copy.deepcopy(SCHEMA)),
            lambda: compile_openai_strict(SCHEMA, tool_name="order"),
            target=3.0,
        ),
    ]
    compiled = compile_openai_strict(interop.input_json_schema(place), tool_name="place")
    plain_args = {"customer": "c", "lines": [{"sku": "a", "qty": 1}] * 3}
    rows.append(
        _compare(
            "strict args: json.loads + restore + call vs json.loads + call",
            lambda: interop.call(place, json.loads(json.dumps(plain_args))),
            lambda: interop.call(place, compiled.restore(json.loads(ARGS_TEXT))),
            target=1.5,
        )
    )
    toolset = OpenAIToolset([place], strict=True)
    tool_calls = [{"id": "c1", "type": "function", "function": {"name": "place", "arguments": ARGS_TEXT}}]
    rows.append(
        _compare(
            "OpenAIToolset.dispatch (1 call) vs hand-written json.loads + restore + call + tool message",
            lambda: {
                "role": "tool",
                "tool_call_id": tool_calls[0]["id"],
                "content": to_json_text(interop.call(place, compiled.restore(json.loads(ARGS_TEXT)))),
            },
            lambda: toolset.dispatch(tool_calls),
            target=1.5,
        )
    )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
