"""to_google_adk in ADK's real agent loop (`InMemoryRunner` + a scripted `BaseLlm`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("google.adk")

from adk_kit import run
from approval_tools import RAN, pay, wipe
from google.adk.features import FeatureName, override_feature_enabled
from google.genai import types
from shop_fixture_tools import LINE_SCHEMA, LINES, SEEN, crash, order_total, schema_of

import interop
from interop import Image, standard_tool, with_model_output
from interop.errors import ToolNameError
from interop.google_adk import StandardADKTool, to_google_adk, to_google_adk_tools

pytestmark = pytest.mark.anyio


async def test_declaration_carries_the_raw_json_schema_and_output_schema() -> None:
    tool = to_google_adk(order_total)
    assert isinstance(tool, StandardADKTool) and tool.name == "order_total"
    r = await run([tool], ["done"])
    decl = r.declarations()["order_total"]
    assert decl.parameters_json_schema == interop.input_json_schema(order_total)  # verbatim, $defs kept
    assert "$defs" in decl.parameters_json_schema
    assert decl.response_json_schema == interop.output_json_schema(order_total)
    assert decl.description == "Total quantity of an order." and decl.parameters is None
    # google-genai's own types accept it, in the request config and through a JSON round trip
    config = types.GenerateContentConfig(tools=[types.Tool(function_declarations=[decl])])
    again = types.GenerateContentConfig.model_validate_json(config.model_dump_json(exclude_none=True))
    assert again.tools[0].function_declarations[0].parameters_json_schema == decl.parameters_json_schema
    assert tool.custom_metadata == {"owner": "shop", "tags": ["orders"], "interop": {"title": "Order total"}}


async def test_gemini_parameters_dialect_when_adk_turns_json_schema_off() -> None:
    tool = to_google_adk(order_total)
    override_feature_enabled(FeatureName.JSON_SCHEMA_FOR_FUNC_DECL, False)
    try:
        decl = tool._get_declaration()
    finally:
        override_feature_enabled(FeatureName.JSON_SCHEMA_FOR_FUNC_DECL, True)
    assert decl is not None and decl.parameters_json_schema is None
    assert isinstance(decl.parameters, types.Schema)
    assert decl.parameters.properties["lines"].items.properties["qty"].minimum == 1  # refs inlined
    assert tool._get_declaration().parameters_json_schema is not None  # back to the default


async def test_loop_valid_bad_arguments_tool_error_and_context_from_session_state() -> None:
    SEEN.clear()
    steps = [
        [("order_total", {"lines": LINES})],
        [("order_total", {"lines": [{"sku": "a", "qty": 0}], "caller": {"user": "mallory"}})],
        [("order_total", {"lines": [{"sku": "gone", "qty": 1}]})],
        "done",
    ]
    r = await run([to_google_adk(order_total)], steps, state={"user": "ann"})
    (n1, ok), (_, bad), (_, err) = r.responses()
    assert n1 == "order_total" and ok == {"total": 5, "user": "ann"}
    assert set(bad) == {"error"} and "'order_total'" in bad["error"]
    assert "lines.0.qty" in bad["error"] and "caller" in bad["error"]  # the model cannot set context
    assert err == {"error": "Error from tool 'order_total': sku 'gone' is discontinued"}
    assert r.texts()[-1] == "done"  # the loop went on
    assert [c for c, _ in SEEN] == [{"user": "ann"}, {"user": "ann"}]
    assert all(t != "MainThread" for _, t in SEEN)  # a sync tool runs off the event loop


async def test_context_hook_gets_the_tool_context() -> None:
    got: list[Any] = []

    def hook(tc: Any) -> Any:
        got.append(tc.function_call_id)
        return {"user": f"{tc.state['user']}@{tc.session.app_name}"}

    r = await run(
        [to_google_adk(order_total, context=hook)],
        [[("order_total", {"lines": LINES})], "done"],
        state={"user": "bo"},
    )
    assert r.responses() == [("order_total", {"total": 5, "user": "bo@app"})]
    assert got and got[0].startswith("call-")


async def test_other_exceptions_abort_the_run_as_for_a_native_tool_unless_errors_all() -> None:
    with pytest.raises(RuntimeError, match="internal detail 1"):
        await run([to_google_adk(crash)], [[("crash", {"n": 1})], "done"])
    r = await run([to_google_adk(crash, errors="all")], [[("crash", {"n": 2})], "done"])
    assert r.responses() == [("crash", {"error": "Error from tool 'crash': RuntimeError: internal detail 2"})]
    r = await run([to_google_adk(crash, errors="masked")], [[("crash", {"n": 3})], "done"])
    assert "internal detail" not in r.responses()[0][1]["error"]


async def test_static_approval_pauses_with_adk_confirmation_then_runs_or_is_rejected() -> None:
    RAN.clear()
    r = await run([to_google_adk(wipe)], [[("wipe", {"path": "/a"})], "waiting"])
    (req,) = r.confirmation_requests()
    assert RAN == [] and req.args["originalFunctionCall"]["name"] == "wipe"
    await r.resume({req.id: True}, ["done"])
    assert RAN == ["/a"] and ("wipe", {"result": "wiped /a"}) in r.responses()
    RAN.clear()
    r = await run([to_google_adk(wipe)], [[("wipe", {"path": "/b"})], "waiting"])
    (req,) = r.confirmation_requests()
    await r.resume({req.id: False}, ["done"])
    assert RAN == [] and ("wipe", {"error": "This tool call is rejected."}) in r.responses()


async def test_conditional_approval_asks_only_when_the_predicate_says_so_several_in_one_turn() -> None:
    RAN.clear()
    steps = [[("pay", {"amount": 5}), ("pay", {"amount": 500}), ("pay", {"amount": 900})], "waiting"]
    r = await run([to_google_adk(pay)], steps, state={"user": "ann"})
    assert RAN == [("pay", 5, {"user": "ann"})]  # the small one ran; two wait for a human
    reqs = r.confirmation_requests()
    assert len(reqs) == 2
    by_amount = {q.args["originalFunctionCall"]["args"]["amount"]: q.id for q in reqs}
    await r.resume({by_amount[500]: True, by_amount[900]: False}, ["done"])
    assert RAN[1:] == [("pay", 500, {"user": "ann"})]
    assert ("pay", {"error": "This tool call is rejected."}) in r.responses()


async def test_approval_callback_instead_of_adk_confirmation() -> None:
    RAN.clear()
    r = await run([to_google_adk(wipe, approval=lambda req: False)], [[("wipe", {"path": "/c"})], "done"])
    assert r.confirmation_requests() == [] and RAN == []
    assert "not approved" in r.responses()[0][1]["error"]
    r = await run([to_google_adk(wipe, allow_unapproved=True)], [[("wipe", {"path": "/d"})], "done"])
    assert RAN == ["/d"]


async def test_direct_run_async_outside_the_gate_asks_adk_and_does_not_run() -> None:
    from adk_kit import Run  # noqa: F401  (the kit sets OTEL off)
    from google.adk.agents.invocation_context import InvocationContext
    from google.adk.sessions import InMemorySessionService, Session
    from google.adk.tools.tool_context import ToolContext

    RAN.clear()
    ic = InvocationContext(
        session_service=InMemorySessionService(),
        invocation_id="e1",
        session=Session(id="s", app_name="a", user_id="u"),
    )
    tc = ToolContext(ic, function_call_id="c9")
    out = await to_google_adk(wipe).run_async(args={"path": "/x"}, tool_context=tc)
    assert out["error"].startswith("This tool call requires confirmation") and RAN == []
    assert "c9" in tc.actions.requested_tool_confirmations


async def test_content_results_are_adk_media_parts() -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    chart = standard_tool(
        name="chart", description="A chart.", execute=lambda _i: ["the chart:", Image(png, "image/png")]
    )
    r = await run([to_google_adk(chart)], [[("chart", {})], "done"])
    (fr,) = r.response_parts()
    assert fr.response == {"result": ["the chart:"]}
    assert fr.parts[0].inline_data.data == png and fr.parts[0].inline_data.mime_type == "image/png"
    shown = with_model_output(order_total, lambda out: f"total is {out.total}")
    r = await run([to_google_adk(shown)], [[("order_total", {"lines": LINES})], "done"])
    assert r.responses() == [("order_total", {"result": "total is 5"})]


def test_sync_runner_path() -> None:
    from adk_kit import Scripted
    from google.adk.agents import LlmAgent
    from google.adk.runners import InMemoryRunner

    model = Scripted(model="scripted", steps=[[("order_total", {"lines": LINES})], "done"], requests=[])
    runner = InMemoryRunner(agent=LlmAgent(name="a", model=model, tools=[to_google_adk(order_total)]))
    import asyncio

    session = asyncio.run(
        runner.session_service.create_session(app_name=runner.app_name, user_id="u", state={"user": "cy"})
    )
    message = types.Content(role="user", parts=[types.Part(text="go")])
    events = list(runner.run(user_id="u", session_id=session.id, new_message=message))
    responses = [p.function_response.response for e in events for p in e.content.parts if p.function_response]
    assert responses == [{"total": 5, "user": "cy"}]


def test_names_round_trips_and_lists() -> None:
    tool = to_google_adk(order_total)
    from interop.google_adk import from_google_adk

    assert from_google_adk(tool) is order_total
    assert to_google_adk(order_total, rename="total").name == "total"
    with pytest.raises(ToolNameError):
        to_google_adk(order_total, rename="9 bad name")
    with pytest.raises(ToolNameError):
        to_google_adk_tools([order_total, order_total])
    assert [t.name for t in to_google_adk_tools([order_total, wipe])] == ["order_total", "wipe"]


async def test_a_result_holding_a_ref_key_reaches_gemini_as_json_text() -> None:
    """ADK's own `Gemini` model over the real google-genai client and a scripted Gemini API that
    answers HTTP 400 to a function response holding a `$ref` key, as the API does (it reads `$ref`
    there as a reference to a media part): the schema goes as its JSON text and the run finishes."""
    from genai_kit import Scripted as ScriptedAPI
    from google.adk.agents import LlmAgent
    from google.adk.models import Gemini
    from google.adk.runners import InMemoryRunner

    api = ScriptedAPI([[("schema_of", {"model": "order"})], "done"])
    model = Gemini(model="gemini-2.5-flash", client=api.client())
    runner = InMemoryRunner(agent=LlmAgent(name="a", model=model, tools=[to_google_adk(schema_of)]))
    session = await runner.session_service.create_session(app_name=runner.app_name, user_id="u")
    message = types.Content(role="user", parts=[types.Part(text="go")])
    texts = [
        p.text
        async for e in runner.run_async(user_id="u", session_id=session.id, new_message=message)
        for p in (e.content.parts if e.content and e.content.parts else [])
        if p.text
    ]
    assert texts == ["done"]
    (sent,) = api.responses()
    assert json.loads(sent["response"]["result"]) == LINE_SCHEMA
