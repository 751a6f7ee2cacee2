"""One schema, one truth (issue 37 item 8): a pydantic-ai tool whose one argument is a model
advertises the model's fields at the top level; the converted tool accepts exactly that, on every
path (`interop.call`, a `ToolSet`'s model path, another framework's `to_X`, a real MCP server and
client). pydantic-ai's own validator also takes the `{"g": {...}}` envelope, which the advertised
schema does not describe: it is refused everywhere now (it ran through `interop.call`, and MCP
refused it)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from pydantic_ai import Tool

import interop
from interop.bridge import input_json_schema
from interop.errors import StandardToolValidationError
from interop.pydantic_ai import from_pydantic_ai


class Greeting(BaseModel):
    name: str
    times: int = 1


def greet(g: Greeting) -> str:
    """Greet someone."""
    return " ".join([f"hi {g.name}"] * g.times)


def _tool() -> Any:
    return from_pydantic_ai(Tool(greet))


def test_the_advertised_schema_is_the_models_fields() -> None:
    schema = input_json_schema(_tool())
    assert set(schema["properties"]) == {"name", "times"} and schema["required"] == ["name"]


def test_interop_call_and_a_toolset_accept_exactly_the_schema() -> None:
    tool = _tool()
    assert interop.call(tool, {"name": "ada", "times": 2}) == "hi ada hi ada"
    assert interop.ToolSet([tool]).call("greet", '{"name": "bo"}') == "hi bo"  # JSON text
    with pytest.raises(StandardToolValidationError, match="name"):
        interop.call(tool, {"g": {"name": "ada"}})  # the envelope the schema does not describe
    tools = interop.ToolSet([tool])
    assert tools.run("greet", '{"name": "cy"}').value == "hi cy"
    refused = tools.run("greet", '{"g": {"name": "cy"}}')
    assert not refused.ok and "name" in refused.text


def test_another_frameworks_loop_sees_the_same_rule() -> None:
    pytest.importorskip("langchain_core")
    from langchain_core.messages import ToolMessage

    from interop.langchain import to_langchain

    lc_tool = to_langchain(_tool())
    ok = lc_tool.invoke({"name": "greet", "args": {"name": "di"}, "id": "c1", "type": "tool_call"})
    assert isinstance(ok, ToolMessage) and ok.content == "hi di"
    bad = lc_tool.invoke({"name": "greet", "args": {"g": {"name": "di"}}, "id": "c2", "type": "tool_call"})
    assert isinstance(bad, ToolMessage) and bad.status == "error" and "name" in str(bad.content)


@pytest.mark.anyio
async def test_served_over_mcp_the_same_rule() -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    from interop.mcp import build_server, from_mcp

    async with Client(build_server([_tool()])) as client:
        listed = (await client.list_tools()).tools[0]
        assert set(listed.input_schema["properties"]) == {"name", "times"}
        ok = await client.call_tool("greet", {"name": "ed", "times": 1})
        assert not ok.is_error and ok.content[0].text == "hi ed"
        bad = await client.call_tool("greet", {"g": {"name": "ed"}})
        assert bad.is_error
        # and consumed back from the server: the same schema, the same answers
        consumed = (await from_mcp(client))[0]
        assert await interop.acall(consumed, {"name": "fa"}) == "hi fa"
        with pytest.raises(StandardToolValidationError):
            await interop.acall(consumed, {"g": {"name": "fa"}})
