"""Round trips: identity both ways, and native LangChain tools (`@tool`, StructuredTool with
pydantic or dict schemas, BaseTool subclasses, injected args, content_and_artifact) as neutral
tools: name, description, schema (semantically) and meta survive, and they run."""

from __future__ import annotations

import asyncio
import warnings
from typing import Annotated, Any, Literal

import pydantic
import pytest
from pydantic import BaseModel, Field

pytest.importorskip("langchain_core")

from langchain_core.runnables import RunnableConfig
from langchain_core.tools import (
    BaseTool,
    InjectedToolArg,
    InjectedToolCallId,
    StructuredTool,
    ToolException,
    tool,
)

import interop
import interop.bridge
from interop.errors import SchemaConversionError, ToolNameError
from interop.langchain import (
    CONTEXT_KEY,
    config_for_context,
    from_langchain,
    from_langchain_tools,
    to_langchain,
    to_langchain_tools,
)


def _props(schema: dict[str, Any]) -> dict[str, Any]:
    return schema.get("properties", {})


# ------------------------------------------------------------------------------------- identity


@interop.tool(title="Adder", meta={"tags": ["math"], "custom": {"k": 1}})
def add(a: int, b: int = 1) -> int:
    """Add two integers."""
    return a + b


@interop.tool
def _sub(a: int, b: int) -> int:
    """Subtract b from a."""
    return a - b


def test_neutral_to_langchain_and_back_is_identity() -> None:
    lc = to_langchain(add)
    assert from_langchain(lc) is add
    sub = _sub
    assert from_langchain_tools(to_langchain_tools([add, sub])) == [add, sub]
    with pytest.raises(ToolNameError, match="two tools are named 'add'"):
        to_langchain_tools([add, add])  # a list helper refuses duplicate names


def test_native_to_neutral_and_back_is_identity() -> None:
    @tool
    def shout(text: str) -> str:
        """Shout a text."""
        return text.upper()

    neutral = from_langchain(shout)
    assert to_langchain(neutral) is shout
    assert to_langchain_tools([neutral]) == [shout]
    renamed = to_langchain(neutral, name="yell")
    assert renamed.name == "yell" and renamed is not shout and shout.name == "shout"


def test_a_wrapper_of_a_native_tool_is_not_collapsed_to_the_native_tool() -> None:
    @tool
    def fail(x: int) -> int:
        """Always fails."""
        raise ToolException("nope")

    wrapped = interop.with_formatted_output(from_langchain(fail))
    lc = to_langchain(wrapped)
    assert lc is not fail
    assert lc.invoke({"name": "fail", "args": {"x": 1}, "id": "i", "type": "tool_call"}).artifact == {
        "error": "nope"
    }


def test_meta_and_schema_carried_to_langchain() -> None:
    lc = to_langchain(add)
    assert lc.name == "add" and lc.description == "Add two integers."
    assert lc.tags == ["math"] and lc.return_direct is False and lc.response_format == "content_and_artifact"
    assert lc.metadata == {
        "custom": {"k": 1},
        "interop": {"title": "Adder", "output_schema": {"type": "integer"}},
    }
    assert lc.args_schema == interop.input_json_schema(add)
    assert lc.tool_call_schema == {**interop.input_json_schema(add), "description": "Add two integers."}


def test_names_are_checked_with_rename() -> None:
    spaced = interop.standard_tool(name="add numbers", description="d", execute=lambda: 1)
    with pytest.raises(ToolNameError, match="langchain"):
        to_langchain(spaced)
    assert to_langchain(spaced, name="add_numbers").name == "add_numbers"
    assert to_langchain_tools([spaced], rename={"add numbers": "plus"})[0].name == "plus"
    assert to_langchain(spaced, name=lambda n: n.replace(" ", "-")).name == "add-numbers"


def test_error_policy() -> None:
    def boom(input: Any) -> Any:
        if input["kind"] == "tool":
            raise interop.ToolError("try another city")
        raise RuntimeError("disk on fire")

    t = interop.standard_tool(
        name="boom",
        description="d",
        execute=boom,
        input_schema={"type": "object", "properties": {"kind": {"type": "string"}}},
    )
    call = {"name": "boom", "args": {"kind": "tool"}, "id": "b", "type": "tool_call"}
    msg = to_langchain(t).invoke(call)
    assert msg.status == "error" and "try another city" in msg.content and "'boom'" in msg.content
    with pytest.raises(RuntimeError, match="disk on fire") as raised:  # native behaviour by default
        to_langchain(t).invoke({**call, "args": {"kind": "other"}})
    assert raised.value.__cause__ is None  # the user's exception itself, unwrapped
    msg = to_langchain(t, errors="all").invoke({**call, "args": {"kind": "other"}})
    assert msg.status == "error" and "disk on fire" in msg.content
    assert to_langchain(t, handle_tool_error="failed").invoke(call).content == "failed"


