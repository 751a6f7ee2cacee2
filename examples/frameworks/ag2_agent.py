"""acme_tools in an AG2 Agent, driven offline by AG2's scripted model (ag2.testing.TestConfig).

delete_file (requires_approval) asks AG2's own human-in-the-loop channel: the agent's hitl_hook
stands in for a human, who allows /tmp and refuses the rest.
"""

import asyncio

from ag2 import Agent
from ag2.events import TextInput, ToolCallEvent, ToolErrorEvent, ToolResultsEvent
from ag2.testing import TestConfig

from interop.ag2 import to_ag2_tools
from interop.examples.acme_tools import TOOLS


def human(request):
    print("asked:", request.content.splitlines()[1])
    return "yes" if "/tmp/" in request.content else "no"


model = TestConfig(
    ToolCallEvent(name="get_weather", arguments='{"city": "Oslo", "units": "K"}'),  # a bad argument
    [ToolCallEvent(name="get_weather", arguments='{"city": "Oslo"}'), ToolCallEvent(name="whoami", arguments="{}")],
    ToolCallEvent(name="delete_file", arguments='{"path": "/etc/passwd"}'),
    ToolCallEvent(name="delete_file", arguments='{"path": "/tmp/old.log"}'),
    "Deleted /tmp/old.log for ann; it rains in Oslo.",
    raise_tool_errors=False,  # a failed call is handed to the model, as a real provider is
)
agent = Agent("assistant", config=model, tools=[to_ag2_tools(TOOLS)], hitl_hook=human)  # a Toolkit


async def main():
    context = {"user": "ann", "files": {"/tmp/old.log": "...", "/etc/passwd": "..."}}
    reply = await agent.ask("Weather in Oslo, then clean up", dependencies=context)  # dependencies -> context
    for event in await reply.history.get_events():
        if isinstance(event, ToolResultsEvent):
            for r in event.results:
                text = " ".join(p.content for p in r.result.parts if isinstance(p, TextInput))
                print(f"{r.name}{' (error)' if isinstance(r, ToolErrorEvent) else ''}: {text}")
    print(await reply.content())


asyncio.run(main())
