"""DBOS child: pydantic-ai durable execution on DBOS (PostgreSQL), a converted tool inside.

argv: MODE URL COUNTER WORKFLOW_ID FLAVOR
  MODE    start   run the workflow; when the model is asked again after the tool call (the tool
                  has run, its step is committed), wait to be killed
          recover launch DBOS in a new process (which recovers the pending workflow) and wait for
                  the workflow's result
  FLAVOR  durability-toolset  `Agent(capabilities=[DBOSDurability()])` inside our own `@DBOS.workflow`,
                              with `to_pydantic_ai_toolset(tools, id=...)`
          agent-tool          the deprecated `DBOSAgent` wrapper, with `to_pydantic_ai(tool)`
          native-durability   control: the same function as a plain pydantic-ai tool (not a step)
The workflow gets a user id; the context is rebuilt from it by a `context=` hook (`ctx.deps`).
"""

from __future__ import annotations

import asyncio
import os
import sys
import warnings
from typing import Any

from dbos import DBOS, SetWorkflowID
from durable_common import emit, hang, load_context, make_tool
from pai_payments import context_from_deps, converted, pay_model
from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.durable_exec.dbos import DBOSAgent, DBOSDurability

from interop import acall

warnings.simplefilter("ignore")
MODE, URL, COUNTER, WORKFLOW_ID, FLAVOR = sys.argv[1:6]


def crash_point() -> None:
    if MODE == "start":
        hang("crash-point")  # the tool's step is committed; the next model step never completes


model = pay_model(after_tool=crash_point)
neutral = make_tool(COUNTER, requires_approval=False)


DBOS(
    config={
        "name": "interop-durable",
        "system_database_url": URL,
        "application_version": "interop-durable-tests",
        "log_level": "WARNING",
    }
)

if FLAVOR == "durability-toolset":
    agent: Any = Agent(
        model,
        name="payments",
        deps_type=str,
        capabilities=[DBOSDurability()],
        **converted("toolset", neutral, context=context_from_deps),
    )
elif FLAVOR == "native-durability":

    async def send_payment(ctx: RunContext[str], to: str, amount: int) -> Any:
        """Send a payment."""
        return await acall(neutral, {"to": to, "amount": amount}, load_context(ctx.deps))

    agent = Agent(
        model,
        name="payments",
        deps_type=str,
        tools=[Tool(send_payment)],
        capabilities=[DBOSDurability()],
    )
else:
    agent = DBOSAgent(
        Agent(model, name="payments", deps_type=str, **converted("tool", neutral, context=context_from_deps))
    )


@DBOS.workflow()
async def pay(user_id: str) -> str:
    """Our workflow (the capability's way): only the user id is a workflow input."""
    result = await agent.run("pay bob 5 euros", deps=user_id)
    return str(result.output)


async def start() -> str:
    with SetWorkflowID(WORKFLOW_ID):
        if FLAVOR == "agent-tool":
            return str((await agent.run("pay bob 5 euros", deps="u1")).output)
        return await pay("u1")


DBOS.launch()
if MODE == "start":
    asyncio.run(start())
    sys.exit("the crash point was not reached")
output = DBOS.retrieve_workflow(WORKFLOW_ID).get_result()  # recovered by launch() in this process
if FLAVOR == "agent-tool":
    output = output.output
steps = [s["function_name"] for s in DBOS.list_workflow_steps(WORKFLOW_ID)]
emit("done", output=output, steps=steps, pid=os.getpid())
DBOS.destroy()
