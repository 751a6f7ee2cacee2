"""`from_haystack` on tools written in Haystack's own idioms (`@tool`, `Tool` by hand, `State`
parameters, `inputs_from_state`, `ComponentTool`, `Toolset`, async functions), the round trips,
and native tools used from other frameworks and back in a real `Agent`."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from haystack import component
from haystack.components.agents.state import State
from haystack.dataclasses import ImageContent, TextContent
from haystack.tools import ComponentTool, Tool, Toolset, create_tool_from_function, tool

import interop
from interop import Image, StandardToolValidationError, ToolError
from interop.bridge import get_origin
from interop.errors import ToolNameError
from interop.haystack import CONTEXT_KEY, from_haystack, from_haystack_tools, state_schema, to_haystack

CALLS: list[Any] = []


@tool
def add(a: Annotated[int, "first"], b: Annotated[int, "second"] = 1) -> int:
    """Add two numbers."""
    CALLS.append((a, b))
    return a + b


def greet(name: str, caller: dict[str, Any]) -> str:
    """Greet on behalf of the caller."""
    CALLS.append((name, caller))
    return f"hi {name} from {caller['user']}"


GREET = create_tool_from_function(greet, inputs_from_state={CONTEXT_KEY: "caller"})


def whoami(state: State) -> dict[str, Any]:
    """Who is calling (reads the State)."""
    return {"user": state.data[CONTEXT_KEY]["user"], "steps": state.data.get("step_count")}


WHOAMI = Tool(
    name="whoami",
    description="Who is calling.",
    parameters={"type": "object", "properties": {}, "additionalProperties": False},
    function=whoami,
)


@pytest.fixture(autouse=True)
def _clear() -> None:
    CALLS.clear()


def test_a_decorated_tool_validates_and_runs() -> None:
    neutral = from_haystack(add)
    assert neutral.name == "add" and neutral.description == "Add two numbers."
    assert interop.input_json_schema(neutral) == add.parameters
    assert interop.call(neutral, {"a": 2}) == 3 and CALLS == [(2, 1)]
    with pytest.raises(StandardToolValidationError, match="a"):
        interop.call(neutral, {"a": "x"})  # Haystack itself would run the function
    assert CALLS == [(2, 1)]


def test_inputs_from_state_gets_the_neutral_context_and_cannot_be_forged() -> None:
    neutral = from_haystack(GREET)
    assert "caller" not in interop.input_json_schema(neutral)["properties"]
    assert interop.call(neutral, {"name": "Bo"}, {"user": "ada"}) == "hi Bo from ada"
    with pytest.raises(StandardToolValidationError, match="caller"):
        interop.call(neutral, {"name": "Bo", "caller": {"user": "eve"}}, {"user": "ada"})
    assert CALLS == [("Bo", {"user": "ada"})]


def test_a_state_parameter_gets_a_state_holding_the_context_or_the_state_itself() -> None:
    neutral = from_haystack(WHOAMI)
    assert interop.call(neutral, {}, {"user": "ada"}) == {"user": "ada", "steps": None}
    state = State(schema={CONTEXT_KEY: {"type": dict}, "step_count": {"type": int}})
    state.set(CONTEXT_KEY, {"user": "cy"})
    state.set("step_count", 3)
    assert interop.call(neutral, {}, state) == {"user": "cy", "steps": 3}
    hooked = from_haystack(WHOAMI, native_context=lambda ctx: State(schema={}, data={CONTEXT_KEY: {"user": ctx}}))
    assert interop.call(hooked, {}, "di") == {"user": "di", "steps": None}
    with pytest.warns(DeprecationWarning, match="state= is deprecated, use native_context="):
        old = from_haystack(WHOAMI, state=lambda ctx: State(schema={}, data={CONTEXT_KEY: {"user": ctx}}))
    assert interop.call(old, {}, "ed") == {"user": "ed", "steps": None}


def test_errors_come_back_unwrapped_without_the_arguments() -> None:
    def fails(n: int, caller: Any) -> int:
        raise KeyError("missing row")

    neutral = from_haystack(create_tool_from_function(fails, inputs_from_state={CONTEXT_KEY: "caller"}))
    with pytest.raises(KeyError, match="missing row") as info:
        interop.call(neutral, {"n": 1}, {"api_key": "SECRET"})
    assert "SECRET" not in str(info.value)

    class Reports(Tool):
        def invoke(self, **kwargs: Any) -> Any:
            from haystack.tools.errors import ToolInvocationError

            raise ToolInvocationError("quota exhausted, try tomorrow", tool_name=self.name)

    reporting = Reports(name="r", description="d", parameters={"type": "object"}, function=lambda: None)
    with pytest.raises(ToolError, match="quota exhausted"):
        interop.call(from_haystack(reporting), {})


def test_an_argument_the_native_call_does_not_take_is_refused_naming_it() -> None:
    # Haystack's generated schemas allow any extra key; the function would raise TypeError (or a
    # component tool KeyError), so the neutral tool refuses the key as bad input, naming it
    neutral = from_haystack(GREET)
    with pytest.raises(StandardToolValidationError, match="context") as info:
        interop.call(neutral, {"name": "Bo", "context": {"user": "eve"}}, {"user": "ada"})
    assert "unexpected argument" in str(info.value) and CALLS == []

    @component
    class Echo:
        """Echo a text."""

        @component.output_types(text=str)
        def run(self, text: str) -> dict[str, Any]:
            return {"text": text}

    echo = from_haystack(ComponentTool(component=Echo(), name="echo", description="Echo a text."))
    with pytest.raises(StandardToolValidationError, match="extra"):
        interop.call(echo, {"text": "a", "extra": 1})

    def loose(**kwargs: Any) -> dict[str, Any]:
        return kwargs

    loose_tool = Tool(name="loose", description="Any keys.", parameters={"type": "object"}, function=loose)
    assert interop.call(from_haystack(loose_tool), {"x": 1, "y": 2}) == {"x": 1, "y": 2}


@pytest.mark.anyio
async def test_an_async_tool_gives_an_async_neutral_tool() -> None:
    @tool
    async def slow_add(a: int) -> int:
        """Add one, slowly."""
        return a + 1

    neutral = from_haystack(slow_add)
    assert interop.bridge.is_async_tool(neutral)
    assert await interop.acall(neutral, {"a": 1}) == 2


def test_a_component_tool_and_a_toolset() -> None:
    @component
    class Upper:
        """Upper-case a text."""

        @component.output_types(text=str)
        def run(self, text: str) -> dict[str, Any]:
            return {"text": text.upper()}

    comp = ComponentTool(component=Upper(), name="upper", description="Upper-case a text.")
    tools = from_haystack_tools([Toolset([add, comp]), GREET])
    assert [t.name for t in tools] == ["add", "upper", "greet"]
    assert interop.call(tools[1], {"text": "abc"}) == {"text": "ABC"}
    with pytest.raises(ToolNameError):
        from_haystack_tools([add, add])


def test_outputs_to_string_keeps_what_haystack_shows_the_model(hs: Any) -> None:
    def chart(title: str) -> dict[str, Any]:
        return {"title": title, "png": "iVBORw0KGgo="}

    def render(value: dict[str, Any]) -> list[Any]:
        return [TextContent(value["title"]), ImageContent(base64_image=value["png"], mime_type="image/png")]

    native = create_tool_from_function(chart, outputs_to_string={"handler": render, "raw_result": True})
    neutral = from_haystack(native)
    assert interop.call(neutral, {"title": "Sales"}) == {
        "title": "Sales",
        "png": "iVBORw0KGgo=",
    }  # the raw value
    # through the pipeline (a converted copy in a real Agent) the model reads Haystack's rendering
    run, _ = hs.run_agent([to_haystack(neutral, errors="all")], [[("chart", {"title": "Sales"})], "done"])
    ((parts, error),) = hs.results(run)
    assert not error and parts[0].text == "Sales" and isinstance(parts[1], ImageContent)
    assert Image(b"\x89PNG\r\n\x1a\n", "image/png").base64 == parts[1].base64_image


def test_haystack_content_reads_as_every_foreign_content() -> None:
    png = "iVBORw0KGgo="

    def report(kind: str) -> Any:
        """Report in the kind asked for."""
        return {
            "number": TextContent("42"),
            "record": [TextContent('{"n": 42}')],
            "chart": [TextContent("Sales"), ImageContent(base64_image=png, mime_type="image/png")],
        }[kind]

    neutral = from_haystack(create_tool_from_function(report))
    assert interop.call(neutral, {"kind": "number"}) == "42"  # a text that says 42 stays that text
    assert interop.call(neutral, {"kind": "record"}) == {"n": 42}  # one JSON object text: the object
    assert interop.call(neutral, {"kind": "chart"}) == ["Sales", Image(b"\x89PNG\r\n\x1a\n", "image/png")]


def test_round_trips_are_identities() -> None:
    neutral = interop.standard_tool(name="n", description="d", execute=lambda i: 1)
    native = to_haystack(neutral)
    assert from_haystack(native) is neutral
    assert from_haystack(to_haystack(neutral, rename="m")) is neutral
    back = from_haystack(add)
    assert to_haystack(back) is add and get_origin(back) is add
    assert to_haystack(back, rename="plus") is not add  # options given: a converted tool, not the native
    with pytest.raises(TypeError):
        from_haystack("not a tool")  # type: ignore[arg-type]


def test_native_tools_travel_through_another_framework_and_back_into_an_agent(
    hs: Any, use_async: bool
) -> None:
    from interop.langchain import from_langchain, to_langchain

    hopped = from_langchain(to_langchain(from_haystack(GREET)))
    back = to_haystack(hopped)
    assert back is GREET  # the stash brings the very native tool home
    # a converted copy (options given) runs the native tool through the pipeline, context from State
    converted = to_haystack(from_haystack(GREET), errors="all")
    run, gen = hs.run_agent(
        [converted],
        [[("greet", {"name": "Bo"}), ("greet", {"name": 7})], "done"],
        use_async=use_async,
        agent_kw={"state_schema": state_schema()},
        interop_context={"user": "ada"},
    )
    assert hs.results(run)[0] == ("hi Bo from ada", False)
    assert hs.results(run)[1][1] is True and "name" in hs.results(run)[1][0]
    assert gen.tools_seen[0][0]["parameters"] == GREET.parameters
