"""acme_tools in a LangChain agent (`create_agent`), driven offline by a scripted chat model."""

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.langchain import to_langchain_tools


class ScriptedModel(GenericFakeChatModel):
    def bind_tools(self, tools, **kwargs):  # a real chat model sends the tools to its provider here
        return self


script = [
    AIMessage(
        "", tool_calls=[{"name": "get_weather", "args": {"city": "Oslo"}, "id": "c1", "type": "tool_call"}]
    ),
    AIMessage("", tool_calls=[{"name": "whoami", "args": {}, "id": "c2", "type": "tool_call"}]),
    AIMessage("It rains in Oslo, ann."),
]
tools = to_langchain_tools(TOOLS, allow_unapproved=False)  # delete_file pauses the graph for approval
agent = create_agent(ScriptedModel(messages=iter(script)), tools, context_schema=AcmeContext)
result = agent.invoke({"messages": [HumanMessage("Weather in Oslo?")]}, context=AcmeContext(user="ann"))
for message in result["messages"]:
    if isinstance(message, ToolMessage):
        print(f"{message.name}: {message.content}")
print(result["messages"][-1].content)
