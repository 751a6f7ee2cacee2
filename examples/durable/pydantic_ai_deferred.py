"""A converted tool's approval as pydantic-ai deferred tool requests, saved as JSON and resumed by
another process with `DeferredToolResults`.

    python pydantic_ai_deferred.py

Without arguments the script runs itself twice: `start` runs until the tool asks for approval and
writes the message history (pydantic-ai's `ModelMessagesTypeAdapter`) and the requests to a JSON
file; `approve` (a new process, a new agent from the same tool list) resumes. The context is
rebuilt from `deps` by a `context=` hook; nothing of it is in the file.
"""

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter
from pydantic_ai import Agent, DeferredToolRequests
from pydantic_ai.messages import (
    ModelMessagesTypeAdapter,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import FunctionModel

import interop
from interop.pydantic_ai import approval_results, to_pydantic_ai_toolset


@dataclass
class Ctx:
    user: str


@interop.tool(meta={"requires_approval": True}, context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    return f"{ctx.user} paid {amount} to {to}"


def model(messages, info):
    returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
    if returns:
        return ModelResponse(parts=[TextPart(f"Done: {returns[0].model_response_str()}")])
    return ModelResponse(parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500})])


toolset = to_pydantic_ai_toolset([send_payment], id="payments", context=lambda ctx: Ctx(user=ctx.deps))
agent = Agent(
    FunctionModel(model), deps_type=str, toolsets=[toolset], output_type=[str, DeferredToolRequests]
)
REQUESTS = TypeAdapter(DeferredToolRequests)

if len(sys.argv) > 2 and sys.argv[1] == "start":
    paused = agent.run_sync("pay bob 5 euros", deps="ann")
    assert isinstance(paused.output, DeferredToolRequests)  # the run paused for approval
    state = {
        "messages": json.loads(paused.all_messages_json()),
        "requests": json.loads(REQUESTS.dump_json(paused.output)),
    }
    Path(sys.argv[2]).write_text(json.dumps(state))
    print(f"paused: {[(c.tool_name, c.args) for c in paused.output.approvals]}")
elif len(sys.argv) > 2 and sys.argv[1] == "approve":
    state = json.loads(Path(sys.argv[2]).read_text())
    history = ModelMessagesTypeAdapter.validate_python(state["messages"])
    requests = REQUESTS.validate_python(state["requests"])
    # each approval bound to the arguments in the request shown (a history changed since runs nothing)
    results = approval_results(requests, {call.tool_call_id: True for call in requests.approvals})
    done = agent.run_sync(message_history=history, deferred_tool_results=results, deps="ann")
    print(f"resumed: {done.output}")
else:
    path = str(Path(tempfile.mkdtemp()) / "run.json")
    for step in ("start", "approve"):  # two processes
        subprocess.run([sys.executable, __file__, step, path], check=True)
