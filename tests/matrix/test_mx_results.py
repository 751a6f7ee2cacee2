"""Results of every kind through every adapter's native call path: what the model sees and what
the application gets.

The corpus: text, a dict, a pydantic model, a list, raw bytes, an image, audio, a file, a mixed
list of text and an image, a custom model output (`with_model_output`, text and `OMIT`), an
iterator, NaN, and an opaque object. Rules (checked on every path):
- text stays text, data goes as JSON text (never a Python repr; NaN as null);
- images, audio and files go as the framework's own content (never base64 inside text); a target
  that cannot carry a kind gets a short placeholder naming kind, media type and size;
- the application gets the structured value (artifact, raw_output, structuredContent, metadata);
- an iterator is read once; an opaque object is an error naming the tool and the type.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

import interop
from interop import OMIT, Audio, File, Image, standard_tool, with_model_output

pytest.importorskip("langchain_core")
pytest.importorskip("pydantic_ai")
pytest.importorskip("llama_index.core")
pytest.importorskip("agents")
pytest.importorskip("mcp")

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
WAV = b"RIFF" + bytes(200)
PDF = b"%PDF-1.4\n" + b"x" * 300


class Weather(BaseModel):
    city: str
    temperature: float


class Screenshot(Image):
    """A user's own kind of image: every target must still send it as an image."""

    __slots__ = ()


class Opaque:
    """Not JSON, not content: must never reach a model as its repr."""

    def __repr__(self) -> str:
        return "<Opaque secret=hunter2>"


def _numbers() -> Iterator[int]:
    yield from (1, 2, 3)


CASES: dict[str, Any] = {
    "text": "hello there",
    "dict": {"a": 1, "b": [True, None]},
    "model": Weather(city="Rome", temperature=21.5),
    "list": [1, 2, 3],
    "bytes": b"\x00\x01\xfe\xff",
    "image": Image(PNG, "image/png"),
    "audio": Audio(WAV, "audio/wav"),
    "file": File(PDF, "application/pdf", "report.pdf"),
    "mixed": ["a chart:", Image(PNG, "image/png")],
    "subclass": Screenshot(PNG, "image/png"),
    "iterator": "ITERATOR",
    "nan": {"x": math.nan, "y": math.inf},
    "opaque": "OPAQUE",
}


def _tool(kind: str) -> interop.StandardTool[Any, Any, Any]:
    def execute(_input: Any) -> Any:
        if kind == "iterator":
            return _numbers()
        if kind == "opaque":
            return Opaque()
        return CASES[kind]

    return standard_tool(name=f"r_{kind}", description=f"returns {kind}", execute=execute)


def _custom(shown: Any) -> interop.StandardTool[Any, Any, Any]:
    base = standard_tool(name="r_custom", description="custom output", execute=lambda _i: {"rows": 7})
    return with_model_output(base, lambda out: shown(out))


# --------------------------------------------------------------------------------- expectations

EXPECTED_TEXT = {
    "text": "hello there",
    "dict": '{"a":1,"b":[true,null]}',
    "model": '{"city":"Rome","temperature":21.5}',
    "list": "[1,2,3]",
    "iterator": "[1,2,3]",
    "nan": '{"x":null,"y":null}',
}
CONTENT_KINDS = {
    "bytes": "file",
    "image": "image",
    "audio": "audio",
    "file": "file",
    "mixed": "image",
    "subclass": "image",
}
B64 = {
    "bytes": base64.b64encode(b"\x00\x01\xfe\xff").decode(),
    "image": base64.b64encode(PNG).decode(),
    "subclass": base64.b64encode(PNG).decode(),
}


def _no_repr(text: str) -> None:
    assert "Opaque" not in text or "type" in text  # the type may be named, never the repr
    assert "hunter2" not in text and "object at 0x" not in text


# --------------------------------------------------------------------------------- LangChain


