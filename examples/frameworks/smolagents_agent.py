"""acme_tools in a smolagents ToolCallingAgent, driven offline by a scripted smolagents Model."""

from smolagents import Model, ToolCallingAgent
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction, MessageRole

from interop.examples.acme_tools import TOOLS
from interop.smolagents import run_context, to_smolagents_tools

steps = iter(
    [
        ("get_weather", {"city": "Oslo", "units": None}),  # null for an optional: "not given"
        ("delete_file", {"path": "/tmp/a.txt"}),
        ("whoami", {}),
        ("final_answer", {"answer": "Rain in Oslo; the file stays."}),
    ]
)


class Scripted(Model):
    def generate(self, messages, stop_sequences=None, response_format=None, tools_to_call_from=None, **kw):
        name, args = next(steps)
        call = ChatMessageToolCall(
            id=name, type="function", function=ChatMessageToolCallFunction(name=name, arguments=args)
        )
        return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=[call])


# smolagents has no approval step: delete_file needs a callback (here: a human who says no)
tools = to_smolagents_tools(TOOLS, approval=lambda request: False)
agent = ToolCallingAgent(tools=tools, model=Scripted(model_id="scripted"), verbosity_level=-1)
with run_context({"user": "ann"}):  # the neutral context (smolagents passes tools none)
    answer = agent.run("Weather in Oslo? And delete /tmp/a.txt.")
for step in agent.memory.steps[1:]:
    name = step.model_output_message.tool_calls[0].function.name
    print(f"{name}: {step.observations or step.error}")
print(answer)
