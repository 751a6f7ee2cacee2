"""A pydantic-ai agent in a Temporal workflow (`TemporalAgent`), its tools converted from neutral
activity tools: the model runs in pydantic-ai's activities, each tool call in the tool's own."""

from __future__ import annotations

import warnings
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import tt_tools
    from pydantic_ai import Agent
    from pydantic_ai.durable_exec.temporal import TemporalAgent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import to_pydantic_ai_toolset
    from interop.temporal import activity_tools


def scripted_model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """First turn: three calls (one with a bad argument, one that needs approval); the bad one
    corrected after pydantic-ai's retry prompt; then a summary of what the tools returned."""
    returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(
            parts=[
                ToolCallPart("add", {"a": 2, "b": 40}, tool_call_id="c1"),
                ToolCallPart("add", {"a": "two", "b": 1}, tool_call_id="c2"),
                ToolCallPart("send_payment", {"to": "bob", "amount": 5}, tool_call_id="c3"),
            ]
        )
    if not any(r.tool_call_id == "c4" for r in returns):
        return ModelResponse(parts=[ToolCallPart("add", {"a": 2, "b": 1}, tool_call_id="c4")])
    shown = "; ".join(f"{r.tool_name}={r.content}" for r in returns if r.outcome == "success")
    retried = "; ".join(r.model_response_str()[:300] for r in returns if r.outcome == "retried")
    return ModelResponse(parts=[TextPart(f"results: {shown} | retries: {retried}")])


IN_WORKFLOW = activity_tools([tt_tools.add, tt_tools.send_payment], start_to_close_timeout=10)
agent: Agent[None, str] = Agent(
    FunctionModel(scripted_model), name="payer", toolsets=[to_pydantic_ai_toolset(IN_WORKFLOW, id="interop")]
)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # TemporalAgent is deprecated in favour of TemporalDurability
    temporal_agent: Any = TemporalAgent(agent)


@workflow.defn
class PayerWorkflow:
    @workflow.run
    async def run(self, prompt: str) -> str:
        result = await temporal_agent.run(prompt)
        return str(result.output)
