"""Memory: a tool returning a 5 MB image, on every path: how many copies of the image each makes.

For each path, tracemalloc's peak of memory allocated during one call (the image itself is made
before the measurement starts), counted in copies of the payload that path must produce: the raw
bytes (1 copy = 5 MB) where the framework carries bytes (pydantic-ai `BinaryContent`, the neutral
call), the base64 text (1 copy = 6.7 MB) where it carries base64 (LangChain blocks, LlamaIndex
blocks, OpenAI Agents data URLs, MCP, OpenAI and Anthropic payloads). Target: at most two copies
(encoding base64 text in Python needs the encoder's bytes and the text). The baseline column is
the same image returned by a tool written natively for the framework, the framework's own way
(where one exists): a path over two copies meets its target only when the framework's own tool
makes as many (LlamaIndex's `ImageBlock`, the OpenAI Agents SDK's `ToolOutputImage` and the MCP
SDK's in-memory transport copy the base64 text themselves).
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interop
from interop import Image, tool

TARGET = 2.0
SIZE = 5 * 1024 * 1024
IMAGE = Image(b"\x89PNG\r\n\x1a\n" + bytes(SIZE - 8), "image/png")


@tool
def screenshot() -> Image:
    """A 5 MB screenshot."""
    return IMAGE


def _peak(run: Callable[[], Any]) -> float:
    """Peak bytes allocated while `run()` runs and its result is alive."""
    run()  # warm: imports, caches, lazily built validators
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    result = run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del result
    return float(peak - before)


def _neutral() -> Any:
    return interop.call(screenshot, {})


def _langchain() -> Callable[[], Any]:
    from interop.langchain import to_langchain

    lc = to_langchain(screenshot)
    return lambda: lc.invoke({"type": "tool_call", "name": "screenshot", "args": {}, "id": "1"})


def _llamaindex() -> Callable[[], Any]:
    from interop.llamaindex import to_llamaindex

    li = to_llamaindex(screenshot)
    return lambda: li.call()


def _on_invoke(oa_tool: Any) -> Callable[[], Any]:
    """An OpenAI Agents tool called as the Runner calls it (`on_invoke_tool`, no arguments)."""
    from agents.tool_context import ToolContext

    def run() -> Any:
        ctx = ToolContext(context=None, tool_name="screenshot", tool_call_id="1", tool_arguments="{}")
        return asyncio.run(oa_tool.on_invoke_tool(ctx, "{}"))

    return run


def _screenshot_model() -> Any:
    """A scripted pydantic-ai model: one screenshot call, then an answer."""
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    def model(messages: Any, info: Any) -> ModelResponse:
        if any(isinstance(p, ToolReturnPart) for p in messages[-1].parts):
            return ModelResponse(parts=[TextPart("seen")])
        return ModelResponse(parts=[ToolCallPart("screenshot", {}, tool_call_id="1")])

    return FunctionModel(model)


def _openai_agents() -> Callable[[], Any]:
    from interop.openai_agents import to_openai_agents

    return _on_invoke(to_openai_agents(screenshot))


def _pydantic_ai() -> Callable[[], Any]:
    from pydantic_ai import Agent

    from interop.pydantic_ai import to_pydantic_ai

    agent = Agent(_screenshot_model(), tools=[to_pydantic_ai(screenshot)])
    return lambda: agent.run_sync("look")


def _mcp() -> Callable[[], Any]:
    from mcp.client.client import Client

    from interop.mcp import build_server

    server = build_server([screenshot])

    async def call() -> Any:
        async with Client(server) as client:
            return await client.call_tool("screenshot", {})

    return lambda: asyncio.run(call())


def _openai_responses() -> Callable[[], Any]:
    from interop.providers import OpenAIToolset

    toolset = OpenAIToolset([screenshot], api="responses")
    response = {
        "output": [{"type": "function_call", "call_id": "1", "name": "screenshot", "arguments": "{}"}]
    }
    return lambda: toolset.dispatch(response)


def _anthropic() -> Callable[[], Any]:
    from interop.providers import AnthropicToolset

    toolset = AnthropicToolset([screenshot])
    message = {"content": [{"type": "tool_use", "id": "1", "name": "screenshot", "input": {}}]}
    return lambda: toolset.dispatch(message)


# ------------------------------------------------------------------ the same image, natively


def _native_langchain() -> Callable[[], Any]:
    import base64

    from langchain_core.tools import tool as lc_tool

    @lc_tool(response_format="content_and_artifact")
    def screenshot() -> Any:
        """A 5 MB screenshot."""
        block = {"type": "image", "base64": base64.b64encode(IMAGE.data).decode(), "mime_type": "image/png"}
        return [block], IMAGE.data

    return lambda: screenshot.invoke({"type": "tool_call", "name": "screenshot", "args": {}, "id": "1"})


def _native_llamaindex() -> Callable[[], Any]:
    from llama_index.core.base.llms.types import ImageBlock
    from llama_index.core.tools import ToolOutput

    return lambda: ToolOutput(
        tool_name="screenshot",
        blocks=[ImageBlock(image=IMAGE.data, image_mimetype="image/png")],
        raw_input={},
        raw_output=IMAGE.data,
    )


def _native_openai_agents() -> Callable[[], Any]:
    import base64

    from agents import ToolOutputImage, function_tool

    @function_tool
    def screenshot() -> Any:
        """A 5 MB screenshot."""
        return ToolOutputImage(image_url="data:image/png;base64," + base64.b64encode(IMAGE.data).decode())

    return _on_invoke(screenshot)


def _native_pydantic_ai() -> Callable[[], Any]:
    from pydantic_ai import Agent, BinaryContent

    agent = Agent(_screenshot_model())

    @agent.tool_plain
    def screenshot() -> Any:
        """A 5 MB screenshot."""
        return BinaryContent(data=IMAGE.data, media_type="image/png")

    return lambda: agent.run_sync("look")


def _native_mcp() -> Callable[[], Any]:
    import base64

    import mcp.types as mt
    from mcp.client.client import Client
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("bench", log_level="WARNING")

    @server.tool()
    def screenshot() -> Any:
        """A 5 MB screenshot."""
        return [
            mt.ImageContent(type="image", data=base64.b64encode(IMAGE.data).decode(), mime_type="image/png")
        ]

    async def call() -> Any:
        async with Client(server) as client:
            return await client.call_tool("screenshot", {})

    return lambda: asyncio.run(call())


def _hand_written(encode: Callable[[], Any]) -> Callable[[], Callable[[], Any]]:
    """What a hand-written provider loop does: encode the image into the API's payload."""
    return lambda: encode


