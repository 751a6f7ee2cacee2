"""acme_tools in a Google ADK LlmAgent (InMemoryRunner), driven offline by a scripted BaseLlm.

delete_file requires approval: ADK's tool confirmation pauses the call with an
`adk_request_confirmation` request, and the run resumes with the human's answer.
"""

import asyncio
import os
from typing import Any

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from google.adk.agents import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.genai import types

from interop.examples.acme_tools import TOOLS
from interop.google_adk import to_google_adk_tools

SCRIPT: list[str | list[tuple[str, dict[str, Any]]]] = [  # tool calls per turn, then the answer
    [("get_weather", {"city": "Oslo"}), ("whoami", {})],
    [("delete_file", {"path": "/tmp/old.log"})],
    "It rains in Oslo, ann; the log was kept.",
]


class ScriptedLlm(BaseLlm):
    """A model answering from SCRIPT: function calls, then text."""

    async def generate_content_async(self, llm_request, stream=False):
        step = SCRIPT.pop(0)
        if isinstance(step, str):
            parts = [types.Part(text=step)]
        else:
            calls = [types.FunctionCall(id=f"{n}-1", name=n, args=a) for n, a in step]
            parts = [types.Part(function_call=c) for c in calls]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


async def run(runner, session_id, message):
    """Run one turn; print the tool results; return the pending confirmation requests."""
    pending = []
    async for event in runner.run_async(user_id="ann", session_id=session_id, new_message=message):
        for part in event.content.parts if event.content and event.content.parts else []:
            if part.function_response:
                print(f"{part.function_response.name}: {part.function_response.response}")
            if part.function_call and part.function_call.name == "adk_request_confirmation":
                pending.append(part.function_call)
            if part.text:
                print(part.text)
    return pending


async def main():
    agent = LlmAgent(name="acme", model=ScriptedLlm(model="scripted"), tools=to_google_adk_tools(TOOLS))
    runner = InMemoryRunner(agent=agent, app_name="acme")
    # the neutral context is a snapshot of the session state (never seen or set by the model)
    session = await runner.session_service.create_session(
        app_name="acme", user_id="ann", state={"user": "ann", "locale": "nb"}
    )
    message = types.Content(role="user", parts=[types.Part(text="Weather in Oslo? Then clean up.")])
    pending = await run(runner, session.id, message)
    print(f"awaiting confirmation: {[c.args['originalFunctionCall']['name'] for c in pending]}")
    # the human says no: ADK tells the model the call was rejected, and the run goes on
    answers = [
        types.Part(
            function_response=types.FunctionResponse(
                name="adk_request_confirmation", id=c.id, response={"confirmed": False}
            )
        )
        for c in pending
    ]
    await run(runner, session.id, types.Content(role="user", parts=answers))


asyncio.run(main())
