"""A converted tool's confirmation in Google ADK, pending in ADK's SQL session service
(`DatabaseSessionService`) and answered by another process.

    python google_adk_confirmation.py                               # SQLite file in a temp dir
    python google_adk_confirmation.py postgresql+psycopg://...      # PostgreSQL (psycopg 3)

Without arguments the script runs itself twice: `start` runs until ADK asks for the tool's
confirmation (an `adk_request_confirmation` function call, stored with the session) and exits;
`approve` (a new process: new session service, agent and converted tool, from the same tool list)
finds the pending request in the stored session and answers it with a function response. The
session state holds only the user; the `context=` hook rebuilds the context from it in each process.
"""

import asyncio
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from google.adk.agents import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import DatabaseSessionService
from google.genai import types

import interop
from interop.google_adk import to_google_adk_tools


@dataclass
class Ctx:
    user: str
    api_key: str  # must not be written into the session store


@interop.tool(meta={"requires_approval": True}, context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    return f"{ctx.user} paid {amount} to {to}"


def load_context(user: str) -> Ctx:
    return Ctx(user=user, api_key="sk-from-your-vault")


class ScriptedLlm(BaseLlm):
    """Calls send_payment, then answers with what it returned (a real model is a Gemini model)."""

    async def generate_content_async(self, llm_request, stream=False):
        last = llm_request.contents[-1]
        answers = [p.function_response for p in last.parts or [] if p.function_response]
        if answers and answers[-1].name == "send_payment":
            parts = [types.Part(text=f"Done: {answers[-1].response['result']}")]
        else:
            call = types.FunctionCall(id="c1", name="send_payment", args={"to": "bob", "amount": 500})
            parts = [types.Part(function_call=call)]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


def runner(url: str) -> Runner:
    tools = to_google_adk_tools([send_payment], context=lambda tc: load_context(tc.state["user"]))
    agent = LlmAgent(name="payer", model=ScriptedLlm(model="scripted"), tools=tools)
    return Runner(agent=agent, app_name="payer", session_service=DatabaseSessionService(url))


async def turn(r: Runner, *parts: types.Part) -> list[types.Part]:
    message = types.Content(role="user", parts=list(parts))
    events = [e async for e in r.run_async(user_id="ann", session_id="payment-1", new_message=message)]
    return [p for e in events for p in (e.content.parts if e.content and e.content.parts else [])]


async def main(step: str, url: str) -> None:
    r = runner(url)
    if step == "start":
        await r.session_service.create_session(
            app_name="payer", user_id="ann", session_id="payment-1", state={"user": "ann"}
        )
        for part in await turn(r, types.Part(text="pay bob 5 euros")):
            if part.function_call and part.function_call.name == "adk_request_confirmation":
                call = part.function_call.args["originalFunctionCall"]
                print(f"paused: {call['name']} {call['args']}")
    else:
        session = await r.session_service.get_session(app_name="payer", user_id="ann", session_id="payment-1")
        parts = [
            p for e in session.events for p in (e.content.parts if e.content and e.content.parts else [])
        ]
        answered = {p.function_response.id for p in parts if p.function_response}
        answers = [  # every confirmation request no function response answered yet: approve it
            types.Part(
                function_response=types.FunctionResponse(
                    name="adk_request_confirmation", id=p.function_call.id, response={"confirmed": True}
                )
            )
            for p in parts
            if p.function_call
            and p.function_call.name == "adk_request_confirmation"
            and p.function_call.id not in answered
        ]
        texts = [p.text for p in await turn(r, *answers) if p.text]
        print(f"resumed: {texts[-1]}")
    await r.close()
    service = r.session_service
    assert isinstance(service, DatabaseSessionService)
    await service.close()


if len(sys.argv) > 2 and sys.argv[1] in ("start", "approve"):
    asyncio.run(main(sys.argv[1], sys.argv[2]))
else:
    default = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp()) / 'sessions.sqlite'}"
    url = sys.argv[1] if len(sys.argv) > 1 else default
    for step in ("start", "approve"):  # two processes
        subprocess.run([sys.executable, __file__, step, url], check=True)
