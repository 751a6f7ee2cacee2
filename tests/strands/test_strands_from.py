"""`from_strands`: Strands tools in their own idioms (`@tool`, `AgentTool` subclasses) as neutral tools."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import plugin_tools
import pytest
from plugin_tools import LOG, assert_round_trips
from strands import tool
from strands.types.tools import AgentTool, ToolContext, ToolGenerator, ToolSpec, ToolUse
from strands_kit import agent, tool_results

import interop
from interop import ApprovalDeniedError, File, Image, StandardToolValidationError, ToolError
from interop.strands import CONTEXT_KEY, from_strands, to_strands

multiply = tool(plugin_tools.multiply)


@tool(context=True)
def whoami(greeting: str, tool_context: ToolContext) -> str:
    """Greet the caller named in the invocation state."""
    LOG.append(("whoami", greeting, tool_context.invocation_state.get(CONTEXT_KEY)))
    return f"{greeting}, {tool_context.invocation_state[CONTEXT_KEY]['user']}"


@tool(context=True)
def guarded(path: str, tool_context: ToolContext) -> str:
    """Delete a path after asking a human (a Strands interrupt)."""
    answer = tool_context.interrupt("confirm", reason={"path": path})
    LOG.append(("guarded", path, answer))
    return f"deleted {path}" if answer == "yes" else "kept"


class Lookup(AgentTool):
    """A hand-written `AgentTool` with a raw JSON Schema, an output schema and annotations."""

    SPEC: ClassVar[ToolSpec] = {
        "name": "lookup",
        "description": "Look a user up.",
        "inputSchema": {
            "json": {
                "type": "object",
                "properties": {"id": {"type": "integer", "minimum": 1}},
                "required": ["id"],
            }
        },
        "outputSchema": {"json": {"type": "object", "properties": {"name": {"type": "string"}}}},
        "annotations": {"readOnlyHint": True, "title": "Lookup", "interop": {"owner": "crm"}},
    }
    """The spec (a subclass gives its own)."""

    @property
    def tool_name(self) -> str:
        return self.SPEC["name"]

    @property
    def tool_spec(self) -> ToolSpec:
        return self.SPEC

    @property
    def tool_type(self) -> str:
        return "python"

    async def stream(
        self, tool_use: ToolUse, invocation_state: dict[str, Any], **kwargs: Any
    ) -> ToolGenerator:
        LOG.append(("lookup", tool_use["input"], invocation_state.get(CONTEXT_KEY)))
        if tool_use["input"]["id"] == 404:
            yield {
                "toolUseId": tool_use["toolUseId"],
                "status": "error",
                "content": [{"text": "no such user"}],
            }
            return
        if tool_use["input"]["id"] == 500:
            raise RuntimeError("database down")
        if tool_use["input"]["id"] == 7:
            yield {
                "toolUseId": tool_use["toolUseId"],
                "status": "success",
                "content": [
                    {"text": "a photo"},
                    {"image": {"format": "png", "source": {"bytes": b"\x89PNG"}}},
                ],
            }
            return
        yield {
            "toolUseId": tool_use["toolUseId"],
            "status": "success",
            "content": [{"json": {"name": f"u{tool_use['input']['id']}"}}],
        }


def test_a_decorated_tool_validates_first_and_returns_its_value() -> None:
    LOG.clear()
    neutral = from_strands(multiply)
    assert neutral.name == "multiply" and neutral.description == "Multiply two integers."
    schema = interop.input_json_schema(neutral)
    assert schema["properties"]["a"] == {"description": "The first factor.", "type": "integer"}
    assert schema["required"] == ["a"]
    assert interop.call(neutral, {"a": 3}) == {"product": 6}  # @tool's JSON text decoded
    with pytest.raises(StandardToolValidationError, match="a"):
        interop.call(neutral, {"a": "three"})
    assert LOG == [("multiply", 3, 2)]


def test_text_results_follow_the_one_json_or_text_rule() -> None:
    @tool
    def answer(kind: str) -> Any:
        """Answer in the kind asked for."""
        return {"number": 42, "object": '{"n": 42}', "list": "[1, 2]", "words": "forty-two"}[kind]

    neutral = from_strands(answer)
    assert interop.call(neutral, {"kind": "number"}) == "42"  # a text that says 42 stays that text
    assert interop.call(neutral, {"kind": "object"}) == {"n": 42}  # JSON object and array text: the value
    assert interop.call(neutral, {"kind": "list"}) == [1, 2]
    assert interop.call(neutral, {"kind": "words"}) == "forty-two"


def test_context_reaches_a_tool_context_parameter() -> None:
    LOG.clear()
    neutral = from_strands(whoami)
    assert "tool_context" not in interop.input_json_schema(neutral)["properties"]
    assert interop.call(neutral, {"greeting": "hi"}, {"user": "ann"}) == "hi, ann"
    # the schema allows unknown keys (Strands' @tool drops additionalProperties): a forged value
    # is ignored, Strands injects the real ToolContext
    assert interop.call(neutral, {"greeting": "hi", "tool_context": "forged"}, {"user": "ann"}) == "hi, ann"
    hooked = from_strands(whoami, native_context=lambda ctx: {CONTEXT_KEY: {"user": ctx.upper()}})
    assert interop.call(hooked, {"greeting": "yo"}, "bo") == "yo, BO"
    with pytest.warns(DeprecationWarning, match="context= is deprecated, use native_context="):
        old = from_strands(whoami, context=lambda ctx: {CONTEXT_KEY: {"user": ctx}})
    assert interop.call(old, {"greeting": "yo"}, "ed") == "yo, ed"


def test_an_agent_tool_subclass_carries_schemas_title_and_meta() -> None:
    LOG.clear()
    neutral = from_strands(Lookup())
    assert neutral.title == "Lookup"
    assert dict(neutral.meta) == {"read_only": True, "owner": "crm"}
    assert interop.output_json_schema(neutral) == {
        "type": "object",
        "properties": {"name": {"type": "string"}},
    }
    assert interop.call(neutral, {"id": 3}, "c") == {"name": "u3"}
    with pytest.raises(StandardToolValidationError):
        interop.call(neutral, {"id": 0})
    with pytest.raises(ToolError, match="no such user"):
        interop.call(neutral, {"id": 404})
    with pytest.raises(RuntimeError, match="database down"):  # other exceptions pass through
        interop.call(neutral, {"id": 500})
    with pytest.raises(StandardToolValidationError) as err:  # a result its own output schema refuses
        interop.call(neutral, {"id": 7})
    assert err.value.target == "output"
    assert LOG[0] == ("lookup", {"id": 3}, "c")


def test_a_tool_that_interrupts_is_denied_outside_an_agent() -> None:
    LOG.clear()
    neutral = from_strands(guarded)
    with pytest.raises(ApprovalDeniedError, match="no Strands agent"):
        interop.call(neutral, {"path": "/x"})
    assert LOG == []


def test_inside_an_agent_a_native_interrupt_still_pauses_the_run() -> None:
    LOG.clear()
    back = to_strands(from_strands(guarded), errors="all")  # not home: the pipeline runs it
    assert back is not guarded
    a, _ = agent([[("guarded", {"path": "/x"})], "done"], [back])
    result = a("go")
    assert result.stop_reason == "interrupt" and result.interrupts[0].name == "confirm"
    result = a([{"interruptResponse": {"interruptId": result.interrupts[0].id, "response": "yes"}}])
    assert result.stop_reason == "end_turn" and LOG == [("guarded", "/x", "yes")]
    assert tool_results(a)[0]["content"] == [{"text": "deleted /x"}]


def test_a_hook_passing_the_agent_on_keeps_the_agents_tool_use_for_the_interrupt() -> None:
    """The interrupt's id is made from the tool use id: the resumed call must run under the same one."""
    LOG.clear()
    hooked = from_strands(guarded, native_context=lambda ctx: {**ctx.invocation_state, "extra": 1})
    a, _ = agent([[("guarded", {"path": "/y"})], "done"], [to_strands(hooked, errors="all")])  # not home
    result = a("go")
    assert result.stop_reason == "interrupt"
    result = a([{"interruptResponse": {"interruptId": result.interrupts[0].id, "response": "yes"}}])
    assert result.stop_reason == "end_turn" and LOG == [("guarded", "/y", "yes")]


