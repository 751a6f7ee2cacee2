"""Neutral tools converted with `to_strands`, run by a real Strands `Agent` (scripted offline model)."""

from __future__ import annotations

import json
import math
from typing import Any

import plugin_tools
import pytest
from plugin_tools import bad_argument_steps, gated
from strands.types.tools import AgentTool, ToolContext
from strands_kit import agent, spec_sent, tool_results

import interop
from interop import OMIT, Audio, File, Image, with_model_output
from interop.errors import ApprovalRequiredError, SchemaConversionError, ToolNameError
from interop.strands import APPROVAL_INTERRUPT, CONTEXT_KEY, StandardAgentTool, to_strands, to_strands_tools

PNG = b"\x89PNG\r\n\x1a\n" + bytes(64)


def make_tools(log: list[Any]) -> tuple[Any, Any]:
    return plugin_tools.make_tools(log, meta={"tags": ["math"]})


def test_spec_carries_the_neutral_schema_title_meta_and_output_schema() -> None:
    add, _ = make_tools([])
    native = to_strands(add)
    assert isinstance(native, AgentTool) and isinstance(native, StandardAgentTool)
    spec = native.tool_spec
    assert spec["name"] == native.tool_name == "add"
    assert spec["description"] == "Add two integers."
    assert spec["inputSchema"] == {"json": interop.input_json_schema(add)}
    assert spec["outputSchema"] == {"json": interop.output_json_schema(add)}
    assert spec["annotations"] == {
        "readOnlyHint": True,
        "title": "Add numbers",
        "interop": {"owner": "team-a", "tags": ["math"]},
    }


def test_the_model_is_sent_the_schema_with_only_strands_placeholder_descriptions() -> None:
    add, _ = make_tools([])
    a, model = agent(["done"], [to_strands(add)])
    a("hi")
    sent = spec_sent(model, "add")["inputSchema"]["json"]
    ours = interop.input_json_schema(add)
    assert "$defs" in sent and sent["$defs"] == ours["$defs"]  # refs, titles, bounds untouched
    assert sent["properties"]["a"] == ours["properties"]["a"]  # had a description: verbatim
    assert sent["properties"]["tags"] == {**ours["properties"]["tags"], "description": "Property tags"}
    assert {k: v for k, v in sent.items() if k != "properties"} == {
        k: v for k, v in ours.items() if k != "properties"
    }


def test_an_untyped_argument_is_not_turned_into_a_string() -> None:
    log: list[Any] = []

    @interop.tool
    def keep(value: Any, note: str = "") -> Any:
        """Return any value."""
        log.append(value)
        return {"value": value}

    a, model = agent([[("keep", {"value": [1, {"x": 2}]})], "done"], [to_strands(keep)])
    a("go")
    sent = spec_sent(model, "keep")["inputSchema"]["json"]["properties"]["value"]
    assert "type" not in sent and sent["anyOf"] == [{}]  # Strands would have written "type": "string"
    assert log == [[1, {"x": 2}]]


def test_sync_agent_context_from_invocation_state_and_json_results() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    deps = {"user": "ann"}
    a, _ = agent([[("add", {"a": 2, "b": 3})], "done"], [to_strands(add)])
    result = a("add", invocation_state={CONTEXT_KEY: deps})
    assert result.stop_reason == "end_turn" and str(result).strip() == "done"
    assert log[0][:3] == (2, 3, deps) and log[0][2] is deps  # by identity
    assert log[0][3] != "MainThread"  # a sync tool leaves the event loop (as Strands' own do)
    assert tool_results(a) == [
        {"toolUseId": "t0_0", "status": "success", "content": [{"json": {"sum": 5, "user": "ann"}}]}
    ]


@pytest.mark.anyio
async def test_async_agent_runs_async_tools_on_the_loop() -> None:
    log: list[Any] = []
    _, echo = make_tools(log)
    a, _ = agent([[("echo", {"text": "hi"})], "done"], [to_strands(echo)])
    result = await a.invoke_async("go", invocation_state={CONTEXT_KEY: "ctx-1"})
    assert result.stop_reason == "end_turn"
    assert log == [("hi", "ctx-1", "MainThread")]
    assert tool_results(a)[0]["content"] == [{"text": "hi"}]  # text stays text


