"""What each content kind of a consumed MCP result becomes, in four frameworks' real loops.

The model gets the content blocks through its framework's own channel (LangChain image/file
blocks, pydantic-ai `BinaryContent`, LlamaIndex `ImageBlock`, OpenAI Agents `input_image`); the
application still gets the structured value (LangChain artifact, pydantic-ai metadata,
`interop.acall`'s return). Text with resource links reads as one text with readable references;
an embedded text resource as its text. A server of our own plays each kind, and the reference
filesystem server's `read_media_file` (an image or audio block plus a structured copy).
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from mcp import Client
from mcp.server.lowlevel import Server
from reference_servers import filesystem
from scripted_rounds import llamaindex_round, pydantic_ai_round

import interop
from interop import File
from interop.mcp import build_server, mcp_tools

pytestmark = pytest.mark.anyio

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg=="
)
WAV = b"RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00@\x1f\x00\x00\x80>\x00\x00\x02\x00\x10\x00data\x00\x00\x00\x00"
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
SIZE = {"width": 2, "height": 1}
LINKS_TEXT = (
    "Two reports:\nQ1 report: file:///r/q1.pdf (application/pdf)\nq2.pdf: file:///r/q2.pdf (application/pdf)"
)
NOTES = "# Notes\n- ship it"
OBJECT: dict[str, Any] = {"type": "object", "properties": {}}
NAMES = ["picture", "recording", "contract", "links", "notes"]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def upstream() -> Server[Any]:
    async def list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        return mt.ListToolsResult(tools=[mt.Tool(name=n, description=n, input_schema=OBJECT) for n in NAMES])

    async def call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        text = mt.TextContent
        if params.name == "picture":  # caption + image + a structured copy
            blocks: list[Any] = [text(type="text", text="A red dot"),
                                 mt.ImageContent(type="image", data=b64(PNG), mime_type="image/png")]  # fmt: skip
            return mt.CallToolResult(content=blocks, structured_content=SIZE)
        if params.name == "recording":
            audio = mt.AudioContent(type="audio", data=b64(WAV), mime_type="audio/wav")
            return mt.CallToolResult(content=[audio], structured_content={"seconds": 0})
        if params.name == "contract":
            blob = mt.BlobResourceContents(
                uri="file:///r/contract.pdf", mime_type="application/pdf", blob=b64(PDF)
            )
            return mt.CallToolResult(content=[mt.EmbeddedResource(type="resource", resource=blob)],
                                     structured_content={"pages": 1})  # fmt: skip
        if params.name == "links":
            return mt.CallToolResult(
                content=[
                    text(type="text", text="Two reports:"),
                    mt.ResourceLink(
                        type="resource_link",
                        uri="file:///r/q1.pdf",
                        name="q1.pdf",
                        title="Q1 report",
                        mime_type="application/pdf",
                    ),
                    mt.ResourceLink(
                        type="resource_link",
                        uri="file:///r/q2.pdf",
                        name="q2.pdf",
                        mime_type="application/pdf",
                    ),
                ]
            )
        notes = mt.TextResourceContents(uri="file:///r/notes.md", mime_type="text/markdown", text=NOTES)
        return mt.CallToolResult(content=[mt.EmbeddedResource(type="resource", resource=notes)])

    return Server("upstream", on_list_tools=list_tools, on_call_tool=call_tool)


async def test_the_application_gets_the_value_and_serving_again_keeps_the_blocks() -> None:
    async with mcp_tools(upstream()) as tools:
        by_name = {t.name: t for t in tools}
        assert await interop.acall(by_name["picture"], {}) == SIZE
        assert await interop.acall(by_name["recording"], {}) == {"seconds": 0}
        links = await interop.acall(by_name["links"], {})
        assert links[0] == "Two reports:" and links[1].uri == "file:///r/q1.pdf"
        notes = await interop.acall(by_name["notes"], {})
        assert notes == File(NOTES.encode(), "text/markdown", name="file:///r/notes.md")
        async with Client(build_server(tools)) as proxy:  # served again: the same blocks and value
            r = await proxy.call_tool("picture", {})
            assert [c.type for c in r.content] == ["text", "image"] and r.structured_content == SIZE
            assert base64.b64decode(r.content[1].data) == PNG
            r = await proxy.call_tool("links", {})
            assert [c.type for c in r.content] == ["text", "resource_link", "resource_link"]
            assert r.content[1].title == "Q1 report"


async def test_langchain_model_sees_content_blocks_and_the_artifact_is_the_value() -> None:
    pytest.importorskip("interop.langchain")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain

    class ScriptedChat(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self.bind(tools=[convert_to_openai_tool(t) for t in tools])

    calls = [{"name": n, "args": {}, "id": n, "type": "tool_call"} for n in NAMES]
    model = ScriptedChat(messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="ok")]))
    async with mcp_tools(upstream()) as tools:  # LangChain's own agent loop (ToolNode) runs the tools
        out = await create_agent(model, [to_langchain(t) for t in tools]).ainvoke(
            {"messages": [HumanMessage("go")]}
        )
    seen = {m.name: m for m in out["messages"] if isinstance(m, ToolMessage)}
    assert out["messages"][-1].content == "ok" and all(m.status == "success" for m in seen.values())
    picture = seen["picture"]
    assert picture.content[0] == {"type": "text", "text": "A red dot"}
    assert picture.content[1]["type"] == "image" and base64.b64decode(picture.content[1]["base64"]) == PNG
    assert picture.artifact == SIZE
    recording = seen["recording"]  # LangChain's chat models take no audio from tools: a placeholder
    assert "audio/wav" in str(recording.content) and recording.artifact == {"seconds": 0}
    (contract,) = seen["contract"].content
    assert contract["type"] == "file" and contract["mime_type"] == "application/pdf"
    assert base64.b64decode(contract["base64"]) == PDF and seen["contract"].artifact == {"pages": 1}
    assert seen["links"].content == LINKS_TEXT
    assert seen["notes"].content == NOTES


async def test_pydantic_ai_model_sees_binary_content_and_metadata_is_the_value() -> None:
    pytest.importorskip("interop.pydantic_ai")
    from pydantic_ai import BinaryContent

    async with mcp_tools(upstream()) as tools:
        seen, output = await pydantic_ai_round(tools, {n: (n, {}) for n in NAMES}, "ok")
    assert output == "ok"
    caption, image = seen["picture"].content
    assert caption == "A red dot" and isinstance(image, BinaryContent) and image.data == PNG
    assert seen["picture"].metadata == SIZE
    (audio,) = seen["recording"].content
    assert isinstance(audio, BinaryContent) and audio.media_type == "audio/wav" and audio.data == WAV
    assert seen["recording"].metadata == {"seconds": 0}
    (pdf,) = seen["contract"].content
    assert isinstance(pdf, BinaryContent) and pdf.media_type == "application/pdf" and pdf.data == PDF
    assert seen["contract"].metadata == {"pages": 1}
    assert seen["links"].content == LINKS_TEXT and seen["notes"].content == NOTES


async def test_llamaindex_model_sees_media_blocks_and_raw_output_is_the_value() -> None:
    pytest.importorskip("interop.llamaindex")
    from llama_index.core.base.llms.types import AudioBlock, DocumentBlock, ImageBlock, TextBlock

    async with mcp_tools(upstream()) as tools:
        results, sent, response = await llamaindex_round(tools, {n: (n, {}) for n in NAMES}, "ok")
    assert response == "ok"
    picture, recording, contract, links, notes = sent
    assert [type(b) for b in picture.blocks] == [TextBlock, ImageBlock]
    assert picture.blocks[0].text == "A red dot" and picture.blocks[1].resolve_image().read() == PNG
    ((audio,), (document,)) = recording.blocks, contract.blocks
    assert isinstance(audio, AudioBlock) and audio.resolve_audio().read() == WAV
    assert isinstance(document, DocumentBlock) and document.document_mimetype == "application/pdf"
    assert links.content == LINKS_TEXT and notes.content == NOTES
    assert results["picture"].raw_output == SIZE and results["contract"].raw_output == {"pages": 1}


async def test_openai_agents_model_sees_input_image() -> None:
    pytest.importorskip("interop.openai_agents")
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents

    set_tracing_disabled(True)
    model = ScriptedModel([[function_call(n, {}, call_id=n) for n in NAMES], [assistant_message("ok")]])
    async with mcp_tools(upstream()) as tools:
        await Runner.run(Agent(name="a", model=model, tools=[to_openai_agents(t) for t in tools]), "go")
    outputs = {
        i["call_id"]: i["output"]
        for i in model.calls[1].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    }
    caption, image = outputs["picture"]
    assert caption == {"type": "input_text", "text": "A red dot"}
    assert image["type"] == "input_image" and image["image_url"] == f"data:image/png;base64,{b64(PNG)}"
    ((audio,), (pdf,)) = outputs["recording"], outputs["contract"]
    assert audio["type"] == "input_file" and audio["file_data"] == f"data:audio/wav;base64,{b64(WAV)}"
    assert pdf["type"] == "input_file" and pdf["file_data"] == f"data:application/pdf;base64,{b64(PDF)}"
    assert outputs["links"] == LINKS_TEXT and outputs["notes"] == NOTES


async def test_reference_filesystem_server_media_reaches_the_model_as_media(tmp_path: Path) -> None:
    pytest.importorskip("interop.langchain")
    from interop.langchain import to_langchain

    (tmp_path / "dot.png").write_bytes(PNG)
    (tmp_path / "beep.wav").write_bytes(WAV)
    (tmp_path / "notes.md").write_text(NOTES)
    async with mcp_tools(filesystem(tmp_path)) as tools:
        by_name = {t.name: t for t in tools}
        media = to_langchain(by_name["read_media_file"])
        image = await media.ainvoke(
            {
                "type": "tool_call",
                "name": "read_media_file",
                "args": {"path": str(tmp_path / "dot.png")},
                "id": "1",
            }
        )
        audio = await media.ainvoke(
            {
                "type": "tool_call",
                "name": "read_media_file",
                "args": {"path": str(tmp_path / "beep.wav")},
                "id": "2",
            }
        )
        value = await interop.acall(by_name["read_media_file"], {"path": str(tmp_path / "dot.png")})
        text = await interop.acall(by_name["read_text_file"], {"path": str(tmp_path / "notes.md")})
    (block,) = image.content
    assert (
        block["type"] == "image" and base64.b64decode(block["base64"]) == PNG
    )  # not base64 inside JSON text
    assert image.artifact["content"][0]["mimeType"] == "image/png"  # the structured copy, for the app
    assert "audio/wav" in str(audio.content) and audio.artifact["content"][0]["mimeType"] == "audio/wav"
    assert value == image.artifact
    assert text == {"content": NOTES}  # text beside a structured copy: the value
