"""Converted tools inside a REAL Haystack `Agent` (sync `run` and async `run_async`), driven
offline by a scripted chat generator component (see `conftest.py`).

Haystack 3.4 has no separate `ToolInvoker` component: tool calls run inside the `Agent`, so the
agent is the loop every test drives.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from approval_tools import RAN, wipe
from haystack.dataclasses import FileContent, ImageContent
from haystack.hooks.human_in_the_loop import (
    AlwaysAskPolicy,
    BlockingConfirmationStrategy,
    ConfirmationUIResult,
    ToolExecutionDecision,
)
from haystack.tools import Tool
from haystack.tools.errors import ToolInvocationError
from name_rules import assert_name_rules
from shop_fixture_tools import SHIPPED, ship
from thread_tools import thread_recorder

import interop
from interop import Audio, File, Image
from interop.errors import ApprovalRequiredError
from interop.haystack import CONTEXT_KEY, STATE_PARAM, state_schema, to_haystack, to_haystack_tools

SECRET = "SECRET-c0ffee"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))


@pytest.fixture(autouse=True)
def _clear() -> None:
    SHIPPED.clear()


def test_the_model_is_sent_the_neutral_schema_verbatim(hs: Any) -> None:
    native = to_haystack(ship)
    assert isinstance(native, Tool)
    _run, gen = hs.run_agent([native], ["done"], agent_kw={"state_schema": state_schema()})
    (spec,) = gen.tools_seen[0]
    assert spec == {
        "name": "ship",
        "description": ship.description,
        "parameters": interop.input_json_schema(ship),
    }
    assert (
        "$defs" in spec["parameters"]
        and STATE_PARAM not in json.dumps(spec)
        and "caller" not in json.dumps(spec)
    )
    assert native.standard_tool is ship  # title and meta stay on the neutral tool (no Haystack slot)


def test_a_call_runs_with_the_state_context_and_the_loop_goes_on(hs: Any, use_async: bool) -> None:
    deps = {"user": "ann"}
    run, _gen = hs.run_agent(
        [to_haystack(ship)],
        [[("ship", {"to": {"city": "Oslo"}, "weight": 2.5, "express": True})], "done"],
        use_async=use_async,
        agent_kw={"state_schema": state_schema()},
        interop_context=deps,
    )
    assert run["last_message"].text == "done"
    assert hs.results(run) == [('{"city":"Oslo","cost":5.0,"user":"ann"}', False)]
    assert SHIPPED[0]["caller"] is deps  # the live object, not a copy
    assert SHIPPED[0]["to"] == {"city": "Oslo", "zip": None}  # validated by the neutral tool (a model)


def test_the_context_hook_reads_the_state(hs: Any, use_async: bool) -> None:
    tool = to_haystack(ship, context=lambda state: {"user": state.data["user_name"]})
    run, _ = hs.run_agent(
        [tool],
        [[("ship", {"to": {"city": "Rome"}, "weight": 1})], "done"],
        use_async=use_async,
        agent_kw={"state_schema": {"user_name": {"type": str}}},
        user_name="bo",
    )
    assert hs.results(run) == [('{"city":"Rome","cost":1.0,"user":"bo"}', False)]


def test_the_model_cannot_set_the_state_or_the_context(hs: Any) -> None:
    forged = {"to": {"city": "Oslo"}, "weight": 1, STATE_PARAM: {"x": 1}, "caller": {"user": "eve"}}
    run, _ = hs.run_agent(
        [to_haystack(ship)],
        [[("ship", forged)], "done"],
        agent_kw={"state_schema": state_schema()},
        interop_context={"user": "ann"},
    )
    ((text, error),) = hs.results(run)
    assert error and "caller" in text and SHIPPED == []  # the schema forbids unknown keys; nothing ran


def ship_twice(hs: Any, tool: Any, first: dict[str, Any], use_async: bool) -> tuple[Any, Any]:
    """One agent turn calling `ship` with `first`, then with 13 kg (a `ToolError`), then "done";
    the context holds the secret. The run and the scripted generator."""
    return hs.run_agent(
        [tool],
        [[("ship", first), ("ship", {"to": {"city": "Oslo"}, "weight": 13})], "done"],
        use_async=use_async,
        agent_kw={"state_schema": state_schema()},
        interop_context={"user": SECRET},
    )


def test_bad_arguments_and_tool_errors_reach_the_model_with_our_text(hs: Any, use_async: bool) -> None:
    run, gen = ship_twice(hs, to_haystack(ship), {"to": {"city": 5}, "weight": "heavy"}, use_async)
    (bad, bad_error), (told, told_error) = hs.results(run)
    assert bad_error and told_error and run["last_message"].text == "done"
    assert bad.startswith("Invalid arguments for tool 'ship'") and "to.city" in bad and "weight" in bad
    assert told == "Error from tool 'ship': parcels of 13 kg are refused"
    assert [r["weight"] for r in SHIPPED] == [13]  # the bad call never ran
    # the model saw the error results, and nothing of the context
    sent = " ".join(str(m.tool_call_results) for m in gen.messages_seen[-1])
    assert "to.city" in sent and SECRET not in sent


def test_other_exceptions_are_native_failures_without_the_state(hs: Any, use_async: bool) -> None:
    """A native tool's failure text reprs every argument, the values injected from the State (the
    context) included; ours keeps Haystack's form and leaves the arguments out."""

    def native_fn(weight: float, caller: Any) -> str:
        raise RuntimeError("native carrier down")

    native = Tool(
        name="native_ship",
        description="d",
        function=native_fn,
        parameters={"type": "object", "properties": {"weight": {"type": "number"}}},
        inputs_from_state={CONTEXT_KEY: "caller"},
    )
    run, _ = hs.run_agent(
        [to_haystack(ship), native],
        [[("ship", {"to": {"city": "Oslo"}, "weight": 7}), ("native_ship", {"weight": 1})], "done"],
        use_async=use_async,
        agent_kw={"state_schema": state_schema()},
        interop_context={"user": SECRET},
    )
    (ours, ours_error), (theirs, theirs_error) = hs.results(run)
    assert ours_error and theirs_error and run["last_message"].text == "done"
    assert ours.startswith("Failed to invoke Tool `ship`.") and "RuntimeError" not in ours
    assert theirs.startswith("Failed to invoke Tool `native_ship` with parameters")
    assert SECRET in theirs and ours == "Failed to invoke Tool `ship`. Error: carrier down"


