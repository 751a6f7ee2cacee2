"""`llm`: an offline LlamaIndex function-calling LLM that calls `whoami`, then answers."""

from llama_index.core.base.llms.types import ChatMessage, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM

_turns = iter(
    [
        ChatMessage(
            role="assistant", blocks=[ToolCallBlock(tool_call_id="c1", tool_name="whoami", tool_kwargs={})]
        ),
        ChatMessage(role="assistant", content="You are ann."),
    ]
)
llm = MockFunctionCallingLLM(response_generator=lambda messages, **kwargs: next(_turns))
