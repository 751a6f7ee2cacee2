"""acme_tools in an Agno Agent, driven offline by a scripted Model; delete_file pauses for confirmation."""

from dataclasses import dataclass, field

from agno.agent import Agent
from agno.models.base import Model
from agno.models.response import ModelResponse

from interop.agno import to_agno_tools
from interop.examples.acme_tools import TOOLS


@dataclass
class Scripted(Model):
    """Calls get_weather, whoami and delete_file (one per turn), then answers; prints the tool messages."""

    id: str = "scripted"
    seen: set = field(default_factory=set)
    steps: list = field(
        default_factory=lambda: [
            ("get_weather", '{"city": "Oslo"}'),
            ("whoami", "{}"),
            ("delete_file", '{"path": "/tmp/old.log"}'),
            "Deleted /tmp/old.log for ann.",
        ]
    )

    def invoke(self, messages=None, **kw):
        for m in messages or []:
            if m.role == "tool" and m.tool_call_id not in self.seen:
                print(f"{m.tool_name}: {m.content}")
                self.seen.add(m.tool_call_id)
        step = self.steps.pop(0)
        if isinstance(step, str):
            return ModelResponse(role="assistant", content=step)
        call = {
            "id": f"c{len(self.steps)}",
            "type": "function",
            "function": {"name": step[0], "arguments": step[1]},
        }
        return ModelResponse(role="assistant", content="", tool_calls=[call])

    async def ainvoke(self, *a, **kw):
        return self.invoke(*a, **kw)

    def invoke_stream(self, *a, **kw):
        yield self.invoke(*a, **kw)

    async def ainvoke_stream(self, *a, **kw):
        yield self.invoke(*a, **kw)

    def _parse_provider_response(self, response, **kw):
        return response

    def _parse_provider_response_delta(self, response):
        return response


agent = Agent(model=Scripted(), tools=[to_agno_tools(TOOLS)], telemetry=False)  # a Toolkit
ctx = {"user": "ann"}  # Agno dependencies are a dict; acme_tools reads it as an AcmeContext
run = agent.run("Weather in Oslo, then clean up", dependencies=ctx)  # dependencies -> context
print("paused:", run.is_paused, [r.tool_execution.tool_name for r in run.active_requirements])
for requirement in run.active_requirements:
    requirement.confirm()  # a human said yes
run = agent.continue_run(run_response=run, dependencies=ctx)
print(run.content)
