"""LlamaIndex: no native approval, so an approval= callback is asked inside each call that needs it.

Only the value True approves; raising ApprovalDeniedError(name, reason) tells the model why.
"""

import asyncio

from _tools import DELETED, delete_path
from llama_index.core.agent.workflow import AgentOutput, FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM

from interop import ApprovalDeniedError, ApprovalRequest
from interop.llamaindex import to_llamaindex


async def ask_a_human(request: ApprovalRequest) -> bool:  # a UI would await the user's answer here
    print(f"asks: {request.tool_name} {request.input}")
    if request.input["path"] == "/srv/old":
        return True
    raise ApprovalDeniedError(request.tool_name, "never touch /etc")


paths = ["/srv/old", "/etc/passwd", "/tmp/cache"]
turns = iter(
    [
        ChatMessage(
            role=MessageRole.ASSISTANT,
            blocks=[
                ToolCallBlock(tool_call_id=f"c{i}", tool_name="delete_path", tool_kwargs={"path": p})
                for i, p in enumerate(paths)
            ],
        ),
        ChatMessage(role=MessageRole.ASSISTANT, content="Cleaned up."),
    ]
)
llm = MockFunctionCallingLLM(response_generator=lambda messages, **kw: next(turns))
agent = FunctionAgent(tools=[to_llamaindex(delete_path, approval=ask_a_human)], llm=llm)


async def main() -> None:
    handler = agent.run(user_msg="clean up")
    results = {}
    async for event in handler.stream_events():
        if isinstance(event, ToolCallResult):
            results[event.tool_id] = event.tool_output.content
    result: AgentOutput = await handler
    for call_id in sorted(results):
        print(f"{call_id}: {results[call_id]}")
    print("deleted:", sorted(DELETED))
    print(result.response.content)


asyncio.run(main())