def test_raise_on_tool_invocation_failure_raises_the_chained_exception(hs: Any) -> None:
    with pytest.raises(ToolInvocationError) as info:
        hs.run_agent(
            [to_haystack(ship)],
            [[("ship", {"to": {"city": "Oslo"}, "weight": 7})], "done"],
            agent_kw={"state_schema": state_schema(), "raise_on_tool_invocation_failure": True},
            interop_context={"user": "ann"},
        )
    assert isinstance(info.value.__cause__, RuntimeError) and info.value.tool_name == "ship"


def test_errors_option_masks_unexpected_exceptions(hs: Any) -> None:
    run, _ = hs.run_agent(
        [to_haystack(ship, errors="masked")],
        [[("ship", {"to": {"city": "Oslo"}, "weight": 7})], "done"],
        agent_kw={"state_schema": state_schema()},
        interop_context={"user": SECRET},
    )
    ((text, error),) = hs.results(run)
    assert error and text == "Error from tool 'ship': the tool failed with an internal error."


# ------------------------------------------------------------------------------------------ approval


def _big(input: Any, context: Any) -> bool:
    return bool(input.n > 10) or context == "always"  # the validated input (a model of the arguments)


@interop.tool(meta={"requires_approval": _big})
def transfer(n: int) -> str:
    """Transfer n coins (more than 10 needs approval)."""
    RAN.append(f"transfer {n}")
    return f"sent {n}"


class Decides:
    """A confirmation strategy whose `run` decides (Haystack's `ConfirmationStrategy` protocol)."""

    def __init__(self, *answers: bool | dict[str, Any]) -> None:
        self.answers = list(answers)
        self.asked: list[dict[str, Any]] = []

    def run(self, **kw: Any) -> ToolExecutionDecision:
        self.asked.append(kw)
        answer = self.answers.pop(0)
        if isinstance(answer, dict):  # the reviewer edits the arguments
            return ToolExecutionDecision(kw["tool_name"], True, kw["tool_call_id"], final_tool_params=answer)
        feedback = None if answer else "not today"
        return ToolExecutionDecision(
            kw["tool_name"],
            answer,
            kw["tool_call_id"],
            feedback=feedback,
            final_tool_params=kw["tool_params"],
        )

    def to_dict(self) -> dict[str, Any]:
        return {}


@pytest.fixture(autouse=True)
def _clear_wiped() -> None:
    RAN.clear()


def test_a_tool_that_needs_approval_needs_a_way_to_ask() -> None:
    with pytest.raises(ApprovalRequiredError, match="Haystack"):
        to_haystack(wipe)
    to_haystack(wipe, confirmation_strategy=Decides())
    to_haystack(wipe, approval=lambda r: True)
    to_haystack(wipe, allow_unapproved=True)


