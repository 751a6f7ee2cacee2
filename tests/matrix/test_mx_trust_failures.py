"""A failing tool fails the call, never the process, on every framework's real call path (issue 38,
item 12).

- A sync tool raising `StopIteration` (or `StopAsyncIteration`): asyncio cannot set
  `StopIteration` on a future, so a sync tool run on a worker thread from async code (every async
  path: `interop.acall(threaded=True)`, LangChain `ainvoke`, a pydantic-ai agent, a served MCP
  call...) never answered and the call hung forever. It is now a `RuntimeError` naming the tool,
  handled by the `errors=` mode like any other unexpected exception.
- An exception whose `__str__` raises: formatting it for the model crashed the call (a
  `ValueError` from inside the error path instead of the tool's failure). It now reads as
  `<exception str() failed>` wherever this package formats an exception. In `errors="model-facing"`
  an unexpected exception goes to the framework as a native tool's would, and some frameworks
  format it themselves (LlamaIndex's instrumentation, Genkit's tracing, smolagents, Agno, Agent
  Framework): what they do with it is theirs; the test checks that no frame of this package did.

Each case runs under a timeout (a hang is a failure, not a stuck suite).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import traceback
from typing import Any

import pytest
from _harness import FRAMEWORKS, Outcome, call_target, convert, mcp_target
from unprintable_errors import Unprintable, UnprintableToolError

import interop

TIMEOUT = 30.0


def _raiser(kind: str) -> Any:
    def failing(n: int) -> int:
        """Fails."""
        if kind == "StopIteration":
            raise StopIteration
        if kind == "StopAsyncIteration":
            raise StopAsyncIteration
        if kind == "unprintable":
            raise Unprintable
        raise UnprintableToolError

    return interop.tool(failing)


KINDS = ["StopIteration", "StopAsyncIteration", "unprintable", "unprintable ToolError"]
MODES = ["model-facing", "all", "masked"]
STOP_WORDED: set[str] = set()
"""Frameworks that word a tool's failure their own way (the tool's message not shown as it is)."""


async def _call(framework: str, tool: Any, mode: str) -> Outcome:
    """One call of `tool` through `framework`'s own path, `errors=mode`."""
    if framework == "mcp":
        async with mcp_target([tool], errors=mode) as mcp:
            return await call_target("mcp", "failing", {"n": 1}, None, mcp)
    native = tool if framework == "neutral" else convert(framework, tool, errors=mode)
    return await call_target(framework, native, {"n": 1}, None)


def _formatted_by_interop(error: BaseException | None) -> list[str]:
    """Where code of this package called the failing `__str__` (walks causes, contexts, groups)."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(e: BaseException | None) -> None:
        while e is not None and id(e) not in seen:
            seen.add(id(e))
            if isinstance(e, ValueError) and e.args == ("__str__ failed",):
                frames = traceback.extract_tb(e.__traceback__)
                for caller, frame in itertools.pairwise(frames):
                    if frame.name == "__str__" and f"{os.sep}interop{os.sep}" in caller.filename:
                        found.append(f"{caller.filename}:{caller.lineno}: {caller.line}")
            for inner in getattr(e, "exceptions", ()):
                walk(inner)
            walk(e.__cause__)
            e = e.__context__

    walk(error)
    return found


@pytest.mark.anyio
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_a_failing_tool_fails_the_call_never_the_process(
    framework: str, mode: str, kind: str
) -> None:
    if framework == "neutral" and mode != "model-facing":
        pytest.skip("a neutral tool has no errors= mode (interop.acall raises the tool's exception)")
    tool = _raiser(kind)
    try:
        out = await asyncio.wait_for(_call(framework, tool, mode), TIMEOUT)
    except asyncio.TimeoutError:
        pytest.fail(f"the call through {framework} hung ({kind}, errors={mode!r})")
    except Exception as e:  # the exception reached the caller of the framework's run
        raised: BaseException | None = e
        # only in "model-facing" mode, where an unexpected exception behaves as a native tool's
        # (a served MCP call answers a protocol error), and never a model-facing error
        assert mode == "model-facing" and kind != "unprintable ToolError", f"{e!r} in errors={mode!r}"
    else:
        # an error the model reads (the framework may put it in its own words)
        assert out.error, out.text
        raised = out.raised
        if mode != "model-facing" or kind == "unprintable ToolError":
            assert "__str__ failed" not in out.text, out.text
        if mode == "all" and kind.startswith("Stop"):
            assert f"tool 'failing' raised {kind}" in out.text or framework in STOP_WORDED, out.text
    assert not _formatted_by_interop(raised), _formatted_by_interop(raised)
    chain = [raised, getattr(raised, "__cause__", None)]
    if raised is not None and kind.startswith("Stop"):  # the tool's stop became a RuntimeError
        assert not isinstance(raised, (StopIteration, StopAsyncIteration)), repr(raised)
    assert not any(type(e).__name__ == "TypeError" and "StopIteration" in str(e) for e in chain), chain


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["StopIteration", "StopAsyncIteration"])
@pytest.mark.parametrize("threaded", [True, False])
async def test_mx_acall_of_a_tool_raising_stop_iteration_raises_runtime_error(
    kind: str, threaded: bool
) -> None:
    tool = _raiser(kind)
    with pytest.raises(RuntimeError, match=f"tool 'failing' raised {kind}") as info:
        await asyncio.wait_for(interop.acall(tool, {"n": 1}, threaded=threaded), TIMEOUT)
    assert type(info.value.__cause__).__name__ == kind
    with pytest.raises(RuntimeError, match=f"tool 'failing' raised {kind}"):
        interop.call(tool, {"n": 1})


@pytest.mark.anyio
async def test_mx_a_transform_over_a_stopping_tool_fails_the_call() -> None:
    """A derived tool runs its base through the step drivers: the same conversion there."""
    renamed = interop.transform_tool(_raiser("StopIteration"), name="renamed")
    with pytest.raises(RuntimeError, match="tool 'renamed' raised StopIteration"):
        await asyncio.wait_for(interop.acall(renamed, {"n": 1}, threaded=True), TIMEOUT)
    with pytest.raises(RuntimeError, match="tool 'renamed' raised StopIteration"):
        interop.call(renamed, {"n": 1})
