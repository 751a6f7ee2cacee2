"""What the pydantic-ai durable tests and their child processes share (pydantic-ai, DBOS, Prefect):
the deterministic offline model that pays bob, the `context=` hook that rebuilds the context from
`ctx.deps` (a user id), the agent keyword for a converted tool in either shape; and the deferred
approval's round trip: the agent, its paused run serialized with pydantic-ai's own adapters
(`ModelMessagesTypeAdapter`, a `TypeAdapter` of `DeferredToolRequests`), resumed with
`approval_results`."""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable
from typing import Any

from durable_common import load_context, make_tool
from pydantic import TypeAdapter
from pydantic_ai import Agent, DeferredToolRequests, RunContext, ToolDenied
from pydantic_ai.messages import (
    ModelMessagesTypeAdapter,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import FunctionModel

from interop.pydantic_ai import approval_results, to_pydantic_ai, to_pydantic_ai_toolset

REQUESTS = TypeAdapter(DeferredToolRequests)


def pay_model(after_tool: Callable[[], Awaitable[None] | None] | None = None) -> FunctionModel:
    """Calls `send_payment(to="bob", amount=500)`; once the tool answered, replies
    `done [<outcome>]: <what it said>` (decided from the messages, so a resumed run needs no script).
    `after_tool` runs first on that step: a crash point (it may raise, or wait to be killed)."""

    async def model(messages: list[Any], info: Any) -> ModelResponse:
        returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if returns:
            if after_tool is not None and inspect.isawaitable(pending := after_tool()):
                await pending
            return ModelResponse(
                parts=[TextPart(f"done [{returns[0].outcome}]: {returns[0].model_response_str()}")]
            )
        return ModelResponse(
            parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500}, tool_call_id="call_1")]
        )

    return FunctionModel(model)


def context_from_deps(ctx: RunContext[str]) -> Any:
    """The `context=` hook: the context rebuilt from the run's deps (a user id), never stored."""
    return load_context(ctx.deps)


def converted(shape: str, tool: Any, **options: Any) -> dict[str, Any]:
    """The `Agent(...)` keyword for `tool` converted as a toolset (`to_pydantic_ai_toolset(..., id=...)`)
    or as a single tool (`to_pydantic_ai`), with the adapter's `options` (e.g. `context=`)."""
    if shape == "toolset":
        return {"toolsets": [to_pydantic_ai_toolset([tool], id="payments", **options)]}
    return {"tools": [to_pydantic_ai(tool, **options)]}


def approval_agent(counter: str) -> Agent[str, Any]:
    """A new agent and converted toolset (the approval-requiring `send_payment`), as a new process
    builds them (same tool list)."""
    tools = converted("toolset", make_tool(counter), context=context_from_deps)
    return Agent(pay_model(), deps_type=str, output_type=[str, DeferredToolRequests], **tools)


def pause(agent: Agent[str, Any]) -> tuple[str, list[str]]:
    """Run until the tool asks for approval: (the run serialized as JSON text: message history and
    requests, the names of the tools waiting for approval)."""
    result = agent.run_sync("pay bob 5 euros", deps="u1")
    assert isinstance(result.output, DeferredToolRequests)
    state = {
        "messages": json.loads(result.all_messages_json()),
        "requests": json.loads(REQUESTS.dump_json(result.output)),
    }
    return json.dumps(state), [p.tool_name for p in result.output.approvals]


def resume(agent: Agent[str, Any], text: str, decision: str) -> Any:
    """Resume the run `pause` serialized, every call approved or denied ("not this month"): the result."""
    state = json.loads(text)
    history = ModelMessagesTypeAdapter.validate_python(state["messages"])
    requests = REQUESTS.validate_python(state["requests"])
    answer: Any = True if decision == "approve" else ToolDenied("not this month")
    results = approval_results(requests, {call.tool_call_id: answer for call in requests.approvals})
    return agent.run_sync(message_history=history, deferred_tool_results=results, deps="u1")
