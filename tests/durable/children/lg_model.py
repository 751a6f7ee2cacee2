"""A deterministic offline LangChain chat model for the LangGraph durable tests: calls
`send_payment` once; after the tool answered, replies with what it said (decided from the messages,
so a resumed thread needs no script). `crash_after_tool=True`: instead of that reply, report
`crash-point` and wait to be killed (the tool ran and its result is checkpointed)."""

from __future__ import annotations

from typing import Any

from durable_common import hang
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult


class Scripted(BaseChatModel):
    """Calls `send_payment` once; after the tool answered, replies with what it said."""

    crash_after_tool: bool = False

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        last = messages[-1]
        if isinstance(last, ToolMessage):
            if self.crash_after_tool:
                hang("crash-point")  # the tool ran and its result is checkpointed; the model never answers
            message = AIMessage(content=f"done [{last.status}]: {last.content}")
        else:
            call = {
                "name": "send_payment",
                "args": {"to": "bob", "amount": 500},
                "id": "call_1",
                "type": "tool_call",
            }
            message = AIMessage(content="", tool_calls=[call])
        return ChatResult(generations=[ChatGeneration(message=message)])

    def bind_tools(self, tools: Any, **kw: Any) -> Scripted:
        return self

    @property
    def _llm_type(self) -> str:
        return "scripted"
