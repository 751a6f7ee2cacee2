"""A converted tool's approval pause, stored by a LangGraph checkpointer and resumed by another process.

    python langgraph_approval.py                      # SQLite file in a temp dir
    python langgraph_approval.py postgresql://...     # PostgresSaver (langgraph-checkpoint-postgres)

Without arguments the script runs itself twice: `start` pauses the run at the approval interrupt
and exits; `approve` (a new process: new checkpointer, agent and converted tool, from the same tool
list) resumes it. The context goes in as LangGraph's runtime `context=` (never `configurable`,
which LangGraph copies into the checkpoint metadata), rebuilt by each process.
"""

import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from langgraph.types import Command

import interop
from interop.langchain import approve, to_langchain_tools


@dataclass
class Ctx:
    user: str


@interop.tool(meta={"requires_approval": True}, context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    return f"{ctx.user} paid {amount} to {to}"


TOOLS = [send_payment]


@contextmanager
def checkpointer(store: str):
    if store.startswith("postgresql://"):
        from langgraph.checkpoint.postgres import PostgresSaver

        with PostgresSaver.from_conn_string(store) as saver:
            saver.setup()
            yield saver
    else:
        from langgraph.checkpoint.sqlite import SqliteSaver

        with SqliteSaver.from_conn_string(store) as saver:
            yield saver


class ScriptedModel(GenericFakeChatModel):
    def bind_tools(self, tools, **kwargs):  # a real chat model sends the tools to its provider here
        return self


def agent(saver, *replies):
    model = ScriptedModel(messages=iter(replies))
    return create_agent(model, to_langchain_tools(TOOLS), context_schema=Ctx, checkpointer=saver)


def main(step: str, store: str) -> None:
    config = {"configurable": {"thread_id": "payment-1"}}
    with checkpointer(store) as saver:
        if step == "start":
            call = {
                "name": "send_payment",
                "args": {"to": "bob", "amount": 500},
                "id": "c1",
                "type": "tool_call",
            }
            paused = agent(saver, AIMessage("", tool_calls=[call])).invoke(
                {"messages": [("user", "pay bob")]}, config, context=Ctx("ann")
            )
            (pending,) = paused["__interrupt__"]
            print(f"paused: {pending.value['tool']} {pending.value['args']}")
        else:
            resumed = agent(saver, AIMessage("Paid."))
            (pending,) = resumed.get_state(config).interrupts  # the request, read back from the store
            print(f"approving: {pending.value['tool']} {pending.value['args']}")
            done = resumed.invoke(Command(resume=approve(pending)), config, context=Ctx("ann"))
            print(f"resumed: {done['messages'][-2].content}")


if len(sys.argv) > 1 and sys.argv[1] in ("start", "approve"):
    main(sys.argv[1], sys.argv[2])
else:
    store = sys.argv[1] if len(sys.argv) > 1 else str(Path(tempfile.mkdtemp()) / "checkpoints.sqlite")
    for step in ("start", "approve"):  # two processes
        subprocess.run([sys.executable, __file__, step, store], check=True)