def _b64() -> str:
    import base64

    return base64.b64encode(IMAGE.data).decode()


B64 = 4 / 3
PATHS: dict[str, tuple[Callable[[], Callable[[], Any]], Callable[[], Callable[[], Any]] | None, float]] = {
    "interop.call": (lambda: _neutral, None, 1.0),
    "LangChain invoke (image block, base64)": (_langchain, _native_langchain, B64),
    "pydantic-ai agent run (BinaryContent)": (_pydantic_ai, _native_pydantic_ai, 1.0),
    "LlamaIndex call (ImageBlock)": (_llamaindex, _native_llamaindex, B64),
    "OpenAI Agents on_invoke_tool (ToolOutputImage)": (_openai_agents, _native_openai_agents, B64),
    "MCP in-process call (ImageContent)": (_mcp, _native_mcp, B64),
    "OpenAI Responses dispatch (input_image)": (
        _openai_responses,
        _hand_written(lambda: {"type": "input_image", "image_url": "data:image/png;base64," + _b64()}),
        B64,
    ),
    "Anthropic dispatch (image block)": (
        _anthropic,
        _hand_written(lambda: {"type": "image", "source": {"type": "base64", "data": _b64()}}),
        B64,
    ),
}


def run() -> list[dict[str, Any]]:
    rows = []
    for name, (make, make_native, unit) in PATHS.items():
        try:
            ours = _peak(make())
            native = _peak(make_native()) if make_native is not None else None
        except ImportError as e:  # a framework not installed: say so, no row
            print(f"  skipped {name}: {e}", file=sys.stderr)
            continue
        copy = SIZE * unit
        note = f"peak {ours / 1e6:.1f} MB"
        if native is not None:
            note += f"; native tool: {native / copy:.2f} copies ({native / 1e6:.1f} MB)"
        rows.append(
            {
                "name": f"5 MB image result, copies made: {name}",
                # copies to 0.01 (a few KB of message objects around the payload are not a copy)
                "baseline": round(native / copy, 2) if native is not None else 0.0,
                "ours": round(ours / copy, 2),
                "ratio": round(ours / copy, 2),
                # two copies, or what the framework's own tool makes when it makes more
                "target": max(TARGET, round(native / copy, 2) if native is not None else 0.0),
                "unit": "copies",
                "note": note,
            }
        )
    return rows


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
