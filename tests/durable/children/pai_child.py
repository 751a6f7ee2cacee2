"""pydantic-ai child: a deferred approval serialized with pydantic-ai's own adapters.

argv: MODE STATE COUNTER
  start          run until the converted tool asks for approval (`DeferredToolRequests`), write the
                 message history (`ModelMessagesTypeAdapter`) and the requests to STATE, wait to be killed
  approve | deny read STATE, resume with `approval_results(...)` (`DeferredToolResults` bound to the arguments shown) in this new process
The context is rebuilt by a `context=` hook from `deps` (a user id): nothing of it is in STATE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from durable_common import emit, hang, load_context, make_tool
from pydantic import TypeAdapter
from pydantic_ai import Agent, DeferredToolRequests, ToolDenied
from pydantic_ai.messages import (
    ModelMessagesTypeAdapter,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import FunctionModel

from interop.pydantic_ai import approval_results, to_pydantic_ai_toolset

MODE, STATE, COUNTER = sys.argv[1:4]
REQUESTS = TypeAdapter(DeferredToolRequests)


def model(messages: list[Any], info: Any) -> ModelResponse:
    returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
    if returns:
        return ModelResponse(
            parts=[TextPart(f"done [{returns[0].outcome}]: {returns[0].model_response_str()}")]
        )
    return ModelResponse(
        parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500}, tool_call_id="call_1")]
    )


toolset = to_pydantic_ai_toolset(
    [make_tool(COUNTER)], id="payments", context=lambda ctx: load_context(ctx.deps)
)
agent = Agent(
    FunctionModel(model), deps_type=str, toolsets=[toolset], output_type=[str, DeferredToolRequests]
)

if MODE == "start":
    result = agent.run_sync("pay bob 5 euros", deps="u1")
    assert isinstance(result.output, DeferredToolRequests)
    state = {
        "messages": json.loads(result.all_messages_json()),
        "requests": json.loads(REQUESTS.dump_json(result.output)),
    }
    Path(STATE).write_text(json.dumps(state))
    hang("paused", approvals=[p.tool_name for p in result.output.approvals])

state = json.loads(Path(STATE).read_text())
history = ModelMessagesTypeAdapter.validate_python(state["messages"])
requests = REQUESTS.validate_python(state["requests"])
decision: Any = True if MODE == "approve" else ToolDenied("not this month")
results = approval_results(requests, {call.tool_call_id: decision for call in requests.approvals})
result = agent.run_sync(message_history=history, deferred_tool_results=results, deps="u1")
emit("done", output=result.output)
