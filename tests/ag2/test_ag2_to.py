"""Neutral tools converted with `to_ag2`, run by AG2's real `Agent` (scripted offline model)."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from ag2 import Toolkit
from ag2.events import BinaryInput, ToolApprovalRequest
from ag2.exceptions import HumanInputNotProvidedError
from ag2.tools.final.function_tool import FunctionTool
from ag2_kit import agent, is_error, results, text, tools_sent
from loop_tools import forged_context_steps, secret_whoami
from plugin_tools import make_tools

import interop
from interop import Image
from interop.ag2 import from_ag2, to_ag2, to_ag2_tools
from interop.errors import ToolNameError

SECRET = "SECRET-ag2-93ad"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


@pytest.mark.anyio
async def test_the_tool_carries_the_schema_verbatim() -> None:
    add, _ = make_tools([])
    tool = to_ag2(add)
    assert isinstance(tool, FunctionTool) and tool.name == "add"
    ours = interop.input_json_schema(add)
    assert tool.schema.function.parameters == ours and tool.schema.function.description == "Add two integers."
    a, cfg = agent(["done"], [tool])
    await a.ask("hi")
    assert tools_sent(cfg)["add"].function.parameters == ours  # what the agent hands its model


@pytest.mark.anyio
async def test_bad_arguments_and_tool_errors_reach_the_model_and_the_turn_goes_on() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = [
        [("add", {"a": -1})],
        [("add", '{"a": 1,')],  # not JSON
        [("add", {"a": 1, "tags": [{"label": ""}]})],
        [("add", {"a": 13})],  # ToolError
        [("add", {"a": 2, "b": 3})],
        "done",
    ]
    a, _ = agent(steps, [to_ag2(add)])
    reply = await a.ask("go")
    assert await reply.content() == "done"
    out = await results(reply)
    assert [is_error(r) for r in out] == [True, True, True, True, False]
    assert "add" in text(out[0]) and "greater than or equal to 0" in text(out[0])
    assert "not valid JSON" in text(out[1]) or "JSON" in text(out[1])
    assert "tags.0.label" in text(out[2]) and "13 is unlucky" in text(out[3])
    assert all("Traceback" not in text(r) for r in out)  # our message, not AG2's traceback text
    assert json.loads(text(out[4])) == {"sum": 5, "user": None} and out[4].result.metadata["value"] == {
        "sum": 5,
        "user": None,
    }
    assert [entry[:3] for entry in log] == [(13, 1, None), (2, 3, None)]


@pytest.mark.anyio
async def test_an_unexpected_exception_is_reported_as_for_ag2s_own_tools() -> None:
    add, _ = make_tools([])
    a, _ = agent([[("add", {"a": 99})], "done"], [to_ag2(add)])
    reply = await a.ask("go")
    (out,) = await results(reply)
    assert is_error(out) and "kaboom" in text(out) and await reply.content() == "done"


@pytest.mark.anyio
async def test_context_from_dependencies_parallel_sync_and_async_tools() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    steps = [[("add", {"a": 1}), ("echo", {"text": "hi"}), ("add", {"a": 2, "b": 2})], "done"]
    a, _ = agent(steps, [to_ag2_tools([add, echo])])
    reply = await a.ask("go", dependencies={"user": "ada"})
    out = await results(reply)
    assert [text(r) for r in out] == ['{"sum":2,"user":"ada"}', "hi", '{"sum":4,"user":"ada"}']
    assert threading.main_thread().name not in {entry[3] for entry in log if len(entry) == 4}
    assert ("hi", {"user": "ada"}, threading.main_thread().name) in log
    # no dependencies: no context (AG2's own entries are not the application's)
    a, _ = agent([[("add", {"a": 1})], "done"], [to_ag2(add)])
    (out1,) = await results(await a.ask("go"))
    assert json.loads(text(out1)) == {"sum": 2, "user": None}


@pytest.mark.anyio
async def test_the_context_hook_and_the_secret_stays_hidden() -> None:
    seen: list[Any] = []

    def hook(conversation: Any) -> Any:
        seen.append(conversation)
        return {"api_key": conversation.variables["key"]}

    tool = to_ag2(secret_whoami(SECRET), context=hook)
    a, cfg = agent(forged_context_steps(), [tool])
    reply = await a.ask("go", variables={"key": SECRET})
    out = await results(reply)
    assert [is_error(r) for r in out] == [True, True, True, False] and text(out[3]) == "3"
    assert "whoami" in text(out[0]) and "n" in text(out[0])
    assert seen and all(c.tool_call_id for c in seen)  # AG2's ConversationContext of each call
    shown = json.dumps(tool.schema.function.parameters) + "".join(text(r) for r in out)
    shown += repr([c.prompt for c in cfg.calls])
    assert SECRET not in shown


def _wipe_tools(ran: list[str]) -> tuple[Any, Any]:
    def delete(path: str) -> str:
        """Delete everything under a path."""
        ran.append(path)
        return "wiped"

    static = interop.tool(delete, name="wipe", meta={"requires_approval": True})
    picky = interop.tool(delete, name="wipe", meta={"requires_approval": lambda input, ctx: input.path == "/"})
    return static, picky


@pytest.mark.anyio
async def test_approval_asks_ag2s_human_in_the_loop_channel() -> None:
    ran: list[str] = []
    static, picky = _wipe_tools(ran)
    asked: list[Any] = []

    def human(request: ToolApprovalRequest) -> str:
        asked.append(request)
        return "y" if "/tmp" in request.content else "n"

    steps = [[("wipe", {"path": "/"}), ("wipe", {"path": "/tmp/x"})], "done"]
    a, _ = agent(steps, [to_ag2(static)], hitl_hook=human)
    reply = await a.ask("go")
    out = await results(reply)
    assert [is_error(r) for r in out] == [True, False] and "wipe" in text(out[0])
    assert ran == ["/tmp/x"] and len(asked) == 2
    assert all(isinstance(q, ToolApprovalRequest) and q.tool_call_id in ("c0_0", "c0_1") for q in asked)
    assert sorted(q.content.split("\n")[1] for q in asked) == ['`wipe`, {"path": "/"}', '`wipe`, {"path": "/tmp/x"}']
    # a predicate: asked per call, only about the calls it picks
    ran.clear()
    asked.clear()
    steps = [[("wipe", {"path": "/"}), ("wipe", {"path": "/home"})], "done"]
    a, _ = agent(steps, [to_ag2(picky)], hitl_hook=human)
    out = await results(await a.ask("go"))
    assert [is_error(r) for r in out] == [True, False] and ran == ["/home"] and len(asked) == 1
    # "always" approves the tool for the rest of the conversation, as AG2's own grant
    ran.clear()
    asked.clear()
    steps = [[("wipe", {"path": "/a"})], [("wipe", {"path": "/b"})], "done"]
    a, _ = agent(steps, [to_ag2(static)], hitl_hook=lambda request: asked.append(request) or "always")
    await a.ask("go")
    assert ran == ["/a", "/b"] and len(asked) == 1
    # allow_always=False: "always" is not a yes
    ran.clear()
    a, _ = agent([[("wipe", {"path": "/a"})], "done"], [to_ag2(static, allow_always=False)], hitl_hook=lambda r: "always")
    (out1,) = await results(await a.ask("go"))
    assert is_error(out1) and ran == []


@pytest.mark.anyio
async def test_approval_without_a_human_channel_or_outside_a_turn_fails_closed() -> None:
    ran: list[str] = []
    static, _ = _wipe_tools(ran)
    a, _ = agent([[("wipe", {"path": "/"})], "done"], [to_ag2(static)])  # no hitl_hook
    with pytest.raises(HumanInputNotProvidedError):  # AG2 ends the turn, as for approval_required()
        await a.ask("go")
    tool = to_ag2(static)
    from ag2.events import ToolCallEvent

    out = await tool(ToolCallEvent(name="wipe", arguments='{"path": "/"}'), None)  # type: ignore[arg-type]
    assert is_error(out) and "wipe" in text(out)
    # a callback instead of the human channel
    a, _ = agent([[("wipe", {"path": "/"})], "done"], [to_ag2(static, approval=lambda request: False)])
    (out2,) = await results(await a.ask("go"))
    assert is_error(out2)
    assert ran == []


@pytest.mark.anyio
async def test_content_return_direct_and_defer_loading() -> None:
    @interop.tool
    def chart() -> list[Any]:
        """A chart."""
        return ["the chart", Image(PNG, "image/png")]

    a, _ = agent([[("chart", {})], "done"], [to_ag2(chart)])
    (out,) = await results(await a.ask("go"))
    assert [type(p).__name__ for p in out.result.parts] == ["TextInput", "BinaryInput"]
    binary = out.result.parts[1]
    assert isinstance(binary, BinaryInput) and binary.data == PNG and binary.kind.value == "image"

    @interop.tool(meta={"return_direct": True})
    def answer(q: str) -> str:
        """Answer directly."""
        return f"the answer to {q}"

    a, _ = agent([[("answer", {"q": "x"})]], [to_ag2(answer)])  # no second model turn: the tool answers
    reply = await a.ask("go")
    assert await reply.content() == "the answer to x"

    @interop.tool(meta={"defer_loading": True})
    def rare() -> str:
        """Rarely needed."""
        return "ok"

    assert to_ag2(rare).schema.defer_loading is True


def test_names_toolkits_and_round_trips() -> None:
    add, echo = make_tools([])
    with pytest.raises(ToolNameError):
        to_ag2(add, rename="add numbers")
    with pytest.raises(ToolNameError):
        to_ag2_tools([add, interop.transform_tool(echo, name="add")])
    kit = to_ag2_tools([add, echo], name="maths")
    assert isinstance(kit, Toolkit) and kit.name == "maths" and [t.name for t in kit.tools] == ["add", "echo"]
    tool = to_ag2(add)
    assert from_ag2(tool) is add and from_ag2(to_ag2(add, rename="plus")) is add
    assert from_ag2(kit) == [add, echo]  # AG2's copies in the toolkit remember the neutral tools
    import copy

    clone = copy.deepcopy(tool)  # what AG2 does when it registers a tool
    assert clone is not tool and clone._invoker is tool._invoker and from_ag2(clone) is add  # type: ignore[attr-defined]
