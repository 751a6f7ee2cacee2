"""`from_agno`: Agno tools in their own idioms (`@tool`, `Function`, functions, `Toolkit`) as neutral tools."""

from __future__ import annotations

import asyncio
import datetime
from typing import Annotated, Any

import plugin_tools
import pytest
from agno.exceptions import StopAgentRun
from agno.media import Image as AgnoImage
from agno.run import RunContext
from agno.tools import tool
from agno.tools.function import Function, ToolResult
from agno.tools.toolkit import Toolkit
from agno_kit import agent, tool_messages
from plugin_tools import LOG, assert_round_trips
from pydantic import Field

import interop
from interop import Image, StandardToolValidationError, ToolError
from interop.agno import from_agno, from_agno_tools, to_agno
from interop.errors import ApprovalRequiredError

multiply = tool(title="Multiply", annotations={"readOnlyHint": True})(plugin_tools.multiply)


@tool(requires_confirmation=True)
def delete(path: str) -> str:
    """Delete a path."""
    LOG.append(("delete", path))
    return f"deleted {path}"


def whoami(run_context: RunContext, greeting: str) -> str:
    """Greet the user named in the run's dependencies."""
    LOG.append(("whoami", greeting, run_context.dependencies))
    return f"{greeting}, {run_context.dependencies['user']}"


async def fetch(url: str) -> str:
    """Fetch a URL (async)."""
    await asyncio.sleep(0)
    if url == "stop":
        raise StopAgentRun("stopped by the tool")
    if url == "bad":
        raise ValueError("unreachable host")
    return f"<html>{url}</html>"


def picture(name: str) -> ToolResult:
    """Draw a picture."""
    return ToolResult(content=f"drew {name}", images=[AgnoImage(content=b"\x89PNG", mime_type="image/png")])


def stream_words(n: int) -> Any:
    """Yield n words."""
    for i in range(n):
        yield f"w{i} "


class Shop(Toolkit):
    def __init__(self) -> None:
        super().__init__(name="shop", tools=[self.price, self.buy], requires_confirmation_tools=["buy"])

    def price(self, sku: str) -> str:
        """The price of a product."""
        return f"{sku}: 3"

    def buy(self, sku: str) -> str:
        """Buy a product."""
        return f"bought {sku}"


def test_a_decorated_tool_validates_first_and_keeps_title_and_hints() -> None:
    LOG.clear()
    neutral = from_agno(multiply)
    assert neutral.name == "multiply" and neutral.title == "Multiply"
    assert neutral.description.startswith("Multiply two integers.")
    assert dict(neutral.meta) == {"read_only": True}
    schema = interop.input_json_schema(neutral)
    assert schema["properties"]["a"]["type"] == "integer" and schema["required"] == ["a"]
    assert interop.call(neutral, {"a": 3}) == {"product": 6}  # the function's own value
    with pytest.raises(StandardToolValidationError):
        interop.call(neutral, {"a": "three"})
    assert LOG == [("multiply", 3, 2)]


def test_run_context_and_context_hook() -> None:
    LOG.clear()
    neutral = from_agno(whoami)
    assert "run_context" not in interop.input_json_schema(neutral)["properties"]  # framework-owned
    assert interop.call(neutral, {"greeting": "hi"}, {"user": "ann"}) == "hi, ann"
    hooked = from_agno(
        whoami, context=lambda c: RunContext(run_id="r", session_id="s", dependencies={"user": c})
    )
    assert interop.call(hooked, {"greeting": "yo"}, "bo") == "yo, bo"
    assert LOG[0] == ("whoami", "hi", {"user": "ann"})


@pytest.mark.anyio
async def test_async_functions_failures_and_control_flow() -> None:
    neutral = from_agno(fetch)
    assert interop.bridge.is_async_tool(neutral)
    assert await interop.acall(neutral, {"url": "x"}) == "<html>x</html>"
    with pytest.raises(ToolError, match="unreachable host"):  # Agno turns every exception into a message
        await interop.acall(neutral, {"url": "bad"})
    with pytest.raises(StopAgentRun):  # Agno control flow passes through
        await interop.acall(neutral, {"url": "stop"})


