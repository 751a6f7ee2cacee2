"""Neutral tools converted with `to_agno`, run by a real Agno `Agent` (scripted offline model)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from agno.run import RunContext
from agno.tools.function import Function
from agno.tools.toolkit import Toolkit
from agno_kit import agent, function_sent, tool_messages
from plugin_tools import PNG, gated, make_tools, media, recording_hook

import interop
from interop.agno import from_agno, to_agno, to_agno_tools
from interop.errors import ApprovalRequiredError, ToolNameError


def results(run: Any) -> list[tuple[Any, Any]]:
    return [(t.result, t.tool_call_error) for t in run.tools or []]


def test_the_function_carries_the_schema_verbatim_title_and_hints() -> None:
    add, _ = make_tools([])
    fn = to_agno(add)
    assert isinstance(fn, Function) and fn.skip_entrypoint_processing
    assert fn.name == "add" and fn.description == "Add two integers." and fn.title == "Add numbers"
    assert fn.annotations == {"readOnlyHint": True}
    assert not fn.requires_confirmation
    a, model = agent(["done"], [fn])
    a.run("hi")
    sent = function_sent(model, "add")
    assert sent["parameters"] == interop.input_json_schema(add)  # $defs, bounds, required: untouched
    assert "title" not in sent and "annotations" not in sent  # Agno sends neither


def test_sync_run_context_from_dependencies_and_json_text_results() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    deps = {"user": "ann"}
    a, model = agent([[("add", {"a": 2, "b": 3})], "done"], [to_agno(add)])
    run = a.run("add", dependencies=deps)
    assert run.content == "done"
    assert log[0][:3] == (2, 3, {"user": "ann"})
    assert results(run) == [('{"sum":5,"user":"ann"}', False)]  # JSON, never a Python repr
    assert tool_messages(model)[0].content == '{"sum":5,"user":"ann"}'


@pytest.mark.anyio
async def test_arun_awaits_async_tools_and_threads_sync_ones() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    a, _ = agent([[("echo", {"text": "hi"}), ("add", {"a": 1})], "done"], [to_agno(echo), to_agno(add)])
    run = await a.arun("go", dependencies={"user": "bo"})
    assert run.content == "done"
    by_kind = {entry[0]: entry for entry in log}
    assert by_kind["hi"] == ("hi", {"user": "bo"}, "MainThread")  # on the loop
    assert by_kind[1][3] != "MainThread"  # Agno runs sync tools on a worker thread under arun
    assert results(run) == [("hi", False), ('{"sum":2,"user":"bo"}', False)]


def test_async_tools_follow_agnos_rule_for_sync_runs() -> None:
    _, echo = make_tools([])
    a, _ = agent([[("echo", {"text": "hi"})], "done"], [to_agno(echo)])
    run = a.run("go")
    assert run.status.value == "ERROR" and "arun" in str(run.content)  # Agno's own message


def test_context_hook_gets_the_run_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    seen, hook = recording_hook(lambda rc: f"{rc.user_id}:{(rc.session_state or {}).get('k')}")
    a, _ = agent([[("add", {"a": 1})], "done"], [to_agno(add, context=hook)])
    a.run("go", user_id="u7", session_state={"k": 1})
    assert isinstance(seen[0], RunContext) and log[0][2] == {"user": "u7:1"}


def test_the_model_cannot_set_the_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    forged = [
        ("add", {"a": 1, "_agno_run_context": {"dependencies": {"user": "attacker"}}}),  # Agno drops it
        ("add", {"a": 1, "ctx": {"user": "attacker"}}),
        ("add", {"a": 1, "run_context": {"user": "attacker"}}),
    ]
    a, _ = agent([forged, "done"], [to_agno(add)])
    run = a.run("go", dependencies={"user": "real"})
    (first, ok1), (second, err2), (third, err3) = results(run)
    assert not ok1 and json.loads(first)["user"] == "real"
    assert err2 and err3 and "'add'" in second and "ctx" in second and "run_context" in third
    assert [c[2] for c in log] == [{"user": "real"}]


def test_bad_arguments_and_tool_error_reach_the_model_and_the_loop_goes_on() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = [[("add", {"a": "x"})], [("add", {"a": -1})], [("add", {"a": 13})], [("add", {"a": 4})], "done"]
    a, model = agent(steps, [to_agno(add)])
    run = a.run("go")
    assert run.content == "done"
    got = results(run)
    assert [e for _, e in got] == [True, True, True, False]
    assert got[0][0].startswith("Invalid arguments for tool 'add': a:")
    assert "greater than or equal to 0" in got[1][0]
    assert got[2][0] == "Error from tool 'add': 13 is unlucky"
    assert [x[0] for x in log] == [13, 4]
    assert [m.tool_call_error for m in tool_messages(model)] == [True, True, True, False]


def test_other_exceptions_behave_as_for_a_native_agno_tool() -> None:
    add, _ = make_tools([])
    a, _ = agent([[("add", {"a": 99})], "done"], [to_agno(add)])
    assert results(a.run("go")) == [("kaboom", True)]  # Agno: the message, and the run goes on
    a, _ = agent([[("add", {"a": 99})], "done"], [to_agno(add, errors="masked")])
    ((text, error),) = results(a.run("go"))
    assert error and "internal error" in text and "kaboom" not in text


# ------------------------------------------------------------------------------------------ approval


def test_static_approval_pauses_confirm_one_reject_one_and_continue() -> None:
    log: list[Any] = []
    fn = to_agno(gated(log))
    assert fn.requires_confirmation is True
    a, model = agent([[("wipe", {"path": "/a"}), ("wipe", {"path": "/b"})], "done"], [fn])
    run = a.run("go", dependencies={"user": "ann"})
    assert run.is_paused and log == []
    requirements = list(run.active_requirements)
    assert [r.tool_execution.tool_args for r in requirements] == [{"path": "/a"}, {"path": "/b"}]
    requirements[0].confirm()
    requirements[1].reject("not /b")
    run = a.continue_run(run_response=run, dependencies={"user": "ann"})  # Agno drops them otherwise
    assert run.content == "done"
    assert log == [("/a", {"user": "ann"})]
    assert [(m.content, m.tool_call_error) for m in tool_messages(model)] == [
        ("wiped /a", False),
        ("not /b", True),
    ]


@pytest.mark.anyio
async def test_static_approval_in_an_async_run() -> None:
    log: list[Any] = []
    a, _ = agent([[("wipe", {"path": "/a"})], "done"], [to_agno(gated(log))])
    run = await a.arun("go", dependencies={"user": "ann"})
    assert run.is_paused
    for requirement in list(run.active_requirements):
        requirement.confirm()
    run = await a.acontinue_run(run_response=run, dependencies={"user": "ann"})
    assert run.content == "done" and log == [("/a", {"user": "ann"})]


def test_a_conditional_predicate_needs_a_callback_or_confirming_every_call() -> None:
    log: list[Any] = []
    tool = gated(log, lambda input, ctx: input.path.startswith("/etc"))
    with pytest.raises(ApprovalRequiredError, match="per tool, not per call"):
        to_agno(tool)
    asked: list[Any] = []
    fn = to_agno(tool, approval=lambda req: asked.append(req.input) or False)
    assert not fn.requires_confirmation
    a, _ = agent([[("wipe", {"path": "/tmp/x"}), ("wipe", {"path": "/etc/y"})], "done"], [fn])
    run = a.run("go")
    assert asked == [{"path": "/etc/y"}] and log == [("/tmp/x", None)]  # only the picked call asked
    assert results(run)[1] == ("The call to tool 'wipe' was not approved. It did not run.", True)
    every = to_agno(tool, requires_confirmation=True)
    assert every.requires_confirmation is True
    assert to_agno(tool, allow_unapproved=True).requires_confirmation is None


def test_an_approval_callback_replaces_confirmation() -> None:
    log: list[Any] = []
    fn = to_agno(gated(log), approval=lambda req: req.input["path"] == "/ok")
    assert not fn.requires_confirmation
    a, _ = agent([[("wipe", {"path": "/ok"}), ("wipe", {"path": "/no"})], "done"], [fn])
    assert not a.run("go").is_paused and log == [("/ok", None)]


# ------------------------------------------------------------------------------------------ content


def test_content_results_become_agno_media() -> None:
    steps = [[("media", {"kind": k}) for k in ("image", "audio", "pdf", "weird")], "done"]
    a, model = agent(steps, [to_agno(media)])
    run = a.run("go")
    image, _, _, weird = tool_messages(model)
    assert image.content == "a chart:\n[image: image/png, 40 bytes]"  # the text names the media
    assert weird.content == "[file: application/x-weird, 2 bytes]"  # a type Agno refuses: text only
    # Agno hands tool media to the model in a message right after the tool results
    sent = model.messages_sent[-1]
    images = [i.content for m in sent for i in m.images or []]
    clips = [x.content for m in sent for x in m.audio or []]
    files = [(f.content, f.filename) for m in sent for f in m.files or []]
    assert images == [PNG] and clips == [b"RIFF" + bytes(10)] and files == [(b"%PDF-1.4", "r.pdf")]
    assert [i.content for i in run.images or []] == [PNG]  # and keeps it on the run output


# ------------------------------------------------------------------------------------------ names, lists


def test_names_rename_toolkit_and_duplicates() -> None:
    add, echo = make_tools([])
    with pytest.raises(ToolNameError):
        to_agno(add, rename="add numbers")
    toolkit = to_agno_tools([add, echo], rename={"echo": "say"}, name="math")
    assert isinstance(toolkit, Toolkit) and toolkit.name == "math"
    assert sorted(toolkit.get_async_functions()) == ["add", "say"]
    with pytest.raises(ToolNameError):
        to_agno_tools([add, add])
    a, _ = agent([[("add", {"a": 1})], "done"], [to_agno_tools([add])])
    assert results(a.run("go")) == [('{"sum":2,"user":null}', False)]
    assert from_agno(toolkit.functions["add"]) is add  # the toolkit's copies remember the tool


def test_return_direct_stops_after_the_call() -> None:
    @interop.tool(meta={"return_direct": True})
    def answer(q: str) -> str:
        """Answer directly."""
        return f"answer: {q}"

    fn = to_agno(answer)
    assert fn.stop_after_tool_call and fn.show_result
    a, model = agent([[("answer", {"q": "x"})], "never"], [fn])
    run = a.run("go")
    assert "answer: x" in str(run.content) and model.steps == ["never"]


def test_round_trips_and_reserved_names() -> None:
    add, _ = make_tools([])
    fn = to_agno(add)
    assert from_agno(fn) is add
    with pytest.raises(interop.InteropError, match="reserved"):
        to_agno(
            interop.standard_tool(
                name="x",
                description="x",
                execute=lambda i: i,
                input_schema={"type": "object", "properties": {"_agno_run_context": {}}},
            )
        )


def test_direct_calls_of_a_confirmation_tool_fail_closed() -> None:
    """Outside Agno's run loop nobody confirmed the call: the entrypoint and `FunctionCall(...)`
    refuse (Agno's loop pauses every model-made call of the tool first)."""
    from agno.tools.function import FunctionCall

    log: list[Any] = []
    fn = to_agno(gated(log))
    with pytest.raises(interop.ToolError, match="not approved"):
        fn.entrypoint(path="/etc")
    call = FunctionCall(function=fn, arguments={"path": "/etc"})
    result = call.execute()
    assert result.status == "failure" and "not approved" in str(call.error)
    registered = to_agno_tools([gated(log)]).functions["wipe"]
    assert (
        FunctionCall(function=registered, arguments={"path": "/etc"}, call_id="forged").execute().status
        == "failure"
    )
    assert log == []


@pytest.mark.anyio
async def test_direct_async_calls_of_a_confirmation_tool_fail_closed() -> None:
    from agno.tools.function import FunctionCall

    log: list[Any] = []

    @interop.tool(meta={"requires_approval": True})
    async def awipe(path: str) -> str:
        """Wipe a path."""
        log.append(path)
        return f"wiped {path}"

    fn = to_agno(awipe)
    with pytest.raises(interop.ToolError, match="not approved"):
        await fn.entrypoint(path="/etc")
    result = await FunctionCall(function=fn, arguments={"path": "/etc"}).aexecute()
    assert result.status == "failure" and log == []
