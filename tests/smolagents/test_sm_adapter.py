# ruff: noqa: RUF012  (class-level `inputs` dicts are smolagents' own idiom)
"""The smolagents adapter in smolagents' real agent loops (`ToolCallingAgent`, `CodeAgent`),
driven by a scripted `smolagents.Model` (offline)."""

from __future__ import annotations

import threading
from typing import Annotated, Any, Literal

import pytest
from loop_tools import boom, pick
from name_rules import assert_name_rules, named
from pydantic import BaseModel, Field
from smolagents import CodeAgent, Model, Tool, ToolCallingAgent, tool
from smolagents.agent_types import AgentImage
from smolagents.models import (
    ChatMessage,
    ChatMessageToolCall,
    ChatMessageToolCallFunction,
    MessageRole,
    get_tool_json_schema,
)

import interop
from interop.bridge import input_json_schema
from interop.errors import ApprovalRequiredError, ToolNameError
from interop.smolagents import (
    StandardSmolagentsTool,
    from_smolagents,
    run_context,
    to_smolagents,
    to_smolagents_tools,
)

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


class Scripted(Model):
    """A smolagents `Model` answering from a script: `(tool, args)` tool calls (a list of them for
    parallel calls), or text (code for a `CodeAgent`). Records the tool schemas it is sent."""

    def __init__(self, steps: list[Any]) -> None:
        super().__init__(model_id="scripted")
        self.steps = list(steps)
        self.sent: list[list[dict[str, Any]]] = []
        self.prompts: list[Any] = []

    def generate(self, messages: Any, stop_sequences: Any = None, response_format: Any = None,
                 tools_to_call_from: Any = None, **kwargs: Any) -> ChatMessage:  # fmt: skip
        self.sent.append([get_tool_json_schema(t) for t in tools_to_call_from or []])
        self.prompts.append(messages)
        step = self.steps.pop(0)
        if isinstance(step, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=step)
        calls = step if isinstance(step, list) else [step]
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            content="",
            tool_calls=[
                ChatMessageToolCall(
                    id=f"c{len(self.steps)}_{i}",
                    type="function",
                    function=ChatMessageToolCallFunction(name=name, arguments=args),
                )
                for i, (name, args) in enumerate(calls)
            ],
        )


def run_calling(
    tools: list[Any], steps: list[Any], context: Any = None
) -> tuple[Any, ToolCallingAgent, Scripted]:
    model = Scripted([*steps, ("final_answer", {"answer": "done"})])
    agent = ToolCallingAgent(tools=tools, model=model, max_steps=len(steps) + 2, verbosity_level=0)
    with run_context(context):
        out = agent.run("go")
    return out, agent, model


def step_views(agent: Any) -> list[tuple[Any, str | None]]:
    """(observations, error text) of each action step."""
    return [
        (getattr(s, "observations", None), str(s.error) if getattr(s, "error", None) else None)
        for s in agent.memory.steps[1:]
    ]


class Tag(BaseModel):
    label: Literal["x", "y"]
    weight: Annotated[float, Field(ge=0)] = 1.0


RUNS: list[dict[str, Any]] = []


@interop.tool(context="caller", title="Doubler")
def double(
    a: Annotated[int, Field(ge=0, description="The number.")],
    note: str | None = None,
    tags: list[Tag] = [],
    mode: Literal["fast", "slow"] = "fast",
    caller: Any = None,
) -> dict[str, Any]:
    """Double a."""
    RUNS.append({"a": a, "note": note, "tags": tags, "mode": mode, "caller": caller})
    return {"value": a * 2, "user": (caller or {}).get("user"), "n_tags": len(tags), "mode": mode}


@pytest.fixture(autouse=True)
def _clear() -> None:
    RUNS.clear()


