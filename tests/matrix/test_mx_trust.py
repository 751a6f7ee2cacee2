"""Approval you can trust on every path (issue 15), proved with real framework loops.

Every test runs a scripted offline model through a real agent loop (see `_trust.py` for the
drivers and each framework's resume form) and checks what ran and what the model was told.

1. An approval-required call never runs unapproved: static `True`, conditional predicates (sync,
   async, raising), and callbacks answering anything but the value `True`; on every `to_X`, every
   native source `from_X` -> `to_Y`, wrapped tools and the providers' toolsets (the CLI is in
   `test_mx_trust_cli.py`). The model gets a "not approved" error through the framework's own
   channel and the loop goes on.
2. Conditional approval maps natively: only the calls that need it pause (LangGraph interrupts,
   pydantic-ai deferred requests, OpenAI Agents interruptions) or reach the callback.
3. Several gated calls in one turn, each resumed with its framework's resume form, including a
   rejection whose message reaches the model.
4. The origin stash never sends a wrapped tool home as the native object, and approval set
   natively (before or after a conversion) is read by `from_X`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from _trust import (
    APPROVE,
    CALLBACK_ONLY,
    ELICITS,
    FINAL,
    NATIVE,
    TARGETS,
    Loop,
    Reject,
    calls,
    drive,
    drive_native,
)

import interop
from interop import ApprovalDeniedError, ApprovalRequest
from interop.bridge import requires_approval
from interop.errors import ApprovalRequiredError

RAN: list[str] = []
"""Paths the tools under test actually ran on (a call that never ran is never here)."""


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


def wipe(
    rule: Any = True, *, is_async: bool = False, name: str = "wipe"
) -> interop.StandardTool[Any, Any, Any]:
    """A destructive neutral tool; `rule` is its `requires_approval` (None: the key is absent)."""
    meta: dict[str, Any] = {"destructive": True}
    if rule is not None:
        meta["requires_approval"] = rule
    if is_async:

        async def awipe(path: str) -> str:
            """Delete everything under a path."""
            RAN.append(path)
            return f"wiped {path}"

        return interop.tool(awipe, name=name, meta=meta)

    def swipe(path: str) -> str:
        """Delete everything under a path."""
        RAN.append(path)
        return f"wiped {path}"

    return interop.tool(swipe, name=name, meta=meta)


# ------------------------------------------------------------------------------------------ answers


class _EqualsEverything:
    """Truthy and `== True`: only identity with `True` may approve."""

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


async def _async_one(request: ApprovalRequest) -> Any:
    return 1


async def _async_false(request: ApprovalRequest) -> Any:
    return False


def _returns_coroutine_of_one(request: ApprovalRequest) -> Any:
    return _async_one(request)


def _raises(request: ApprovalRequest) -> Any:
    raise RuntimeError("approval service down")


async def _async_raises(request: ApprovalRequest) -> Any:
    raise RuntimeError("approval service down")


ANSWERS: dict[str, Callable[[ApprovalRequest], Any]] = {
    "False": lambda r: False,
    "None": lambda r: None,
    "str-yes": lambda r: "yes",
    "int-1": lambda r: 1,
    "object": lambda r: object(),
    "equals-True": lambda r: _EqualsEverything(),
    "async-False": _async_false,
    "async-1": _async_one,
    "coroutine-of-1": _returns_coroutine_of_one,
    "raises": _raises,
    "async-raises": _async_raises,
}
"""Approval callbacks that must all deny: anything but the value `True`, or an exception."""

ALL = [*TARGETS, "neutral"]


def _not_approved(loop: Loop, call_id: str) -> None:
    text = loop.text(call_id)
    assert "not approved" in text and "did not run" in text, text
    assert loop.error(call_id), loop.seen
    assert "approval service down" not in text  # a failing check names its type, not its message


async def _drive_with_callback(target: str, tool: Any, cs: Any, callback: Any, **kw: Any) -> Loop:
    if target == "neutral":
        return await drive("neutral", interop.with_approval(tool, callback), cs, **kw)
    return await drive(target, tool, cs, approval=callback, **kw)


@pytest.mark.anyio
@pytest.mark.parametrize("answer", list(ANSWERS))
@pytest.mark.parametrize("target", ALL)
async def test_trust_a_callback_answering_anything_but_true_never_runs(target: str, answer: str) -> None:
    loop = await _drive_with_callback(target, wipe(), calls("/srv"), ANSWERS[answer])
    assert RAN == []
    assert loop.paused == []  # the callback replaces the native mechanism
    _not_approved(loop, "c0")
    assert loop.final == FINAL  # the loop went on


@pytest.mark.anyio
@pytest.mark.parametrize("is_async", [False, True], ids=["sync-tool", "async-tool"])
@pytest.mark.parametrize("target", ALL)
async def test_trust_a_callback_answering_true_runs_once(target: str, is_async: bool) -> None:
    asked: list[Any] = []

    def approve(request: ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input, request.tool_call_id))
        return True

    loop = await _drive_with_callback(target, wipe(is_async=is_async), calls("/tmp/x"), approve)
    assert RAN == ["/tmp/x"] and not loop.error("c0") and "wiped /tmp/x" in loop.text("c0")
    assert [a[:2] for a in asked] == [("wipe", {"path": "/tmp/x"})]


# ------------------------------------------------------------------------------------------ wrappers


WRAPPERS: dict[str, Callable[[Any, Any], Any]] = {
    "with_approval": lambda t, cb: interop.with_approval(t, cb),
    "formatted(with_approval)": lambda t, cb: interop.with_formatted_output(interop.with_approval(t, cb)),
    "model_output(with_approval)": lambda t, cb: interop.with_model_output(interop.with_approval(t, cb), str),
    "with_approval(formatted)": lambda t, cb: interop.with_approval(interop.with_formatted_output(t), cb),
}


@pytest.mark.anyio
@pytest.mark.parametrize("answer", ["False", "str-yes", "async-1", "raises"])
@pytest.mark.parametrize("wrapper", list(WRAPPERS))
@pytest.mark.parametrize("target", ALL)
async def test_trust_wrapped_approval_never_runs_unapproved(target: str, wrapper: str, answer: str) -> None:
    """A tool carrying its own approval callback converts everywhere (even where the framework
    cannot ask) and its callback still decides, through every other wrapper."""
    for rule in (None, True):  # no meta rule, or requires_approval: True as well
        RAN.clear()
        tool = WRAPPERS[wrapper](wipe(rule), ANSWERS[answer])
        loop = await drive(target, tool, calls("/srv"), decide=lambda cid: APPROVE)
        assert RAN == []
        assert loop.paused == []  # the tool's own callback decides: the framework never asks twice
        text = loop.text("c0")
        assert "not approved" in text, text
        if not wrapper.startswith("formatted"):  # with_formatted_output turns the denial into data
            assert loop.error("c0")
        assert loop.final == FINAL


async def _refused_without_a_callback(target: str, tool: Any, cs: list[Any], match: str | None = None) -> None:
    """No `approval=` callback: conversion refuses the gated tool, or (MCP) the server asks the client
    by elicitation and a client that cannot answer gets every call refused, none run."""
    if target in ELICITS:
        before = list(RAN)
        loop = await drive(target, tool, cs)
        assert all(loop.error(c.id) for c in cs), loop.seen
        assert RAN == before
        return
    with pytest.raises(ApprovalRequiredError, match=match):
        await drive(target, tool, cs)


@pytest.mark.anyio
@pytest.mark.parametrize("target", CALLBACK_ONLY)
async def test_trust_callback_targets_refuse_a_gated_tool_without_a_callback(target: str) -> None:
    for rule in (True, lambda i, c: True):
        await _refused_without_a_callback(target, wipe(rule), calls("/srv"), match="wipe")
    assert RAN == []
    loop = await drive(target, wipe(), calls("/srv"), allow_unapproved=True)  # the explicit opt-out
    assert RAN == ["/srv"] and not loop.error("c0")


# ------------------------------------------------------------------------------------------ native pauses


def _recording(decisions: dict[str, Any], snapshots: list[list[str]]) -> Callable[[str], Any]:
    """A human's decisions per call id, noting what had run when each was asked."""

    def decide(call_id: str) -> Any:
        snapshots.append(list(RAN))
        return decisions[call_id]

    return decide