def test_tool_results_generators_and_approval_flags() -> None:
    assert interop.call(from_agno(picture), {"name": "cat"}) == ["drew cat", Image(b"\x89PNG", "image/png")]
    assert interop.call(from_agno(stream_words), {"n": 3}) == "w0 w1 w2 "  # what Agno would send
    gated = from_agno(delete)
    assert gated.meta["requires_approval"] is True
    with pytest.raises(ApprovalRequiredError):
        interop.bridge.Invoker(gated, name="delete", target="X", options=interop.bridge.Options())
    back = to_agno(gated, errors="all")
    assert back is not delete and back.requires_confirmation is True  # the flag travels


def test_a_toolkit_and_its_confirmation_list() -> None:
    tools = {t.name: t for t in from_agno_tools(Shop())}
    assert sorted(tools) == ["buy", "price"]
    assert interop.call(tools["price"], {"sku": "a"}) == "a: 3"
    assert tools["buy"].meta.get("requires_approval") is True
    assert "requires_approval" not in tools["price"].meta


def test_round_trips_are_identities() -> None:
    assert_round_trips(to_agno, from_agno, multiply)


def test_refused_tools() -> None:
    @tool(external_execution=True)
    def remote(x: int) -> int:
        """Runs elsewhere."""
        return x

    with pytest.raises(TypeError, match="no local call"):
        from_agno(remote)
    with pytest.raises(TypeError):
        from_agno(42)  # type: ignore[arg-type]


def test_native_tools_through_neutral_in_an_agno_agent() -> None:
    """Native Agno tools converted to neutral and back (not home): the agent still runs them."""
    LOG.clear()
    tools = [to_agno(from_agno(multiply), errors="all"), to_agno(from_agno(whoami), errors="all")]
    a, model = agent([[("multiply", {"a": 4}), ("whoami", {"greeting": "hey"})], "done"], tools)
    run = a.run("go", dependencies={"user": "cy"})
    assert run.content == "done"
    assert [m.content for m in tool_messages(model)] == ['{"product":8}', "hey, cy"]


def test_a_function_built_by_hand() -> None:
    def entry(**kwargs: Any) -> str:
        return f"got {kwargs['q']}"

    fn = Function(
        name="search",
        description="Search.",
        entrypoint=entry,
        skip_entrypoint_processing=True,
        parameters={
            "type": "object",
            "properties": {"q": {"type": "string", "minLength": 2}},
            "required": ["q"],
        },
    )
    neutral = from_agno(fn)
    assert interop.input_json_schema(neutral)["properties"]["q"] == {"type": "string", "minLength": 2}
    assert interop.call(neutral, {"q": "ab"}) == "got ab"
    with pytest.raises(StandardToolValidationError):  # the neutral schema is enforced (Agno's is not)
        interop.call(neutral, {"q": "a"})


def book(
    when: datetime.datetime,
    seats: Annotated[int, Field(ge=1, le=8)] = 2,
    note: str | None = None,
) -> str:
    """Book a table.

    Args:
        when: The time.
        seats: How many seats.
        note: Anything to add.
    """
    return f"{when.isoformat()} x{seats} {note}"


def test_a_signature_schema_is_the_full_one_not_agnos_lossy_derivation() -> None:
    agno_sent = tool(book).model_copy(deep=True)
    agno_sent.process_entrypoint()
    assert agno_sent.parameters["properties"]["when"]["type"] == "object"  # what Agno sends: lossy
    neutral = from_agno(tool(book))
    schema = interop.input_json_schema(neutral)
    props = {n: {k: v for k, v in p.items() if k != "title"} for n, p in schema["properties"].items()}
    assert props["when"] == {"type": "string", "format": "date-time", "description": "The time."}
    assert props["seats"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 8,
        "default": 2,
        "description": "How many seats.",
    }
    assert {"type": "null"} in schema["properties"]["note"]["anyOf"]
    assert schema["required"] == ["when"] and schema["additionalProperties"] is False
    # the calls Agno's own validate_call takes are the calls the neutral tool takes
    assert interop.call(neutral, {"when": "2026-01-02T19:30:00", "note": None}) == "2026-01-02T19:30:00 x2 None"
    with pytest.raises(StandardToolValidationError, match="seats"):
        interop.call(neutral, {"when": "2026-01-02T19:30:00", "seats": 9})
    with pytest.raises(StandardToolValidationError, match="extra"):
        interop.call(neutral, {"when": "2026-01-02T19:30:00", "extra": 1})
    # a hand-written `parameters` is the author's: kept verbatim
    hand = Function(
        name="q", entrypoint=lambda q: q, parameters={"type": "object", "properties": {"q": {"type": "string"}}}
    )
    assert interop.input_json_schema(from_agno(hand))["properties"] == {"q": {"type": "string"}}
