"""to_genkit in Genkit's real `generate` loop (a scripted model registered with `ai.define_model`)."""

from __future__ import annotations

import pytest

pytest.importorskip("genkit")

from approval_tools import RAN, pay, wipe
from genkit import GenkitError, Tool, respond_to_interrupt
from genkit_kit import Script, tool_responses
from shop_fixture_tools import LINES, SEEN, crash, order_total

import interop
from interop import Audio, Image, standard_tool, with_model_output
from interop.errors import ToolNameError
from interop.genkit import approve, deny, from_genkit, to_genkit, to_genkit_tools

pytestmark = pytest.mark.anyio


async def test_tool_definition_is_the_raw_schema_and_output_schema_and_registered_on_ai() -> None:
    s = Script()
    tool = to_genkit(order_total, s.ai)
    assert isinstance(tool, Tool) and tool.name == "order_total"
    assert tool.output_schema == interop.output_json_schema(order_total)
    await s.generate(["order_total"], ["done"])  # referable by name: registered on `ai`
    sent = s.tool_definitions()["order_total"]
    assert sent["inputSchema"] == interop.input_json_schema(order_total)  # verbatim, $defs kept
    assert sent["outputSchema"] == interop.output_json_schema(order_total)
    assert sent["description"] == "Total quantity of an order."
    assert tool.action().metadata["interop"] == {
        "title": "Order total",
        "meta": {"owner": "shop", "tags": ["orders"]},
    }
    assert s.ai.registry.registered_action(tool.action().kind, "order_total") is tool.action()
    # ephemeral: usable in tools=[...] without registration, not referable by name elsewhere
    eph = to_genkit(crash)
    assert s.ai.registry.registered_action(tool.action().kind, "crash") is None
    await s.generate([eph], ["done"])
    assert "crash" in s.tool_definitions(1)
    assert "outputSchema" in s.tool_definitions(1)["crash"]


async def test_loop_valid_bad_arguments_tool_error_and_context() -> None:
    SEEN.clear()
    s = Script()
    steps = [
        [("order_total", {"lines": LINES})],
        [("order_total", {"lines": [{"sku": "a", "qty": 0}], "caller": {"user": "mallory"}})],
        [("order_total", {"lines": [{"sku": "gone", "qty": 1}]})],
        "done",
    ]
    r = await s.generate([to_genkit(order_total)], steps, context={"user": "ann"})
    assert r.finish_reason == "stop" and r.text == "done"  # generate did not fail
    ok, bad, err = tool_responses(r)
    assert ok["output"] == {"total": 5, "user": "ann"} and ok["metadata"] is None
    assert bad["metadata"] == {"isError": True, "errorKind": "arguments"}
    assert "'order_total'" in bad["output"] and "lines.0.qty" in bad["output"] and "caller" in bad["output"]
    assert err["output"] == "Error from tool 'order_total': sku 'gone' is discontinued"
    assert [c for c, _ in SEEN] == [{"user": "ann"}, {"user": "ann"}]
    assert all(t != "MainThread" for _, t in SEEN)  # a sync tool runs off the event loop
    # the model saw the error text on its next turn
    last = s.requests[3].messages[-1].model_dump(exclude_none=True, by_alias=True)
    assert "discontinued" in str(last)


async def test_context_hook_gets_the_tool_run_context() -> None:
    s = Script()
    hook = lambda ctx: {"user": ctx.context["user"].upper()}  # noqa: E731
    r = await s.generate(
        [to_genkit(order_total, context=hook)], [[("order_total", {"lines": LINES})], "done"], context={"user": "bo"}
    )
    assert tool_responses(r)[0]["output"] == {"total": 5, "user": "BO"}


async def test_other_exceptions_fail_generate_as_for_a_native_tool_unless_errors_all() -> None:
    s = Script()
    try:
        r = await s.generate([to_genkit(crash)], [[("crash", {"n": 1})], "done"])
    except GenkitError:
        pass  # some paths raise
    else:
        assert r.finish_reason == "failed"  # Genkit's native behaviour for a raising tool
    r = await s.generate([to_genkit(crash, errors="all")], [[("crash", {"n": 2})], "done"])
    assert r.finish_reason == "stop"
    assert tool_responses(r)[0]["output"] == "Error from tool 'crash': RuntimeError: internal detail 2"
    r = await s.generate([to_genkit(crash, errors="masked")], [[("crash", {"n": 3})], "done"])
    assert "internal detail" not in tool_responses(r)[0]["output"]


