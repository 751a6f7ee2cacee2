"""AG2 tools (`@tool`, `FunctionTool`, plain functions, `Toolkit`s) as neutral tools with
`from_ag2`, and back in AG2's real `Agent`."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from ag2 import Context, Inject, Toolkit, Variable, tool
from ag2.events import ImageInput
from ag2.exceptions import HumanInputNotProvidedError
from ag2.middleware import approval_required
from ag2.tools import ToolResult, WebSearchTool
from ag2_kit import agent, is_error, results, text
from pydantic import BaseModel, Field

import interop
from interop.ag2 import from_ag2, to_ag2
from interop.langchain import to_langchain

CALLS: list[Any] = []
PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


class Point(BaseModel):
    x: int
    y: int = 0


@tool(description="Move a point.")
async def move(
    point: Point,
    steps: Annotated[int, Field(ge=1)],
    ctx: Context,
    db: Annotated[Any, Inject("db")],
    unit: Annotated[str, Variable("unit", default="m")],
) -> dict[str, Any]:
    CALLS.append((point, steps, db, unit, ctx.tool_call_id is not None))
    if steps == 13:
        raise ValueError("13 is unlucky")
    return {"x": point.x + steps, "y": point.y, "unit": unit}


@tool
def snapshot(label: str) -> ToolResult:
    """A labelled snapshot."""
    return ToolResult(label, ImageInput(data=PNG, media_type="image/png"))


@pytest.mark.anyio
async def test_a_decorated_tool_validates_first_and_runs_ag2s_call_path() -> None:
    CALLS.clear()
    neutral = from_ag2(move)
    assert neutral.name == "move" and neutral.description == "Move a point."
    schema = interop.input_json_schema(neutral)
    assert schema == move.schema.function.parameters  # what AG2's model is sent
    assert set(schema["properties"]) == {"point", "steps"}  # no Context, Inject or Variable parameter
    out = await interop.acall(neutral, {"point": {"x": 1}, "steps": 2}, {"db": "the-db"})
    assert out == {"x": 3, "y": 0, "unit": "m"}
    assert CALLS == [(Point(x=1), 2, "the-db", "m", True)]  # Inject reads the neutral context
    with pytest.raises(interop.StandardToolValidationError, match="steps"):
        await interop.acall(neutral, {"point": {"x": 1}, "steps": 0}, {"db": "the-db"})
    with pytest.raises(interop.ToolError, match="13 is unlucky"):  # AG2 reports every tool exception
        await interop.acall(neutral, {"point": {"x": 1}, "steps": 13}, {"db": "the-db"})
    assert len(CALLS) == 2
    # a native_context hook builds the ConversationContext itself
    from ag2 import MemoryStream
    from ag2.context import ConversationContext

    made = ConversationContext(stream=MemoryStream(), dependencies={"db": "other"}, variables={"unit": "km"})
    hooked = from_ag2(move, native_context=lambda ctx: made)
    assert (await interop.acall(hooked, {"point": {"x": 0}, "steps": 1}))["unit"] == "km"
    assert CALLS[-1][2] == "other"


@pytest.mark.anyio
async def test_content_plain_functions_toolkits_and_refusals() -> None:
    parts = await interop.acall(from_ag2(snapshot), {"label": "a"})
    assert parts == ["a", interop.Image(PNG, "image/png")]

    def shout(text: str) -> str:
        """Shout a text."""
        return text.upper()

    plain = from_ag2(shout)  # as `Agent(tools=[fn])` takes it
    assert plain.description == "Shout a text." and await interop.acall(plain, {"text": "hi"}) == "HI"
    kit = Toolkit(move, snapshot, name="kit")
    assert [t.name for t in from_ag2(kit)] == ["move", "snapshot"]
    with pytest.raises(TypeError, match="no local call"):
        from_ag2(WebSearchTool())
    with pytest.raises(TypeError, match="from_ag2 converts"):
        from_ag2(42)  # type: ignore[call-overload]


@pytest.mark.anyio
async def test_a_native_approval_travels_and_is_asked_once() -> None:
    ran: list[str] = []

    @tool(middleware=[approval_required()])
    def wipe(path: str) -> str:
        """Delete everything under a path."""
        ran.append(path)
        return "wiped"

    neutral = from_ag2(wipe)
    assert interop.bridge.requires_approval(neutral)
    # called from application code with nobody asked: interop.acall fails closed first
    with pytest.raises(interop.ApprovalDeniedError, match="wipe"):
        await interop.acall(neutral, {"path": "/"})
    # the caller says it is the human, but AG2's own gate still wants its human channel: none here
    with pytest.raises(HumanInputNotProvidedError):
        await interop.acall(neutral, {"path": "/"}, allow_unapproved=True)
    assert ran == []
    # converted to LangChain with an approval callback: approved once, not asked again natively
    approved = to_langchain(neutral, approval=lambda request: True)
    assert await approved.ainvoke({"path": "/tmp"}) == "wiped" and ran == ["/tmp"]
    denied = to_langchain(neutral, approval=lambda request: False)
    refused = await denied.ainvoke({"path": "/"})  # LangChain's handle_tool_error: text for the model
    assert "wipe" in str(refused) and "not approved" in str(refused)
    assert ran == ["/tmp"]
    # back in AG2 through the neutral tool (not home): AG2's human channel, asked once per call
    asked: list[Any] = []
    steps = [[("wipe", {"path": "/x"})], "done"]
    a, _ = agent(steps, [to_ag2(neutral, rename="wipe")], hitl_hook=lambda r: asked.append(r) or "y")
    (out,) = await results(await a.ask("go"))
    assert not is_error(out) and ran == ["/tmp", "/x"] and len(asked) == 1


@pytest.mark.anyio
async def test_native_tools_through_neutral_back_in_an_agent() -> None:
    CALLS.clear()
    neutral = from_ag2(move)
    assert to_ag2(neutral) is move  # home, as the very object
    moved = to_ag2(neutral, rename="move_point")  # not home: a converted tool running the native one
    steps = [
        [("move_point", {"point": {"x": "a"}, "steps": 1})],
        [("move_point", {"point": {"x": 1}, "steps": 2})],
        "done",
    ]
    a, _ = agent(steps, [moved])
    reply = await a.ask("go", dependencies={"db": "the-db"}, variables={"unit": "ft"})
    out = await results(reply)
    assert is_error(out[0]) and "move_point" in text(out[0]) and "point.x" in text(out[0])
    assert json.loads(text(out[1])) == {"x": 3, "y": 0, "unit": "ft"}
    assert CALLS == [(Point(x=1), 2, "the-db", "ft", True)]  # the turn's own context reached it
