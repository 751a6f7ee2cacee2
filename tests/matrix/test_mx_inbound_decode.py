"""One foreign result, one neutral value: the same result decodes the same through every `from_X`
and through `from_mcp` (the core's one decoder, `interop.bridge.decode_result`).

The foreign results: the text "42" (stays the text "42"), a JSON object as text (that object), an
image (`interop.Image`), a resource link (`bridge.ResourceLink`). The reference is `from_mcp` over
an MCP server returning each as one content block (tests/foreign_results_server.py). Each framework returns
them its own way, where it can:

- through its own MCP client, from that very server: Google ADK's `McpToolset`, the OpenAI
  Agents SDK's `MCPServerStdio` (which passes text and images on as its tool outputs, and other
  blocks as their JSON text);
- as its own results: a Claude Agent SDK handler's MCP content; an OpenAI Agents function's text;
  LangChain content blocks (`{"type": "text"}`, `{"type": "image", "base64": ...}`);
  pydantic-ai `BinaryContent`; LlamaIndex `ImageBlock`; Genkit media parts. A framework whose
  results are Python values returns a JSON object as a dict (a `str` a Python function returns
  is that string, JSON or not); none of them has a resource link of its own.
"""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import pytest
from foreign_results_server import BLOCKS, COMMAND, OBJECT_TEXT, PNG, server

import interop
from interop import bridge

pytestmark = pytest.mark.anyio

OBJECT = {"n": 42, "unit": "answers"}
B64 = base64.b64encode(PNG).decode()
Tools = dict[str, Any]
"""A framework's neutral tools by the kind of result they return."""


def python_results() -> list[Callable[[], Any]]:
    """`text_42` and `object_text` as Python functions returning a `str` and a dict (the tools of
    pydantic-ai and LlamaIndex return them as they are)."""

    def text_42() -> str:
        """The text 42."""
        return "42"

    def object_text() -> dict[str, Any]:
        """A JSON object."""
        return dict(OBJECT)

    return [text_42, object_text]


@asynccontextmanager
async def mcp_reference() -> AsyncIterator[Tools]:
    pytest.importorskip("mcp")
    from mcp import Client

    from interop.mcp import from_mcp

    async with Client(server()) as client:
        yield {t.name: t for t in await from_mcp(client)}


@asynccontextmanager
async def claude_agent_sdk() -> AsyncIterator[Tools]:
    pytest.importorskip("claude_agent_sdk")
    from claude_agent_sdk import tool

    from interop.claude_agent_sdk import from_claude_agent_sdk

    def native(kind: str) -> Any:
        async def handler(args: dict[str, Any]) -> dict[str, Any]:
            return {"content": [BLOCKS[kind]]}

        return tool(kind, kind, {})(handler)

    yield {kind: from_claude_agent_sdk(native(kind)) for kind in BLOCKS}


@asynccontextmanager
async def google_adk_mcp() -> AsyncIterator[Tools]:
    pytest.importorskip("google.adk")
    from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams
    from mcp import StdioServerParameters

    from interop.google_adk import from_google_adk_toolset

    params = StdioServerParameters(command=COMMAND[0], args=COMMAND[1:])
    toolset = McpToolset(connection_params=StdioConnectionParams(server_params=params, timeout=60))
    try:
        yield {t.name: t for t in await from_google_adk_toolset(toolset)}
    finally:
        await toolset.close()


@asynccontextmanager
async def openai_agents_mcp() -> AsyncIterator[Tools]:
    pytest.importorskip("agents")
    from agents import Agent, RunContextWrapper
    from agents.mcp import MCPServerStdio, MCPUtil

    from interop.openai_agents import from_openai_agents_tools

    params: Any = {"command": COMMAND[0], "args": COMMAND[1:]}
    async with MCPServerStdio(params=params, client_session_timeout_seconds=60) as mcp_server:
        natives = await MCPUtil.get_function_tools(mcp_server, False, RunContextWrapper(None), Agent(name="a"))
        yield {t.name: t for t in from_openai_agents_tools(natives)}


@asynccontextmanager
async def openai_agents() -> AsyncIterator[Tools]:
    pytest.importorskip("agents")
    from agents import ToolOutputImage, function_tool

    from interop.openai_agents import from_openai_agents

    def text_42() -> str:
        """The text 42."""
        return "42"

    def object_text() -> str:
        """A JSON object, as text."""
        return OBJECT_TEXT

    def image() -> Any:
        """An image, as the SDK's tool output."""
        return ToolOutputImage(image_url=f"data:image/png;base64,{B64}")

    yield {f.__name__: from_openai_agents(function_tool(f)) for f in (text_42, object_text, image)}