def _rejected(loop: Loop, call_id: str, message: str | None) -> None:
    text = loop.text(call_id)
    assert loop.error(call_id), loop.seen
    if message is not None:
        assert message in text, text
    else:
        assert "not approved" in text or "denied" in text, text


@pytest.mark.anyio
@pytest.mark.parametrize("is_async", [False, True], ids=["sync-tool", "async-tool"])
@pytest.mark.parametrize("target", NATIVE)
async def test_trust_several_gated_calls_in_one_turn(target: str, is_async: bool) -> None:
    """Three gated calls in one turn: approve one, reject one with a message, one without."""
    snapshots: list[list[str]] = []
    decide = _recording({"c0": APPROVE, "c1": Reject("never /b: it is shared"), "c2": Reject()}, snapshots)
    loop = await drive(target, wipe(is_async=is_async), calls("/a", "/b", "/c"), decide=decide)
    assert sorted(loop.paused) == ["c0", "c1", "c2"]
    assert all(s == [] for s in snapshots)  # nothing ran before the human decided
    assert RAN == ["/a"]
    assert not loop.error("c0") and "wiped /a" in loop.text("c0")
    _rejected(loop, "c1", "never /b: it is shared")
    _rejected(loop, "c2", None)
    assert loop.final == FINAL


@pytest.mark.anyio
@pytest.mark.parametrize("target", NATIVE)
async def test_trust_native_pause_with_no_decision_for_a_call_never_runs_it(target: str) -> None:
    """Rejecting every call: nothing runs, each rejection reaches the model."""
    loop = await drive(target, wipe(), calls("/a", "/b"), decide=lambda cid: Reject(f"no {cid}"))
    assert RAN == [] and sorted(loop.paused) == ["c0", "c1"]
    _rejected(loop, "c0", "no c0")
    _rejected(loop, "c1", "no c1")
    assert loop.final == FINAL


