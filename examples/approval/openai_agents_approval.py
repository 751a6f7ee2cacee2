"""OpenAI Agents SDK: gated calls interrupt the run; state.approve / state.reject(..., rejection_message=)."""

import asyncio

from _tools import DELETED, delete_path
from agents import Agent, Runner
from agents.testing import ScriptedModel, assistant_message, function_call

from interop.openai_agents import to_openai_agents

paths = ["/srv/old", "/etc/passwd", "/tmp/cache"]
model = ScriptedModel(
    [
        [function_call("delete_path", {"path": p}, call_id=f"c{i}") for i, p in enumerate(paths)],
        [assistant_message("Cleaned up.")],
    ]
)
agent = Agent(name="janitor", model=model, tools=[to_openai_agents(delete_path)])


async def main() -> None:
    result = await Runner.run(agent, "clean up")
    state = result.to_state()
    for item in result.interruptions:  # only the calls that need approval (needs_approval per call)
        print(f"asks: {item.tool_name} {item.arguments}")
        if "/srv/old" in (item.arguments or ""):
            state.approve(item)
        else:
            state.reject(item, rejection_message="never touch /etc")
    result = await Runner.run(agent, state)
    for item in model.calls[-1].input:
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            print(f"{item['call_id']}: {item['output']}")
    print("deleted:", DELETED)
    print(result.final_output)


asyncio.run(main())
