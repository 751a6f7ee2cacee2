"""Converted tools inside REAL `dspy.ReAct` runs (`forward` and `aforward`) driven by DSPy's
`DummyLM`, and in native function calling (`ChatAdapter(use_native_function_calling=True)`)
driven by a scripted tool-calling LM (see `conftest.py`)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import dspy
import pytest
from approval_tools import RAN, wipe
from name_rules import assert_name_rules
from pydantic import BaseModel
from shop_fixture_tools import SHIPPED, ship

import interop
from interop import Audio, File, Image
from interop.dspy import CONTEXT_KEY, ToolContent, ToolResult, run_context, to_dspy, to_dspy_tools
from interop.errors import ApprovalRequiredError

SECRET = "SECRET-5eed"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))


class Tree(BaseModel):
    label: str
    children: list[Tree] = []


@interop.tool
def count(tree: Tree) -> int:
    """Count the nodes of a tree."""
    return 1 + sum(count_nodes(c) for c in tree.children)


def count_nodes(tree: Tree) -> int:
    return 1 + sum(count_nodes(c) for c in tree.children)


@pytest.fixture(autouse=True)
def _clear() -> None:
    SHIPPED.clear()


def test_args_are_per_argument_schemas_without_refs_and_native_calls_get_the_schema_verbatim() -> None:
    native = to_dspy(ship)
    assert isinstance(native, dspy.Tool) and native.name == "ship" and native.desc == ship.description
    assert "$ref" not in json.dumps(native.args) and native.args["to"]["properties"]["city"] == {
        "type": "string"
    }
    assert "caller" not in native.args
    sent = native.format_as_litellm_function_call()["function"]["parameters"]
    assert sent == interop.input_json_schema(ship)  # required, additionalProperties and $defs kept
    # a recursive schema: unrolled a few levels in args (DSPy prints them), verbatim for native calls
    tree = to_dspy(count)
    assert "$ref" not in json.dumps(tree.args["tree"]["properties"]["label"])
    assert tree.format_as_litellm_function_call()["function"]["parameters"] == interop.input_json_schema(
        count
    )


def test_react_runs_the_tool_with_the_context_and_keeps_the_value(dk: Any, use_async: bool) -> None:
    deps = {"user": "ann"}
    with run_context(deps):
        pred, lm = dk.react(
            [to_dspy(ship)],
            [dk.step("ship", to={"city": "Oslo"}, weight=2.5, express=True), dk.FINISH],
            use_async=use_async,
        )
    (obs, done) = dk.observations(pred)
    assert isinstance(obs, ToolResult) and obs == '{"city":"Oslo","cost":5.0,"user":"ann"}'
    assert obs.value == {"city": "Oslo", "cost": 5.0, "user": "ann"} and not obs.is_error
    assert SHIPPED[0]["caller"] is deps and done == "Completed." and pred.answer == "done"
    assert '{"city":"Oslo","cost":5.0,"user":"ann"}' in dk.last_prompt(lm)  # the model read the JSON text
    assert "ship, whose description is" in lm.history[0]["messages"][0]["content"]


def test_dspy_context_settings_and_the_hook(dk: Any, use_async: bool) -> None:
    pred, _ = dk.react(
        [to_dspy(ship)],
        [dk.step("ship", to={"city": "Rome"}, weight=1), dk.FINISH],
        use_async=use_async,
        **{CONTEXT_KEY: {"user": "bo"}},
    )
    assert dk.observations(pred)[0].value["user"] == "bo"
    hooked = to_dspy(ship, context=lambda settings: {"user": settings.get("tenant")})
    pred, _ = dk.react([hooked], [dk.step("ship", to={"city": "Rome"}, weight=1), dk.FINISH], tenant="cy")
    assert dk.observations(pred)[0].value["user"] == "cy"


def test_concurrent_async_runs_keep_their_own_context(dk: Any) -> None:
    tool = to_dspy(ship)

    async def one(i: int) -> Any:
        with run_context({"user": f"u{i}"}):
            return await tool.acall(to={"city": "x"}, weight=1 + i % 5)

    async def main() -> list[Any]:
        return await asyncio.gather(*(one(i) for i in range(50)))

    outs = asyncio.run(main())
    assert [o.value["user"] for o in outs] == [f"u{i}" for i in range(50)]


def test_dspy_parallel_threads_see_the_context() -> None:
    tool = to_dspy(ship)
    with run_context({"user": "par"}):
        outs = dspy.Parallel(num_threads=4)(
            [(lambda kw: tool(**kw), {"kw": {"to": {"city": "x"}, "weight": 1}}) for _ in range(8)]
        )
    assert [o.value["user"] for o in outs] == ["par"] * 8


def test_bad_arguments_and_tool_errors_are_observations_with_our_text(dk: Any, use_async: bool) -> None:
    with run_context({"user": SECRET}):
        pred, lm = dk.react(
            [to_dspy(ship)],
            [
                dk.step("ship", to={"city": 5}, weight="heavy"),
                dk.step("ship", to={"city": "Oslo"}, weight=13),
                dk.step("ship", to={"city": "Oslo"}, weight=1, bogus=True),
                dk.step("ship", to={"city": "Oslo"}, weight=1),
                dk.FINISH,
            ],
            use_async=use_async,
        )
    bad, told, unknown, ok, _ = dk.observations(pred)
    assert (
        bad.is_error and bad.error_kind == "arguments" and bad.startswith("Invalid arguments for tool 'ship'")
    )
    assert "to.city" in bad and "weight" in bad
    assert told == "Error from tool 'ship': parcels of 13 kg are refused" and told.error_kind == "tool"
    assert unknown.is_error and "bogus" in unknown  # DSPy's **kwargs leniency never decides
    assert ok.value["cost"] == 1.0 and [r["weight"] for r in SHIPPED] == [13, 1]  # the loop went on
    assert SECRET not in dk.last_prompt(lm).replace(ok, "")  # only the tool's own result names the user


def test_other_exceptions_show_the_tools_own_traceback_and_no_context(dk: Any, use_async: bool) -> None:
    with run_context({"user": SECRET}):
        pred, _ = dk.react(
            [to_dspy(ship)], [dk.step("ship", to={"city": "Oslo"}, weight=7), dk.FINISH], use_async=use_async
        )
    (obs, _) = dk.observations(pred)
    assert obs.startswith("Execution error in ship:") and obs.rstrip().endswith("RuntimeError: carrier down")
    assert (
        'raise RuntimeError("carrier down")' in obs and "interop/_run.py" not in obs
    )  # the tool's own frame
    assert SECRET not in obs
    # the pipeline made that text (nothing caught after it): outside ReAct the call returns it
    with run_context({"user": SECRET}):
        direct = to_dspy(ship)(to={"city": "Oslo"}, weight=7)
    assert direct.is_error and direct.error_kind == "internal" and direct.value is None
    assert direct.startswith("Execution error in ship:") and direct.endswith("RuntimeError: carrier down")
    assert 'raise RuntimeError("carrier down")' in direct and SECRET not in direct


def test_the_pipelines_errors_function_decides_the_observation(dk: Any, use_async: bool) -> None:
    """Nothing is caught after the pipeline: its `errors=` function makes what ReAct shows."""
    with run_context({"user": SECRET}):
        pred, _ = dk.react(
            [to_dspy(ship, errors=lambda e: f"ship failed: {type(e).__name__}")],
            [
                dk.step("ship", to={"city": "O"}, weight=7),
                dk.step("ship", to={"city": "O"}, weight=13),
                dk.FINISH,
            ],
            use_async=use_async,
        )
    crash, told = dk.observations(pred)[:2]  # (then finish)
    assert crash == "ship failed: RuntimeError" and crash.error_kind == "internal"
    assert told == "ship failed: ToolError" and told.error_kind == "tool"


def test_errors_option_turns_every_exception_into_an_observation(dk: Any) -> None:
    with run_context({"user": "x"}):
        pred, _ = dk.react(
            [to_dspy(ship, errors="all")], [dk.step("ship", to={"city": "O"}, weight=7), dk.FINISH]
        )
    assert dk.observations(pred)[0] == "Error from tool 'ship': RuntimeError: carrier down"


# ------------------------------------------------------------------------------------------ approval


def _deep(input: Any, context: Any) -> bool:
    return bool(input.path == "/")


@interop.tool(meta={"requires_approval": _deep})
def tidy(path: str) -> str:
    """Tidy a path (the root needs approval)."""
    RAN.append(f"tidy {path}")
    return f"tidied {path}"


def test_dspy_has_no_approval_mechanism_so_a_callback_or_the_opt_out_is_needed(
    dk: Any, use_async: bool
) -> None:
    RAN.clear()
    with pytest.raises(ApprovalRequiredError, match="DSPy"):
        to_dspy(wipe)
    asked: list[Any] = []

    def approve(request: Any) -> bool:
        asked.append(request.input)
        return request.input["path"] != "/etc"

    pred, _ = dk.react(
        to_dspy_tools([wipe, tidy], approval=approve),
        [
            dk.step("wipe", path="/tmp"),
            dk.step("wipe", path="/etc"),
            dk.step("tidy", path="/home"),
            dk.step("tidy", path="/"),
            dk.FINISH,
        ],
        use_async=use_async,
    )
    ok, denied, _tidied, _tidied_root, _ = dk.observations(pred)
    assert ok == "wiped /tmp" and denied.error_kind == "denied" and "not approved" in denied
    assert RAN == ["/tmp", "tidy /home", "tidy /"] and asked == [
        {"path": "/tmp"},
        {"path": "/etc"},
        {"path": "/"},
    ]
    assert to_dspy(wipe, allow_unapproved=True)(path="/x") == "wiped /x"


# ------------------------------------------------------------------------------------------ results


def _returns(value: Any, name: str = "r") -> Any:
    return interop.standard_tool(name=name, description="returns something", execute=lambda _i: value)


def test_images_audio_and_files_reach_the_model_as_dspy_content(dk: Any) -> None:
    tool = to_dspy(
        _returns(
            [
                "a chart:",
                Image(PNG, "image/png"),
                File(b"%PDF-1.4", "application/pdf", "r.pdf"),
                Audio(b"RIFF", "audio/wav"),
            ]
        )
    )
    pred, lm = dk.react([tool], [dk.step("r"), dk.FINISH])
    (obs, _) = dk.observations(pred)
    assert isinstance(obs, ToolContent) and obs[0] == "a chart:"
    assert isinstance(obs[1], dspy.Image) and isinstance(obs[2], dspy.File) and isinstance(obs[3], dspy.Audio)
    assert obs.value[1] == Image(PNG, "image/png")
    parts = lm.history[1]["messages"][-1]["content"]
    kinds = [p["type"] for p in parts]
    assert "image_url" in kinds and "file" in kinds and "input_audio" in kinds


def test_data_is_json_text_never_a_repr() -> None:
    class Opaque:
        def __repr__(self) -> str:
            return "<Opaque hunter2>"

    assert to_dspy(_returns({"x": float("nan")}))() == '{"x":null}'
    assert to_dspy(_returns([1, 2]))() == "[1,2]"  # not DSPy's numbered list of a raw list
    out = to_dspy(_returns(Opaque()))()
    assert out.is_error and "cannot be sent as JSON" in out and "hunter2" not in out


# ------------------------------------------------------------------------------------------ native function calling


def test_native_function_calling_sends_the_verbatim_schema_and_runs_the_calls(dk: Any) -> None:
    class Plan(dspy.Signature):
        """Use the tools."""

        question: str = dspy.InputField()
        tools: list[dspy.Tool] = dspy.InputField()
        tool_calls: dspy.ToolCalls = dspy.OutputField()

    tool = to_dspy(ship)
    lm = dk.ToolCallingLM(
        [[("ship", {"to": {"city": "Oslo"}, "weight": 1}), ("ship", {"to": {}, "weight": 1})]]
    )
    with (
        dspy.context(lm=lm, adapter=dspy.ChatAdapter(use_native_function_calling=True)),
        run_context({"user": "fc"}),
    ):
        pred = dspy.Predict(Plan)(question="go", tools=[tool])
        outs = [call.execute(functions=[tool]) for call in pred.tool_calls.tool_calls]
    (sent,) = lm.seen[0].tools
    assert sent.name == "ship" and sent.parameters == interop.input_json_schema(ship)
    assert outs[0].value["user"] == "fc" and outs[1].is_error and "to.city" in outs[1]


# ------------------------------------------------------------------------------------------ names


def test_names_are_checked_and_renamed() -> None:
    assert_name_rules(to_dspy, to_dspy_tools, bad="bad name", good="good", match="dspy", match_all="DSPy")
    with pytest.raises(TypeError, match="unknown option"):
        to_dspy(ship, strict=True)  # type: ignore[call-arg]
