"""A consumed server's failures as the model reads them: JSON-RPC errors answering `tools/call`,
`-32042` URL elicitation, a structured result that breaks its own output schema.

A small low-level MCP server of our own plays each case; the consumed tools run through the real
SDK client (both protocol generations) and through the real loops of LangChain, pydantic-ai,
LlamaIndex and OpenAI Agents with scripted offline models: the run goes on and the model reads the
server's message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mcp.types as mt
import pytest
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError, UrlElicitationRequiredError
from scripted_rounds import llamaindex_round, pydantic_ai_round

import interop
from interop import StandardToolValidationError, ToolError
from interop.mcp import ElicitationRequest, mcp_tools

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]
LINK = "https://auth.example.com/link?state=abc"

OBJECT: dict[str, Any] = {"type": "object", "properties": {}}
SIZE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"width": {"type": "integer"}, "height": {"type": "integer"}},
    "required": ["width", "height"],
}


class Upstream:
    """The server's state: whether the user linked their drive (the URL flow completed)."""

    def __init__(self) -> None:
        self.linked = False
        self.calls: list[str] = []


def build(state: Upstream) -> Server[Any]:
    async def list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        return mt.ListToolsResult(
            tools=[
                mt.Tool(name="query", description="Query the database.", input_schema=OBJECT),
                mt.Tool(name="open_drive", description="List the user's drive.", input_schema=OBJECT),
                mt.Tool(
                    name="measure",
                    description="Measure the picture.",
                    input_schema=OBJECT,
                    output_schema=SIZE_SCHEMA,
                ),
            ]
        )

    async def call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        state.calls.append(params.name)
        if params.name == "query":
            raise MCPError(code=mt.INTERNAL_ERROR, message="upstream database unavailable (try again in 30s)")
        if params.name == "open_drive":
            if not state.linked:
                raise UrlElicitationRequiredError(
                    [mt.ElicitRequestURLParams(message="Link your drive", url=LINK, elicitation_id="link-1")]
                )
            return mt.CallToolResult(content=[mt.TextContent(type="text", text="report.pdf, notes.md")])
        size = {"width": "wide", "height": 3}  # breaks the declared output schema
        return mt.CallToolResult(
            content=[mt.TextContent(type="text", text="wide x 3")], structured_content=size
        )

    return Server("upstream", on_list_tools=list_tools, on_call_tool=call_tool)


async def call_upstream(name: str, state: Upstream | None = None, **client: Any) -> Any:
    """Call the upstream's tool `name` (no arguments) through `mcp_tools` with these client options
    (`mode`, `elicitation`); its result."""
    async with mcp_tools(build(state or Upstream()), **client) as tools:
        return await interop.acall({t.name: t for t in tools}[name], {})


@pytest.mark.parametrize("mode", MODES)
async def test_a_json_rpc_error_is_a_tool_error_with_the_servers_message(mode: str) -> None:
    with pytest.raises(ToolError) as caught:
        await call_upstream("query", mode=mode)
    assert "upstream database unavailable (try again in 30s)" in str(caught.value)
    assert "-32603" in str(caught.value)


@pytest.mark.parametrize("mode", MODES)
async def test_url_elicitation_reaches_the_callback_and_the_call_is_sent_again(mode: str) -> None:
    state = Upstream()
    seen: list[ElicitationRequest] = []

    def user(request: ElicitationRequest) -> bool:
        seen.append(request)
        state.linked = True  # the user opened the page and linked the drive
        return True

    assert await call_upstream("open_drive", state, mode=mode, elicitation=user) == "report.pdf, notes.md"
    (request,) = seen
    assert request.url == LINK and request.message == "Link your drive" and not request.is_approval
    assert state.calls == ["open_drive", "open_drive"]


@pytest.mark.parametrize("mode", MODES)
async def test_url_elicitation_declined_or_unanswered_tells_the_model_which_page(mode: str) -> None:
    for elicitation in (None, lambda request: False):
        state = Upstream()
        with pytest.raises(ToolError) as caught:
            await call_upstream("open_drive", state, mode=mode, elicitation=elicitation)
        assert "Link your drive" in str(caught.value) and LINK in str(caught.value)
        assert state.calls == ["open_drive"]  # not sent again


