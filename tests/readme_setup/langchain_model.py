"""`model`: an offline LangChain chat model that calls `whoami`, then answers."""

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage


class _ScriptedChatModel(GenericFakeChatModel):
    def bind_tools(self, tools, **kwargs):  # a provider integration would send the tools here
        return self


model = _ScriptedChatModel(
    messages=iter(
        [
            AIMessage("", tool_calls=[{"name": "whoami", "args": {}, "id": "c1", "type": "tool_call"}]),
            AIMessage("You are ann."),
        ]
    )
)
