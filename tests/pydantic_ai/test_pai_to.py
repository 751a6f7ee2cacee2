"""to_pydantic_ai / to_pydantic_ai_toolset in real pydantic-ai agent runs (TestModel, FunctionModel)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic import BaseModel, Field
from pydantic_ai import (
    Agent,
    DeferredToolRequests,
    DeferredToolResults,
    FunctionToolset,
    RunContext,
    Tool,
    UnexpectedModelBehavior,
)
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

import interop
import interop.bridge
from interop import FromContext, ToolError, standard_tool
from interop.errors import SchemaConversionError, ToolNameError
from interop.pydantic_ai import approval_results, from_pydantic_ai, to_pydantic_ai, to_pydantic_ai_toolset

# ------------------------------------------------------------------------------------------ tools


@dataclass
class Deps:
    user: str


class Total(BaseModel):
    total: int
    by: str


CALLS: list[tuple[Any, ...]] = []


@interop.tool(title="Adder", meta={"tags": ["math"], "strict": True, "idempotent": True})
def add(
    a: int,
    user: Annotated[Any, FromContext],
    b: Annotated[int, Field(gt=0, description="Second addend")] = 1,
    ctx: str = "-",
) -> Total:
    """Add two integers."""
    CALLS.append(("add", a, b, ctx, user))
    return Total(total=a + b, by=str(user))


@interop.tool
async def slow_echo(text: str, user: Annotated[Any, FromContext]) -> dict[str, Any]:
    """Echo text after yielding to the loop."""
    await asyncio.sleep(0)
    CALLS.append(("slow_echo", text, user, asyncio.get_running_loop()))
    return {"text": text, "user": user}


@interop.tool(meta={"requires_approval": True, "destructive": True})
def delete_file(path: str) -> str:
    """Delete a file."""
    CALLS.append(("delete_file", path))
    return f"deleted {path}"


@interop.tool
def flaky(n: int) -> int:
    """Fails with a ToolError for odd numbers."""
    CALLS.append(("flaky", n))
    if n % 2:
        raise ToolError(f"{n} is odd, use an even number")
    return n


@pytest.fixture(autouse=True)
def _clear_calls() -> None:
    CALLS.clear()


def returns(messages: list[ModelMessage]) -> list[ToolReturnPart]:
    return [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]


def scripted(*steps: list[ToolCallPart] | None) -> tuple[FunctionModel, list[list[ToolReturnPart]]]:
    """A FunctionModel playing `steps` (tool calls), then answering with what the tools returned."""
    seen: list[list[ToolReturnPart]] = []
    it = iter(steps)

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        rets = returns(messages)
        if rets:
            seen.append(rets)
        step = next(it, None)
        if step is None:
            return ModelResponse(
                parts=[TextPart("final: " + " | ".join(r.model_response_str() for r in rets))]
            )
        return ModelResponse(parts=list(step))

    return FunctionModel(fn), seen


# ------------------------------------------------------------------------------------------ definition


def test_tool_definition_carries_schema_meta_title_and_return_schema() -> None:
    native = to_pydantic_ai(add)
    td = native.tool_def
    assert isinstance(native, Tool)
    assert td.name == "add"
    assert td.description == "Add two integers."
    # meta strict: our strict compilation, which keeps optional fields optional (nullable)
    compiled = interop.bridge.compile_openai_strict(interop.input_json_schema(add), tool_name="add")
    assert td.parameters_json_schema == compiled.schema
    assert td.parameters_json_schema["properties"]["b"]["description"].startswith("Second addend")
    assert to_pydantic_ai(slow_echo).tool_def.parameters_json_schema == interop.input_json_schema(slow_echo)
    assert td.strict is True
    assert td.kind == "function"
    assert td.metadata == {
        "tags": ["math"],
        "strict": True,
        "idempotent": True,
        "interop": {"title": "Adder"},
    }
    assert td.return_schema == interop.output_json_schema(add)


def test_requires_approval_maps_to_unapproved_kind_and_non_json_meta_is_left_out() -> None:
    t = standard_tool(
        name="t",
        description="d",
        execute=lambda x: x,
        meta={"requires_approval": True, "callback": print},
    )
    td = to_pydantic_ai(t).tool_def
    assert td.kind == "unapproved"
    assert td.metadata == {"requires_approval": True}
    assert not td.return_schema  # no output schema: nothing to show


def test_non_object_input_schema_is_refused_at_conversion() -> None:
    t = standard_tool(name="t", description="d", execute=lambda x: x, input_schema=int)
    with pytest.raises(SchemaConversionError, match="JSON object"):
        to_pydantic_ai(t)


def test_name_is_checked_and_can_be_renamed() -> None:
    bad = standard_tool(name="files.delete", description="d", execute=lambda x: x)
    with pytest.raises(ToolNameError, match="pydantic-ai"):
        to_pydantic_ai(bad)
    assert to_pydantic_ai(bad, name="files_delete").name == "files_delete"
    assert to_pydantic_ai(bad, rename=lambda n: n.replace(".", "__")).name == "files__delete"


# ------------------------------------------------------------------------------------------ agent runs


def test_testmodel_run_calls_tool_with_deps_as_context() -> None:
    # TestModel cannot make up values for type arrays (`["integer", "null"]`, what a strict schema
    # has for optional fields), so this run uses the tool without `strict`
    lax = dataclasses.replace(add, meta={k: v for k, v in add.meta.items() if k != "strict"})
    agent = Agent(TestModel(), tools=[to_pydantic_ai(lax)], deps_type=str)
    result = agent.run_sync("add something", deps="alice")
    assert CALLS and CALLS[0][0] == "add" and CALLS[0][-1] == "alice"
    assert '"by":"alice"' in result.output


def test_function_model_args_reach_function_and_result_goes_back_as_json() -> None:
    model, seen = scripted([ToolCallPart("add", {"a": 2, "b": 5, "ctx": "model-arg"}, tool_call_id="c1")])
    result = Agent(model, tools=[to_pydantic_ai(add)], deps_type=str).run_sync("go", deps="bob")
    assert CALLS == [("add", 2, 5, "model-arg", "bob")]  # an argument named `ctx` passes through
    assert seen[0][0].outcome == "success"
    assert seen[0][0].model_response_str() == '{"total":7,"by":"bob"}'
    assert result.output == 'final: {"total":7,"by":"bob"}'


def test_context_hook_receives_run_context() -> None:
    seen_ctx: list[RunContext[Any]] = []

    def hook(ctx: RunContext[Deps]) -> str:
        seen_ctx.append(ctx)
        return ctx.deps.user

    model, _ = scripted([ToolCallPart("add", {"a": 1}, tool_call_id="call-7")])
    Agent(model, tools=[to_pydantic_ai(add, context=hook)], deps_type=Deps).run_sync("go", deps=Deps("carol"))
    assert CALLS == [("add", 1, 1, "-", "carol")]
    assert seen_ctx[0].tool_call_id == "call-7" and seen_ctx[0].tool_name == "add"


def test_bad_arguments_retry_naming_the_field_then_the_run_finishes() -> None:
    model, seen = scripted(
        [ToolCallPart("add", {"a": "two", "b": -1, "zzz": 1}, tool_call_id="bad")],
        [ToolCallPart("add", {"a": 2, "b": 3}, tool_call_id="good")],
    )
    result = Agent(model, tools=[to_pydantic_ai(add)], deps_type=str).run_sync("go", deps="dan")
    retry = seen[0][0]
    assert retry.outcome == "retried" and retry.tool_call_id == "bad"
    errors = retry.content
    assert isinstance(errors, list)
    locs = {tuple(e["loc"]) for e in errors}
    assert locs == {("a",), ("b",), ("zzz",)}
    text = retry.model_response_str()
    assert "greater than 0" in text and "valid integer" in text
    assert CALLS == [("add", 2, 3, "-", "dan")]  # the function never saw the bad call
    assert result.output == 'final: {"total":5,"by":"dan"}'


def test_non_object_arguments_get_a_retry_too() -> None:
    model, seen = scripted(
        [ToolCallPart("add", "[1, 2]", tool_call_id="bad")],
        [ToolCallPart("add", {"a": 1}, tool_call_id="good")],
    )
    Agent(model, tools=[to_pydantic_ai(add)], deps_type=str).run_sync("go", deps="x")
    assert seen[0][0].outcome == "retried"
    assert CALLS == [("add", 1, 1, "-", "x")]


def test_retry_budget_applies() -> None:
    model, _ = scripted(*[[ToolCallPart("add", {"a": "x"}, tool_call_id=f"c{i}")] for i in range(5)])
    agent = Agent(model, tools=[to_pydantic_ai(add, max_retries=2)], deps_type=str)
    with pytest.raises(UnexpectedModelBehavior, match="exceeded max retries count of 2"):
        agent.run_sync("go", deps="x")
    assert CALLS == []


def test_tool_error_reaches_the_model_as_a_retry() -> None:
    model, seen = scripted(
        [ToolCallPart("flaky", {"n": 3}, tool_call_id="c1")],
        [ToolCallPart("flaky", {"n": 4}, tool_call_id="c2")],
    )
    result = Agent(model, tools=[to_pydantic_ai(flaky)]).run_sync("go")
    assert seen[0][0].outcome == "retried"
    assert "3 is odd, use an even number" in seen[0][0].model_response_str()
    assert "flaky" in seen[0][0].model_response_str()
    assert result.output == "final: 4"


def boom(x: dict[str, Any]) -> Any:
    raise RuntimeError("disk on fire")


def test_other_exceptions_propagate_by_default_and_can_reach_the_model() -> None:
    t = standard_tool(name="boom", description="d", execute=boom)
    model, _ = scripted([ToolCallPart("boom", {}, tool_call_id="c1")])
    with pytest.raises(RuntimeError, match="disk on fire"):
        Agent(model, tools=[to_pydantic_ai(t)]).run_sync("go")

    model, seen = scripted([ToolCallPart("boom", {}, tool_call_id="c1")])
    Agent(model, tools=[to_pydantic_ai(t, errors="all")]).run_sync("go")
    assert seen[0][0].outcome == "failed" and "disk on fire" in seen[0][0].model_response_str()

    model, seen = scripted([ToolCallPart("boom", {}, tool_call_id="c1")])
    Agent(model, tools=[to_pydantic_ai(t, errors="masked")]).run_sync("go")
    text = seen[0][0].model_response_str()
    assert seen[0][0].outcome == "failed" and "internal error" in text and "disk on fire" not in text

    with pytest.warns(DeprecationWarning, match="other_errors= is deprecated"):
        legacy = to_pydantic_ai(t, other_errors="fail")  # type: ignore[typeddict-unknown-key]
    model, seen = scripted([ToolCallPart("boom", {}, tool_call_id="c1")])
    Agent(model, tools=[legacy]).run_sync("go")
    assert seen[0][0].outcome == "failed"


def test_invalid_output_is_a_failed_result_not_a_retry() -> None:
    t = standard_tool(name="liar", description="d", execute=lambda x: "not a number", output_schema=int)
    model, seen = scripted([ToolCallPart("liar", {}, tool_call_id="c1")])
    result = Agent(model, tools=[to_pydantic_ai(t)]).run_sync("go")
    assert seen[0][0].outcome == "failed"
    assert "produced an invalid result" in seen[0][0].model_response_str()
    assert result.output.startswith("final:")


@pytest.mark.anyio
async def test_async_tool_runs_on_the_agent_loop() -> None:
    model, _ = scripted([ToolCallPart("slow_echo", {"text": "hi"}, tool_call_id="c1")])
    result = await Agent(model, tools=[to_pydantic_ai(slow_echo)], deps_type=str).run("go", deps="eve")
    assert CALLS[0][:3] == ("slow_echo", "hi", "eve")
    assert CALLS[0][3] is asyncio.get_running_loop()  # never bridged to another thread's loop
    assert result.output == 'final: {"text":"hi","user":"eve"}'


# ------------------------------------------------------------------------------------------ approval


def deferred_delete(path: str) -> tuple[Agent[Any, Any], Any, list[Any]]:
    """An agent whose model asks for `delete_file(path)` (call id d1), run once: it stops with the
    call waiting for an approval. The agent, that first result and what the model was sent."""
    model, seen = scripted([ToolCallPart("delete_file", {"path": path}, tool_call_id="d1")])
    agent = Agent(model, tools=[to_pydantic_ai(delete_file)], output_type=[str, DeferredToolRequests])
    first = agent.run_sync(f"delete {path}")
    assert isinstance(first.output, DeferredToolRequests)
    return agent, first, seen


def test_requires_approval_defers_and_runs_only_when_approved() -> None:
    agent, first, seen = deferred_delete("/tmp/a")
    assert [c.tool_call_id for c in first.output.approvals] == ["d1"]
    assert CALLS == []  # not executed before approval

    second = agent.run_sync(
        message_history=first.all_messages(),
        deferred_tool_results=approval_results(first.output, {"d1": True}),
    )
    assert CALLS == [("delete_file", "/tmp/a")]
    assert seen[-1][0].outcome == "success" and seen[-1][0].tool_call_id == "d1"
    assert second.output == "final: deleted /tmp/a"


def test_requires_approval_denied_never_executes() -> None:
    agent, first, _ = deferred_delete("/")
    second = agent.run_sync(
        message_history=first.all_messages(),
        deferred_tool_results=approval_results(first.output, {"d1": False}),
    )
    assert CALLS == []
    assert isinstance(second.output, str)


# ------------------------------------------------------------------------------------------ toolset


def test_toolset_in_agent_toolsets() -> None:
    toolset = to_pydantic_ai_toolset([add, flaky], id="neutral")
    assert isinstance(toolset, FunctionToolset)
    assert set(toolset.tools) == {"add", "flaky"}
    model, seen = scripted(
        [
            ToolCallPart("add", {"a": 1, "b": 2}, tool_call_id="c1"),
            ToolCallPart("flaky", {"n": 2}, tool_call_id="c2"),
        ]
    )
    Agent(model, toolsets=[toolset], deps_type=str).run_sync("go", deps="frank")
    assert {r.tool_name: r.outcome for r in seen[0]} == {"add": "success", "flaky": "success"}
    assert ("add", 1, 2, "-", "frank") in CALLS and ("flaky", 2) in CALLS
    assert [from_pydantic_ai(t) for t in toolset.tools.values()] == [add, flaky]


def test_toolset_rename_mapping_and_testmodel() -> None:
    lax = dataclasses.replace(add, meta={})  # TestModel: no strict type arrays (see above)
    toolset = to_pydantic_ai_toolset([lax], rename={"add": "plus"})
    assert list(toolset.tools) == ["plus"]
    Agent(TestModel(), toolsets=[toolset], deps_type=str).run_sync("go", deps="g")
    assert CALLS and CALLS[0][-1] == "g"


def test_a_resumed_approval_is_bound_to_the_arguments_shown() -> None:
    """Durable resume: the stored history is the model's word, the approval the human's. An
    approval without the digest of the arguments shown, or history changed since, runs nothing."""
    from pydantic_ai import ModelMessagesTypeAdapter, ToolApproved

    agent, first, _ = deferred_delete("/tmp/a")
    stored = ModelMessagesTypeAdapter.dump_json(first.all_messages())
    shown = first.output  # what the human saw: delete_file /tmp/a

    tampered = ModelMessagesTypeAdapter.validate_json(stored.replace(b"/tmp/a", b"/etc"))
    denied = agent.run_sync(message_history=tampered, deferred_tool_results=approval_results(shown, {"d1": True}))
    assert CALLS == [] and "not bound to these arguments" in json.dumps(
        [p.content for m in denied.all_messages() for p in m.parts if p.part_kind == "tool-return"]
    )
    unbound = agent.run_sync(
        message_history=ModelMessagesTypeAdapter.validate_json(stored),
        deferred_tool_results=DeferredToolResults(approvals={"d1": True}),  # no digest: approves nothing
    )
    assert CALLS == [] and isinstance(unbound.output, str)
    edited = agent.run_sync(  # the human edits the arguments: bound to the edit
        message_history=ModelMessagesTypeAdapter.validate_json(stored),
        deferred_tool_results=approval_results(shown, {"d1": ToolApproved(override_args={"path": "/tmp/b"})}),
    )
    assert CALLS == [("delete_file", "/tmp/b")] and edited.output == "final: deleted /tmp/b"