async def test_a_user_who_never_finishes_is_not_asked_forever() -> None:
    state = Upstream()
    asked: list[str] = []

    def user(request: ElicitationRequest) -> bool:
        asked.append(request.url or "")
        return True  # says yes but never links

    with pytest.raises(ToolError, match="Link your drive"):
        await call_upstream("open_drive", state, elicitation=user)
    assert len(asked) == 2 and len(state.calls) == 3  # two rounds, then the model is told


@pytest.mark.parametrize("mode", MODES)
async def test_a_result_breaking_its_output_schema_names_the_tool_and_the_field(mode: str) -> None:
    with pytest.raises(StandardToolValidationError) as caught:
        await call_upstream("measure", mode=mode)
    error = caught.value
    assert error.target == "output" and error.tool_name == "measure"
    (issue,) = error.issues
    assert issue.path == ("width",) and "'wide' is not of type 'integer'" in issue.message


# ------------------------------------------------------------------ the frameworks' real loops

EXPECTED = {
    "query": "upstream database unavailable (try again in 30s)",
    "open_drive": LINK,
    "measure": "width",
}


def check_outputs(outputs: Sequence[str]) -> None:
    query, drive, measure = outputs
    assert EXPECTED["query"] in query and "'query'" in query
    assert EXPECTED["open_drive"] in drive and "'open_drive'" in drive
    assert "'measure'" in measure and "width" in measure and "invalid result" in measure


async def test_langchain_agent_reads_the_servers_failures() -> None:
    pytest.importorskip("interop.langchain")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain

    class ScriptedChat(GenericFakeChatModel):
        def bind_tools(self, tools: Sequence[Any], **kw: Any) -> Any:
            return self.bind(tools=[convert_to_openai_tool(t) for t in tools])

    calls = [{"name": n, "args": {}, "id": f"c-{n}", "type": "tool_call"} for n in EXPECTED]
    model = ScriptedChat(messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="done")]))
    async with mcp_tools(build(Upstream())) as tools:
        agent = create_agent(model, [to_langchain(t) for t in tools])
        out = await agent.ainvoke({"messages": [HumanMessage("go")]})
    messages = {m.name: m for m in out["messages"] if isinstance(m, ToolMessage)}
    assert all(m.status == "error" for m in messages.values())
    check_outputs([str(messages[n].content) for n in EXPECTED])
    assert out["messages"][-1].content == "done"


async def test_pydantic_ai_agent_reads_the_servers_failures() -> None:
    pytest.importorskip("interop.pydantic_ai")
    calls = {f"p-{n}": (n, {}) for n in EXPECTED}
    async with mcp_tools(build(Upstream())) as tools:
        seen, output = await pydantic_ai_round(tools, calls, "done", retries=2)
    assert output == "done"
    parts = [seen[f"p-{n}"] for n in EXPECTED]
    assert all(p.outcome in ("retried", "failed") for p in parts)  # the model is told; the run goes on
    check_outputs([p.model_response_str() for p in parts])


async def test_llamaindex_agent_reads_the_servers_failures() -> None:
    pytest.importorskip("interop.llamaindex")
    calls = {f"l-{n}": (n, {}) for n in EXPECTED}
    async with mcp_tools(build(Upstream())) as tools:
        results, _, response = await llamaindex_round(tools, calls, "done")
    assert response == "done"
    outputs = [results[f"l-{n}"] for n in EXPECTED]
    assert all(o.is_error for o in outputs)
    check_outputs([str(o.content) for o in outputs])


async def test_openai_agents_run_reads_the_servers_failures() -> None:
    pytest.importorskip("interop.openai_agents")
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents

    set_tracing_disabled(True)
    model = ScriptedModel(
        [[function_call(n, {}, call_id=f"o-{n}") for n in EXPECTED], [assistant_message("done")]]
    )
    async with mcp_tools(build(Upstream())) as tools:
        agent = Agent(name="a", model=model, tools=[to_openai_agents(t) for t in tools])
        result = await Runner.run(agent, "go")
    assert result.final_output == "done"
    outputs = {
        i["call_id"]: str(i["output"])
        for i in model.calls[1].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    }
    check_outputs([outputs[f"o-{n}"] for n in EXPECTED])
