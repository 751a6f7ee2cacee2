"""The CrewAI adapter in CrewAI's real agent loop (a `Crew` kickoff with a scripted `BaseLLM`,
native function calling, sync and async; ReAct text too), in CrewAI's own environment."""

from __future__ import annotations

import io
import sys
from typing import Annotated, Any, Literal

import pytest
from crewai.hooks import ToolCallHookContext, clear_all_hooks, get_before_tool_call_hooks
from crewai.tools import BaseTool, tool
from crewai.utilities.agent_utils import convert_tools_to_openai_schema
from loop_tools import boom, pick
from pydantic import BaseModel, Field
from scripted import Scripted, calls, crew_for

import interop
from interop.bridge import compile_openai_strict, input_json_schema
from interop.crewai import (
    StandardCrewAITool,
    ToolResultText,
    from_crewai,
    gate,
    run_context,
    to_crewai,
    to_crewai_tools,
)
from interop.errors import ToolNameError

RUNS: list[dict[str, Any]] = []


class Tag(BaseModel):
    label: Literal["x", "y"]
    weight: Annotated[float, Field(ge=0, le=1)] = 0.5


@interop.tool(context="caller", title="Doubler")
def double(
    a: Annotated[int, Field(ge=0, description="The number.")],
    note: Annotated[str, Field(max_length=20)] = "none",
    tags: list[Tag] = [],
    mode: Literal["fast", "slow"] = "fast",
    caller: Any = None,
) -> dict[str, Any]:
    """Double a."""
    RUNS.append({"a": a, "note": note, "tags": [t.label for t in tags], "mode": mode, "caller": caller})
    return {"value": a * 2, "user": (caller or {}).get("user")}


@pytest.fixture(autouse=True)
def _clear() -> None:
    RUNS.clear()


def test_crew_schema_the_llm_is_sent_is_the_strict_form_of_ours() -> None:
    llm = Scripted(calls(("double", {"a": 1, "note": None, "tags": None, "mode": None})))
    crew_for([to_crewai(double)], llm).kickoff()
    sent = llm.sent[0][0]["function"]
    assert sent["name"] == "double" and sent["description"] == "Double a."
    params = sent["parameters"]
    # exactly CrewAI's strict rewrite of interop's strict compilation: nothing else changed
    compiled = compile_openai_strict(input_json_schema(double), tool_name="double").schema
    native = to_crewai(double)
    assert native.args_schema.model_json_schema() == compiled
    assert params == convert_tools_to_openai_schema([native])[0][0]["function"]["parameters"]
    props = params["properties"]
    assert props["a"] == {"type": "integer", "minimum": 0, "description": "The number."}
    # strict mode has no maxLength: the compiler states it (and the default) in the description,
    # and the neutral tool enforces it
    assert props["note"]["type"] == ["string", "null"]
    assert props["note"]["description"] == '(default: "none"; maxLength: 20)'
    assert props["tags"]["type"] == ["array", "null"]
    tag = props["tags"]["items"]  # the nested model inlined, its constraints kept
    assert tag["properties"]["label"]["enum"] == ["x", "y"]
    assert tag["properties"]["weight"]["minimum"] == 0 and tag["properties"]["weight"]["maximum"] == 1
    assert props["mode"]["enum"] == ["fast", "slow", None]
    assert sorted(params["required"]) == ["a", "mode", "note", "tags"]  # strict: nullable, not omitted
    assert llm.sent[0][0]["function"]["strict"] is True


def test_crew_unset_optionals_never_reach_the_tool_as_nulls() -> None:
    llm = Scripted(calls(("double", {"a": 21, "note": None, "tags": None, "mode": None})))
    crew_for([to_crewai(double)], llm).kickoff()
    assert RUNS == [{"a": 21, "note": "none", "tags": [], "mode": "fast", "caller": None}]
    assert llm.tool_messages() == ['{"value":42,"user":null}']


def test_crew_context_from_run_context_kickoff_inputs_and_hook() -> None:
    args = {"a": 1, "note": None, "tags": None, "mode": None}
    with run_context({"user": "bound"}):
        crew_for([to_crewai(double)], Scripted(calls(("double", args)))).kickoff(inputs={"user": "inputs"})
    crew_for([to_crewai(double)], Scripted(calls(("double", args)))).kickoff(inputs={"user": "inputs"})
    seen: list[Any] = []

    def hook(call: ToolCallHookContext | None) -> Any:
        seen.append(call)
        return {"user": f"{call.agent.role}:{call.tool_name}"} if call is not None else None

    crew_for([to_crewai(double, context=hook)], Scripted(calls(("double", args)))).kickoff()
    assert [r["caller"] for r in RUNS] == [{"user": "bound"}, {"user": "inputs"}, {"user": "r:double"}]
    assert isinstance(seen[0], ToolCallHookContext) and seen[0].tool_input == args
    assert to_crewai(double).run(a=2) == '{"value":4,"user":null}'  # outside a run: no context