@pytest.mark.anyio
@pytest.mark.parametrize("kind", list(CASES))
async def test_langchain_results(kind: str) -> None:
    from langchain_core.messages import ToolMessage

    from interop.langchain import to_langchain

    lc = to_langchain(_tool(kind))
    msg = await lc.ainvoke({"name": lc.name, "args": {}, "id": "c1", "type": "tool_call"})
    assert isinstance(msg, ToolMessage)
    if kind == "opaque":
        assert msg.status == "error" and "Opaque" in msg.text and "cannot be sent as JSON" in msg.text
        _no_repr(msg.text)
        return
    assert msg.status == "success"
    if kind in EXPECTED_TEXT:
        assert msg.content == EXPECTED_TEXT[kind]
        if kind == "iterator":
            assert msg.artifact == [1, 2, 3]  # read once: text and value agree
        elif kind == "model":
            assert msg.artifact == CASES["model"]
        elif kind != "nan":
            assert msg.artifact == CASES[kind]
        return
    blocks = msg.content
    assert isinstance(blocks, list)
    if kind == "audio":  # LangChain tool messages take no audio blocks: a placeholder, the value kept
        assert blocks == [{"type": "text", "text": "[audio: audio/wav, 204 bytes]"}]
        assert msg.artifact == CASES["audio"]
        return
    media = [b for b in blocks if b["type"] != "text"]
    assert media and media[0]["type"] == CONTENT_KINDS[kind]
    assert "base64" in media[0] and "data:" not in json.dumps([b for b in blocks if b["type"] == "text"])
    if kind in B64:
        assert media[0]["base64"] == B64[kind]
    if kind == "file":
        assert media[0]["mime_type"] == "application/pdf" and media[0]["extras"] == {"filename": "report.pdf"}
    if kind == "mixed":
        assert blocks[0] == {"type": "text", "text": "a chart:"}
    assert msg.artifact == CASES[kind]  # the application gets exactly what the tool returned


@pytest.mark.anyio
async def test_langchain_custom_model_output_and_omit() -> None:
    from interop.langchain import to_langchain

    lc = to_langchain(_custom(lambda out: f"{out['rows']} rows found"))
    msg = await lc.ainvoke({"name": lc.name, "args": {}, "id": "c1", "type": "tool_call"})
    assert msg.content == "7 rows found" and msg.artifact == {"rows": 7}
    lc = to_langchain(_custom(lambda out: OMIT))
    msg = await lc.ainvoke({"name": lc.name, "args": {}, "id": "c2", "type": "tool_call"})
    assert msg.content == interop.bridge.OMITTED_TEXT and msg.artifact == {"rows": 7}


# --------------------------------------------------------------------------------- pydantic-ai


def _pydantic_ai_run(tool: Any) -> tuple[Any, list[Any]]:
    """A real Agent run with a FunctionModel that calls the tool once; returns the tool's return
    part and every part of the request the model saw after the call."""
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from interop.pydantic_ai import to_pydantic_ai

    native = to_pydantic_ai(tool)
    seen: list[Any] = []

    def model(messages: list[Any], info: Any) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart(native.name, {}, tool_call_id="c1")])
        seen.extend(messages[-1].parts)
        return ModelResponse(parts=[TextPart("done")])

    Agent(FunctionModel(model), tools=[native]).run_sync("go")
    ret = next(p for p in seen if isinstance(p, ToolReturnPart))
    return ret, seen


@pytest.mark.parametrize("kind", list(CASES))
def test_pydantic_ai_results(kind: str) -> None:
    from pydantic_ai import BinaryContent

    ret, parts = _pydantic_ai_run(_tool(kind))
    if kind == "opaque":
        assert ret.outcome == "failed" and "cannot be sent as JSON" in ret.model_response_str()
        _no_repr(ret.model_response_str())
        return
    assert ret.outcome == "success"
    if kind == "text":
        assert ret.model_response_str() == "hello there"
        return
    if kind in EXPECTED_TEXT:  # pydantic-ai serializes the value itself: the same JSON
        assert json.loads(ret.model_response_str()) == json.loads(EXPECTED_TEXT[kind])
        return
    binaries = [c for p in parts for c in _contents(p) if isinstance(c, BinaryContent)]
    assert binaries, parts
    expected = {"bytes": "application/octet-stream", "image": "image/png", "audio": "audio/wav"}
    assert binaries[0].media_type == expected.get(kind, "application/pdf" if kind == "file" else "image/png")
    assert "base64" not in ret.model_response_str()