def test_context_hook_gets_the_strands_tool_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    seen: list[ToolContext[Any]] = []

    def hook(tc: ToolContext[Any]) -> Any:
        seen.append(tc)
        return {"user": tc.invocation_state["tenant"] + ":" + tc.tool_use["toolUseId"]}

    a, _ = agent([[("add", {"a": 1})], "done"], [to_strands(add, context=hook)])
    a("go", invocation_state={"tenant": "acme"})
    assert log[0][2] == {"user": "acme:t0_0"}
    assert seen[0].agent is a


def test_the_model_cannot_set_the_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    forged = {"a": 1, "ctx": {"user": "attacker"}, "context": {"user": "attacker"}}
    a, _ = agent([[("add", forged), ("add", {"a": 1})], "done"], [to_strands(add)])
    a("go", invocation_state={CONTEXT_KEY: {"user": "real"}})
    first, second = tool_results(a)
    assert first["status"] == "error" and "'add'" in first["content"][0]["text"]
    assert "ctx" in first["content"][0]["text"] and "real" not in first["content"][0]["text"]
    assert second["status"] == "success" and [c[2] for c in log] == [{"user": "real"}]


def test_bad_arguments_and_tool_error_reach_the_model_and_the_loop_goes_on() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = bad_argument_steps()
    a, model = agent(steps, [to_strands(add)])
    result = a("go")
    assert result.stop_reason == "end_turn"
    results = tool_results(a)
    assert [r["status"] for r in results] == ["error", "error", "error", "error", "success"]
    texts = [r["content"][0].get("text", "") for r in results[:4]]
    assert texts[0].startswith("Invalid arguments for tool 'add': a:")
    assert "a:" in texts[1] and "greater than or equal to 0" in texts[1]
    assert texts[2] == "Error from tool 'add': 13 is unlucky"
    assert "'add'" in texts[3]  # Strands hands unparsable input over as text: the pipeline reports it
    assert [x[0] for x in log] == [13, 4]  # never ran on bad input
    assert model.messages[-1][-1]["content"][0]["toolResult"]["status"] == "success"


def test_other_exceptions_behave_as_for_a_native_strands_tool() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    a, _ = agent([[("add", {"a": 99})], "done"], [to_strands(add)])
    assert a("go").stop_reason == "end_turn"
    assert tool_results(a)[0] == {
        "toolUseId": "t0_0",
        "status": "error",
        "content": [{"text": "Error: kaboom"}],
    }
    a, _ = agent([[("add", {"a": 99})], "done"], [to_strands(add, errors="masked")])
    a("go")
    assert "internal error" in tool_results(a)[0]["content"][0]["text"] and "kaboom" not in str(
        tool_results(a)
    )
    a, _ = agent([[("add", {"a": 99})], "done"], [to_strands(add, errors="all")])
    a("go")
    assert tool_results(a)[0]["content"][0]["text"] == "Error from tool 'add': RuntimeError: kaboom"


# ------------------------------------------------------------------------------------------ approval


def test_static_approval_pauses_with_interrupts_approve_one_reject_one() -> None:
    log: list[Any] = []
    a, _ = agent([[("wipe", {"path": "/a"}), ("wipe", {"path": "/b"})], "done"], [to_strands(gated(log))])
    result = a("go", invocation_state={CONTEXT_KEY: "c1"})
    assert result.stop_reason == "interrupt" and log == []
    assert [i.name for i in result.interrupts] == [APPROVAL_INTERRUPT] * 2
    reasons = [i.reason for i in result.interrupts]
    assert [r["args"] for r in reasons] == [{"path": "/a"}, {"path": "/b"}]
    assert {r["tool"] for r in reasons} == {"wipe"} and "c1" not in str(reasons)  # never the context
    responses = [
        {"interruptResponse": {"interruptId": result.interrupts[0].id, "response": True}},
        {
            "interruptResponse": {
                "interruptId": result.interrupts[1].id,
                "response": {"type": "reject", "message": "not /b"},
            }
        },
    ]
    result = a(responses, invocation_state={CONTEXT_KEY: "c1"})  # Strands keeps no state across the pause
    assert result.stop_reason == "end_turn"
    assert log == [("/a", "c1")]
    first, second = tool_results(a)
    assert first["content"] == [{"text": "wiped /a"}]
    assert second["status"] == "error" and second["content"][0]["text"] == (
        "The call to tool 'wipe' was not approved: not /b. It did not run."
    )


