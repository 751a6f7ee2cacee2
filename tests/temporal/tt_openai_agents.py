"""An OpenAI Agents SDK agent in a Temporal workflow (the SDK's Temporal integration,
`temporalio.openai_agents`): the model runs in the integration's activities, each tool call in the
tool's own activity (`activity_tools` converted with `to_openai_agents_tools`)."""

from __future__ import annotations

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import tt_tools
    from agents import Agent, Runner

    from interop.openai_agents import to_openai_agents_tools
    from interop.temporal import activity_tools, register_approval_handlers


@workflow.defn
class AgentsPayerWorkflow:
    @workflow.run
    async def run(self, prompt: str) -> str:
        register_approval_handlers()
        tools = to_openai_agents_tools(
            activity_tools([tt_tools.add, tt_tools.send_payment], start_to_close_timeout=10)
        )
        agent: Agent[None] = Agent(name="payer", instructions="Pay and add.", tools=tools)
        result = await Runner.run(agent, prompt)
        return str(result.final_output)