def _contents(part: Any) -> list[Any]:
    content = getattr(part, "content", None)
    if isinstance(content, list):
        return content
    return [content]


def test_pydantic_ai_custom_output_keeps_the_value_in_metadata() -> None:
    ret, _ = _pydantic_ai_run(_custom(lambda out: f"{out['rows']} rows"))
    assert ret.model_response_str() == "7 rows" and ret.metadata == {"rows": 7}
    ret, _ = _pydantic_ai_run(_custom(lambda out: OMIT))
    assert ret.model_response_str() == interop.bridge.OMITTED_TEXT and ret.metadata == {"rows": 7}


# --------------------------------------------------------------------------------- LlamaIndex


@pytest.mark.anyio
@pytest.mark.parametrize("kind", list(CASES))
async def test_llamaindex_results(kind: str) -> None:
    from llama_index.core.base.llms.types import AudioBlock, DocumentBlock, ImageBlock, TextBlock

    from interop.llamaindex import to_llamaindex

    out = await to_llamaindex(_tool(kind)).acall()
    if kind == "opaque":
        assert out.is_error and "cannot be sent as JSON" in out.content
        _no_repr(out.content)
        return
    assert not out.is_error
    if kind in EXPECTED_TEXT:
        assert [type(b) for b in out.blocks] == [TextBlock] and out.content == EXPECTED_TEXT[kind]
        return
    kinds = {"image": ImageBlock, "audio": AudioBlock, "file": DocumentBlock}
    wanted = kinds.get(CONTENT_KINDS[kind], DocumentBlock)
    assert any(isinstance(b, wanted) for b in out.blocks), out.blocks
    assert "base64" not in out.content


# --------------------------------------------------------------------------------- OpenAI Agents


@pytest.mark.anyio
@pytest.mark.parametrize("kind", list(CASES))
async def test_openai_agents_results(kind: str) -> None:
    from agents.tool import ToolOutputFileContent, ToolOutputImage, ToolOutputText
    from agents.tool_context import ToolContext

    from interop.openai_agents import to_openai_agents

    native = to_openai_agents(_tool(kind))
    ctx = ToolContext(None, tool_name=native.name, tool_call_id="c1", tool_arguments="{}")
    out = await native.on_invoke_tool(ctx, "{}")
    if kind == "opaque":
        assert isinstance(out, str) and "cannot be sent as JSON" in out
        _no_repr(out)
        return
    if kind in EXPECTED_TEXT:
        assert out == EXPECTED_TEXT[kind]
        return
    assert isinstance(out, list)
    items = {type(i) for i in out}
    assert items <= {ToolOutputFileContent, ToolOutputImage, ToolOutputText}
    wanted = ToolOutputImage if CONTENT_KINDS[kind] == "image" else ToolOutputFileContent
    assert wanted in items


# --------------------------------------------------------------------------------- MCP


@pytest.mark.anyio
@pytest.mark.parametrize("kind", list(CASES))
async def test_mcp_results(kind: str) -> None:
    import mcp.types as mt
    from mcp.client.client import Client

    from interop.mcp import build_server

    async with Client(build_server([_tool(kind)])) as client:
        result = await client.call_tool(f"r_{kind}", {})
    texts = [b.text for b in result.content if isinstance(b, mt.TextContent)]
    if kind == "opaque":
        assert result.is_error and "cannot be sent as JSON" in texts[0]
        _no_repr(texts[0])
        return
    assert not result.is_error
    if kind in EXPECTED_TEXT:
        assert texts == [EXPECTED_TEXT[kind]]
        return
    blocks = {b.type for b in result.content}
    wanted = {"image": "image", "audio": "audio", "file": "resource"}[CONTENT_KINDS[kind]]
    assert wanted in blocks
    assert result.structured_content is None
    assert all("base64" not in t for t in texts)


# --------------------------------------------------------------------------------- providers