@pytest.mark.parametrize("response", [False, "yes", 1, {"approved": "true"}, None])
def test_only_an_approving_response_runs_the_tool(response: Any) -> None:
    log: list[Any] = []
    a, _ = agent([[("wipe", {"path": "/a"})], "done"], [to_strands(gated(log))])
    result = a("go")
    if response is None:  # an empty answer keeps the interrupt open: asked again, still pending
        result = a([{"interruptResponse": {"interruptId": result.interrupts[0].id, "response": None}}])
        assert result.stop_reason == "interrupt" and log == []
        return
    a([{"interruptResponse": {"interruptId": result.interrupts[0].id, "response": response}}])
    assert log == [] and tool_results(a)[0]["status"] == "error"


def test_conditional_approval_interrupts_only_the_calls_that_need_it() -> None:
    log: list[Any] = []
    tool = to_strands(gated(log, lambda input, ctx: input.path.startswith("/etc")))
    a, _ = agent([[("wipe", {"path": "/tmp/x"}), ("wipe", {"path": "/etc/y"})], "done"], [tool])
    result = a("go")
    assert result.stop_reason == "interrupt" and [i.reason["args"] for i in result.interrupts] == [
        {"path": "/etc/y"}
    ]
    assert log == [("/tmp/x", None)]  # ran at once
    result = a([{"interruptResponse": {"interruptId": result.interrupts[0].id, "response": "approve"}}])
    assert result.stop_reason == "end_turn" and [p for p, _ in log] == ["/tmp/x", "/etc/y"]


def test_an_approval_callback_replaces_the_interrupt() -> None:
    log: list[Any] = []
    asked: list[Any] = []
    tool = to_strands(gated(log), approval=lambda req: asked.append(req.input) or req.input["path"] == "/ok")
    a, _ = agent([[("wipe", {"path": "/ok"}), ("wipe", {"path": "/no"})], "done"], [tool])
    assert a("go").stop_reason == "end_turn"
    assert asked == [{"path": "/ok"}, {"path": "/no"}] and log == [("/ok", None)]


@pytest.mark.anyio
async def test_approval_outside_an_agent_is_refused_not_run() -> None:
    log: list[Any] = []
    tool = to_strands(gated(log))
    with pytest.raises(ApprovalRequiredError, match="inside a Strands Agent"):
        async for _ in tool.stream({"toolUseId": "x", "name": "wipe", "input": {"path": "/"}}, {}):
            pass
    assert log == []


# ------------------------------------------------------------------------------------------ content


def test_content_results_become_strands_blocks() -> None:
    @interop.tool
    def media(kind: str) -> Any:
        """Return media."""
        if kind == "image":
            return Image(PNG, "image/png")
        if kind == "mixed":
            return ["a chart:", Image(PNG, "image/png"), File(b"%PDF-1.4", "application/pdf", name="r.pdf")]
        if kind == "audio":
            return Audio(b"RIFF" + bytes(10), "audio/wav")
        if kind == "svg":
            return Image(b"<svg/>", "image/svg+xml")
        return {"x": math.nan, "when": "now"}

    steps = [[("media", {"kind": k}) for k in ("image", "mixed", "audio", "svg", "nan")], "done"]
    a, _ = agent(steps, [to_strands(media)])
    a("go")
    image, mixed, audio, svg, nan = (r["content"] for r in tool_results(a))
    assert image == [{"image": {"format": "png", "source": {"bytes": PNG}}}]
    assert mixed[0] == {"text": "a chart:"} and "image" in mixed[1]
    assert mixed[2] == {"document": {"format": "pdf", "name": "r.pdf", "source": {"bytes": b"%PDF-1.4"}}}
    assert audio == [{"text": "[audio: audio/wav, 14 bytes]"}]  # Strands results carry no audio
    assert svg == [{"text": "[image: image/svg+xml, 6 bytes]"}]
    assert nan == [{"json": {"x": None, "when": "now"}}]  # never NaN, never a repr


