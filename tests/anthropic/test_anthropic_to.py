"""Neutral tools converted with `to_anthropic`, run by the Anthropic SDK's real tool runner
(`client.beta.messages.tool_runner`, sync and async) over a scripted Messages API (offline)."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from anthropic.lib.tools import BetaAsyncFunctionTool, BetaFunctionTool
from anthropic.lib.tools import ToolError as AnthropicToolError
from anthropic_kit import arun, run, text
from loop_tools import caller_whoami
from name_rules import assert_name_rules
from plugin_tools import gated, make_tools

import interop
from interop import File, Image
from interop.anthropic import (
    StandardAsyncFunctionTool,
    StandardFunctionTool,
    from_anthropic,
    run_context,
    to_anthropic,
    to_anthropic_tools,
)
from interop.errors import ApprovalRequiredError
from interop.providers import to_anthropic_tool

SECRET = "SECRET-anthropic-9021"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(16)


def test_the_definition_is_the_providers_anthropic_tool_and_kinds_follow_the_tool() -> None:
    add, echo = make_tools([], meta={"defer_loading": False, "callers": ["direct"]})
    sync, asynchronous = to_anthropic(add), to_anthropic(echo)
    assert isinstance(sync, BetaFunctionTool) and isinstance(sync, StandardFunctionTool)
    assert isinstance(asynchronous, BetaAsyncFunctionTool) and isinstance(
        asynchronous, StandardAsyncFunctionTool
    )
    _, scripted = run(["done"], sync)
    sent = scripted.tools_sent()["add"]
    assert sent == to_anthropic_tool(add)  # schema (refs inlined), allowed_callers, ...
    assert sent["allowed_callers"] == ["direct"] and sent["description"] == "Add two integers."
    assert "ctx" not in json.dumps(sent)
    assert sync.name == "add" and sync.input_schema == sent["input_schema"]


def test_sync_runner_errors_are_is_error_results_the_loop_goes_on_and_context_is_bound() -> None:
    log: list[Any] = []
    add, _ = make_tools(log)
    steps = [[("add", {"a": -1})], [("add", {"a": 13})], [("add", {"a": 2, "b": 3})], "done"]
    with run_context({"user": "ann"}):
        final, scripted = run(steps, to_anthropic(add))
    assert text(final) == "done"
    bad, refused, ok = scripted.results()
    assert bad["is_error"] and bad["content"].startswith("Invalid arguments for tool 'add': a: ")
    assert refused["is_error"] and "13 is unlucky" in refused["content"]
    assert "is_error" not in ok and json.loads(ok["content"]) == {"sum": 5, "user": "ann"}
    assert [e[:3] for e in log] == [(13, 1, {"user": "ann"}), (2, 3, {"user": "ann"})]


def test_unexpected_exceptions_follow_the_runner_and_errors_all_gives_our_text() -> None:
    add, _ = make_tools([])
    _, scripted = run([[("add", {"a": 99})], "done"], to_anthropic(add))
    assert scripted.results()[0]["is_error"] and "RuntimeError('kaboom')" in scripted.results()[0]["content"]
    _, scripted = run([[("add", {"a": 99})], "done"], to_anthropic(add, errors="all"))
    assert (
        "kaboom" in scripted.results()[0]["content"]
        and "RuntimeError(" not in scripted.results()[0]["content"]
    )


@pytest.mark.anyio
async def test_async_runner_with_async_and_sync_tools_in_one_turn() -> None:
    log: list[Any] = []
    add, echo = make_tools(log)
    tools = to_anthropic_tools([add, echo])  # one async tool: the whole list is for AsyncAnthropic
    assert all(isinstance(t, BetaAsyncFunctionTool) for t in tools)
    steps = [[("echo", {"text": "hi"}), ("add", {"a": 4}), ("echo", {"text": 5})], "done"]
    with run_context({"user": "bo"}):
        final, scripted = await arun(steps, *tools)
    assert text(final) == "done"
    hi, four, bad = scripted.results()
    assert hi["content"] == "hi" and json.loads(four["content"]) == {"sum": 5, "user": "bo"}
    assert (
        bad["is_error"] and "Invalid arguments for tool 'echo'" in bad["content"] and "text" in bad["content"]
    )
    assert log[0][:2] == ("hi", {"user": "bo"}) and log[1][2] == {"user": "bo"}


def test_an_async_tool_in_the_sync_runner_with_asynchronous_false() -> None:
    _, echo = make_tools([])
    tool = to_anthropic(echo, asynchronous=False)
    assert isinstance(tool, BetaFunctionTool)
    final, scripted = run([[("echo", {"text": "x"})], "done"], tool)
    assert text(final) == "done" and scripted.results()[0]["content"] == "x"
    assert tool(text="direct") == "direct"  # called like a @beta_tool function


def test_context_hook_and_the_secret_never_reaches_the_model() -> None:
    whoami, seen = caller_whoami()
    tool = to_anthropic(whoami, context=lambda bound: {"user": bound["user"], "key": SECRET})
    steps = [[("whoami", {"caller": "forged"})], [("whoami", {})], "done"]
    with run_context({"user": "ann"}):
        _, scripted = run(steps, tool)
    assert SECRET not in json.dumps(scripted.requests)
    forged, ok = scripted.results()
    assert forged["is_error"] and "caller" in forged["content"]  # refused, never the context
    assert json.loads(ok["content"]) == {"user": "ann"} and seen == [{"user": "ann", "key": SECRET}]


def test_approval_fails_closed_or_asks_the_callback() -> None:
    log: list[Any] = []
    wipe = gated(log, lambda input, ctx: input.path == "/")
    with pytest.raises(ApprovalRequiredError):  # the runner has no confirmation step
        to_anthropic(wipe)
    asked: list[str] = []

    def deny(request: Any) -> bool:
        asked.append(request.input["path"])
        return False

    steps = [[("wipe", {"path": "/"}), ("wipe", {"path": "/tmp"})], "done"]
    _, scripted = run(steps, to_anthropic(wipe, approval=deny))
    denied, ok = scripted.results()
    assert denied["is_error"] and "wipe" in denied["content"] and "approv" in denied["content"]
    assert ok["content"] == "wiped /tmp" and [path for path, _ in log] == ["/tmp"] and asked == ["/"]


def test_images_and_pdfs_go_back_as_content_blocks() -> None:
    @interop.tool
    def report() -> list[Any]:
        """A report."""
        return ["see", Image(PNG, "image/png"), File(b"%PDF-1.4", "application/pdf", "r.pdf")]

    _, scripted = run([[("report", {})], "done"], to_anthropic(report))
    blocks = scripted.results()[0]["content"]
    assert [b["type"] for b in blocks] == ["text", "image", "document"]
    assert base64.b64decode(blocks[1]["source"]["data"]) == PNG
    assert blocks[2]["source"]["media_type"] == "application/pdf"


def test_names_strict_duplicates_and_round_trips() -> None:
    add, _ = make_tools([])
    assert_name_rules(to_anthropic, to_anthropic_tools, bad="files.delete", good="files_delete")
    assert to_anthropic(add, strict=True).to_dict()["strict"] is True
    converted = to_anthropic(add)
    assert from_anthropic(converted) is add and converted.standard_tool is add  # type: ignore[union-attr]
    assert to_anthropic_tools([add])[0].to_dict() == converted.to_dict()


def test_a_string_input_is_a_json_string_never_arguments_text() -> None:
    add, _ = make_tools([])
    tool = to_anthropic(add)
    assert isinstance(tool, StandardFunctionTool)
    # the runner's input is decoded JSON: a string there is a string, the pipeline must not parse it
    with pytest.raises(AnthropicToolError) as info:
        tool.call('{"a": 1}')
    assert "Invalid arguments for tool 'add'" in str(info.value) and "valid dictionary" in str(info.value)
    assert json.loads(tool.call({"a": 1}))["sum"] == 2