# ------------------------------------------------------------------------------------------ conditional


def _sync_rule(value: Any, context: Any) -> bool:
    return bool(value.path.startswith("/etc"))


async def _async_rule(value: Any, context: Any) -> bool:
    return bool(value.path.startswith("/etc"))


def _raising_rule(value: Any, context: Any) -> bool:
    raise KeyError("policy lookup failed")


def _none_rule(value: Any, context: Any) -> Any:
    return None if value.path.startswith("/etc") else False


RULES: dict[str, tuple[Any, list[str]]] = {
    "sync": (_sync_rule, ["c0", "c2"]),
    "async": (_async_rule, ["c0", "c2"]),
    "raises(=needed)": (_raising_rule, ["c0", "c1", "c2"]),
    "None(=needed)": (_none_rule, ["c0", "c2"]),
}
"""Predicates on the validated input, and the calls of `/etc/a`, `/tmp/b`, `/etc/c` that need approval."""


@pytest.mark.anyio
@pytest.mark.parametrize("rule", list(RULES))
@pytest.mark.parametrize("target", ALL)
async def test_trust_conditional_approval_asks_only_when_needed(target: str, rule: str) -> None:
    predicate, needed = RULES[rule]
    cs = calls("/etc/a", "/tmp/b", "/etc/c")
    decisions = {"c0": APPROVE, "c1": APPROVE, "c2": Reject("never /etc/c")}
    tool = wipe(predicate)
    if target in NATIVE:  # the framework's own pause, for the calls that need it only
        snapshots: list[list[str]] = []
        loop = await drive(target, tool, cs, decide=_recording(decisions, snapshots))
        assert sorted(loop.paused) == needed
        assert all("/etc/a" not in s and "/etc/c" not in s for s in snapshots)
    else:  # the callback, asked for the calls that need it only
        asked: list[str] = []

        def callback(request: ApprovalRequest) -> bool:
            path = request.input["path"]
            asked.append(path)
            if path == "/etc/c":
                raise ApprovalDeniedError(request.tool_name, "never /etc/c")
            return True

        loop = await _drive_with_callback(target, tool, cs, callback)
        assert sorted(asked) == sorted(c.args["path"] for c in cs if c.id in needed)
    assert sorted(RAN) == ["/etc/a", "/tmp/b"]
    assert not loop.error("c0") and not loop.error("c1")
    _rejected(loop, "c2", "never /etc/c")
    assert loop.final == FINAL


