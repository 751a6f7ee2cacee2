"""The neutral tools the Agno, Agent Framework and Strands adapter tests convert: a sync tool
with a nested model, a constrained field, a default, a context parameter, a `ToolError` (13) and an
unexpected exception (99); and an async echo. Each call is logged as (arguments..., ctx, thread).
Also the scripted turns that send `add` bad arguments, `gated`, a tool behind an approval rule,
`multiply`, a plain function their `from_X` tests decorate with the framework's own `@tool`, and
`assert_round_trips`, the identities every `from_X`/`to_X` pair keeps."""

from __future__ import annotations

import asyncio
import threading
from typing import Annotated, Any

from pydantic import BaseModel, Field

import interop
from interop import FromContext, ToolError
from interop.bridge import get_origin


class Tag(BaseModel):
    label: str = Field(min_length=1)


def make_tools(log: list[Any], *, meta: dict[str, Any] | None = None) -> tuple[Any, Any]:
    @interop.tool(title="Add numbers", meta={"read_only": True, "owner": "team-a", **(meta or {})})
    def add(
        a: Annotated[int, Field(ge=0, description="First")],
        b: int = 1,
        tags: list[Tag] = [],
        ctx: Annotated[Any, FromContext] = None,
    ) -> dict[str, Any]:
        """Add two integers."""
        log.append((a, b, ctx, threading.current_thread().name))
        if a == 13:
            raise ToolError("13 is unlucky")
        if a == 99:
            raise RuntimeError("kaboom")
        return {"sum": a + b, "user": (ctx or {}).get("user")}

    @interop.tool
    async def echo(text: str, ctx: Annotated[Any, FromContext] = None) -> str:
        """Echo a text."""
        await asyncio.sleep(0)
        log.append((text, ctx, threading.current_thread().name))
        return text

    return add, echo


def bad_argument_steps() -> list[Any]:
    """A fresh script (the kits consume it): `add` called with a string for `a`, with `a` below its
    minimum, with 13 (a `ToolError`), with text that is no JSON, then validly (4); then "done"."""
    return [
        [("add", {"a": "x"})],
        [("add", {"a": -1})],
        [("add", {"a": 13})],
        [("add", "{not json")],
        [("add", {"a": 4})],
        "done",
    ]


def gated(log: list[Any], rule: Any = True) -> Any:
    """`wipe(path)` behind `requires_approval=rule`; each run is logged as (path, ctx)."""

    @interop.tool(meta={"requires_approval": rule})
    def wipe(path: str, ctx: Annotated[Any, FromContext] = None) -> str:
        """Wipe a path."""
        log.append((path, ctx))
        return f"wiped {path}"

    return wipe


LOG: list[Any] = []
"""The `from_X` tests' native tools' runs: ("multiply", a, b), and what their own tools record."""


def multiply(a: int, b: int = 2) -> dict[str, int]:
    """Multiply two integers.

    Args:
        a: The first factor.
        b: The second factor.
    """
    LOG.append(("multiply", a, b))
    return {"product": a * b}


def assert_round_trips(to_x: Any, from_x: Any, native: Any) -> None:
    """`to_X(from_X(native))` is `native` (with options it is a new tool), and `from_X(to_X(tool))`
    is `tool`."""
    neutral = from_x(native)
    assert to_x(neutral) is native
    assert get_origin(neutral) is native
    assert to_x(neutral, errors="all") is not native  # options: not home

    @interop.tool
    def plain(x: int) -> int:
        """Plain."""
        return x

    assert from_x(to_x(plain)) is plain
