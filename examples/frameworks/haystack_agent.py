"""acme_tools in a Haystack Agent, driven offline by a scripted chat generator component."""

import logging
import os

os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")

from haystack import component
from haystack.components.agents import Agent
from haystack.dataclasses import ChatMessage, ToolCall
from haystack.hooks.human_in_the_loop import (
    AlwaysAskPolicy,
    BlockingConfirmationStrategy,
    ConfirmationUIResult,
)
from haystack.hooks.human_in_the_loop.types import ConfirmationUI

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.haystack import state_schema, to_haystack_tools

logging.getLogger("haystack").setLevel(logging.CRITICAL)  # Haystack logs every failed tool call as an error

STEPS = [
    ("get_weather", {"city": "Oslo"}),
    ("whoami", {}),
    ("delete_file", {"path": "/tmp/report.txt"}),
    None,
]


@component
class ScriptedGenerator:
    """A chat generator that asks for one tool call per turn, then answers."""

    def __init__(self):
        self.steps = iter(STEPS)

    @component.output_types(replies=list[ChatMessage])
    def run(self, messages: list[ChatMessage], tools=None, **kwargs):
        step = next(self.steps)
        if step is None:
            return {"replies": [ChatMessage.from_assistant("It rains in Oslo, ann. The report stays.")]}
        name, args = step
        return {
            "replies": [ChatMessage.from_assistant(tool_calls=[ToolCall(tool_name=name, arguments=args)])]
        }


class Reviewer(ConfirmationUI):
    """Haystack's confirmation UI (a Protocol), scripted: a human who says no."""

    def get_user_confirmation(self, tool_name, tool_description, tool_params):
        print(f"asked to approve {tool_name} {tool_params}: reject")
        return ConfirmationUIResult(action="reject", feedback="keep the report")

    def to_dict(self):
        return {}


# delete_file needs approval: Haystack's own confirmation strategy decides, inside the call
strategy = BlockingConfirmationStrategy(confirmation_policy=AlwaysAskPolicy(), confirmation_ui=Reviewer())
agent = Agent(
    chat_generator=ScriptedGenerator(),
    tools=to_haystack_tools(TOOLS, confirmation_strategy=strategy),
    state_schema=state_schema(),  # the neutral context lives in the agent State, key "interop_context"
)
run = agent.run(messages=[ChatMessage.from_user("Weather in Oslo?")], interop_context=AcmeContext(user="ann"))
for message in run["messages"]:
    for result in message.tool_call_results:
        print(f"{result.origin.tool_name}: {result.result}{'  (error)' if result.error else ''}")
print(run["last_message"].text)