@pytest.mark.parametrize("kind", ["text", "dict", "image", "file", "audio", "mixed", "subclass", "opaque"])
def test_provider_results(kind: str) -> None:
    from interop.providers import AnthropicToolset, GeminiToolset, OpenAIToolset

    tool = _tool(kind)
    (anthropic,) = AnthropicToolset([tool]).dispatch(
        [{"type": "tool_use", "id": "t1", "name": tool.name, "input": {}}]
    )
    (responses,) = OpenAIToolset([tool], api="responses").dispatch(
        [{"type": "function_call", "call_id": "f1", "name": tool.name, "arguments": "{}"}]
    )
    (chat,) = OpenAIToolset([tool]).dispatch(
        [{"id": "c1", "type": "function", "function": {"name": tool.name, "arguments": "{}"}}]
    )
    (gemini,) = GeminiToolset([tool]).dispatch(
        [{"functionCall": {"name": tool.name, "args": {}, "id": "g1"}}]
    )
    if kind == "opaque":
        assert anthropic["is_error"] and "cannot be sent as JSON" in anthropic["content"]
        assert "error" in gemini["functionResponse"]["response"]
        for text in (anthropic["content"], responses["output"], chat["content"]):
            _no_repr(text)
        return
    if kind in EXPECTED_TEXT:
        assert anthropic["content"] == responses["output"] == chat["content"] == EXPECTED_TEXT[kind]
        return
    # Anthropic: images and PDFs natively, other kinds as a placeholder
    blocks = anthropic["content"]
    kinds = [b["type"] for b in blocks]
    if kind in ("image", "mixed", "subclass"):
        assert "image" in kinds
    elif kind == "file":
        assert "document" in kinds
    else:
        assert kinds == ["text"] and blocks[0]["text"].startswith("[audio: audio/wav")
    # OpenAI Responses: input_image / input_file parts; Chat: text with placeholders only
    parts = {p["type"] for p in responses["output"]}
    assert ("input_image" if kind in ("image", "mixed", "subclass") else "input_file") in parts
    assert (
        isinstance(chat["content"], str)
        and chat["content"].count("[") >= 1
        and "base64" not in chat["content"]
    )
    # Gemini: a multimodal function response with inline data
    fr = gemini["functionResponse"]
    assert fr["parts"] and fr["parts"][0]["inlineData"]["mimeType"] in (
        "image/png",
        "application/pdf",
        "audio/wav",
    )


@pytest.mark.parametrize("shown", ["text", "omit"])
def test_provider_custom_model_output(shown: str) -> None:
    """`with_model_output` decides what every provider's model reads (Gemini's `output` too, which
    otherwise carries the structured value); the structured value stays the application's."""
    from interop.providers import AnthropicToolset, GeminiToolset, OpenAIToolset

    tool = _custom((lambda out: f"{out['rows']} rows found") if shown == "text" else (lambda out: OMIT))
    anthropic_set, gemini_set = AnthropicToolset([tool]), GeminiToolset([tool])
    (anthropic,) = anthropic_set.dispatch([{"type": "tool_use", "id": "t1", "name": tool.name, "input": {}}])
    (chat,) = OpenAIToolset([tool]).dispatch(
        [{"id": "c1", "type": "function", "function": {"name": tool.name, "arguments": "{}"}}]
    )
    (gemini,) = gemini_set.dispatch([{"functionCall": {"name": tool.name, "args": {}, "id": "g1"}}])
    output = gemini["functionResponse"]["response"]["output"]
    assert output == anthropic["content"] == chat["content"]
    assert "rows" not in output or output == "7 rows found"
    if shown == "text":
        assert output == "7 rows found"
    else:
        assert "7" not in output
    (outcome,) = gemini_set.dispatcher.run(
        [interop.providers.ToolCall(id="g2", name=tool.name, arguments={})]
    )
    assert outcome.value == {"rows": 7}
    # an unshaped tool in the same toolset still sends its structured value
    plain = standard_tool(name="r_plain", description="plain", execute=lambda _i: {"rows": 7})
    (_, plain_part) = GeminiToolset([tool, plain]).dispatch(
        [{"functionCall": {"name": n, "args": {}, "id": n}} for n in (tool.name, "r_plain")]
    )
    assert plain_part["functionResponse"]["response"]["output"] == {"rows": 7}
