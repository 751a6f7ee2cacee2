"""acme_tools in a LlamaIndex FunctionAgent, driven offline by a scripted function-calling LLM."""

import asyncio

from llama_index.core.agent.workflow import AgentOutput, FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.workflow import Context

from interop.examples.acme_tools import TOOLS
from interop.llamaindex import CONTEXT_KEY, to_llamaindex_tools

steps = iter([("get_weather", {"city": "Paris"}), ("whoami", {}), None])


def respond(messages, **kwargs):
    step = next(steps)
    if step is None:
        return ChatMessage(role="assistant", content="Cloudy in Paris.")
    name, args = step
    return ChatMessage(
        role="assistant", blocks=[ToolCallBlock(tool_call_id=name, tool_name=name, tool_kwargs=args)]
    )


async def main():
    # LlamaIndex has no approval mechanism: delete_file needs a callback (here: a human who says no)
    tools = to_llamaindex_tools(TOOLS, approval=lambda request: False)
    agent = FunctionAgent(tools=tools, llm=MockFunctionCallingLLM(response_generator=respond))
    ctx = Context(agent)
    await ctx.store.set(CONTEXT_KEY, {"user": "ann"})  # the neutral context, from the workflow store
    handler = agent.run(user_msg="Weather in Paris?", ctx=ctx)
    async for event in handler.stream_events():
        if isinstance(event, ToolCallResult):
            print(f"{event.tool_name}: {event.tool_output.content}")
    result: AgentOutput = await handler
    print(result.response.content)


asyncio.run(main())
