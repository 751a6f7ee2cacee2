"""LangChain / LangGraph: a gated call pauses the graph (interrupt); resume with the interrupt-id map
of decisions, each bound to its call and the arguments shown (`approve(intr)`, `reject(intr, message)`).

Two gated calls in one turn: approve one, reject the other with a message the model reads.
"""

from _tools import DELETED, delete_path
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from interop.langchain import approve, reject, to_langchain


class ScriptedModel(GenericFakeChatModel):
    def bind_tools(self, tools, **kwargs):
        return self


paths = ["/srv/old", "/etc/passwd", "/tmp/cache"]  # /tmp needs no approval
calls = [
    {"name": "delete_path", "args": {"path": p}, "id": f"c{i}", "type": "tool_call"}
    for i, p in enumerate(paths)
]
model = ScriptedModel(messages=iter([AIMessage("", tool_calls=calls), AIMessage("Cleaned up.")]))
agent = create_agent(
    model, [to_langchain(delete_path)], checkpointer=InMemorySaver()
)  # a checkpointer is required
config: RunnableConfig = {"configurable": {"thread_id": "approval-demo"}}

state = agent.invoke({"messages": [HumanMessage("clean up")]}, config)
for intr in state["__interrupt__"]:
    print(f"asks: {intr.value['tool']} {intr.value['args']}")
decisions = {  # each decision names its call and the arguments shown (approve/reject build it)
    intr.id: approve(intr) if intr.value["args"]["path"] == "/srv/old" else reject(intr, "never touch /etc")
    for intr in state["__interrupt__"]
}
state = agent.invoke(Command(resume=decisions), config)  # one decision per interrupt id
for message in state["messages"]:
    if isinstance(message, ToolMessage):
        print(f"{message.tool_call_id} {message.status}: {message.content}")
print("deleted:", DELETED)
print(state["messages"][-1].content)
