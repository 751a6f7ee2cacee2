"""A converted tool inside pydantic-ai's DBOS durable execution: a crash after the tool call is
recovered by a new process without calling the tool again.

    python pydantic_ai_dbos.py                      # DBOS system database: SQLite in a temp dir
    python pydantic_ai_dbos.py postgresql://...     # or PostgreSQL

Without arguments the script runs itself twice: `start` runs the workflow and dies (os._exit)
when the model is asked again after the tool answered; `recover` launches DBOS in a new process,
which recovers the pending workflow. The tool call is a DBOS step (no opt-in): its recorded
result is replayed, so "sending payment" is printed once, by the first process. Only the user id
is a workflow input; the context is rebuilt from it by a `context=` hook.
"""

import asyncio
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from dbos import DBOS, SetWorkflowID
from pydantic_ai import Agent, RunContext
from pydantic_ai.durable_exec.dbos import DBOSDurability
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import FunctionModel

import interop
from interop.pydantic_ai import to_pydantic_ai_toolset


@dataclass
class Ctx:
    user: str


@interop.tool(context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    print(f"[pid {os.getpid()}] sending payment: {amount} to {to} for {ctx.user}", flush=True)
    return f"{ctx.user} paid {amount} to {to}"


def model(messages, info):
    returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500})])
    if STEP == "start":
        os._exit(1)  # the process dies after the tool's step was recorded
    return ModelResponse(parts=[TextPart(f"Done: {returns[0].model_response_str()}")])


def context(ctx: RunContext[str]) -> Ctx:
    return Ctx(user=ctx.deps)  # e.g. load the user's session from your own store


agent = Agent(
    FunctionModel(model),
    name="payments",
    deps_type=str,
    toolsets=[to_pydantic_ai_toolset([send_payment], id="payments", context=context)],
    capabilities=[DBOSDurability()],
)


@DBOS.workflow()
async def pay(user_id: str) -> str:
    return str((await agent.run("pay bob 5 euros", deps=user_id)).output)


if len(sys.argv) > 2 and sys.argv[1] in ("start", "recover"):
    STEP, url = sys.argv[1:3]
    DBOS(
        config={
            "name": "payments",
            "system_database_url": url,
            "application_version": "1",
            "log_level": "WARNING",
        }
    )
    DBOS.launch()  # `recover`: DBOS resumes the pending workflow here
    if STEP == "start":
        with SetWorkflowID("payment-1"):
            asyncio.run(pay("ann"))
    print(f"[pid {os.getpid()}] recovered: {DBOS.retrieve_workflow('payment-1').get_result()}")
    DBOS.destroy()
else:
    url = sys.argv[1] if len(sys.argv) > 1 else f"sqlite:///{Path(tempfile.mkdtemp()) / 'dbos.sqlite'}"
    subprocess.run([sys.executable, __file__, "start", url], check=False)  # dies mid-run
    subprocess.run([sys.executable, __file__, "recover", url], check=True)
