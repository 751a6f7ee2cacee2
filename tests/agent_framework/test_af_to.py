"""Neutral tools converted with `to_agent_framework`, run by a real Agent Framework `Agent`
(`FunctionInvocationLayer` over a scripted offline chat client)."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from af_kit import agent, function_results, result_texts, spec_sent
from agent_framework import FunctionInvocationContext, FunctionTool, Message
from plugin_tools import PNG, bad_argument_steps, gated, make_tools, media, recording_hook

import interop
from interop import ToolError
from interop.agent_framework import (
    CONTEXT_KEY,
    StandardFunctionTool,
    from_agent_framework,
    to_agent_framework,
    to_agent_framework_tools,
)
from interop.errors import ApprovalRequiredError, ToolNameError


def test_the_tool_carries_the_schema_verbatim_and_the_meta() -> None:
    add, _ = make_tools([])
    tool = to_agent_framework(add)
    assert isinstance(tool, FunctionTool) and isinstance(tool, StandardFunctionTool)
    assert tool.name == "add" and tool.description == "Add two integers."
    assert tool.approval_mode == "never_require"
    assert tool.additional_properties == {
        "read_only": True,
        "owner": "team-a",
        "interop": {"title": "Add numbers", "output_schema": interop.output_json_schema(add)},
    }


@pytest.mark.anyio
async def test_the_model_is_sent_the_neutral_schema_and_context_comes_from_kwargs() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    deps = {"user": "ann"}
    a, client = agent(
        [[("add", {"a": 2, "b": 3}), ("echo", {"text": "hi"})], "done"], to_agent_framework_tools([add, echo])
    )
    run = await a.run("go", function_invocation_kwargs={CONTEXT_KEY: deps})
    assert run.text == "done"
    assert spec_sent(client, "add")["parameters"] == interop.input_json_schema(add)  # verbatim
    assert result_texts(run) == ['{"sum":5,"user":"ann"}', "hi"]
    by_kind = {entry[0]: entry for entry in log}
    assert by_kind[2][2] is deps and by_kind["hi"][1] is deps  # by identity
    assert by_kind[2][3] != "MainThread" and by_kind["hi"][2] == "MainThread"  # sync off the loop


@pytest.mark.anyio
async def test_context_hook_gets_the_function_invocation_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    seen, hook = recording_hook(lambda ctx: ctx.kwargs["tenant"])
    a, _ = agent([[("add", {"a": 1})], "done"], [to_agent_framework(add, context=hook)])
    session = a.create_session()
    await a.run("go", session=session, function_invocation_kwargs={"tenant": "acme"})
    assert log[0][2] == {"user": "acme"}
    assert isinstance(seen[0], FunctionInvocationContext) and seen[0].session is session


@pytest.mark.anyio
async def test_the_model_cannot_set_the_context() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    calls = [
        ("add", {"a": 1, "ctx": {"user": "attacker"}}),
        ("add", {"a": 1, "__interop_invocation_context__": 1}),
    ]
    a, _ = agent([calls, "done"], [to_agent_framework(add)])
    run = await a.run("go", function_invocation_kwargs={CONTEXT_KEY: {"user": "real"}})
    first, second = result_texts(run)
    assert "'add'" in first and "ctx" in first and "'add'" in second
    assert log == []


@pytest.mark.anyio
async def test_bad_arguments_and_tool_error_reach_the_model_with_their_text() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = bad_argument_steps()
    a, client = agent(steps, [to_agent_framework(add)])
    run = await a.run("go")
    assert run.text == "done"
    texts = result_texts(run)
    assert texts[0].startswith("Invalid arguments for tool 'add': a:")  # not "Argument parsing failed."
    assert "greater than or equal to 0" in texts[1]
    assert texts[2] == "Error from tool 'add': 13 is unlucky"
    assert texts[3].startswith("Invalid JSON arguments for tool 'add'")
    assert texts[4] == '{"sum":5,"user":null}'
    assert [x[0] for x in log] == [13, 4]
    assert len(client.messages_sent) == 6  # the loop went on


@pytest.mark.anyio
async def test_other_exceptions_behave_as_for_a_native_tool() -> None:
    add, _ = make_tools([])
    a, _ = agent([[("add", {"a": 99})], "done"], [to_agent_framework(add)])
    run = await a.run("go")
    (result,) = function_results(run)
    assert (
        result.result == "Error: Function failed." and result.exception == "kaboom"
    )  # Agent Framework's own
    a, _ = agent(
        [[("add", {"a": 99})], "done"],
        [to_agent_framework(add)],
        function_invocation_configuration={"include_detailed_errors": True},
    )
    assert result_texts(await a.run("go")) == ["Error: Function failed. Exception: kaboom"]
    a, _ = agent([[("add", {"a": 99})], "done"], [to_agent_framework(add, errors="all")])
    assert result_texts(await a.run("go")) == ["Error from tool 'add': RuntimeError: kaboom"]


# ------------------------------------------------------------------------------------------ approval


@pytest.mark.anyio
async def test_static_approval_requests_approve_one_reject_one_on_the_same_session() -> None:
    log: list[Any] = []
    tool = to_agent_framework(gated(log))
    assert tool.approval_mode == "always_require"
    a, _ = agent([[("wipe", {"path": "/a"}), ("wipe", {"path": "/b"})], "done"], [tool])
    session = a.create_session()
    run = await a.run("go", session=session, function_invocation_kwargs={CONTEXT_KEY: "c1"})
    requests = run.user_input_requests
    assert [r.function_call.arguments for r in requests] == [{"path": "/a"}, {"path": "/b"}] and log == []
    answer = Message(
        role="user",
        contents=[
            requests[0].to_function_approval_response(True),
            requests[1].to_function_approval_response(False),
        ],
    )
    run = await a.run(answer, session=session, function_invocation_kwargs={CONTEXT_KEY: "c1"})
    assert run.text == "done" and log == [("/a", "c1")]
    assert result_texts(run) == ["wiped /a", "Error: Tool call invocation was rejected by user."]


@pytest.mark.anyio
async def test_a_conditional_predicate_needs_a_callback_or_approval_of_every_call() -> None:
    log: list[Any] = []
    tool = gated(log, lambda input, ctx: input.path.startswith("/etc"))
    with pytest.raises(ApprovalRequiredError, match="per tool, not per call"):
        to_agent_framework(tool)
    asked: list[Any] = []
    converted = to_agent_framework(tool, approval=lambda req: asked.append(req.input) or False)
    a, _ = agent([[("wipe", {"path": "/tmp/x"}), ("wipe", {"path": "/etc/y"})], "done"], [converted])
    run = await a.run("go")
    assert asked == [{"path": "/etc/y"}] and log == [("/tmp/x", None)]
    assert result_texts(run)[1] == "The call to tool 'wipe' was not approved. It did not run."
    assert to_agent_framework(tool, approval_mode="always_require").approval_mode == "always_require"
    assert to_agent_framework(tool, allow_unapproved=True).approval_mode == "never_require"


# ------------------------------------------------------------------------------------------ content


@pytest.mark.anyio
async def test_content_results_become_data_content() -> None:
    a, _ = agent(
        [[("media", {"kind": k}) for k in ("image", "audio", "pdf")], "done"], [to_agent_framework(media)]
    )
    run = await a.run("go")
    image, audio, pdf = (r.items for r in function_results(run))
    assert image[0].type == "text" and image[0].text == "a chart:"
    assert image[1].type == "data" and image[1].media_type == "image/png"
    assert base64.b64decode(image[1].uri.split(",", 1)[1]) == PNG
    assert (
        audio[0].media_type == "audio/wav"
        and pdf[0].media_type == "application/pdf"
        and pdf[0].name == "r.pdf"
    )


# ------------------------------------------------------------------------------------------ calling it directly


@pytest.mark.anyio
async def test_direct_calls_and_invoke() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    tool = to_agent_framework(add)
    assert tool(a=1, b=2) == {"sum": 3, "user": None}  # called like a function: the structured value
    contents = await tool.invoke(arguments={"a": 1})
    assert [c.text for c in contents] == ['{"sum":2,"user":null}']
    assert await tool.invoke(arguments={"a": 1}, skip_parsing=True) == {"sum": 2, "user": None}
    with pytest.raises(ToolError, match="Invalid arguments"):
        await tool.invoke(arguments={"a": "x"}, skip_parsing=True)


def test_names_duplicates_and_round_trips() -> None:
    add, echo = make_tools([])
    with pytest.raises(ToolNameError):
        to_agent_framework(add, rename="add numbers")
    assert [t.name for t in to_agent_framework_tools([add, echo], rename={"echo": "say"})] == ["add", "say"]
    with pytest.raises(ToolNameError):
        to_agent_framework_tools([add, add])
    tool = to_agent_framework(add)
    assert from_agent_framework(tool) is add


@pytest.mark.anyio
async def test_direct_calls_of_an_approval_tool_fail_closed() -> None:
    """Outside Agent Framework's loop nobody approved the call: `tool(...)` and `invoke(...)` refuse."""
    log: list[Any] = []
    tool = to_agent_framework(gated(log))
    with pytest.raises(ToolError, match="not approved"):
        tool(path="/etc")
    contents = await tool.invoke(arguments={"path": "/etc"})
    assert "not approved" in contents[0].text
    with pytest.raises(ToolError, match="not approved"):
        await tool.invoke(arguments={"path": "/etc"}, skip_parsing=True)
    assert log == []


@pytest.mark.anyio
async def test_with_function_middleware_the_approval_response_must_be_for_this_call() -> None:
    from agent_framework import function_middleware

    seen: list[Any] = []

    @function_middleware
    async def watch(context: Any, call_next: Any) -> None:
        seen.append(context.metadata.get("approval_response") is not None)
        await call_next()

    log: list[Any] = []
    tool = to_agent_framework(gated(log))
    a, _ = agent([[("wipe", {"path": "/a"})], "done"], [tool], middleware=[watch])
    session = a.create_session()
    run = await a.run("go", session=session)
    (request,) = run.user_input_requests
    run = await a.run(
        Message(role="user", contents=[request.to_function_approval_response(True)]), session=session
    )
    assert log == [("/a", None)] and seen == [True] and result_texts(run) == ["wiped /a"]