@pytest.mark.anyio
@pytest.mark.parametrize("target", NATIVE)
async def test_trust_conditional_on_the_context(target: str) -> None:
    """A predicate reading the context: an admin's calls run, anyone else's pause."""

    def rule(value: Any, context: Any) -> bool:
        return not (isinstance(context, dict) and context.get("role") == "admin")

    loop = await drive(target, wipe(rule), calls("/a"), context={"role": "admin"})
    assert loop.paused == [] and RAN == ["/a"]
    loop = await drive(target, wipe(rule), calls("/b"), context={"role": "guest"}, decide=lambda c: Reject())
    assert loop.paused == ["c0"] and RAN == ["/a"]


# ------------------------------------------------------------------------------------------ two hops


def _native_fn() -> Callable[[str], str]:
    def wipe(path: str) -> str:
        """Delete everything under a path."""
        RAN.append(path)
        return f"wiped {path}"

    return wipe


async def _source(source: str) -> Any:
    """A neutral tool named `wipe` that requires approval, made by `from_X` from a native tool
    whose approval is set in X's own idiom (or a neutral tool that went through X and back)."""
    if source == "neutral":
        return wipe()
    if source.startswith("hop:"):
        from _trust import convert_for

        from interop.langchain import from_langchain
        from interop.openai_agents import from_openai_agents
        from interop.pydantic_ai import from_pydantic_ai

        framework = source[4:]
        back = {
            "langgraph": from_langchain,
            "pydantic-ai": from_pydantic_ai,
            "openai-agents": from_openai_agents,
        }
        tool = wipe()
        hopped = back[framework](convert_for(framework, tool))
        assert hopped is tool
        return hopped
    if source.startswith("pydantic-ai"):
        from pydantic_ai import FunctionToolset, Tool

        from interop.pydantic_ai import afrom_pydantic_ai_toolset, from_pydantic_ai, from_pydantic_ai_toolset

        if source == "pydantic-ai:flag":
            return from_pydantic_ai(Tool(_native_fn(), requires_approval=True))
        if source == "pydantic-ai:toolset-flag":
            return from_pydantic_ai_toolset(FunctionToolset([_native_fn()], requires_approval=True))[0]
        if source == "pydantic-ai:approval-toolset":
            toolset = FunctionToolset([_native_fn()]).approval_required(lambda ctx, td, args: True)
            return (await afrom_pydantic_ai_toolset(toolset))[0]
        if source == "pydantic-ai:prepare":

            async def prepare(ctx: Any, td: Any) -> Any:
                return dataclasses.replace(td, kind="unapproved")

            return from_pydantic_ai(Tool(_native_fn(), prepare=prepare))
    if source.startswith("openai-agents"):
        from agents import function_tool

        from interop.openai_agents import from_openai_agents

        if source == "openai-agents:flag":
            return from_openai_agents(function_tool(_native_fn(), needs_approval=True))

        async def per_call(ctx: Any, args: dict[str, Any], call_id: str) -> bool:
            return True

        return from_openai_agents(function_tool(_native_fn(), needs_approval=per_call))
    if source == "langchain:metadata":
        from langchain_core.tools import StructuredTool

        from interop.langchain import from_langchain

        return from_langchain(
            StructuredTool.from_function(_native_fn(), metadata={"requires_approval": True})
        )
    raise ValueError(source)


SOURCES = [
    "neutral",
    "hop:langgraph",
    "hop:pydantic-ai",
    "hop:openai-agents",
    "pydantic-ai:flag",
    "pydantic-ai:toolset-flag",
    "pydantic-ai:approval-toolset",
    "pydantic-ai:prepare",
    "openai-agents:flag",
    "openai-agents:per-call",
    "langchain:metadata",
]


