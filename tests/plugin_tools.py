"""The neutral tools the Agno, Agent Framework and Strands adapter tests convert: a sync tool
with a nested model, a constrained field, a default, a context parameter, a `ToolError` (13) and an
unexpected exception (99); and an async echo. Each call is logged as (arguments..., ctx, thread).
Also the scripted turns that send `add` bad arguments, `gated`, a tool behind an approval rule,
`media`, content results, `recording_hook`, a context hook, `multiply`, a plain function their
`from_X` tests decorate with the framework's own `@tool`, and `assert_round_trips`, the identities
every `from_X`/`to_X` pair keeps."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BaseModel, Field

import interop
from interop import Audio, File, FromContext, Image, ToolError
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


PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


@interop.tool
def media(kind: str) -> Any:
    """Return media."""
    if kind == "image":
        return ["a chart:", Image(PNG, "image/png")]
    if kind == "audio":
        return Audio(b"RIFF" + bytes(10), "audio/wav")
    if kind == "pdf":
        return File(b"%PDF-1.4", "application/pdf", name="r.pdf")
    return File(b"\x00\x01", "application/x-weird")


def recording_hook(user: Callable[[Any], str]) -> tuple[list[Any], Any]:
    """A context hook that records the framework's object it is given (never None) and gives the
    tool the context {"user": user(that object)}; and the list it records in."""
    seen: list[Any] = []

    def hook(native: Any) -> Any:
        seen.append(native)
        assert native is not None
        return {"user": user(native)}

    return seen, hook
