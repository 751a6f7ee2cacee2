"""Google ADK pieces shared by the durable test and its child: a deterministic offline `BaseLlm`,
a `Runner` over ADK's own SQL session service (`DatabaseSessionService`), and how a process reads
the pending tool confirmations back from the stored session.

The model calls `send_payment` once, then answers with what the tool said; it decides from the
request alone, so a new process resuming the session needs no script. The neutral context is
rebuilt by the converted tool's `context=` hook from a reference in the session state (the user
id) and the vault (`load_context`); the secret it carries is never in the session state.
"""

from __future__ import annotations

import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

import json
from collections.abc import AsyncIterator
from typing import Any

from durable_common import load_context, make_tool
from google.adk.agents import LlmAgent
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import DatabaseSessionService, Session
from google.genai import types

from interop.google_adk import default_context, to_google_adk_tools

APP, USER, SESSION = "payer", "u1", "s1"
CONFIRMATION = "adk_request_confirmation"


class PayLlm(BaseLlm):
    """Calls `send_payment(to="bob", amount=500)`; once the tool answered, says `done: <answer>`."""

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncIterator[LlmResponse]:
        last = llm_request.contents[-1] if llm_request.contents else None
        answers = [p.function_response for p in (last.parts or []) if p.function_response] if last else []
        if answers and answers[-1].name == "send_payment":
            parts = [types.Part(text=f"done: {json.dumps(answers[-1].response, sort_keys=True)}")]
        else:
            call = types.FunctionCall(id="call_1", name="send_payment", args={"to": "bob", "amount": 500})
            parts = [types.Part(function_call=call)]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


def context_from_state(tool_context: Any) -> Any:
    """The `context=` hook: the session state holds only the user id; the vault gives the rest."""
    return load_context(tool_context.state["user_id"])


def make_runner(url: str, counter: str, *, hook: bool = True) -> Runner:
    """A new session service (its own engine and connections), agent and converted tool."""
    tools = to_google_adk_tools([make_tool(counter)], context=context_from_state if hook else default_context)
    agent = LlmAgent(name=APP, model=PayLlm(model="pay"), tools=tools)
    return Runner(agent=agent, app_name=APP, session_service=DatabaseSessionService(url))


async def close(runner: Runner) -> None:
    """Close the runner and its session service (the SQL engine and its connections)."""
    await runner.close()
    service = runner.session_service
    assert isinstance(service, DatabaseSessionService)
    await service.close()


def parts(events: list[Event]) -> list[types.Part]:
    return [p for e in events for p in (e.content.parts if e.content and e.content.parts else [])]


def pending_confirmations(session: Session) -> list[types.FunctionCall]:
    """The confirmation requests in a stored session that no function response answered yet."""
    answered = {p.function_response.id for p in parts(session.events) if p.function_response}
    return [
        p.function_call
        for p in parts(session.events)
        if p.function_call and p.function_call.name == CONFIRMATION and p.function_call.id not in answered
    ]


async def start(runner: Runner, state: dict[str, Any]) -> list[types.FunctionCall]:
    """Create the session and run the first turn; the confirmation requests it ended with."""
    await runner.session_service.create_session(app_name=APP, user_id=USER, session_id=SESSION, state=state)
    message = types.Content(role="user", parts=[types.Part(text="pay bob 5 euros")])
    events = [e async for e in runner.run_async(user_id=USER, session_id=SESSION, new_message=message)]
    return [
        p.function_call for p in parts(events) if p.function_call and p.function_call.name == CONFIRMATION
    ]


async def answer(runner: Runner, ids: list[str | None], confirmed: bool) -> tuple[list[Any], str]:
    """Answer confirmation requests (by id) and run on: (the tool's function responses, the final text)."""
    answers = [
        types.Part(
            function_response=types.FunctionResponse(
                name=CONFIRMATION, id=i, response={"confirmed": confirmed}
            )
        )
        for i in ids
    ]
    message = types.Content(role="user", parts=answers)
    events = [e async for e in runner.run_async(user_id=USER, session_id=SESSION, new_message=message)]
    responses = [p.function_response.response for p in parts(events) if p.function_response]
    texts = [p.text for p in parts(events) if p.text]
    return responses, texts[-1] if texts else ""


async def resume(runner: Runner, confirmed: bool) -> tuple[list[types.FunctionCall], list[Any], str]:
    """Read the pending confirmation from the store, answer it, run on: (the pending requests,
    the tool's function responses, the model's final text)."""
    session = await runner.session_service.get_session(app_name=APP, user_id=USER, session_id=SESSION)
    assert session is not None, "the session is not in the store"
    pending = pending_confirmations(session)
    responses, final = await answer(runner, [request.id for request in pending], confirmed)
    return pending, responses, final