@pytest.mark.anyio
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", SOURCES)
async def test_trust_native_approval_travels_every_two_hop_path(source: str, target: str) -> None:
    """from_X (approval set in X's idiom) -> to_Y: the call pauses or asks, and runs only approved."""
    neutral = await _source(source)
    assert requires_approval(neutral), neutral.meta
    cs = calls("/a", "/b")
    if target in NATIVE:
        loop = await drive(target, neutral, cs, decide=lambda cid: APPROVE if cid == "c0" else Reject("no"))
        assert sorted(loop.paused) == ["c0", "c1"]
    else:
        await _refused_without_a_callback(target, neutral, cs)
        loop = await drive(target, neutral, cs, approval=lambda r: r.input["path"] == "/a")
        if target in ELICITS:  # or the client answers the elicitation
            RAN.clear()
            loop = await drive(target, neutral, cs, decide=lambda cid: APPROVE if cid == "c0" else Reject())
    assert RAN == ["/a"]
    assert not loop.error("c0") and loop.error("c1")
    assert loop.final == FINAL


@pytest.mark.anyio
async def test_trust_mcp_consumed_tool_keeps_approval_on_every_target() -> None:
    from interop.mcp import build_server, mcp_tools

    async with mcp_tools(build_server([wipe()], allow_unapproved=True)) as remote:
        (neutral,) = remote
        assert neutral.meta["requires_approval"] is True
        for target in TARGETS:
            RAN.clear()
            if target in NATIVE:
                loop = await drive(
                    target, neutral, calls("/a", "/b"), decide=lambda c: APPROVE if c == "c0" else Reject()
                )
            else:
                await _refused_without_a_callback(target, neutral, calls("/a"))
                loop = await drive(
                    target, neutral, calls("/a", "/b"), approval=lambda r: r.input["path"] == "/a"
                )
            assert RAN == ["/a"], target  # the served tool ran for the approved call only
            assert not loop.error("c0") and loop.error("c1"), (target, loop.seen)


# ------------------------------------------------------------------------------------------ origin stash


def _natives(framework: str) -> Any:
    """A plain native tool (no approval) in `framework`'s own idiom, and its `from_X`."""
    fn = _native_fn()
    if framework == "langgraph":
        from langchain_core.tools import StructuredTool

        from interop.langchain import from_langchain

        native: Any = StructuredTool.from_function(fn)
        return native, from_langchain(native)
    if framework == "pydantic-ai":
        from pydantic_ai import Tool

        from interop.pydantic_ai import from_pydantic_ai

        native = Tool(fn)
        return native, from_pydantic_ai(native)
    if framework == "openai-agents":
        from agents import function_tool

        from interop.openai_agents import from_openai_agents

        native = function_tool(fn)
        return native, from_openai_agents(native)
    if framework == "llamaindex":
        from llama_index.core.tools import FunctionTool

        from interop.llamaindex import from_llamaindex

        native = FunctionTool.from_defaults(fn)
        return native, from_llamaindex(native)
    raise ValueError(framework)


def _deny(request: ApprovalRequest) -> bool:
    return False


HOME_WRAPPERS: dict[str, Callable[[Any], Any]] = {
    "with_approval": lambda n: interop.with_approval(n, _deny),
    "with_formatted_output": lambda n: interop.with_formatted_output(n),
    "with_model_output": lambda n: interop.with_model_output(n, lambda out: f"model sees {out}"),
    "formatted(with_approval)": lambda n: interop.with_formatted_output(interop.with_approval(n, _deny)),
    "replace(meta requires_approval)": lambda n: dataclasses.replace(
        n, meta={**n.meta, "requires_approval": True}
    ),
}


@pytest.mark.anyio
@pytest.mark.parametrize("wrapper", list(HOME_WRAPPERS))
@pytest.mark.parametrize("framework", ["langgraph", "pydantic-ai", "openai-agents", "llamaindex"])
async def test_trust_a_wrapped_tool_never_goes_home_as_the_native_object(
    framework: str, wrapper: str
) -> None:
    from _trust import convert_for, from_native

    native, neutral = _natives(framework)
    assert convert_for(framework, neutral) is native  # unwrapped: home as the very same object
    wrapped = HOME_WRAPPERS[wrapper](neutral)
    options: dict[str, Any] = (
        {"approval": _deny} if framework == "llamaindex" and "replace" in wrapper else {}
    )
    converted = convert_for(framework, wrapped, **options)
    assert converted is not native and from_native(framework, converted) is wrapped
    loop = await drive_native(framework, converted, calls("/srv"), decide=lambda c: Reject("no"))
    if "approval" in wrapper:
        assert RAN == [] and ("no" in loop.text("c0") or "not approved" in loop.text("c0"))
    elif wrapper == "with_model_output":
        assert RAN == ["/srv"] and "model sees wiped /srv" in loop.text("c0")
    else:
        assert RAN == ["/srv"]


