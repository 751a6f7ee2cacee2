"""A converted tool's approval in the OpenAI Agents SDK: the interrupted run's `RunState` saved as
JSON without its context (`keep_context_fields`), resumed by another process.

    python openai_agents_runstate.py

Without arguments the script runs itself twice: `start` runs until the tool's approval interrupts
it and writes `state.to_string(context_serializer=keep_context_fields("user"))`; `approve` (a new
process) loads it, rebuilds the context from the kept user id, approves and finishes the run.
"""

import asyncio
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from agents import Agent, Runner, RunState, Usage
from agents.items import ModelResponse
from agents.models.interface import Model
from agents.tracing import set_tracing_disabled
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

import interop
from interop.openai_agents import keep_context_fields, to_openai_agents_tools


@dataclass
class Ctx:
    user: str
    api_key: str  # must not be written into the saved state


@interop.tool(meta={"requires_approval": True}, context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    return f"{ctx.user} paid {amount} to {to}"


class ScriptedModel(Model):
    """Calls send_payment, then answers with what it returned (a real model is an OpenAI model)."""

    async def get_response(self, system_instructions, input, *args, **kwargs):
        outputs = [i for i in input if isinstance(i, dict) and i.get("type") == "function_call_output"]
        item: ResponseOutputMessage | ResponseFunctionToolCall
        if outputs:
            text = ResponseOutputText(
                type="output_text", annotations=[], text=f"Done: {outputs[-1]['output']}"
            )
            item = ResponseOutputMessage(
                id="m1", type="message", role="assistant", status="completed", content=[text]
            )
        else:
            item = ResponseFunctionToolCall(
                id="f1",
                call_id="c1",
                type="function_call",
                name="send_payment",
                arguments=json.dumps({"to": "bob", "amount": 500}),
            )
        return ModelResponse(output=[item], usage=Usage(), response_id=None)

    def stream_response(self, *args, **kwargs):
        raise NotImplementedError


def load_context(user: str) -> Ctx:
    return Ctx(user=user, api_key="sk-from-your-vault")


set_tracing_disabled(True)
agent = Agent(name="payer", model=ScriptedModel(), tools=to_openai_agents_tools([send_payment]))


async def main(step: str, path: Path) -> None:
    if step == "start":
        result = await Runner.run(agent, "pay bob 5 euros", context=load_context("ann"))
        path.write_text(result.to_state().to_string(context_serializer=keep_context_fields("user")))
        print(f"paused: {[i.name for i in result.interruptions]}; key saved: {'sk-from' in path.read_text()}")
        return
    state = await RunState.from_string(
        agent, path.read_text(), context_deserializer=lambda d: load_context(d["user"])
    )
    for pending in state.get_interruptions():
        state.approve(pending)
    print(f"resumed: {(await Runner.run(agent, state)).final_output}")


if len(sys.argv) > 2 and sys.argv[1] in ("start", "approve"):
    asyncio.run(main(sys.argv[1], Path(sys.argv[2])))
else:
    path = str(Path(tempfile.mkdtemp()) / "state.json")
    for step in ("start", "approve"):  # two processes
        subprocess.run([sys.executable, __file__, step, path], check=True)