def test_return_direct_stops_create_agent(lc: Any) -> None:
    pytest.importorskip("langgraph")
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage, ToolMessage

    direct = interop.tool(meta={"return_direct": True})(lambda_free_answer)
    agent = create_agent(
        lc.script([lc.tool_call("lambda_free_answer", {}, "r")], "unused"), [to_langchain(direct)]
    )
    out = agent.invoke({"messages": [HumanMessage("?")]})
    assert isinstance(out["messages"][-1], ToolMessage) and out["messages"][-1].content == "42"


def lambda_free_answer() -> int:
    """The answer."""
    return 42


# ------------------------------------------------------------------------------ native tools in


class Address(BaseModel):
    city: str = Field(description="City name")
    zip: str | None = None


class SearchArgs(BaseModel):
    query: str = Field(description="What to look for")
    limit: int = Field(default=5, ge=1, le=50)
    mode: Literal["fast", "deep"] = "fast"
    near: Address | None = None


ran: list[Any] = []


@tool(parse_docstring=True)
def lookup(city: str, units: Literal["metric", "imperial"] = "metric") -> dict[str, Any]:
    """Look up the weather.

    Args:
        city: The city.
        units: Unit system.
    """
    ran.append(city)
    return {"city": city, "temp": 21, "units": units}


def _search(query: str, limit: int = 5, mode: str = "fast", near: Address | None = None) -> list[str]:
    ran.append(query)
    if query == "fail":
        raise ToolException("search backend refused the query")
    return [f"{query}:{i}:{mode}:{near.city if near else '-'}" for i in range(limit)]


async def _asearch(query: str, limit: int = 5, mode: str = "fast", near: Address | None = None) -> list[str]:
    await asyncio.sleep(0)
    return _search(query, limit, mode, near)


search = StructuredTool.from_function(
    func=_search,
    coroutine=_asearch,
    name="search",
    description="Search the index.",
    args_schema=SearchArgs,
    tags=["web", "read"],
    metadata={"owner": "team-a", "readOnlyHint": True, "interop": {"title": "Search"}},
    return_direct=True,
    handle_tool_error=True,
)

DICT_SCHEMA = {
    "type": "object",
    "properties": {
        "ids": {"type": "array", "items": {"type": "integer"}, "description": "Record ids"},
        "order": {"type": "string", "enum": ["asc", "desc"], "default": "asc"},
    },
    "required": ["ids"],
}


async def _fetch(ids: list[int], order: str = "asc") -> list[int]:
    ran.append(ids)
    return sorted(ids, reverse=order == "desc")


fetch = StructuredTool(name="fetch", description="Fetch records.", args_schema=DICT_SCHEMA, coroutine=_fetch)


class Echo(BaseTool):
    name: str = "echo"
    description: str = "Echo a message back."

    def _run(self, message: str, times: int = 1) -> str:
        ran.append(message)
        return " ".join([message] * times)


@tool
def whoami(
    greeting: str,
    user_id: Annotated[str, InjectedToolArg],
    call_id: Annotated[str, InjectedToolCallId],
) -> str:
    """Greet the current user."""
    return f"{greeting} {user_id} ({call_id[:5]})"


@tool(response_format="content_and_artifact")
def chart(points: int) -> tuple[str, dict[str, Any]]:
    """Build a chart."""
    return f"chart with {points} points", {"points": list(range(points))}


def test_at_tool_function() -> None:
    ran.clear()
    n = from_langchain(lookup)
    assert n.name == "lookup" and n.description.startswith("Look up the weather.")
    schema = interop.input_json_schema(n)
    assert schema["required"] == ["city"]
    assert (
        _props(schema)["units"]["enum"] == ["metric", "imperial"]
        and _props(schema)["units"]["default"] == "metric"
    )
    assert _props(schema)["city"]["description"] == "The city."
    assert interop.call(n, {"city": "Oslo"}) == {"city": "Oslo", "temp": 21, "units": "metric"}
    assert asyncio.run(interop.acall(n, {"city": "Rome", "units": "imperial"}))["units"] == "imperial"
    with pytest.raises(interop.StandardToolValidationError, match="units"):
        interop.call(n, {"city": "Oslo", "units": "kelvin"})
    assert ran == ["Oslo", "Rome"]  # the invalid call never reached the native tool