def test_custom_model_output_and_omit() -> None:
    @interop.tool
    def report(n: int) -> dict[str, int]:
        """A report."""
        return {"n": n}

    shown = with_model_output(report, lambda out: f"n is {out['n']}")
    hidden = with_model_output(report, lambda out: OMIT)
    a, _ = agent([[("report", {"n": 2})], "done"], [to_strands(shown)])
    a("go")
    assert tool_results(a)[0]["content"] == [{"text": "n is 2"}]
    a, _ = agent([[("report", {"n": 2})], "done"], [to_strands(hidden)])
    a("go")
    assert tool_results(a)[0]["content"] == [{"text": "The tool call succeeded (its output is not shown)."}]


# ------------------------------------------------------------------------------------------ names


def test_names_are_checked_and_renamed_and_duplicates_refused() -> None:
    add, echo = make_tools([])
    with pytest.raises(ToolNameError):
        to_strands(add, rename="add numbers")
    assert to_strands(add, rename="plus").tool_name == "plus"
    tools = to_strands_tools([add, echo], rename={"echo": "say"})
    assert [t.tool_name for t in tools] == ["add", "say"]
    with pytest.raises(ToolNameError):
        to_strands_tools([add, add])
    a, _ = agent([[("plus", {"a": 1})], "done"], [to_strands(add, rename="plus")])
    a("go")
    assert tool_results(a)[0]["status"] == "success"


def test_direct_tool_calls_work() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    a, _ = agent(["done"], [to_strands(add)])
    result = a.tool.add(a=1, b=2)
    assert result["status"] == "success" and result["content"] == [{"json": {"sum": 3, "user": None}}]


def test_unknown_options_and_non_object_schemas_are_refused() -> None:
    add, _ = make_tools([])
    with pytest.raises(TypeError, match="unknown option"):
        to_strands(add, strict=True)  # type: ignore[call-arg]
    listy = interop.standard_tool(
        name="listy", description="d", execute=lambda x: x, input_schema={"type": "array"}
    )
    with pytest.raises(SchemaConversionError):
        to_strands(listy)


def test_the_one_context_key_and_the_round2_key_still_read() -> None:
    """`CONTEXT_KEY` is the core's one key; an application still passing `"context"` keeps working
    (read with a `DeprecationWarning`); a native tool reading `"context"`, brought in, too."""
    from strands import tool as strands_tool

    from interop.strands import from_strands

    assert CONTEXT_KEY == "interop_context" == interop._kit.CONTEXT_KEY
    log: list[Any] = []
    add, _ = make_tools(log)
    a, _ = agent([[("add", {"a": 2, "b": 3})], "done"], [to_strands(add)])
    with pytest.warns(DeprecationWarning, match="'context' is deprecated.*interop_context"):
        a("add", invocation_state={"context": {"user": "old"}})
    b, _ = agent([[("add", {"a": 2, "b": 3})], "done"], [to_strands(add)])
    b("add", invocation_state={CONTEXT_KEY: {"user": "new"}, "context": "ignored"})
    assert [entry[2] for entry in log] == [{"user": "old"}, {"user": "new"}]

    @strands_tool(context=True)
    def round2(greeting: str, tool_context: ToolContext) -> str:
        """Greet the caller, reading the round-2 key as code written before round 3 did."""
        return f"{greeting}, {tool_context.invocation_state['context']['user']}"

    assert interop.call(from_strands(round2), {"greeting": "hi"}, {"user": "ann"}) == "hi, ann"


def test_the_decoded_input_is_never_parsed_again() -> None:
    """Strands decodes the model's JSON: a tool use whose input is a JSON string (a double-encoded
    object) is a string value, refused by the schema; the tool never runs."""
    log: list[Any] = []
    add, _ = make_tools(log)
    a, _ = agent(
        [[("add", json.dumps('{"a": 2, "b": 3}'))], [("add", {"a": 2, "b": 3})], "done"], [to_strands(add)]
    )
    a("add", invocation_state={CONTEXT_KEY: {"user": "ann"}})
    refused, ran = tool_results(a)
    assert refused["status"] == "error" and "add" in refused["content"][0]["text"]
    assert ran["status"] == "success" and [entry[:2] for entry in log] == [(2, 3)]
