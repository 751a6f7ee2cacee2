"""OpenAI Agents SDK: a run interrupted for a converted tool's approval, `RunState` serialized to
JSON, resumed with a new agent and converted tool (fast: this process; heavy: a new process after
the first was killed with SIGKILL); approve runs the tool once, reject does not run it.

The context stays out of the JSON with `keep_context_fields("user_id")` (or `omit_context`) as the
`context_serializer`; the SDK's default writes a dataclass context into it (shown below).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, Runner, RunState
from agents.tracing import set_tracing_disabled
from durable_common import load_context, make_tool
from durable_harness import assert_decided, calls, kill_then_resume
from oa_model import PayModel

from interop.openai_agents import keep_context_fields, omit_context, to_openai_agents

pytestmark = pytest.mark.timeout(600)
set_tracing_disabled(True)
APPROVED = 'done: {"sent":500,"to":"bob"}'
REJECTED = "done: not this month"


def _agent(counter: Any) -> Agent[Any]:
    return Agent(name="payer", model=PayModel(), tools=[to_openai_agents(make_tool(str(counter)))])


async def _pause(counter: Any) -> Any:
    result = await Runner.run(_agent(counter), "pay bob 5 euros", context=load_context("u1"))
    assert [i.name for i in result.interruptions] == ["send_payment"]
    return result.to_state()


@pytest.mark.parametrize("decision", ["approve", "reject"])
@pytest.mark.parametrize("serializer", ["keep_context_fields", "omit_context"])
def test_run_state_json_resumes_without_the_context(counter, secret, decision, serializer):
    async def scenario() -> str:
        state = await _pause(counter)
        if serializer == "omit_context":
            text = state.to_string(context_serializer=omit_context)

            def rebuild(_data):
                return load_context("u1")  # the application knows whose run it is
        else:
            text = state.to_string(context_serializer=keep_context_fields("user_id"))

            def rebuild(data):
                return load_context(data["user_id"])

        assert secret not in text and calls(counter) == []
        resumed = await RunState.from_string(_agent(counter), text, context_deserializer=rebuild)
        (pending,) = resumed.get_interruptions()
        if decision == "approve":
            resumed.approve(pending)
        else:
            resumed.reject(pending, rejection_message="not this month")
        agent = _agent(counter)
        result = await Runner.run(agent, resumed)
        return str(result.final_output)

    output = asyncio.run(scenario())
    assert_decided(counter, decision, output, approved=APPROVED, refused=REJECTED)


def test_default_serialization_writes_a_dataclass_context(counter, secret):
    """Why the serializer matters: without one the SDK writes the dataclass context (`asdict`)."""
    state = asyncio.run(_pause(counter))
    assert secret in state.to_string()


@pytest.mark.heavy
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_run_state_resumes_in_a_new_process_after_sigkill(tmp_path, counter, secret, decision):
    done = kill_then_resume("oa_child.py", decision, tmp_path, counter, secret, pending="interruptions")
    assert_decided(counter, decision, done["output"], approved=APPROVED, refused=REJECTED)
