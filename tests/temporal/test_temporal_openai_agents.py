"""The OpenAI Agents SDK's Temporal integration (`temporalio.openai_agents`, the package
`temporalio-openai-agents`) on a real dev server: the SDK's Runner in a workflow, the model's turns
in the integration's activities (a scripted model), our converted tools' calls in their own
activities. Approval waits durably (nothing ran before the decision, the payment ran once after),
a bad argument reaches the model naming the field, the context's secret never enters the history,
and docs/durable/temporal.md's program runs. Runs in `.venv-temporal-openai-agents` (`make
test-temporal-openai-agents`): the integration's 1.1 release pins openai-agents < 0.23, so it is
installed there without its pins beside the openai-agents 0.24 this project needs."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("temporalio")
pytest.importorskip("agents")
pytest.importorskip("temporalio.openai_agents")

from agents import Model, ModelProvider, ModelResponse, Usage
from devserver import DevServer
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from temporalio.openai_agents import OpenAIAgentsPlugin
from tt_calls import approve_the_payment, scheduled_activities
from tt_examples import EXAMPLES, assert_example_pays_once_after_approval
from tt_openai_agents import AgentsPayerWorkflow
from tt_tools import TOOLS, context_from_env, executions
from tt_worker import serving

from interop.temporal import tool_activities

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(180)]


class ScriptedModel(Model):
    """Runs in the integration's model activity: the first turn calls three tools (one argument
    bad, one needing approval), the second corrects the bad call, the third reports every tool
    output it was given."""

    def __init__(self, seen: list[list[str]]) -> None:
        self.seen = seen

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        outputs = [
            i["output"] for i in input if isinstance(i, dict) and i.get("type") == "function_call_output"
        ]
        self.seen.append(outputs)

        def call(n: str, name: str, arguments: dict[str, Any]) -> ResponseFunctionToolCall:
            return ResponseFunctionToolCall(
                type="function_call", call_id=n, name=name, arguments=json.dumps(arguments)
            )

        if not outputs:
            items: list[Any] = [
                call("c1", "add", {"a": 2, "b": 40}),
                call("c2", "add", {"a": "two", "b": 1}),
                call("c3", "send_payment", {"to": "bob", "amount": 5}),
            ]
        elif len(outputs) == 3:
            items = [call("c4", "add", {"a": 2, "b": 1})]
        else:
            text = ResponseOutputText(type="output_text", text=" | ".join(outputs), annotations=[])
            items = [
                ResponseOutputMessage(
                    type="message", id="m", role="assistant", status="completed", content=[text]
                )
            ]
        return ModelResponse(output=items, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


class ScriptedProvider(ModelProvider):
    def __init__(self, seen: list[list[str]]) -> None:
        self.seen = seen

    def get_model(self, model_name: str | None) -> Model:
        return ScriptedModel(self.seen)


async def test_runner_in_a_workflow_with_converted_activity_tools(
    temporal_server: DevServer, task_queue: str, secret: str, ledger: Path
) -> None:
    seen: list[list[str]] = []
    plugin = OpenAIAgentsPlugin(model_provider=ScriptedProvider(seen))
    activities = tool_activities(TOOLS, context_factory=context_from_env)
    async with serving(
        temporal_server.address, task_queue, [AgentsPayerWorkflow], activities, plugins=[plugin]
    ) as client:
        handle = await client.start_workflow(
            AgentsPayerWorkflow.run, "pay bob 5 and add", id=f"wf-{uuid.uuid4().hex}", task_queue=task_queue
        )
        output = await approve_the_payment(handle, ledger)
    first = seen[1]  # what the model was given after its first turn
    assert first[0] == "42" and first[2] == "ann paid 5 to bob"
    assert first[1].startswith("Invalid arguments for tool 'add':") and "a:" in first[1]
    assert output.endswith("| 3")  # the corrected call
    assert [r["tool"] for r in executions(ledger)].count("send_payment") == 1
    assert sorted((r["a"], r["b"]) for r in executions(ledger, "add")) == [(2, 1), (2, 40)]
    scheduled, raw = await scheduled_activities(handle)
    # add: three activities (the bad call refused by the activity's validation, the function never
    # ran); send_payment: two (pending, then the approved run)
    assert scheduled.count("add") == 3 and scheduled.count("send_payment") == 2
    assert any("model" in n.lower() for n in scheduled), scheduled  # the model's turns: the integration's
    assert secret.encode() not in raw


def test_the_docs_program_runs(tmp_path: Path) -> None:
    assert_example_pays_once_after_approval(EXAMPLES / "openai_agents_worker.py", tmp_path, timeout=150)