def test_structured_tool_pydantic_args_meta_errors_async() -> None:
    ran.clear()
    n = from_langchain(search)
    assert interop.bridge.is_async_tool(n)
    assert n.title == "Search"
    assert n.meta == {"owner": "team-a", "read_only": True, "tags": ["web", "read"], "return_direct": True}
    schema = interop.input_json_schema(n)
    props = _props(schema)
    assert schema["required"] == ["query"] and props["query"]["description"] == "What to look for"
    assert props["limit"]["default"] == 5 and props["limit"]["maximum"] == 50
    assert props["mode"]["enum"] == ["fast", "deep"]
    near = props["near"]
    address = near["anyOf"][0]
    if "$ref" in address:
        address = schema["$defs"][address["$ref"].split("/")[-1]]
    assert _props(address)["city"]["description"] == "City name"
    out = interop.call(n, {"query": "q", "limit": 2, "near": {"city": "Lyon"}})
    assert out == ["q:0:fast:Lyon", "q:1:fast:Lyon"]
    with pytest.raises(interop.ToolError, match="refused"):
        interop.call(n, {"query": "fail"})
    with pytest.raises(interop.StandardToolValidationError, match="limit"):
        interop.call(n, {"query": "q", "limit": 0})


def test_native_metadata_that_breaks_the_meta_vocabulary_does_not_stop_the_conversion() -> None:
    # LangChain's `metadata` is free-form: a key our vocabulary types differently is the native
    # author's business (it used to make `from_langchain` raise TypeError)
    native = StructuredTool.from_function(
        func=_search,
        name="search2",
        description="Search the index.",
        args_schema=SearchArgs,
        metadata={"read_only": "yes", "tags": "web", "group": 3, "owner": "a", "title": "Plain title"},
    )
    n = from_langchain(native)
    assert n.meta == {"owner": "a"} and n.title == "Plain title"
    assert interop.call(n, {"query": "q", "limit": 1}) == ["q:0:fast:-"]
    # the carried title wins over a plain `title` entry, and an MCP annotation by wire name is a hint
    native.metadata = {"title": "Plain", "interop": {"title": "Carried"}, "destructiveHint": False}
    n = from_langchain(native)
    assert n.title == "Carried" and n.meta == {"destructive": False}


def test_a_dict_args_schema_that_is_not_json_schema_is_refused_naming_the_tool() -> None:
    broken = StructuredTool(
        name="broken",
        description="A hand-written schema with a mistake.",
        args_schema={"type": "object", "properties": {"ids": {"type": "array", "minItems": "one"}}},
        coroutine=_fetch,
    )
    with pytest.raises(SchemaConversionError, match=r"LangChain tool 'broken': its input schema is not valid JSON Schema at /properties/ids/minItems"):
        from_langchain(broken)


def test_structured_tool_dict_schema_is_validated_by_the_neutral_tool() -> None:
    ran.clear()
    n = from_langchain(fetch)
    assert interop.input_json_schema(n) == DICT_SCHEMA
    assert asyncio.run(interop.acall(n, {"ids": [3, 1, 2], "order": "desc"})) == [3, 2, 1]
    assert interop.call(n, {"ids": [2, 1]}) == [1, 2]  # async native tool from sync code
    with pytest.raises(interop.StandardToolValidationError, match="ids"):
        interop.call(n, {"ids": ["x"]})  # LangChain itself would pass this through unvalidated
    assert ran == [[3, 1, 2], [2, 1]]


def test_basetool_subclass() -> None:
    n = from_langchain(Echo())
    assert n.name == "echo" and n.description == "Echo a message back."
    assert set(_props(interop.input_json_schema(n))) == {"message", "times"}
    assert interop.call(n, {"message": "hi", "times": 2}) == "hi hi"
    assert asyncio.run(interop.acall(n, {"message": "yo"})) == "yo"
    assert not interop.bridge.is_async_tool(n)