def test_sm_schema_sent_to_the_model_keeps_nested_objects_enums_and_constraints() -> None:
    out, _agent, model = run_calling([to_smolagents(double)], [("double", {"a": 1})])
    sent = next(s for s in model.sent[0] if s["function"]["name"] == "double")["function"]
    assert sent["description"] == "Double a."
    params = sent["parameters"]
    assert params["required"] == ["a"]
    props = params["properties"]
    assert props["a"] == {"type": "integer", "minimum": 0, "description": "The number."}
    # optional inputs: smolagents' `nullable`; the nested model inlined (no $defs reach the model)
    assert props["note"]["nullable"] is True and props["note"]["type"] == ["string", "null"]
    tag = props["tags"]["items"]
    assert props["tags"]["type"] == "array" and "$ref" not in str(props)
    assert tag["properties"]["label"]["enum"] == ["x", "y"]
    assert tag["properties"]["weight"]["minimum"] == 0 and tag["required"] == ["label"]
    assert props["mode"]["enum"] == ["fast", "slow"] and props["mode"]["nullable"] is True
    assert out == "done"


def test_sm_output_schema_and_type_travel() -> None:
    native = to_smolagents(double)
    assert isinstance(native, StandardSmolagentsTool) and native.output_type == "object"
    assert native.output_schema == interop.output_json_schema(double)
    assert "dict" in native.to_code_prompt()  # smolagents tells code it gets a dict


def test_sm_context_from_run_context_and_hook_and_optional_nulls_dropped() -> None:
    steps = [("double", {"a": 21, "note": None, "tags": [{"label": "x"}], "mode": None})]
    _out, agent, _ = run_calling([to_smolagents(double)], steps, context={"user": "ann"})
    assert step_views(agent)[0][0] == '{"value":42,"user":"ann","n_tags":1,"mode":"fast"}'
    assert RUNS[0]["note"] is None and RUNS[0]["mode"] == "fast" and RUNS[0]["caller"] == {"user": "ann"}
    hooked = to_smolagents(double, context=lambda bound: {"user": f"hook:{(bound or {}).get('user')}"})
    run_calling([hooked], [("double", {"a": 1})], context={"user": "bo"})
    assert RUNS[-1]["caller"] == {"user": "hook:bo"}
    run_calling([to_smolagents(double)], [("double", {"a": 1})])
    assert RUNS[-1]["caller"] is None  # no run_context: no context


def test_sm_parallel_calls_keep_their_thread_and_context() -> None:
    seen: list[tuple[int, Any, str]] = []

    @interop.tool(context="caller")
    def echo(i: int, caller: Any = None) -> int:
        """Echo."""
        seen.append((i, caller, threading.current_thread().name))
        return i

    calls = [("echo", {"i": i}) for i in range(6)]
    _out, agent, _ = run_calling([to_smolagents(echo)], [calls], context={"user": "par"})
    assert sorted(i for i, _, _ in seen) == list(range(6)) and all(c == {"user": "par"} for _, c, _ in seen)
    assert step_views(agent)[0][0] == "\n".join(str(i) for i in range(6))


def test_sm_bad_arguments_and_tool_errors_reach_the_model_and_the_loop_goes_on() -> None:
    steps = [("pick", {"n": "x"}), ("double", {"a": -1}), ("pick", {"n": 13}), ("pick", {"n": 7})]
    out, agent, model = run_calling([to_smolagents(pick), to_smolagents(double)], steps)
    views = step_views(agent)
    assert "should be 'integer'" in (views[0][1] or "")  # smolagents' own top-level type check
    assert (
        "'double'" in (views[1][1] or "") and "a: Input should be greater than or equal to 0" in views[1][1]
    )
    assert "13 is unlucky" in (views[2][1] or "") and "'pick'" in views[2][1]
    assert views[3] == ("7", None) and out == "done" and RUNS == []
    # the model is shown the error on its next turn
    assert "13 is unlucky" in str(model.prompts[4])


def test_sm_other_exceptions_behave_as_for_a_native_tool() -> None:
    class NativeBoom(Tool):
        name = "native_boom"
        description = "Boom."
        inputs = {"n": {"type": "integer", "description": "n"}}
        output_type = "integer"

        def forward(self, n: int) -> int:
            raise RuntimeError("kaput")

    steps = [("boom", {"n": 1}), ("native_boom", {"n": 1})]
    _, agent, _ = run_calling([to_smolagents(boom), NativeBoom()], steps)
    views = step_views(agent)
    assert "RuntimeError: kaput" in (views[0][1] or "") and "RuntimeError: kaput" in (views[1][1] or "")
    masked = to_smolagents(boom, rename="masked_boom", errors="masked")
    _out, agent, _ = run_calling([masked], [("masked_boom", {"n": 1})])
    assert "internal error" in (step_views(agent)[0][1] or "") and "kaput" not in str(step_views(agent))


