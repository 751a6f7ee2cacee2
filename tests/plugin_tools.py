"""The two neutral tools the Agno, Agent Framework and Strands adapter tests convert: a sync tool
with a nested model, a constrained field, a default, a context parameter, a `ToolError` (13) and an
unexpected exception (99); and an async echo. Each call is logged as (arguments..., ctx, thread)."""

from __future__ import annotations

import asyncio
import threading
from typing import Annotated, Any

from pydantic import BaseModel, Field

import interop
from interop import FromContext, ToolError


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
