"""Workflows of the Temporal tests (run in Temporal's sandbox; the project passed through)."""

from __future__ import annotations

import asyncio
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import tt_tools

    from interop.bridge import Invoker, Options
    from interop.temporal import activity_tools

TIMEOUT = 10.0


def _invokers(task_queue: str | None = None) -> dict[str, Invoker]:
    """What an adapter does in a workflow: each activity tool behind the pipeline."""
    tools = activity_tools(tt_tools.TOOLS, start_to_close_timeout=TIMEOUT, task_queue=task_queue)
    return {t.name: Invoker(t, name=t.name, target="test", options=Options()) for t in tools}


async def _call(invoker: Invoker, arguments: Any) -> dict[str, Any]:
    outcome = await invoker.ainvoke(arguments)
    return {"status": outcome.status, "kind": outcome.error_kind, "text": outcome.text}


@workflow.defn
class CallTools:
    """Runs the given calls ({"name", "arguments"}) in order; `parallel` runs them all at once."""

    @workflow.run
    async def run(self, calls: list[dict[str, Any]], parallel: bool = False) -> list[dict[str, Any]]:
        invokers = _invokers()
        if parallel:
            return list(await asyncio.gather(*(_call(invokers[c["name"]], c["arguments"]) for c in calls)))
        return [await _call(invokers[c["name"]], c["arguments"]) for c in calls]
