"""One scripted round of a framework's real agent loop over consumed MCP tools, for the tests that
check what the model reads back: the scripted model asks for every call of `calls` (call id ->
(tool name, arguments)) in its first turn, and answers `answer` once it has the results.
pydantic-ai (`FunctionModel`) and LlamaIndex (`FunctionAgent` over `MockFunctionCallingLLM`); the
frameworks are imported when a round runs (the tests skip where one is missing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Calls = dict[str, tuple[str, dict[str, Any]]]


async def pydantic_ai_round(
    tools: Sequence[Any], calls: Calls, answer: str, **agent_options: Any
) -> tuple[dict[str, Any], str]:
    """pydantic-ai's `Agent` over the converted `tools`: (what the model got back for each call,
    by call id: a `ToolReturnPart` or a `RetryPromptPart`; the run's output)."""
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, RetryPromptPart, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    seen: dict[str, Any] = {}

    def fn(messages: list[Any], info: Any) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart(n, a, tool_call_id=i) for i, (n, a) in calls.items()])
        for part in messages[-1].parts:
            if isinstance(part, (ToolReturnPart, RetryPromptPart)):
                seen[part.tool_call_id] = part
        return ModelResponse(parts=[TextPart(answer)])

    agent = Agent(FunctionModel(fn), tools=[to_pydantic_ai(t) for t in tools], **agent_options)
    result = await agent.run("go")
    return seen, str(result.output)


async def llamaindex_round(
    tools: Sequence[Any], calls: Calls, answer: str
) -> tuple[dict[str, Any], list[Any], str]:
    """LlamaIndex's `FunctionAgent` over the converted `tools`: (each call's `ToolOutput` by call id,
    the tool messages the model got on its second turn in order, the final response text)."""
    from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from interop.llamaindex import to_llamaindex

    turns: list[list[ChatMessage]] = []

    def model(messages: Any, **kwargs: Any) -> ChatMessage:
        turns.append(list(messages))
        if len(turns) == 1:
            blocks = [
                ToolCallBlock(tool_call_id=i, tool_name=n, tool_kwargs=a) for i, (n, a) in calls.items()
            ]
            return ChatMessage(role=MessageRole.ASSISTANT, blocks=blocks)
        return ChatMessage(role=MessageRole.ASSISTANT, content=answer)

    agent = FunctionAgent(
        tools=[to_llamaindex(t) for t in tools], llm=MockFunctionCallingLLM(response_generator=model)
    )
    handler = agent.run(user_msg="go")
    results = {
        e.tool_id: e.tool_output async for e in handler.stream_events() if isinstance(e, ToolCallResult)
    }
    response = str((await handler).response.content)
    return results, [m for m in turns[1] if m.role == MessageRole.TOOL], response