def test_a_confirmation_strategy_approves_once_and_rejects_once_in_one_turn(hs: Any, use_async: bool) -> None:
    strategy = Decides(True, False)
    run, _ = hs.run_agent(
        [to_haystack(wipe, confirmation_strategy=strategy)],
        [[("wipe", {"path": "/a"}), ("wipe", {"path": "/b"})], "done"],
        use_async=use_async,
        hook_context={"ws": "socket-1"},
    )
    assert RAN == ["/a"] and run["last_message"].text == "done"
    assert hs.results(run) == [
        ("wiped /a", False),
        ("The call to tool 'wipe' was not approved: not today. It did not run.", True),
    ]
    first = strategy.asked[0]
    assert first["tool_name"] == "wipe" and first["tool_params"] == {"path": "/a"}
    assert first["confirmation_strategy_context"] == {"ws": "socket-1"}  # the run's hook_context


def test_conditional_approval_asks_only_when_the_predicate_says_so(hs: Any, use_async: bool) -> None:
    strategy = Decides(False)
    run, _ = hs.run_agent(
        [to_haystack(transfer, confirmation_strategy=strategy)],
        [[("transfer", {"n": 5}), ("transfer", {"n": 50})], "done"],
        use_async=use_async,
    )
    assert RAN == ["transfer 5"] and [a["tool_params"] for a in strategy.asked] == [{"n": 50}]
    assert hs.results(run)[1][1] is True
    # the predicate sees the neutral context too
    strategy = Decides(True)
    run, _ = hs.run_agent(
        [to_haystack(transfer, confirmation_strategy=strategy)],
        [[("transfer", {"n": 1})], "done"],
        agent_kw={"state_schema": state_schema()},
        interop_context="always",
    )
    assert len(strategy.asked) == 1 and hs.results(run) == [("sent 1", False)]


def test_a_reviewers_edit_is_sent_back_to_the_model(hs: Any) -> None:
    strategy = Decides({"path": "/tmp/safe"})
    run, _ = hs.run_agent(
        [to_haystack(wipe, confirmation_strategy=strategy)], [[("wipe", {"path": "/"})], "done"]
    )
    ((text, error),) = hs.results(run)
    assert error and RAN == [] and '{"path":"/tmp/safe"}' in text


def test_haystacks_own_blocking_strategy_with_a_scripted_ui(hs: Any, use_async: bool) -> None:
    class ScriptedUI:
        def __init__(self, *actions: str) -> None:
            self.actions = list(actions)

        def get_user_confirmation(self, tool_name: str, tool_description: str, tool_params: Any) -> Any:
            action = self.actions.pop(0)
            return ConfirmationUIResult(action=action, feedback="too risky" if action == "reject" else None)

        def to_dict(self) -> dict[str, Any]:
            return {}

    strategy = BlockingConfirmationStrategy(
        confirmation_policy=AlwaysAskPolicy(), confirmation_ui=ScriptedUI("confirm", "reject")
    )
    run, _ = hs.run_agent(
        [to_haystack(wipe, confirmation_strategy=strategy)],
        [[("wipe", {"path": "/x"})], [("wipe", {"path": "/y"})], "done"],
        use_async=use_async,
    )
    assert RAN == ["/x"]
    (_ok, ok_error), (no, no_error) = hs.results(run)
    assert not ok_error and no_error and "rejected by the user" in no and "too risky" in no


def test_an_approval_callback_and_the_opt_out(hs: Any, use_async: bool) -> None:
    asked: list[Any] = []

    def approve(request: Any) -> bool:
        asked.append((request.tool_name, request.input))
        return request.input["path"] != "/"

    run, _ = hs.run_agent(
        to_haystack_tools([wipe], approval=approve),
        [[("wipe", {"path": "/tmp"}), ("wipe", {"path": "/"})], "done"],
        use_async=use_async,
    )
    assert RAN == ["/tmp"] and [r[1] for r in hs.results(run)] == [False, True]
    run, _ = hs.run_agent([to_haystack(wipe, allow_unapproved=True)], [[("wipe", {"path": "/z"})], "done"])
    assert RAN[-1] == "/z"


def test_invalid_arguments_are_never_put_to_the_reviewer(hs: Any) -> None:
    strategy = Decides()
    run, _ = hs.run_agent(
        [to_haystack(wipe, confirmation_strategy=strategy)], [[("wipe", {"path": 3})], "done"]
    )
    assert strategy.asked == [] and hs.results(run)[0][1] is True


# ------------------------------------------------------------------------------------------ results


def _returns(value: Any, name: str = "r") -> Any:
    return interop.standard_tool(name=name, description="returns something", execute=lambda _i: value)


