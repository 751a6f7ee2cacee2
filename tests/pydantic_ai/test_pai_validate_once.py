"""A converted `@tool` function's arguments are validated once, by the neutral tool's own schema, in
pydantic-ai's validation phase (the toolset tool's `args_validator`): the call then runs the
function without validating again, and still checks the output (issue 37: the async toolset
call's cost). Bad arguments keep pydantic-ai's structured retry naming each field, the function
never runs for them and the run goes on; an approval-required tool never runs unapproved; with an
observer installed the call validates, as before, so the observer sees bad calls too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic import AfterValidator, ValidationError
from pydantic_ai import Agent, DeferredToolRequests, FunctionToolset, RunContext
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel
from pydantic_ai.usage import RunUsage

import interop
from interop._observe import set_observer
from interop.bridge import Outcome
from interop.pydantic_ai import approval_results, to_pydantic_ai

VALIDATED: list[int] = []
RAN: list[tuple[str, Any]] = []


def _counted(n: int) -> int:
    VALIDATED.append(n)
    return n


@interop.tool
async def double(n: Annotated[int, AfterValidator(_counted)], note: str = "") -> int:
    """Double n."""
    RAN.append(("double", n))
    return 2 * n


@interop.tool
async def liar(n: int) -> int:
    """Claims an int, returns text."""
    RAN.append(("liar", n))
    return "not a number"  # type: ignore[return-value]


@interop.tool(meta={"strict": True})
async def offset(a: int, b: int = 5) -> int:
    """a + b."""
    return a + b


@interop.tool(meta={"requires_approval": True})
async def wipe(path: str) -> str:
    """Wipe a path."""
    RAN.append(("wipe", path))
    return f"wiped {path}"


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    VALIDATED.clear()
    RAN.clear()
    previous = set_observer(None)  # no telemetry: the arguments are validated in pydantic-ai's phase
    yield
    set_observer(previous)


def scripted(*steps: list[ToolCallPart]) -> tuple[FunctionModel, list[list[Any]]]:
    """A FunctionModel playing `steps`, then answering with what came back last."""
    seen: list[list[Any]] = []
    it = iter(steps)

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) > 1:
            seen.append(list(messages[-1].parts))
        step = next(it, None)
        if step is None:
            return ModelResponse(parts=[TextPart("done")])
        return ModelResponse(parts=list(step))

    return FunctionModel(fn), seen


async def _toolset_tool(tool: Any) -> Any:
    native = to_pydantic_ai(tool)
    ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage(), tool_name=native.name)
    return (await FunctionToolset([native]).get_tools(ctx))[native.name]


@pytest.mark.anyio
async def test_the_args_validator_is_the_tools_own_schema() -> None:
    ts_tool = await _toolset_tool(double)
    assert ts_tool.args_validator.validate_json('{"n": "7"}') == {"n": 7, "note": ""}  # coerced, defaults
    with pytest.raises(ValidationError) as raised:
        ts_tool.args_validator.validate_json('{"n": "x", "zzz": 1}')
    assert raised.value.title == "double"  # names the tool, and each bad field
    assert {tuple(e["loc"]) for e in raised.value.errors()} == {("n",), ("zzz",)}
    with pytest.raises(ValidationError):
        ts_tool.args_validator.validate_json("[1, 2]")  # not an object
    assert RAN == []


def test_validated_once_in_a_run_and_the_function_gets_the_values() -> None:
    model, seen = scripted([ToolCallPart("double", '{"n": "21"}', tool_call_id="c1")])
    result = Agent(model, tools=[to_pydantic_ai(double)]).run_sync("go")
    assert VALIDATED == [21]  # once: pydantic-ai's phase; the call did not validate again
    assert RAN == [("double", 21)]
    assert seen[0][0].content == 42 and result.output == "done"


def test_bad_arguments_retry_naming_the_field_and_the_run_goes_on() -> None:
    model, seen = scripted(
        [ToolCallPart("double", {"n": "two", "zzz": 1}, tool_call_id="bad")],
        [ToolCallPart("double", "[1, 2]", tool_call_id="not-an-object")],
        [ToolCallPart("double", {"n": 3}, tool_call_id="good")],
    )
    result = Agent(model, tools=[to_pydantic_ai(double, max_retries=3)]).run_sync("go")
    retry = seen[0][0]
    assert retry.outcome == "retried" and retry.tool_name == "double"
    assert retry.retry.cause == "validation_error"
    assert isinstance(retry.content, list)
    assert {tuple(e["loc"]) for e in retry.content} == {("n",), ("zzz",)}
    assert "valid integer" in retry.model_response_str()
    assert seen[1][0].outcome == "retried"
    assert RAN == [("double", 3)]  # the function never saw a bad call
    assert result.output == "done"


def test_the_output_is_still_checked() -> None:
    model, seen = scripted([ToolCallPart("liar", {"n": 1}, tool_call_id="c1")])
    Agent(model, tools=[to_pydantic_ai(liar)]).run_sync("go")
    assert RAN == [("liar", 1)]
    assert seen[0][0].outcome == "failed" and "produced an invalid result" in seen[0][0].model_response_str()


def test_strict_nulls_are_restored_before_the_validation() -> None:
    model, seen = scripted([ToolCallPart("offset", {"a": 1, "b": None}, tool_call_id="c1")])
    Agent(model, tools=[to_pydantic_ai(offset)]).run_sync("go")
    assert seen[0][0].content == 6  # null meant "omitted": the default


def test_an_approval_required_tool_never_runs_unapproved() -> None:
    model, _ = scripted([ToolCallPart("wipe", {"path": "/a"}, tool_call_id="w1")])
    agent = Agent(model, tools=[to_pydantic_ai(wipe)], output_type=[str, DeferredToolRequests])
    first = agent.run_sync("go")
    assert isinstance(first.output, DeferredToolRequests) and RAN == []
    results = approval_results(first.output, {"w1": True})
    agent.run_sync(message_history=first.all_messages(), deferred_tool_results=results)
    assert RAN == [("wipe", "/a")]


class _Recorder:
    def __init__(self) -> None:
        self.ended: list[Outcome | None] = []

    def begin(self, tool: Any, name: str, call_id: str | None, arguments: Any) -> Any:
        return self

    def end(self, outcome: Outcome | None, error: BaseException | None) -> None:
        self.ended.append(outcome)


def test_an_observer_sees_the_validation_as_part_of_the_call() -> None:
    recorder = _Recorder()
    set_observer(recorder)
    model, seen = scripted(
        [ToolCallPart("double", {"n": "x"}, tool_call_id="bad")],
        [ToolCallPart("double", {"n": 2}, tool_call_id="good")],
    )
    Agent(model, tools=[to_pydantic_ai(double)]).run_sync("go")
    assert {tuple(e["loc"]) for e in seen[0][0].content} == {("n",)}  # the same retry
    outcomes = [o for o in recorder.ended if o is not None]
    assert [o.status for o in outcomes] == ["error", "ok"] and outcomes[0].error_kind == "arguments"
    assert VALIDATED == [2] and RAN == [("double", 2)]  # still validated once