def test_sm_approval_needs_a_callback_and_is_asked_per_call() -> None:
    @interop.tool(meta={"requires_approval": lambda input, context: input.n > 10})
    def spend(n: int) -> str:
        """Spend n."""
        RUNS.append({"n": n})
        return f"spent {n}"

    with pytest.raises(ApprovalRequiredError):
        to_smolagents(spend)
    asked: list[int] = []

    def approve(request: Any) -> bool:
        asked.append(request.input["n"])
        return request.input["n"] < 100

    steps = [("spend", {"n": 5}), ("spend", {"n": 50}), ("spend", {"n": 500})]
    _, agent, _ = run_calling([to_smolagents(spend, approval=approve)], steps)
    views = step_views(agent)
    assert views[0][0] == "spent 5" and views[1][0] == "spent 50"
    assert "not approved" in (views[2][1] or "") and asked == [50, 500] and RUNS == [{"n": 5}, {"n": 50}]
    # several gated calls in one turn: each asked on its own
    asked.clear()
    RUNS.clear()
    _out, agent, _ = run_calling(
        [to_smolagents(spend, approval=approve)], [[("spend", {"n": 60}), ("spend", {"n": 600})]]
    )
    assert sorted(asked) == [60, 600] and RUNS == [{"n": 60}]
    unapproved = to_smolagents(spend, allow_unapproved=True)
    assert unapproved(n=1000) == "spent 1000"


def test_sm_images_are_agent_images_and_code_gets_the_structured_value() -> None:
    class Shot(interop.Image):  # a user's own kind of image is an image too
        __slots__ = ()

    @interop.tool
    def snapshot() -> interop.Image:
        """Take a picture."""
        return Shot(PNG, "image/png")

    _out, agent, _ = run_calling([to_smolagents(snapshot)], [("snapshot", {})])
    assert step_views(agent)[0][0] == "Stored 'image.png' in memory."
    assert isinstance(agent.state["image.png"], AgentImage)
    native = to_smolagents(double)
    assert native(a=2) == {"value": 4, "user": None, "n_tags": 0, "mode": "fast"}
    assert native(a=2, sanitize_inputs_outputs=True) == '{"value":4,"user":null,"n_tags":0,"mode":"fast"}'


def test_sm_code_agent_calls_the_tool_as_a_function() -> None:
    code = [
        '<code>\nr = double(a=4, tags=[{"label": "y"}])\nprint(r["value"] + r["n_tags"])\n</code>',
        "<code>\nr = double(a=-4)\n</code>",
        '<code>\nfinal_answer(double(a=5)["value"])\n</code>',
    ]
    model = Scripted(code)
    # a CodeAgent runs code on a thread of its own for its execution timeout, which does not
    # inherit context variables: without that timeout the code runs where run_context is bound
    agent = CodeAgent(
        tools=[to_smolagents(double)],
        model=model,
        max_steps=4,
        verbosity_level=0,
        executor_kwargs={"timeout_seconds": None},
    )
    with run_context({"user": "coder"}):
        out = agent.run("go")
    assert out == 10
    views = step_views(agent)
    assert "9" in str(views[0][0])
    assert "'double'" in (views[1][1] or "") and "greater than or equal to 0" in views[1][1]
    assert [r["caller"] for r in RUNS] == [{"user": "coder"}] * 2


