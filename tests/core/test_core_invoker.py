"""The pipeline's direct call paths: a plain call (no approval rule, no model-output layer) takes a
generator-free coroutine (async) or a plain call (sync); each must give what the step path gives,
for every kind of outcome."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pydantic
import pytest
from add_tools import aadd, add
from thread_tools import thread_recorder

import interop
from interop import bridge
from interop._middleware import CALL_ID
from interop._observe import set_observer
from interop._run import drive_async, drive_sync


class _Halt(Exception):
    """A framework's control flow (registered below): it must pass every catch."""


bridge.register_control_flow(_Halt)


class Point(pydantic.BaseModel):
    x: int
    y: int


@interop.tool
def shout(text: str) -> str:
    """Shout."""
    return text.upper()


@interop.tool
def point(x: int) -> Point:
    """A point."""
    return Point(x=x, y=-x)


def _count(n: int) -> Iterator[int]:
    yield from range(n)


async def _acount(n: int) -> AsyncIterator[int]:
    for i in range(n):
        yield i


counting = interop.standard_tool(
    name="counting",
    description="Count.",
    execute=lambda input, context: _count(input["n"]),
    input_schema={"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
)
acounting = interop.standard_tool(
    name="acounting",
    description="Count.",
    execute=lambda input, context: _acount(input["n"]),
    input_schema={"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
)


@interop.tool
def picture(size: int) -> interop.Image:
    """A picture."""
    return interop.Image(b"\x89PNG" + bytes(size), "image/png")


@interop.tool
def refuse(reason: str) -> str:
    """Refuse."""
    raise interop.ToolError(f"no: {reason}")


@interop.tool
def crash(n: int) -> int:
    """Crash."""
    raise RuntimeError(f"boom {n}")


@interop.tool
def halt(n: int) -> int:
    """Halt."""
    raise _Halt(n)


def _stop(input: Any, context: Any) -> Any:
    raise StopIteration


stops = interop.standard_tool(name="stops", description="Stops.", execute=_stop, input_schema=None)

unjson = interop.standard_tool(
    name="unjson", description="Not JSON.", execute=lambda input, context: object(), input_schema=None
)


@interop.tool(context="ctx")
def whose(ctx: Any = None) -> str:
    """Whose context."""
    return f"context={ctx!r}"


CASES: list[tuple[Any, Any]] = [
    (add, {"a": 2, "b": 3}),
    (aadd, '{"a": 2}'),
    (shout, {"text": "hi"}),
    (point, {"x": 4}),
    (counting, {"n": 3}),
    (acounting, {"n": 3}),
    (picture, {"size": 8}),
    (add, '{"a": 2,'),  # not JSON
    (add, {"a": "two"}),  # invalid
    (aadd, {}),  # missing
    (refuse, {"reason": "policy"}),
    (unjson, {}),
    (crash, {"n": 1}),
    (stops, {}),
]


def _seen(outcome: bridge.Outcome) -> tuple[Any, ...]:
    return (
        outcome.status,
        outcome.name,
        outcome.value,
        outcome.parts,
        outcome.text,
        outcome.error_kind,
        type(outcome.error).__name__,
        outcome.shaped,
    )


async def _both(invoker: bridge.Invoker, arguments: Any, native: Any = None) -> tuple[Any, Any]:
    """(the outcome `ainvoke` gives, the outcome the step path gives) -- or the exception each raised."""

    async def attempt(run: Callable[[], Awaitable[bridge.Outcome]]) -> Any:
        try:
            return _seen(await run())
        except Exception as e:
            return ("raised", type(e).__name__, str(e))

    direct = await attempt(lambda: invoker.ainvoke(arguments, native))
    steps = await attempt(
        lambda: drive_async(invoker.steps(arguments, native, None, None), threaded=invoker._offload)
    )
    return direct, steps


def _both_sync(invoker: bridge.Invoker, arguments: Any, native: Any = None) -> tuple[Any, Any]:
    """(the outcome `invoke` gives, the outcome the step path gives under `drive_sync`) -- or the
    exception each raised."""

    def attempt(run: Callable[[], bridge.Outcome]) -> Any:
        try:
            return _seen(run())
        except Exception as e:
            return ("raised", type(e).__name__, str(e))

    direct = attempt(lambda: invoker.invoke(arguments, native))
    steps = attempt(lambda: drive_sync(invoker.steps(arguments, native, None, None)))
    return direct, steps


@pytest.mark.parametrize("sync", [False, True], ids=["async", "sync"])
@pytest.mark.parametrize("errors", ["model-facing", "all", "masked"])
@pytest.mark.parametrize(("tool", "arguments"), CASES, ids=lambda x: getattr(x, "name", None) or repr(x))
def test_the_direct_path_gives_what_the_step_path_gives(
    tool: Any, arguments: Any, errors: Any, sync: bool
) -> None:
    invoker = bridge.Invoker(tool, name=tool.name, target="test", options=bridge.Options(errors=errors))
    assert invoker._direct  # the case runs the direct path
    direct, steps = _both_sync(invoker, arguments) if sync else asyncio.run(_both(invoker, arguments))
    assert direct == steps
    if tool is crash and errors == "model-facing":
        assert direct == ("raised", "RuntimeError", "boom 1")  # as a native tool would
    if tool is add and arguments == {"a": "two"}:
        assert direct[0] == "error" and "'add'" in direct[4] and "a: Input should be" in direct[4]


def test_control_flow_passes_both_paths() -> None:
    invoker = bridge.Invoker(halt, name="halt", target="test", options=bridge.Options(errors="all"))
    direct, steps = asyncio.run(_both(invoker, {"n": 7}))
    assert direct == steps == ("raised", "_Halt", "7")
    assert _both_sync(invoker, {"n": 7}) == (direct, steps)


def test_a_sync_execute_s_stop_iteration_fails_the_call_on_both_sync_paths() -> None:
    invoker = bridge.Invoker(stops, name="stops", target="test", options=bridge.Options(errors="all"))
    direct, steps = _both_sync(invoker, {})
    assert direct == steps
    assert direct[0] == "error" and direct[6] == "RuntimeError" and "StopIteration" in direct[4]


def test_the_sync_direct_path_sets_the_call_id_and_the_observer_sees_it() -> None:
    seen: list[Any] = []

    @interop.tool
    def which() -> str:
        """Which call."""
        return str(CALL_ID.get())

    class Record:
        def end(self, outcome: Any, error: Any) -> None:
            seen.append(("end", outcome.text if outcome is not None else None, error))

    class Observer:
        def begin(self, tool: Any, name: str, call_id: Any, arguments: Any) -> Record:
            seen.append(("begin", name, call_id))
            return Record()

    invoker = bridge.Invoker(which, name="which", target="test", options=bridge.Options())
    assert invoker._direct
    assert invoker.invoke({}, call_id="c-1").value == "c-1"
    assert CALL_ID.get() is None  # reset after the call
    previous = set_observer(Observer())
    try:
        assert invoker.invoke({}, call_id="c-2").value == "c-2"
    finally:
        set_observer(previous)
    assert seen == [("begin", "which", "c-2"), ("end", "c-2", None)]


@pytest.mark.parametrize("threaded", [True, False])
def test_both_paths_keep_the_thread_policy(threaded: bool) -> None:
    seen: list[str] = []
    where = thread_recorder(seen)

    async def main() -> str:
        invoker = bridge.Invoker(
            where, name="where", target="test", options=bridge.Options(threaded=threaded)
        )
        direct, steps = await _both(invoker, {})
        assert direct == steps
        return threading.current_thread().name

    loop_thread = asyncio.run(main())
    assert len(seen) == 2
    assert all((name == loop_thread) is (not threaded) for name in seen)


def test_both_paths_resolve_the_context_hook() -> None:
    async def lookup(native: Any) -> str:
        await asyncio.sleep(0)
        return f"user of {native}"

    for hook in (lambda native: f"user of {native}", lookup):
        invoker = bridge.Invoker(whose, name="whose", target="test", options=bridge.Options(), context=hook)
        direct, steps = asyncio.run(_both(invoker, {}, native="session-1"))
        assert direct == steps
        assert direct[2] == "context='user of session-1'"
        assert _both_sync(invoker, {}, native="session-1") == (direct, steps)


def test_a_call_inside_an_approved_call_runs_as_not_approved() -> None:
    """An approved call that calls another converted tool: the inner call is not approved (it
    takes the step path, which marks it so); the outer call's approval is still its own, once."""
    inner_saw: list[bool] = []

    @interop.tool
    def inner() -> str:
        """Inner."""
        inner_saw.append(bridge.approved_call())
        return "inner ok"

    inner_invoker = bridge.Invoker(inner, name="inner", target="test", options=bridge.Options())
    assert inner_invoker._direct

    @interop.tool(meta={"requires_approval": True})
    async def outer() -> str:
        """Outer."""
        result = await inner_invoker.ainvoke({})  # not approved, and leaves the outer grant unclaimed
        assert bridge.approved_call(outer.execute)  # the outer call's own approval, claimed once
        assert not bridge.approved_call(outer.execute)
        return f"outer saw {result.value}"

    outer_invoker = bridge.Invoker(
        outer, name="outer", target="test", options=bridge.Options(approval=lambda request: True)
    )
    assert not outer_invoker._direct  # an approval rule: the step path
    outcome = asyncio.run(outer_invoker.ainvoke({}))
    assert outcome.ok and outcome.value == "outer saw inner ok"
    assert inner_saw == [False]


def test_approval_and_model_output_on_either_path() -> None:
    """An approval rule (`meta requires_approval` with `approval=`) and a model-output layer take
    the step path; a `with_approval` tool asks inside its own `execute`, so it may run direct and
    must still be refused there."""
    asked: list[str] = []

    def refuse_and_note(request: interop.ApprovalRequest) -> bool:
        asked.append(request.tool_name)
        return False

    ruled = bridge.Invoker(
        interop.standard_tool(
            name="add",
            description="Add.",
            execute=add.execute,
            input_schema=add.input_schema,
            meta={"requires_approval": True},
        ),
        name="add",
        target="test",
        options=bridge.Options(approval=refuse_and_note),
    )
    wrapped = bridge.Invoker(
        interop.with_approval(add, refuse_and_note), name="add", target="test", options=bridge.Options()
    )
    shaped = bridge.Invoker(
        interop.with_model_output(add, lambda out: f"= {out}"),
        name="add",
        target="test",
        options=bridge.Options(),
    )
    assert not ruled._direct and not shaped._direct and wrapped._direct
    for invoker in (ruled, wrapped):
        direct, steps = asyncio.run(_both(invoker, {"a": 1}))
        assert direct == steps and direct[0] == "denied"
        assert _both_sync(invoker, {"a": 1}) == (direct, steps)
    assert asked == ["add"] * 8
    said = asyncio.run(shaped.ainvoke({"a": 1}))
    assert said.text == "= 2" and said.value == 2


@pytest.mark.parametrize("sync", [False, True], ids=["async", "sync"])
@pytest.mark.parametrize("arguments", [{"a": 2, "b": 3}, None, '{"a": 2}', {"a": "two"}], ids=repr)
@pytest.mark.parametrize("tool", [add, aadd], ids=lambda t: t.name)
def test_decoded_arguments_give_what_the_step_path_gives(tool: Any, arguments: Any, sync: bool) -> None:
    """`decoded=True` (the direct paths skip `_parse` for decoded arguments with no strict
    restore): a dict as it is, None as no arguments, a str as a string value, never parsed."""
    invoker = bridge.Invoker(tool, name=tool.name, target="test", options=bridge.Options())

    def seen(outcome: bridge.Outcome) -> Any:
        return _seen(outcome)

    if sync:
        direct = seen(invoker.invoke(arguments, decoded=True))
        steps = seen(drive_sync(invoker.steps(arguments, None, None, None, True)))
    else:
        direct = seen(asyncio.run(invoker.ainvoke(arguments, decoded=True)))
        steps = seen(
            asyncio.run(
                drive_async(invoker.steps(arguments, None, None, None, True), threaded=invoker._offload)
            )
        )
    assert direct == steps
    if isinstance(arguments, str):
        assert direct[0] == "error"  # a string value is not the object the schema asks for