def test_images_and_files_reach_the_model_as_haystack_content(hs: Any) -> None:
    tools = [
        _returns(["a chart:", Image(PNG, "image/png")], "chart"),
        _returns(File(b"%PDF-1.4 x", "application/pdf", "r.pdf"), "pdf"),
        _returns(Audio(b"RIFF0000", "audio/wav"), "sound"),
    ]
    run, _ = hs.run_agent(to_haystack_tools(tools), [[("chart", {}), ("pdf", {}), ("sound", {})], "done"])
    (chart, _), (pdf, _), (sound, _) = hs.results(run)
    assert chart[0].text == "a chart:" and isinstance(chart[1], ImageContent)
    assert chart[1].mime_type == "image/png" and chart[1].base64_image == Image(PNG, "image/png").base64
    assert isinstance(pdf[0], FileContent) and pdf[0].filename == "r.pdf"
    assert sound[0].text == "[audio: audio/wav, 8 bytes]"  # Haystack tool results carry no audio


def test_data_is_json_text_never_a_repr(hs: Any) -> None:
    class Opaque:
        def __repr__(self) -> str:
            return "<Opaque hunter2>"

    run, _ = hs.run_agent(
        to_haystack_tools([_returns({"x": float("nan"), "when": "now"}, "data"), _returns(Opaque(), "bad")]),
        [[("data", {}), ("bad", {})], "done"],
    )
    (data, _), (bad, bad_error) = hs.results(run)
    assert data == '{"x":null,"when":"now"}'
    assert bad_error and "cannot be sent as JSON" in bad and "hunter2" not in bad


def test_the_structured_value_goes_to_the_state_with_outputs_to_state(hs: Any) -> None:
    tool = to_haystack(
        ship,
        outputs_to_state={
            "last_city": {"source": "city"},
            "shipments": {"handler": lambda old, new: [*(old or []), new]},
        },
    )
    run, _ = hs.run_agent(
        [tool],
        [
            [("ship", {"to": {"city": "Oslo"}, "weight": 1})],
            [("ship", {"to": {"city": "Rome"}, "weight": 2})],
            "done",
        ],
        agent_kw={
            "state_schema": {**state_schema(), "last_city": {"type": str}, "shipments": {"type": list}}
        },
        interop_context={"user": "ann"},
    )
    assert run["last_city"] == "Rome" and [s["city"] for s in run["shipments"]] == ["Oslo", "Rome"]


# ------------------------------------------------------------------------------------------ threads, names


def test_sync_tools_run_on_haystacks_worker_threads_and_async_tools_run_from_sync_runs(hs: Any) -> None:
    threads: list[str] = []
    where = thread_recorder(threads)

    @interop.tool
    async def awhere() -> str:
        """Async, called from the sync run."""
        return "aok"

    run, _ = hs.run_agent(to_haystack_tools([where, awhere]), [[("where", {}), ("awhere", {})], "done"])
    assert hs.results(run) == [("ok", False), ("aok", False)] and threads[0] != "MainThread"
    run, _ = hs.run_agent(
        to_haystack_tools([where, awhere]), [[("where", {}), ("awhere", {})], "done"], use_async=True
    )
    assert hs.results(run) == [("ok", False), ("aok", False)] and threads[1] != "MainThread"


def test_names_are_checked_and_renamed() -> None:
    assert_name_rules(
        to_haystack, to_haystack_tools, bad="bad name", good="good_name", match="haystack", match_all="Haystack"
    )
    toolset = to_haystack_tools([_returns(1, "a"), _returns(2, "b")])
    assert [t.name for t in toolset] == ["a", "b"]
    reserved = interop.standard_tool(
        name="r",
        description="d",
        execute=lambda i: i,
        input_schema={"type": "object", "properties": {STATE_PARAM: {"type": "string"}}},
    )
    with pytest.raises(interop.InteropError, match="reserved"):
        to_haystack(reserved)
    with pytest.raises(TypeError, match="unknown option"):
        to_haystack(ship, strict=True)  # type: ignore[call-arg]


def test_the_context_key_is_documented() -> None:
    assert CONTEXT_KEY == "interop_context" and state_schema() == {"interop_context": {"type": object}}


def test_the_pipelines_errors_function_decides_what_the_agent_shows(hs: Any, use_async: bool) -> None:
    """Nothing is caught after the pipeline: its `errors=` function makes the text the model reads
    (as the default makes Haystack's own), through Haystack's error result; the run goes on."""
    tool = to_haystack(ship, errors=lambda e: f"ship failed: {type(e).__name__}")
    run, _ = ship_twice(hs, tool, {"to": {"city": "Oslo"}, "weight": 7}, use_async)
    (crash, crash_error), (told, told_error) = hs.results(run)
    assert crash_error and told_error and run["last_message"].text == "done"
    assert crash == "ship failed: RuntimeError" and told == "ship failed: ToolError"
