"""pydantic-ai deferred approval: `DeferredToolRequests` + the message history serialized with
pydantic-ai's own adapters (`ModelMessagesTypeAdapter`), resumed with `approval_results` (`DeferredToolResults` bound to the arguments shown).

Fast: serialized to JSON text, resumed by a new agent and a new converted toolset (the same tool
list) in this process. Heavy: resumed by a new process after the first was killed with SIGKILL.
Approve runs the tool once (with the context rebuilt by the `context=` hook from `deps`); deny
does not run it. The secret is not in the serialized state.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from durable_common import load_context, make_tool
from durable_harness import calls, kill_at, run_to_end
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

pytestmark = pytest.mark.timeout(600)
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


def _agent(counter: Any) -> Agent[str, Any]:
    """A new agent and converted toolset, as a new process builds them (same tool list)."""
    toolset = to_pydantic_ai_toolset(
        [make_tool(str(counter))], id="payments", context=lambda ctx: load_context(ctx.deps)
    )
    return Agent(
        FunctionModel(model), deps_type=str, toolsets=[toolset], output_type=[str, DeferredToolRequests]
    )


@pytest.mark.parametrize("decision", ["approve", "deny"])
def test_deferred_approval_resumes_from_json(counter, secret, decision):
    paused = _agent(counter).run_sync("pay bob 5 euros", deps="u1")
    assert isinstance(paused.output, DeferredToolRequests)
    stored = json.dumps(
        {
            "messages": json.loads(paused.all_messages_json()),
            "requests": json.loads(REQUESTS.dump_json(paused.output)),
        }
    )
    del paused
    assert calls(counter) == [] and secret not in stored

    state = json.loads(stored)
    history = ModelMessagesTypeAdapter.validate_python(state["messages"])
    requests = REQUESTS.validate_python(state["requests"])
    answer: Any = True if decision == "approve" else ToolDenied("not this month")
    results = approval_results(requests, {c.tool_call_id: answer for c in requests.approvals})
    done = _agent(counter).run_sync(message_history=history, deferred_tool_results=results, deps="u1")
    if decision == "approve":
        assert done.output == 'done [success]: {"sent":500,"to":"bob"}'
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert done.output == "done [denied]: not this month"
        assert calls(counter) == []
    assert secret not in done.all_messages_json().decode()


@pytest.mark.heavy
@pytest.mark.parametrize("decision", ["approve", "deny"])
def test_deferred_approval_survives_sigkill(tmp_path, counter, secret, decision):
    state = tmp_path / "state.json"
    paused = kill_at("pai_child.py", ["start", str(state), str(counter)], "paused")
    assert paused["approvals"] == ["send_payment"] and calls(counter) == []
    assert secret not in state.read_text()
    done = run_to_end("pai_child.py", [decision, str(state), str(counter)])
    if decision == "approve":
        assert done["output"] == 'done [success]: {"sent":500,"to":"bob"}'
        assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]
    else:
        assert done["output"] == "done [denied]: not this month"
        assert calls(counter) == []
