"""OpenAI Agents child: a run interrupted for approval, `RunState` saved as JSON, resumed elsewhere.

argv: MODE STATE COUNTER
  start            run until the converted tool's approval interrupts it; save
                   `state.to_string(context_serializer=keep_context_fields("user_id"))`; wait to be killed
  approve | reject load the state in this new process (`context_deserializer` rebuilds the
                   context from the user id), decide, run to the end
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from agents import Agent, Runner, RunState
from agents.tracing import set_tracing_disabled
from durable_common import emit, hang, load_context, make_tool
from oa_model import PayModel

from interop.openai_agents import keep_context_fields, to_openai_agents

MODE, STATE, COUNTER = sys.argv[1:4]
set_tracing_disabled(True)
agent = Agent(name="payer", model=PayModel(), tools=[to_openai_agents(make_tool(COUNTER))])


async def main() -> None:
    if MODE == "start":
        result = await Runner.run(agent, "pay bob 5 euros", context=load_context("u1"))
        state = result.to_state()
        Path(STATE).write_text(state.to_string(context_serializer=keep_context_fields("user_id")))
        hang("paused", interruptions=[i.name for i in result.interruptions])
    state = await RunState.from_string(
        agent, Path(STATE).read_text(), context_deserializer=lambda data: load_context(data["user_id"])
    )
    (pending,) = state.get_interruptions()
    if MODE == "approve":
        state.approve(pending)
    else:
        state.reject(pending, rejection_message="not this month")
    result = await Runner.run(agent, state)
    emit("done", output=result.final_output, interruptions=len(result.interruptions))


asyncio.run(main())