async def test_static_approval_interrupts_then_restart_approves_or_denies() -> None:
    RAN.clear()
    s = Script()
    tools = [to_genkit(wipe)]
    r = await s.generate(tools, [[("wipe", {"path": "/a"})], "never"])
    assert r.finish_reason == "interrupted" and RAN == []
    (pending,) = r.interrupts
    assert pending.metadata["interrupt"]["type"] == "tool_approval"
    r2 = await s.generate(tools, ["done"], messages=r.messages, resume_restart=approve(pending))
    assert RAN == ["/a"] and tool_responses(r2)[-1]["output"] == "wiped /a" and r2.text == "done"
    RAN.clear()
    r3 = await s.generate(tools, ["done"], messages=r.messages, resume_restart=deny(pending, "not today"))
    assert RAN == []
    out = tool_responses(r3)[-1]
    assert out["output"] == "The call to tool 'wipe' was not approved: not today. It did not run."
    assert out["metadata"]["errorKind"] == "denied"
    # restart with no decision is not an approval (only the value True approves)
    from genkit import restart_tool

    r4 = await s.generate(tools, ["done"], messages=r.messages, resume_restart=restart_tool(interrupt=pending))
    assert RAN == [] and tool_responses(r4)[-1]["metadata"]["errorKind"] == "denied"
    # resume_respond answers for the tool without running it (Genkit's own path)
    r5 = await s.generate(
        tools, ["done"], messages=r.messages, resume_respond=respond_to_interrupt("skipped", interrupt=pending)
    )
    assert RAN == [] and r5.text == "done"


async def test_conditional_approval_only_interrupts_the_calls_that_need_it() -> None:
    RAN.clear()
    s = Script()
    tools = [to_genkit(pay)]
    steps = [[("pay", {"amount": 5}), ("pay", {"amount": 500}), ("pay", {"amount": 900})], "never"]
    r = await s.generate(tools, steps, context={"user": "ann"})
    assert r.finish_reason == "interrupted" and RAN == [("pay", 5, {"user": "ann"})]
    assert sorted(p.tool_request.input["amount"] for p in r.interrupts) == [500, 900]
    by_amount = {p.tool_request.input["amount"]: p for p in r.interrupts}
    # Genkit needs a decision for every interrupted request: approve one, deny the other
    r2 = await s.generate(
        tools,
        ["done"],
        messages=r.messages,
        resume_restart=[approve(by_amount[500]), deny(by_amount[900])],
        context={"user": "ann"},
    )
    assert r2.finish_reason == "stop", r2.finish_message
    assert RAN == [("pay", 5, {"user": "ann"}), ("pay", 500, {"user": "ann"})]
    outputs = {o["ref"]: o["output"] for o in tool_responses(r2)}
    assert outputs[by_amount[500].tool_request.ref] == {"paid": 500}
    assert "not approved" in outputs[by_amount[900].tool_request.ref]


async def test_approval_callback_instead_of_interrupts() -> None:
    RAN.clear()
    s = Script()
    r = await s.generate([to_genkit(wipe, approval=lambda req: False)], [[("wipe", {"path": "/c"})], "done"])
    assert r.finish_reason == "stop" and RAN == []
    assert "not approved" in tool_responses(r)[0]["output"]


async def test_content_results_are_media_parts() -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    chart = standard_tool(
        name="chart",
        description="A chart.",
        execute=lambda _i: ["the chart:", Image(png, "image/png"), Audio(b"RIFF", "audio/wav")],
    )
    s = Script()
    r = await s.generate([to_genkit(chart)], [[("chart", {})], "done"])
    (resp,) = tool_responses(r)
    assert resp["output"] == "the chart:"
    media = [c["media"] for c in resp["content"]]
    assert media[0]["contentType"] == "image/png" and media[0]["url"].startswith("data:image/png;base64,")
    assert media[1]["contentType"] == "audio/wav"
    assert await interop.acall(from_genkit(to_genkit(chart, rename="c2")), {}) == [
        "the chart:",
        Image(png, "image/png"),
        Audio(b"RIFF", "audio/wav"),
    ]
    shown = with_model_output(order_total, lambda out: f"total is {out.total}")
    r = await s.generate([to_genkit(shown)], [[("order_total", {"lines": LINES})], "done"])
    assert tool_responses(r)[0]["output"] == "total is 5"


def test_names_round_trips_and_lists() -> None:
    tool = to_genkit(order_total)
    assert from_genkit(tool) is order_total
    assert from_genkit(tool.action()) is order_total
    assert to_genkit(order_total, rename="total").name == "total"
    for bad in ("a/b", "mcp:tool", "has space"):
        with pytest.raises(ToolNameError):
            to_genkit(order_total, rename=bad)
    with pytest.raises(ToolNameError):
        to_genkit_tools([order_total, order_total])
    s = Script()
    assert [t.name for t in to_genkit_tools([order_total, wipe], s.ai)] == ["order_total", "wipe"]