def test_injected_args_come_from_context_and_tool_call_id() -> None:
    n = from_langchain(whoami)
    assert set(_props(interop.input_json_schema(n))) == {"greeting"}  # injected args hidden
    out = interop.call(n, {"greeting": "hello"}, {"user_id": "u-9"})
    assert out.startswith("hello u-9 (call_")
    forged = interop.call(n, {"greeting": "hi", "user_id": "admin"}, {"user_id": "u-1"})
    assert forged.startswith("hi u-1 ")
    with pytest.raises(pydantic.ValidationError, match="user_id"):  # no context: the native tool refuses
        interop.call(n, {"greeting": "hi", "user_id": "admin"})


def test_content_and_artifact_returns_the_artifact() -> None:
    n = from_langchain(chart)
    assert interop.call(n, {"points": 3}) == {"points": [0, 1, 2]}


def test_context_reaches_native_tool_config() -> None:
    @tool
    def tenant(x: int, config: RunnableConfig) -> str:
        """Which tenant."""
        return f"{x}:{config['configurable'].get('tenant')}"

    n = from_langchain(tenant)
    assert set(_props(interop.input_json_schema(n))) == {"x"}
    assert interop.call(n, {"x": 1}, {"tenant": "acme"}) == "1:acme"
    custom = from_langchain(tenant, native_context=lambda ctx: {"configurable": {"tenant": ctx.upper()}})
    assert interop.call(custom, {"x": 2}, "beta") == "2:BETA"

    async def later(ctx: Any) -> RunnableConfig:  # a hook may be async, on a sync tool too
        return {"configurable": {"tenant": f"async-{ctx}"}}

    assert interop.call(from_langchain(tenant, native_context=later), {"x": 3}, "g") == "3:async-g"
    with pytest.warns(DeprecationWarning, match="native_context="):  # the round-2 name, for a release
        old = from_langchain(tenant, config=lambda ctx: {"configurable": {"tenant": "old"}})
    assert interop.call(old, {"x": 4}, None) == "4:old"


def test_a_non_mapping_context_reaches_the_native_tool_under_context_key() -> None:
    @tool
    def who(config: RunnableConfig) -> str:
        """Who calls (as a native tool of round 2 read it, and as it reads it now)."""
        configurable = config["configurable"]
        return f"{configurable.get(CONTEXT_KEY)}/{configurable.get('context')}"

    n = from_langchain(who)
    assert interop.call(n, {}, "ann") == "ann/ann"  # the old key too, for a release
    assert interop.call(n, {}, {"user": "bo"}) == "None/None"  # a mapping is `configurable` itself
    assert config_for_context("ann") == {"configurable": {"interop_context": "ann", "context": "ann"}}
    # and a tool made by to_langchain reads it back without a warning

    @interop.tool(context="ctx")
    def echo(ctx: Any = None) -> Any:
        """The context."""
        return ctx

    back = to_langchain(echo)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert back.invoke({}, config=config_for_context(7)) == "7"


def test_native_tool_through_neutral_into_a_core_loop(lc: Any) -> None:
    """LangChain -> neutral -> LangChain gives the native tool back, which runs in the loop."""
    lc_tool = to_langchain(from_langchain(lookup))
    assert lc_tool is lookup
    messages = lc.run_loop(
        lc.script([lc.tool_call("lookup", {"city": "Oslo"}, "l1")], "21 degrees"), [lc_tool], "?"
    )
    assert messages[2].tool_call_id == "l1" and '"temp": 21' in messages[2].content


def test_single_string_tool_uses_the_schema_langchain_sends() -> None:
    from langchain_core.tools import Tool

    n = from_langchain(Tool(name="shout", func=lambda s: s.upper(), description="Shout."))
    assert interop.input_json_schema(n)["required"] == ["__arg1"]
    assert interop.call(n, {"__arg1": "hey"}) == "HEY"


def test_input_schemas_langchain_cannot_carry() -> None:
    bare = interop.standard_tool(
        name="bare", description="d", execute=lambda v: v, input_schema={"type": "object"}
    )
    assert to_langchain(bare).invoke({}) == "{}"
    scalar = interop.standard_tool(name="scalar", description="d", execute=lambda v: v, input_schema=int)
    with pytest.raises(SchemaConversionError, match="object of named arguments"):
        to_langchain(scalar)
    no_schema = interop.standard_tool(name="none", description="d", execute=lambda: "ok")
    assert to_langchain(no_schema).invoke({}) == "ok"