@pytest.mark.anyio
@pytest.mark.parametrize("framework", ["langgraph", "pydantic-ai", "openai-agents", "llamaindex"])
async def test_trust_meta_changed_in_place_never_goes_home(framework: str) -> None:
    from _trust import convert_for

    native, neutral = _natives(framework)
    if not isinstance(neutral.meta, dict):
        pytest.skip("meta is read-only")
    neutral.meta["requires_approval"] = True
    options: dict[str, Any] = {"approval": _deny} if framework == "llamaindex" else {}
    converted = convert_for(framework, neutral, **options)
    assert converted is not native
    loop = await drive_native(framework, converted, calls("/srv"), decide=lambda c: Reject())
    assert RAN == [] and loop.error("c0")


# ------------------------------------------------------------------------------------------ set natively later


@pytest.mark.anyio
@pytest.mark.parametrize("change", ["requires_approval", "prepare"])
async def test_trust_pydantic_ai_approval_set_after_conversion_travels_home(change: str) -> None:
    from interop.pydantic_ai import from_pydantic_ai, to_pydantic_ai

    original = wipe(None)
    native = to_pydantic_ai(original)
    assert from_pydantic_ai(native) is original  # unchanged: home as itself
    if change == "requires_approval":
        native.requires_approval = True
    else:

        async def prepare(ctx: Any, td: Any) -> Any:
            return dataclasses.replace(td, kind="unapproved")

        native.prepare = prepare
    back = from_pydantic_ai(native)
    assert requires_approval(back), back.meta
    for target in ("langgraph", "openai-agents"):
        loop = await drive(target, back, calls("/a"), decide=lambda c: Reject("no"))
        assert loop.paused == ["c0"] and RAN == []
    with pytest.raises(ApprovalRequiredError):
        await drive("llamaindex", back, calls("/a"))


@pytest.mark.anyio
@pytest.mark.parametrize("change", ["True", "per-call function"])
async def test_trust_openai_agents_approval_set_after_conversion_travels_home(change: str) -> None:
    from interop.openai_agents import from_openai_agents, to_openai_agents

    original = wipe(None)
    native = to_openai_agents(original)
    assert from_openai_agents(native) is original

    async def only_etc(ctx: Any, args: dict[str, Any], call_id: str) -> bool:
        return str(args.get("path", "")).startswith("/etc")

    native.needs_approval = True if change == "True" else only_etc
    back = from_openai_agents(native)
    assert requires_approval(back)
    decide = lambda c: Reject("no")  # noqa: E731
    loop = await drive("langgraph", back, calls("/etc/a", "/tmp/b"), decide=decide)
    expected = ["c0", "c1"] if change == "True" else ["c0"]
    assert sorted(loop.paused) == expected
    assert RAN == ([] if change == "True" else ["/tmp/b"])


@pytest.mark.anyio
async def test_trust_pydantic_ai_prepare_is_read_per_call() -> None:
    """A `prepare` that marks calls unapproved unless the run's deps say admin: read per call."""
    from pydantic_ai import Tool

    from interop.pydantic_ai import from_pydantic_ai

    async def prepare(ctx: Any, td: Any) -> Any:
        return td if ctx.deps == "admin" else dataclasses.replace(td, kind="unapproved")

    neutral = from_pydantic_ai(Tool(_native_fn(), prepare=prepare))
    assert requires_approval(neutral)
    for target in NATIVE:
        RAN.clear()
        admin = await drive(target, neutral, calls("/a"), context="admin")
        assert admin.paused == [] and RAN == ["/a"], target
        guest = await drive(target, neutral, calls("/b"), context="guest", decide=lambda c: Reject())
        assert guest.paused == ["c0"] and RAN == ["/a"], target