@asynccontextmanager
async def langchain() -> AsyncIterator[Tools]:
    pytest.importorskip("langchain_core")
    from langchain_core.tools import tool

    from interop.langchain import from_langchain

    @tool
    def text_42() -> list[dict[str, Any]]:
        """The text 42, as a LangChain content block."""
        return [{"type": "text", "text": "42"}]

    @tool
    def object_text() -> list[dict[str, Any]]:
        """A JSON object as the text of a content block."""
        return [{"type": "text", "text": OBJECT_TEXT}]

    @tool
    def image() -> list[dict[str, Any]]:
        """An image, as LangChain's standard image block."""
        return [{"type": "image", "base64": B64, "mime_type": "image/png"}]

    @tool
    def plain_42() -> str:
        """The text 42, as a plain string."""
        return "42"

    tools = {t.name: from_langchain(t) for t in (text_42, object_text, image)}
    yield {**tools, "text_42 (str)": from_langchain(plain_42)}


@asynccontextmanager
async def pydantic_ai() -> AsyncIterator[Tools]:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import BinaryContent, Tool

    from interop.pydantic_ai import from_pydantic_ai

    def image() -> Any:
        return BinaryContent(data=PNG, media_type="image/png")

    yield {f.__name__: from_pydantic_ai(Tool(f)) for f in (*python_results(), image)}


@asynccontextmanager
async def llamaindex() -> AsyncIterator[Tools]:
    pytest.importorskip("llama_index.core")
    from llama_index.core.base.llms.types import ImageBlock
    from llama_index.core.tools import FunctionTool

    from interop.llamaindex import from_llamaindex

    def image() -> Any:
        """An image, as LlamaIndex's image block."""
        return ImageBlock(image=PNG, image_mimetype="image/png")

    yield {f.__name__: from_llamaindex(FunctionTool.from_defaults(f)) for f in (*python_results(), image)}


@asynccontextmanager
async def genkit() -> AsyncIterator[Tools]:
    pytest.importorskip("genkit")
    import genkit as gk
    from genkit import Genkit, Media, Part

    from interop.genkit import from_genkit

    ai = Genkit()

    @ai.tool(name="text_42", description="The text 42.")
    async def text_42(inp: dict[str, Any]) -> Any:
        return "42"

    @ai.tool(name="object_text", description="A JSON object.")
    async def object_text(inp: dict[str, Any]) -> Any:
        return dict(OBJECT)

    @ai.tool(name="image", description="An image, as a media part.")
    async def image(inp: dict[str, Any]) -> Any:
        media = Part(media=Media(url=f"data:image/png;base64,{B64}", content_type="image/png"))
        return gk.response(None, parts=[media])

    yield {t.name: from_genkit(t) for t in (text_42, object_text, image)}


FRAMEWORKS: dict[str, Callable[[], AbstractAsyncContextManager[Tools]]] = {
    "claude_agent_sdk": claude_agent_sdk,
    "google_adk (McpToolset)": google_adk_mcp,
    "openai_agents (MCPServerStdio)": openai_agents_mcp,
    "openai_agents": openai_agents,
    "langchain": langchain,
    "pydantic_ai": pydantic_ai,
    "llamaindex": llamaindex,
    "genkit": genkit,
}


def _same(value: Any, reference: Any) -> None:
    """`value` is what `from_mcp` gave: equal, and of the same neutral kind."""
    assert value == reference
    for kind in (interop.Image, bridge.ResourceLink, dict, str):
        assert isinstance(value, kind) == isinstance(reference, kind), (value, reference)
    if isinstance(reference, bridge.ResourceLink):
        fields = ("uri", "name", "display_name", "mime_type")
        assert [getattr(value, f) for f in fields] == [getattr(reference, f) for f in fields]


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


async def test_the_reference_is_the_one_rule() -> None:
    async with mcp_reference() as tools:
        values = {kind: await interop.acall(tool, {}) for kind, tool in tools.items()}
    assert values["text_42"] == "42" and type(values["text_42"]) is not int
    assert values["object_text"] == OBJECT
    assert values["image"] == interop.Image(PNG, "image/png")
    link = values["resource_link"]
    assert isinstance(link, bridge.ResourceLink) and link.uri == "file:///reports/q3.pdf"


@pytest.mark.parametrize("framework", list(FRAMEWORKS))
async def test_each_from_x_decodes_like_from_mcp(framework: str) -> None:
    async with mcp_reference() as reference_tools:
        reference = {kind: await interop.acall(tool, {}) for kind, tool in reference_tools.items()}
    async with FRAMEWORKS[framework]() as tools:
        assert {k.split(" ")[0] for k in tools} <= set(reference)
        for kind, tool in tools.items():
            _same(await interop.acall(tool, {}), reference[kind.split(" ")[0]])
            if not bridge.is_async_tool(tool):  # and the same from sync code
                _same(interop.call(tool, {}), reference[kind.split(" ")[0]])
