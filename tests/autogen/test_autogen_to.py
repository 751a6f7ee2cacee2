"""Neutral tools converted with `to_autogen`, run by AutoGen's real `AssistantAgent` (scripted
offline model client)."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import pytest
from autogen_core import EVENT_LOGGER_NAME, CancellationToken
from autogen_core.tools import BaseTool, StaticWorkbench
from autogen_ext.models.openai._openai_client import convert_tools
from autogen_kit import agent, results, tools_sent
from loop_tools import forged_context_steps, secret_whoami
from plugin_tools import make_tools

import interop
from interop import Image
from interop.autogen import (
    ToolResultText,
    from_autogen,
    run_context,
    to_autogen,
    to_autogen_tools,
)
from interop.errors import ApprovalRequiredError, ToolNameError

SECRET = "SECRET-autogen-7f1c"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


@pytest.mark.anyio
async def test_the_tool_carries_the_schema_verbatim() -> None:
    add, _ = make_tools([])
    tool = to_autogen(add)
    assert isinstance(tool, BaseTool) and tool.name == "add" and tool.description == "Add two integers."
    ours = interop.input_json_schema(add)
    assert "$defs" in ours  # the nested model stays a $ref: AutoGen's own BaseTool.schema would inline it
    assert tool.schema == {
        "name": "add",
        "description": "Add two integers.",
        "parameters": ours,
        "strict": False,
    }
    assert tool.args_type().model_json_schema() == ours
    a, model = agent(["done"], [tool])
    await a.run(task="hi")
    assert tools_sent(model)["add"]["parameters"] == ours  # what the agent hands its model client
    (sent,) = convert_tools([tool])  # AutoGen's OpenAI client: the request's function definition
    assert sent["function"]["parameters"] == ours and sent["function"]["strict"] is False


@pytest.mark.anyio
async def test_bad_arguments_and_tool_errors_reach_the_model_and_the_loop_goes_on() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = [
        [("add", {"a": -1})],  # a constraint
        [("add", '{"a": 1,')],  # not JSON: AutoGen's own message
        [("add", {"a": 1, "tags": [{"label": ""}]})],  # a nested field
        [("add", {"a": 13})],  # ToolError
        [("add", {"a": 99})],  # an unexpected exception: AutoGen shows its message, as for its own tools
        [("add", json.dumps(json.dumps({"a": 1})))],  # a JSON string holding the object: not arguments
        [("add", {"a": 2, "b": 3})],
        "done",
    ]
    a, model = agent(steps, [to_autogen(add)])
    run = await a.run(task="go")
    assert run.messages[-1].content == "done"
    out = results(run)
    assert [r.is_error for r in out] == [True, True, True, True, True, True, False]
    assert "add" in out[5].content and "valid dictionary" in out[5].content
    assert (
        "add" in out[0].content and "a" in out[0].content and "greater than or equal to 0" in out[0].content
    )
    assert "tags.0.label" in out[2].content and "add" in out[2].content
    assert "13 is unlucky" in out[3].content and "kaboom" in out[4].content
    assert json.loads(out[6].content) == {"sum": 5, "user": None}
    assert [entry[:3] for entry in log] == [(13, 1, None), (99, 1, None), (2, 3, None)]  # never on bad input
    # the model is sent every result with its error flag (AutoGen's FunctionExecutionResult)
    sent = [
        m for m in model.create_calls[-1]["messages"] if type(m).__name__ == "FunctionExecutionResultMessage"
    ]
    assert [r.is_error for m in sent for r in m.content] == [True, True, True, True, True, True, False]


@pytest.mark.anyio
async def test_context_from_run_context_parallel_calls_sync_and_async_tools() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    steps = [[("add", {"a": 1}), ("echo", {"text": "hi"}), ("add", {"a": 2, "b": 2})], "done"]
    a, _ = agent(steps, to_autogen_tools([add, echo]))
    with run_context({"user": "ada"}):
        run = await a.run(task="go")
    out = results(run)
    assert [r.content for r in out] == ['{"sum":2,"user":"ada"}', "hi", '{"sum":4,"user":"ada"}']
    sync_threads = {entry[3] for entry in log if len(entry) == 4}
    assert threading.main_thread().name not in sync_threads  # a sync tool runs off the event loop
    assert ("hi", {"user": "ada"}, threading.main_thread().name) in log  # an async one on it
    # outside the block, no context
    a, _ = agent([[("add", {"a": 1})], "done"], [to_autogen(add)])
    run = await a.run(task="go")
    assert json.loads(results(run)[0].content) == {"sum": 2, "user": None}


@pytest.mark.anyio
async def test_the_context_hook_gets_the_cancellation_token_and_the_secret_stays_hidden(
    caplog: pytest.LogCaptureFixture,
) -> None:
    seen: list[Any] = []

    def hook(token: CancellationToken) -> Any:
        seen.append(token)
        return {"api_key": SECRET}

    tool = to_autogen(secret_whoami(SECRET), context=hook)
    a, model = agent(forged_context_steps(), [tool])
    with caplog.at_level(logging.INFO, logger=EVENT_LOGGER_NAME):
        run = await a.run(task="go")
    out = results(run)
    assert [r.is_error for r in out] == [True, True, True, False] and out[3].content == "3"
    assert "whoami" in out[0].content and "n" in out[0].content
    assert len(seen) == 4 and all(isinstance(t, CancellationToken) for t in seen)
    everything = json.dumps(tool.schema) + "".join(r.content for r in out) + caplog.text
    everything += repr(model.create_calls)
    assert SECRET not in everything
    assert "ToolCall" in caplog.text  # AutoGen's own ToolCallEvent is logged, as for its tools


@pytest.mark.anyio
async def test_approval_fails_closed_or_asks_a_callback() -> None:
    ran: list[str] = []

    def delete(path: str) -> str:
        """Delete everything under a path."""
        ran.append(path)
        return "wiped"

    wipe = interop.tool(delete, name="wipe", meta={"requires_approval": True})

    with pytest.raises(ApprovalRequiredError, match="AutoGen has no native approval"):
        to_autogen(wipe)
    asked: list[Any] = []

    def decide(request: Any) -> bool:
        asked.append((request.tool_name, dict(request.input)))
        return bool(request.input["path"] == "/tmp/x")

    steps = [[("wipe", {"path": "/"}), ("wipe", {"path": "/tmp/x"})], "done"]
    a, _ = agent(steps, [to_autogen(wipe, approval=decide)])
    run = await a.run(task="go")
    out = results(run)
    assert out[0].is_error and "wipe" in out[0].content and not out[1].is_error
    assert ran == ["/tmp/x"] and len(asked) == 2
    # a predicate: only the calls it picks are asked about
    picky = interop.tool(
        delete, name="wipe2", meta={"requires_approval": lambda input, ctx: input.path == "/"}
    )
    with pytest.raises(ApprovalRequiredError):
        to_autogen(picky)
    asked.clear()
    ran.clear()
    steps = [[("wipe2", {"path": "/"}), ("wipe2", {"path": "/home"})], "done"]
    a, _ = agent(steps, [to_autogen(picky, approval=lambda request: False)])
    out = results(await a.run(task="go"))
    assert [r.is_error for r in out] == [True, False] and ran == ["/home"]
    # a direct call (not through an agent) is asked too
    gated = to_autogen(wipe, approval=lambda request: False)
    with pytest.raises(interop.ToolError, match="wipe"):
        await gated.run_json({"path": "/"}, CancellationToken())
    assert ran == ["/home"]
    tool = to_autogen(wipe, allow_unapproved=True)
    assert await tool.run_json({"path": "/ok"}, CancellationToken()) == "wiped"


@pytest.mark.anyio
async def test_results_strict_mode_and_content() -> None:
    @interop.tool(meta={"strict": True})
    def search(query: str, limit: int | None = None) -> dict[str, Any]:
        """Search."""
        return {"query": query, "limit": limit}

    tool = to_autogen(search)
    schema = tool.schema
    assert schema["strict"] is True
    assert (
        schema["parameters"]
        == interop.bridge.compile_openai_strict(interop.input_json_schema(search), tool_name="search").schema
    )
    # the null a strict model must send for `limit` is removed before validation (the default applies)
    result = await tool.run_json({"query": "q", "limit": None}, CancellationToken())
    assert isinstance(result, ToolResultText) and result.value == {"query": "q", "limit": None}
    assert tool.return_value_as_string(result) == '{"query":"q","limit":null}'
    assert to_autogen(search, strict=False).schema["parameters"] == interop.input_json_schema(search)

    @interop.tool
    def chart() -> list[Any]:
        """A chart."""
        return ["the chart", Image(PNG, "image/png")]

    a, _ = agent([[("chart", {})], "done"], [to_autogen(chart)])
    (out,) = results(await a.run(task="go"))
    assert not out.is_error and "the chart" in out.content and "image/png" in out.content
    assert "iVBOR" not in out.content  # a placeholder, never the image's base64 in the text


def test_names_rename_and_duplicates() -> None:
    add, echo = make_tools([])
    with pytest.raises(ToolNameError):
        to_autogen(add, rename="add numbers")
    assert to_autogen(add, rename="plus").name == "plus"
    with pytest.raises(ToolNameError):
        to_autogen_tools([add, interop.transform_tool(echo, name="add")])
    workbench = StaticWorkbench(to_autogen_tools([add, echo]))  # AutoGen's own container
    assert [t.name for t in workbench._tools] == ["add", "echo"]


def test_round_trips_are_identities() -> None:
    add, _ = make_tools([])
    tool = to_autogen(add)
    assert from_autogen(tool) is add
    assert to_autogen(add) is not tool  # a fresh conversion each time
    assert from_autogen(to_autogen(add, rename="plus")) is add


@pytest.mark.anyio
async def test_run_json_gives_the_same_with_and_without_the_event_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """`run_json` builds AutoGen's ToolCallEvent only when its logger takes INFO: the result,
    the workbench's text and the errors are the same either way (and the same as `run`'s)."""

    @interop.tool
    def pay(amount: int, to: str) -> dict[str, Any]:
        """Pay someone."""
        if amount > 100:
            raise interop.ToolError(f"{amount} is over the limit")
        return {"paid": amount, "to": to}

    @interop.tool
    async def apay(amount: int, to: str) -> dict[str, Any]:
        """Pay someone, async."""
        return pay.execute({"amount": amount, "to": to}, None)  # type: ignore[no-any-return]

    calls = [{"amount": 5, "to": "bo"}, {"amount": "x", "to": "bo"}, {"amount": 500, "to": "bo"}, {}]

    async def seen(tool: Any, args: dict[str, Any]) -> Any:
        try:
            r = await tool.run_json(args, CancellationToken(), call_id="c1")
            return ("ok", str(r), r.value, r.parts, type(r).__name__)
        except Exception as e:
            return ("raised", type(e).__name__, str(e))

    async def workbench(tool: Any, args: dict[str, Any]) -> Any:
        r = await StaticWorkbench([tool]).call_tool(tool.name, args, CancellationToken(), call_id="c1")
        return (r.is_error, r.result[0].content)

    for neutral in (pay, apay):
        tool = to_autogen(neutral)
        logging.getLogger(EVENT_LOGGER_NAME).setLevel(logging.WARNING)
        quiet = [await seen(tool, a) for a in calls] + [await workbench(tool, a) for a in calls]
        with caplog.at_level(logging.INFO, logger=EVENT_LOGGER_NAME):
            logged = [await seen(tool, a) for a in calls] + [await workbench(tool, a) for a in calls]
        assert quiet == logged
        assert quiet[0] == (
            "ok",
            '{"paid":5,"to":"bo"}',
            {"paid": 5, "to": "bo"},
            ('{"paid":5,"to":"bo"}',),
            "ToolResultText",
        )
        assert (
            quiet[1][:2] == ("raised", "ToolError")
            and "amount" in quiet[1][2]
            and neutral.name in quiet[1][2]
        )
        assert quiet[2] == ("raised", "ToolError", f"Error from tool {neutral.name!r}: 500 is over the limit")
        assert quiet[5][0] is True and "amount" in quiet[5][1]  # FunctionExecutionResult(is_error=True)
        typed = await tool.run(tool.args_type().model_validate(calls[0]), CancellationToken())
        assert (str(typed), typed.value) == quiet[0][1:3]
        events = [r.getMessage() for r in caplog.records if "ToolCall" in r.getMessage()]
        assert len(events) == 2 and '{\\"paid\\":5' in events[0]  # the ok calls (run_json, workbench)
        caplog.clear()