def test_crew_bad_arguments_and_tool_errors_reach_the_model_and_the_loop_goes_on() -> None:
    llm = Scripted(
        calls(
            ("pick", {"n": "x"}),
            ("double", {"a": -1, "note": None, "tags": [{"label": "z"}], "mode": None}),
            ("pick", {"n": 13}),
            ("pick", {"n": 7}),
        )
    )
    out = crew_for([to_crewai(pick), to_crewai(double)], llm).kickoff()
    bad_type, bad_nested, unlucky, ok = llm.tool_messages()
    assert "'pick'" in bad_type and "n: Input should be a valid integer" in bad_type
    assert "'double'" in bad_nested and "a: Input should be greater than or equal to 0" in bad_nested
    assert "tags.0.label" in bad_nested
    assert "13 is unlucky" in unlucky and ok == "7" and out.raw == "done" and RUNS == []
    failures = out.tasks_output[0].tool_failures  # CrewAI records them as failures (policy: warn)
    assert [f.failure.reason.value for f in failures] == ["invalid_input", "invalid_input", "tool_reported"]


def test_crew_other_exceptions_behave_as_for_a_native_tool() -> None:
    class NativeBoom(BaseTool):
        name: str = "native_boom"
        description: str = "Boom."

        def _run(self, n: int) -> int:
            raise RuntimeError("kaput")

    llm = Scripted(calls(("boom", {"n": 1}), ("native_boom", {"n": 1})))
    crew_for([to_crewai(boom), NativeBoom()], llm).kickoff()
    assert llm.tool_messages() == ["Error executing tool: kaput", "Error executing tool: kaput"]
    llm = Scripted(calls(("boom", {"n": 1})))
    crew_for([to_crewai(boom, errors="masked")], llm).kickoff()
    assert "internal error" in llm.tool_messages()[0] and "kaput" not in llm.tool_messages()[0]


@interop.tool(meta={"requires_approval": lambda input, context: input.n > 10})
def spend(n: int) -> str:
    """Spend n."""
    RUNS.append({"n": n})
    return f"spent {n}"


def test_crew_approval_asks_the_human_through_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\nno\n"))  # the human at the console
    llm = Scripted(calls(("spend", {"n": 5}), ("spend", {"n": 50}), ("spend", {"n": 500})))
    crew_for([to_crewai(spend)], llm).kickoff()
    assert llm.tool_messages() == ["spent 5", "spent 50", "Tool execution blocked by hook. Tool: spend"]
    assert RUNS == [{"n": 5}, {"n": 50}] and sys.stdin.read() == ""  # asked twice: 50 and 500


def test_crew_several_gated_calls_in_one_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = {"60": "y", "600": "n"}

    def human(self: ToolCallHookContext, prompt: str, default_message: str = "") -> str:
        return answers[str(self.tool_input["n"])]

    monkeypatch.setattr(ToolCallHookContext, "request_human_input", human)
    llm = Scripted([[("spend", {"n": 60}), ("spend", {"n": 600}), ("spend", {"n": 6})], "done"])
    crew_for([to_crewai(spend)], llm).kickoff()
    assert sorted(r["n"] for r in RUNS) == [6, 60]
    assert sorted(llm.tool_messages()) == sorted(
        ["spent 60", "Tool execution blocked by hook. Tool: spend", "spent 6"]
    )


def test_crew_approval_fails_closed_without_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    native = to_crewai(spend)
    clear_all_hooks()  # hooks are process-global: someone may clear them
    try:
        llm = Scripted(calls(("spend", {"n": 50}), ("spend", {"n": 5})))
        crew_for([native], llm).kickoff()
        denied, ok = llm.tool_messages()
        assert "'spend' was not approved" in denied and ok == "spent 5" and RUNS == [{"n": 5}]
        assert gate in get_before_tool_call_hooks()  # back for the next call

        def broken(self: ToolCallHookContext, prompt: str, default_message: str = "") -> str:
            raise RuntimeError("console gone")  # a failing hook lets the tool run: the tool refuses

        monkeypatch.setattr(ToolCallHookContext, "request_human_input", broken)
        llm = Scripted(calls(("spend", {"n": 70})))
        crew_for([native], llm).kickoff()
        assert "not approved" in llm.tool_messages()[0] and RUNS == [{"n": 5}]
        assert "not approved" in native.run(n=80).message  # called directly: nobody approved
    finally:
        if gate not in get_before_tool_call_hooks():
            to_crewai(spend)
    # approval= asks a callback inside the call instead of the human
    llm = Scripted(calls(("spend", {"n": 90}), ("spend", {"n": 900})))
    crew_for([to_crewai(spend, approval=lambda r: r.input["n"] < 100)], llm).kickoff()
    assert llm.tool_messages()[0] == "spent 90" and "not approved" in llm.tool_messages()[1]
    assert to_crewai(spend, allow_unapproved=True).run(n=1000) == "spent 1000"