def test_sm_round_trips_and_native_idioms() -> None:
    native = to_smolagents(double)
    assert from_smolagents(native) is double
    assert to_smolagents(double, rename="twice") is not native

    @tool
    def shout(text: str, times: int = 1) -> str:
        """Shout text.

        Args:
            text: What to shout.
            times: How often.
        """
        return (text.upper() + "!") * times

    class Weather(Tool):
        name = "weather"
        description = "Weather for a city."
        inputs = {
            "city": {"type": "string", "description": "City."},
            "days": {"type": "integer", "description": "Days ahead.", "nullable": True, "minimum": 0},
        }
        output_type = "object"
        output_schema = {"type": "object", "properties": {"temp": {"type": "number"}}}

        def forward(self, city: str, days: int | None = None) -> dict[str, Any]:
            return {"temp": 20.5, "city": city, "days": days}

    for native_tool in (shout, Weather()):
        neutral = from_smolagents(native_tool)
        assert to_smolagents(neutral) is native_tool
    s = from_smolagents(shout)
    assert s.execute({"text": "hi", "times": 2}) == "HI!HI!"
    assert input_json_schema(s)["required"] == ["text"]
    with pytest.raises(interop.StandardToolValidationError):
        s.execute({"text": 5})
    w = from_smolagents(Weather)  # a Tool subclass is instantiated
    assert w.execute({"city": "Oslo"}) == {"temp": 20.5, "city": "Oslo", "days": None}
    assert interop.output_json_schema(w) == Weather.output_schema
    assert input_json_schema(w)["properties"]["days"] == {  # nullable: smolagents' "optional"
        "type": "integer",
        "description": "Days ahead.",
        "minimum": 0,
    }
    assert input_json_schema(w)["required"] == ["city"]
    # a native tool in another framework's shape: through the neutral tool into a ToolCallingAgent
    _out, agent, _ = run_calling([to_smolagents(s, rename="shout2")], [("shout2", {"text": "a"})])
    assert step_views(agent)[0][0] == "A!"


def test_sm_names_follow_smolagents_rule() -> None:
    assert_name_rules(to_smolagents, to_smolagents_tools, bad="my-tool", good="my_tool")
    with pytest.raises(ToolNameError):
        to_smolagents(named("my-tool"), rename="class")


class Node(BaseModel):
    """A tree node."""

    label: str
    children: list[Node] = []


@interop.tool
def count_nodes(tree: Node, limit: int = 100) -> dict[str, int]:
    """Count a tree's nodes."""

    def count(n: Node) -> int:
        return 1 + sum(count(c) for c in n.children)

    return {"nodes": count(tree), "limit": limit}


def test_sm_recursive_model_is_inlined_once_and_deep_values_still_validate() -> None:
    deep = {"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}
    bad = {"label": "a", "children": [{"label": "b", "children": [{"label": 7}]}]}
    out, agent, model = run_calling(
        [to_smolagents(count_nodes)],
        [("count_nodes", {"tree": bad}), ("count_nodes", {"tree": deep, "limit": None})],
    )
    sent = next(s for s in model.sent[0] if s["function"]["name"] == "count_nodes")["function"]
    text = str(sent)
    assert "$ref" not in text and "$defs" not in text  # smolagents sends no definitions
    tree = sent["parameters"]["properties"]["tree"]
    assert tree["type"] == "object" and tree["required"] == ["label"]
    cut = tree["properties"]["children"]["items"]  # the first repeat of Node: cut, and says so
    assert "recursive" in cut["description"]
    views = step_views(agent)
    # the cut is only what the model is shown: the tool validates the whole depth
    assert views[0][1] is not None and "tree.children.0.children.0.label" in views[0][1]
    # an optional input the model sent as null ("not given") takes its default
    assert '"nodes":3' in str(views[1][0]).replace(" ", "") and '"limit":100' in str(views[1][0]).replace(" ", "")
    assert out == "done"


def test_sm_a_schema_that_would_explode_when_inlined_is_refused_naming_the_tool() -> None:
    from schema_corpus import doubling_schema

    from interop.errors import SchemaConversionError

    hostile = interop.standard_tool(
        name="hostile",
        description="A schema as a hostile MCP server could send it.",
        execute=lambda args: args,
        input_schema=doubling_schema(60),  # 2**60 nodes inlined; smolagents sends no $defs
    )
    with pytest.raises(SchemaConversionError, match=r"'hostile'.*no \$defs.*more than 20000 subschemas"):
        to_smolagents(hostile)
