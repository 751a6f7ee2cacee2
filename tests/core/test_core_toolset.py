"""`interop.ToolSet`: one name index (duplicates refused), the application path (`call`/`acall`:
values and exceptions, the approval rule) and the model path (`run`/`arun`: an `Outcome` for every
failure, JSON text accepted), same options through `filter`/`prefix`/`with_middleware`/slices."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import interop
from interop.errors import ApprovalDeniedError, StandardToolValidationError, ToolNameError


@interop.tool(meta={"tags": ["math"], "read_only": True})
def add(a: int, b: int = 1) -> int:
    """Add."""
    return a + b


@interop.tool(meta={"tags": ["text"]})
async def shout(text: str) -> str:
    """Shout."""
    return text.upper()


@interop.tool(meta={"requires_approval": True})
def wipe(path: str) -> str:
    """Delete."""
    return f"wiped {path}"


def test_names_lookup_and_sequence() -> None:
    tools = interop.ToolSet([add, shout, wipe])
    assert tools.names == ("add", "shout", "wipe")
    assert tools.get("shout") is shout and tools.get("nope") is None
    assert len(tools) == 3 and list(tools) == [add, shout, wipe] and tools[0] is add
    assert "add" in tools and add in tools and "nope" not in tools  # type: ignore[comparison-overlap]
    assert tools[1:].names == ("shout", "wipe")
    assert (interop.ToolSet([add]) + [shout]).names == ("add", "shout")  # noqa: RUF005
    assert interop.ToolSet(tools).names == tools.names


def test_duplicate_names_are_refused_everywhere() -> None:
    with pytest.raises(ToolNameError, match="two tools are named 'add'"):
        interop.ToolSet([add, add])
    with pytest.raises(ToolNameError):
        interop.ToolSet([add]) + [add]  # noqa: RUF005
    with pytest.raises(TypeError, match="not a tool"):
        interop.ToolSet([add, "add"])  # type: ignore[list-item]


def test_call_and_acall_return_values_and_raise() -> None:
    tools = interop.ToolSet([add, shout, wipe])
    assert tools.call("add", {"a": 2}) == 3
    assert tools.call("add", '{"a": 2, "b": 5}') == 7
    assert asyncio.run(tools.acall("shout", {"text": "hi"})) == "HI"
    with pytest.raises(StandardToolValidationError, match="a"):
        tools.call("add", {"a": "x"})
    with pytest.raises(ToolNameError, match="no tool named 'nope'; the tools are: add, shout, wipe"):
        tools.call("nope", {})
    with pytest.raises(ApprovalDeniedError):
        tools.call("wipe", {"path": "/"})
    approved = interop.ToolSet([wipe], approval=lambda request: request.input["path"] == "/tmp")
    assert approved.call("wipe", {"path": "/tmp"}) == "wiped /tmp"
    with pytest.raises(ApprovalDeniedError):
        approved.call("wipe", {"path": "/"})


def test_run_gives_an_outcome_for_every_failure() -> None:
    tools = interop.ToolSet([add, shout, wipe])
    ok = tools.run("add", '{"a": 1}', call_id="c1")
    assert ok.ok and ok.value == 2 and ok.text == "2"
    bad = tools.run("add", {"a": "x"})
    assert bad.status == "error" and bad.error_kind == "arguments" and "'add': a: " in bad.text
    garbage = tools.run("add", "{not json")
    assert garbage.status == "error" and "JSON" in garbage.text
    unknown = tools.run("nope", {})
    assert unknown.status == "error" and "no tool named 'nope'" in unknown.text
    denied = asyncio.run(tools.arun("wipe", {"path": "/"}))
    assert denied.status == "denied"
    assert asyncio.run(tools.arun("shout", {"text": "a"})).value == "A"


def test_derived_sets_keep_the_options() -> None:
    asked: list[str] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.tool_name)
        return True

    tools = interop.ToolSet([add, shout, wipe], approval=approve)
    assert tools.filter(tags="math").names == ("add",)
    prefixed = tools.prefix("fs_")
    assert prefixed.names == ("fs_add", "fs_shout", "fs_wipe")
    assert prefixed.run("fs_wipe", {"path": "/x"}).value == "wiped /x"
    assert asked == ["fs_wipe"]
    with pytest.raises(ValueError, match="no tool named"):
        tools.filter(names=["nope"])


class Record:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, str | None]] = []

    async def on_call(self, call: interop.ToolInvocation, call_next: Any) -> Any:
        self.calls.append((call.name, call.arguments, call.call_id))
        return await call_next(call)


def test_a_set_with_middleware_runs_it_on_both_paths() -> None:
    record = Record()
    tools = interop.ToolSet([add, shout]).with_middleware(record)
    assert isinstance(tools, interop.ToolSet)
    assert tools.call("add", {"a": 1}) == 2
    assert tools.run("shout", {"text": "x"}, call_id="call-7").value == "X"
    assert interop.with_middleware(interop.ToolSet([add]), record).call("add", {"a": 5}) == 6
    assert record.calls == [
        ("add", {"a": 1}, None),
        ("shout", {"text": "x"}, "call-7"),
        ("add", {"a": 5}, None),
    ]


def test_a_set_goes_where_a_list_of_tools_goes() -> None:
    tools = interop.ToolSet([add, shout])
    assert [t.name for t in interop.prefix_tools(tools, "x_")] == ["x_add", "x_shout"]
    assert interop.filter_tools(tools, names="add") == [add]


def test_a_sets_options_apply_under_the_options_a_conversion_is_given() -> None:
    from interop._kit import toolset_options

    def ask(request: Any) -> bool:
        return True

    def say(e: BaseException) -> str:
        return "nope"

    plain = [add]
    given = {"rename": "x"}
    assert toolset_options(plain, given) is given  # a list: as given
    assert toolset_options(interop.ToolSet(plain), given) is given  # a set with defaults: as given
    tools = interop.ToolSet(plain, approval=ask, errors=say, threaded=False)
    assert toolset_options(tools, {}) == {"approval": ask, "errors": say, "threaded": False}
    # what the call gives wins, under any of its spellings (a deprecated alias included)
    assert toolset_options(tools, {"errors": "all", "sync_in_thread": True}) == {
        "errors": "all",
        "sync_in_thread": True,
        "approval": ask,
    }
    assert toolset_options(interop.ToolSet(plain, allow_unapproved=True), {}) == {"allow_unapproved": True}
