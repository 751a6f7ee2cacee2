"""acme_tools in an AutoGen AssistantAgent, driven offline by AutoGen's scripted replay client.

AutoGen has no confirmation step for tools: delete_file (requires_approval) is converted with an
approval callback standing in for a human, who allows /tmp and refuses the rest.
"""

import asyncio
import json

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import ToolCallExecutionEvent
from autogen_core import FunctionCall
from autogen_core.models import CreateResult, RequestUsage
from autogen_core.tools import StaticWorkbench
from autogen_ext.models.replay import ReplayChatCompletionClient

from interop.autogen import run_context, to_autogen_tools
from interop.examples.acme_tools import TOOLS


def human(request):
    print(f"approval asked: {request.tool_name} {dict(request.input)}")
    return request.input["path"].startswith("/tmp/")


def calls(*pairs):
    """One model turn calling tools (what a real model client returns)."""
    content = [FunctionCall(id=f"c{i}", name=n, arguments=json.dumps(a)) for i, (n, a) in enumerate(pairs)]
    usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
    return CreateResult(finish_reason="function_calls", content=content, usage=usage, cached=False)


model = ReplayChatCompletionClient(
    [
        calls(("get_weather", {"city": "Oslo", "units": "K"})),  # a bad argument: the model is told, and retries
        calls(("get_weather", {"city": "Oslo"}), ("whoami", {})),
        calls(("delete_file", {"path": "/etc/passwd"}), ("delete_file", {"path": "/tmp/old.log"})),
        "Deleted /tmp/old.log for ann; it rains in Oslo.",
    ],
    model_info={"vision": False, "function_calling": True, "json_output": False, "family": "unknown", "structured_output": False},
)
tools = StaticWorkbench(to_autogen_tools(TOOLS, approval=human))  # AutoGen's own tool container
agent = AssistantAgent("assistant", model_client=model, workbench=tools, max_tool_iterations=4)


async def main():
    context = {"user": "ann", "files": {"/tmp/old.log": "...", "/etc/passwd": "..."}}
    with run_context(context):  # the neutral context of every call in this run
        result = await agent.run(task="Weather in Oslo, then clean up")
    for message in result.messages:
        if isinstance(message, ToolCallExecutionEvent):
            for r in message.content:
                print(f"{r.name}{' (error)' if r.is_error else ''}: {r.content}")
    print(result.messages[-1].content)


asyncio.run(main())