@pytest.mark.anyio
async def test_crew_async_kickoff() -> None:
    @interop.tool(context="caller")
    async def fetch(key: str, caller: Any = None) -> dict[str, Any]:
        """Fetch a key."""
        return {"key": key, "user": (caller or {}).get("user")}

    llm = Scripted(calls(("fetch", {"key": "k"}), ("fetch", {"key": 5})))
    with run_context({"user": "async"}):
        out = await crew_for([to_crewai(fetch)], llm).akickoff()
    ok, bad = llm.tool_messages()
    assert ok == '{"key":"k","user":"async"}' and "'fetch'" in bad and out.raw == "done"


def test_crew_react_text_path() -> None:
    steps = [
        'Thought: I should double.\nAction: double\nAction Input: {"a": 4}',
        "Thought: I know.\nFinal Answer: 8",
    ]
    out = crew_for([to_crewai(double)], Scripted(steps, native=False)).kickoff()
    assert out.raw == "8" and RUNS[0]["a"] == 4 and RUNS[0]["mode"] == "fast"


def test_crew_results_content_and_result_as_answer() -> None:
    @interop.tool(meta={"return_direct": True})
    def snapshot() -> list[Any]:
        """A picture."""
        return ["here it is", interop.Image(b"\x89PNG....", "image/png")]

    native = to_crewai(snapshot)
    assert native.result_as_answer is True
    result = native.run()
    assert isinstance(result, ToolResultText) and result.startswith("here it is\n[image: image/png")
    assert result.value == ["here it is", interop.Image(b"\x89PNG....", "image/png")]
    out = crew_for([native], Scripted([[("snapshot", {})], "never"])).kickoff()
    assert out.raw.startswith("here it is")  # result_as_answer: the tool's text is the answer


def test_crew_round_trips_and_native_idioms() -> None:
    native = to_crewai(double)
    assert isinstance(native, StandardCrewAITool) and from_crewai(native) is double

    @tool("shout")
    def shout(text: str, times: int = 1) -> str:
        """Shout text."""
        return text.upper() * times

    class WeatherIn(BaseModel):
        city: str = Field(description="City.")
        days: Annotated[int, Field(ge=0, le=7)] = 1

    class Forecast(BaseModel):
        temp: float

    class Weather(BaseTool):
        name: str = "weather"
        description: str = "Weather for a city."
        args_schema: type[BaseModel] = WeatherIn
        result_schema: type[BaseModel] | None = Forecast
        result_as_answer: bool = True

        def _run(self, city: str, days: int = 1) -> dict[str, Any]:
            return {"temp": 20.5 + days}

    weather = Weather()
    for n in (shout, weather):
        assert to_crewai(from_crewai(n)) is n
    s = from_crewai(shout)
    assert s.execute({"text": "a", "times": 2}) == "AA" and input_json_schema(s)["required"] == ["text"]
    w = from_crewai(weather)
    assert w.meta == {"return_direct": True} and interop.output_json_schema(w) == Forecast.model_json_schema()
    with pytest.raises(interop.StandardToolValidationError):
        w.execute({"city": "Oslo", "days": 9})
    # a CrewAI tool used through interop keeps working in a crew
    llm = Scripted(calls(("shout_again", {"text": "hi", "times": 2})))
    crew_for([to_crewai(s, rename="shout_again")], llm).kickoff()
    assert llm.tool_messages() == ["HIHI"]


def test_crew_names_follow_crewai_rule() -> None:
    @interop.tool(name="getWeather")
    def camel(x: int) -> int:
        """Camel."""
        return x

    with pytest.raises(ToolNameError):
        to_crewai(camel)  # CrewAI would send it as get_weather
    assert to_crewai(camel, rename="get_weather").name == "get_weather"
    with pytest.raises(ToolNameError):
        to_crewai_tools([double, double])
