"""acme_tools in a Microsoft Agent Framework Agent, driven offline by a scripted chat client;
delete_file asks for approval (approval_mode="always_require") and is approved on the same session."""

import asyncio

from agent_framework import Agent, BaseChatClient, ChatResponse, Content, FunctionInvocationLayer, Message

from interop.agent_framework import CONTEXT_KEY, to_agent_framework_tools
from interop.examples.acme_tools import TOOLS, AcmeContext


class Scripted(FunctionInvocationLayer, BaseChatClient):
    """Calls get_weather, whoami and delete_file (one per turn), then answers."""

    def __init__(self):
        super().__init__()
        self.steps = [
            ("get_weather", '{"city": "Paris"}'),
            ("whoami", "{}"),
            ("delete_file", '{"path": "/tmp/old.log"}'),
            "Deleted /tmp/old.log for ann.",
        ]

    async def _respond(self):
        step = self.steps.pop(0)
        if isinstance(step, str):
            contents = [Content.from_text(step)]
        else:
            contents = [
                Content.from_function_call(call_id=f"call_{step[0]}", name=step[0], arguments=step[1])
            ]
        return ChatResponse(messages=[Message(role="assistant", contents=contents)])

    def _inner_get_response(self, *, messages, stream, options, **kwargs):
        return self._respond()


async def main():
    agent = Agent(client=Scripted(), tools=to_agent_framework_tools(TOOLS))
    session = agent.create_session()
    ctx = {CONTEXT_KEY: AcmeContext(user="ann")}  # function_invocation_kwargs[CONTEXT_KEY] -> context
    run = await agent.run("Weather in Paris, then clean up", session=session, function_invocation_kwargs=ctx)
    print("approval asked for:", [r.function_call.name for r in run.user_input_requests])
    answer = Message(
        role="user", contents=[r.to_function_approval_response(True) for r in run.user_input_requests]
    )
    final = await agent.run(answer, session=session, function_invocation_kwargs=ctx)
    for message in [*run.messages, *final.messages]:
        for c in message.contents:
            if c.type == "function_result":
                print(f"{c.call_id}: {c.result}")
    print(final.text)


asyncio.run(main())