def test_round_trips_are_identities() -> None:
    assert_round_trips(to_strands, from_strands, multiply)


def test_from_strands_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="Strands tools"):
        from_strands(lambda x: x)  # type: ignore[arg-type]


def test_native_tools_through_neutral_in_a_strands_agent() -> None:
    """A Strands tool converted to neutral, then wrapped again (not home): the agent still works."""
    LOG.clear()
    tools = [
        to_strands(from_strands(multiply), errors="all"),
        to_strands(from_strands(Lookup()), errors="all"),
    ]
    a, _ = agent([[("multiply", {"a": 4}), ("lookup", {"id": 2}), ("lookup", {"id": 404})], "done"], tools)
    a("go", invocation_state={CONTEXT_KEY: "ctx"})
    product, user, missing = tool_results(a)
    assert product["content"] == [{"json": {"product": 8}}]
    assert user["content"] == [{"json": {"name": "u2"}}]
    assert missing["status"] == "error" and json.dumps(missing).count("no such user") == 1


def test_a_file_result_comes_back_as_a_file() -> None:
    class Report(Lookup):
        SPEC: ClassVar[ToolSpec] = {
            "name": "report",
            "description": "A PDF.",
            "inputSchema": {"json": {"type": "object", "properties": {}}},
        }

        async def stream(
            self, tool_use: ToolUse, invocation_state: dict[str, Any], **kwargs: Any
        ) -> ToolGenerator:
            doc = {"format": "pdf", "name": "q3", "source": {"bytes": b"%PDF"}}
            yield {"toolUseId": tool_use["toolUseId"], "status": "success", "content": [{"document": doc}]}

    assert interop.call(from_strands(Report()), {}) == File(b"%PDF", "application/pdf", name="q3")

    class Photo(Report):
        async def stream(
            self, tool_use: ToolUse, invocation_state: dict[str, Any], **kwargs: Any
        ) -> ToolGenerator:
            image = {"format": "png", "source": {"bytes": b"\x89PNG"}}
            content = [{"text": "a photo"}, {"image": image}]
            yield {"toolUseId": tool_use["toolUseId"], "status": "success", "content": content}

    assert interop.call(from_strands(Photo()), {}) == ["a photo", Image(b"\x89PNG", "image/png")]
