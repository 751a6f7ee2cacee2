"""Against the reference MCP servers and client from npm (`make mcp-npm`): the "everything" server's
task-only tool driven as a task (its clarifying question answered on the way), its content kinds
(text + image + text, resource links, an embedded text resource, structured content) and its
-32042 URL elicitation through the real loops of LangChain, pydantic-ai, LlamaIndex and OpenAI
Agents with scripted models, and MCP Inspector 2.12's CLI listing and calling a tool we serve as a
task."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from reference_servers import everything, inspector_cli
from scripted_rounds import llamaindex_round, pydantic_ai_round

import interop
from interop.mcp import ElicitationRequest, build_server, mcp_tools

pytestmark = pytest.mark.anyio

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

TASK_SERVER = '''
import asyncio, interop
from interop.mcp import serve

@interop.tool(meta={"task": True})
async def count(n: int) -> dict:
    """Count slowly."""
    for i in range(n):
        interop.progress(i + 1, n, "counting")
        await asyncio.sleep(0.02)
    return {"counted": n}

serve([count])
'''


async def test_everything_server_task_tool_runs_as_a_task_and_asks_its_question() -> None:
    asked: list[ElicitationRequest] = []

    def answer(request: ElicitationRequest) -> dict[str, str]:
        asked.append(request)
        return {"interpretation": "snake"}

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is left out
        async with mcp_tools(everything(), elicitation=answer) as tools:
            by_name = {t.name: t for t in tools}
            research = by_name["simulate-research-query"]
            assert research.meta["mcp_execution"] == {"taskSupport": "required"}
            report = await interop.acall(research, {"topic": "python", "ambiguous": True})
            assert await interop.acall(by_name["get-sum"], {"a": 2, "b": 3}) is not None  # the others work
    (question,) = asked
    assert "python" in question.message and "interpretation" in question.requested_schema["properties"]
    assert isinstance(report, str) and "# Research Report: python (snake)" in report


async def test_everything_server_skip_warns_naming_the_tool() -> None:
    with pytest.warns(UserWarning, match="'simulate-research-query' runs only as a task and is left out"):
        async with mcp_tools(everything(), task_required="skip") as tools:
            names = {t.name for t in tools}
    assert "simulate-research-query" not in names and "echo" in names


def _inspector(tmp_path: Path, script: Path, *args: str) -> object:
    run = subprocess.run(
        [*inspector_cli(), "--cli", sys.executable, str(script), *args],
        capture_output=True, text=True, timeout=90, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_inspector_cli_lists_and_calls_a_served_task_tool(tmp_path: Path) -> None:
    script = tmp_path / "task_server.py"
    script.write_text(TASK_SERVER)
    listed = _inspector(tmp_path, script, "--method", "tools/list")
    (tool,) = listed["tools"]  # type: ignore[index]
    assert tool["name"] == "count" and tool["execution"] == {"taskSupport": "required"}
    called = _inspector(
        tmp_path, script, "--method", "tools/call", "--tool-name", "count", "--tool-arg", "n=3"
    )
    assert called["structuredContent"] == {"counted": 3} and not called["isError"]  # type: ignore[index]
    assert "io.modelcontextprotocol/related-task" in called["_meta"]  # answered through tasks/result


# ---------------------------------------- the "everything" server's content and failures, four loops

CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "image": ("get-tiny-image", {}),
    "links": ("get-resource-links", {"count": 2}),
    "reference": ("get-resource-reference", {"resourceType": "Text", "resourceId": 1}),
    "weather": ("get-structured-content", {"location": "New York"}),
    "url": ("trigger-url-elicitation", {"url": "https://example.com/x", "errorPath": True}),  # -32042
}
LINK_LINE = "Blob Resource 1: demo://resource/dynamic/blob/1 (text/plain)"
PLAIN = "This is a plaintext resource"
PRETEXT = "The image above is the MCP logo."
PROVIDER_URL = "https://modelcontextprotocol.io"  # the URL in the server's -32042 error


def check_texts(links: str, reference: str, weather: str, url: str) -> None:
    """What the model reads for the text-shaped results, whatever the framework."""
    assert links.startswith("Here are 2 resource links") and LINK_LINE in links
    assert PLAIN in reference and "demo://resource/dynamic/text/1" in reference  # its text, not base64
    assert json.loads(weather) == {"temperature": 33, "conditions": "Cloudy", "humidity": 82}
    assert "'trigger-url-elicitation'" in url and PROVIDER_URL in url  # the user's page, for the model


async def test_everything_server_in_langchain_loop() -> None:
    pytest.importorskip("interop.langchain")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from interop.langchain import to_langchain

    class ScriptedChat(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kw: Any) -> Any:
            return self.bind(tools=[convert_to_openai_tool(t) for t in tools])

    calls = [{"name": n, "args": a, "id": i, "type": "tool_call"} for i, (n, a) in CALLS.items()]
    model = ScriptedChat(messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="done")]))
    async with mcp_tools(everything()) as tools:
        agent = create_agent(model, [to_langchain(t) for t in tools])
        out = await agent.ainvoke({"messages": [HumanMessage("go")]})
    seen = {m.tool_call_id: m for m in out["messages"] if isinstance(m, ToolMessage)}
    assert out["messages"][-1].content == "done" and seen["url"].status == "error"
    caption, image, after = seen["image"].content
    assert caption["type"] == "text" and after == {"type": "text", "text": PRETEXT}
    assert image["type"] == "image" and base64.b64decode(image["base64"]).startswith(PNG_MAGIC)
    assert seen["weather"].artifact == json.loads(str(seen["weather"].content))  # the value, for the app
    check_texts(*(str(seen[i].content) for i in ("links", "reference", "weather", "url")))


async def test_everything_server_in_pydantic_ai_loop() -> None:
    pytest.importorskip("interop.pydantic_ai")
    from pydantic_ai import BinaryContent

    async with mcp_tools(everything()) as tools:
        seen, output = await pydantic_ai_round(tools, CALLS, "done", retries=2)
    assert output == "done"
    caption, image, after = seen["image"].content
    assert caption == "Here's the image you requested:" and after == PRETEXT
    assert isinstance(image, BinaryContent) and image.data.startswith(PNG_MAGIC)
    assert seen["weather"].metadata == {"temperature": 33, "conditions": "Cloudy", "humidity": 82}
    check_texts(*(seen[i].model_response_str() for i in ("links", "reference", "weather", "url")))


async def test_everything_server_in_llamaindex_loop() -> None:
    pytest.importorskip("interop.llamaindex")
    from llama_index.core.base.llms.types import ImageBlock, TextBlock

    async with mcp_tools(everything()) as tools:
        results, tool_messages, response = await llamaindex_round(tools, CALLS, "done")
    assert response == "done"
    assert results["url"].is_error and not results["image"].is_error
    sent = {m.additional_kwargs["tool_call_id"]: m for m in tool_messages}
    assert [type(b) for b in sent["image"].blocks] == [TextBlock, ImageBlock, TextBlock]
    assert sent["image"].blocks[1].resolve_image().read().startswith(PNG_MAGIC)
    check_texts(*(str(sent[i].content) for i in ("links", "reference", "weather", "url")))


async def test_everything_server_in_openai_agents_run() -> None:
    pytest.importorskip("interop.openai_agents")
    from agents import Agent, Runner
    from agents.testing import ScriptedModel, assistant_message, function_call
    from agents.tracing import set_tracing_disabled

    from interop.openai_agents import to_openai_agents

    set_tracing_disabled(True)
    model = ScriptedModel([[function_call(n, a, call_id=i) for i, (n, a) in CALLS.items()], [assistant_message("done")]])
    async with mcp_tools(everything()) as tools:
        result = await Runner.run(Agent(name="a", model=model, tools=[to_openai_agents(t) for t in tools]), "go")
    assert result.final_output == "done"
    outputs = {
        i["call_id"]: i["output"]
        for i in model.calls[1].input
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    }
    caption, image, after = outputs["image"]
    assert caption["type"] == "input_text" and after == {"type": "input_text", "text": PRETEXT}
    assert image["type"] == "input_image" and image["image_url"].startswith("data:image/png;base64,")
    check_texts(*(str(outputs[i]) for i in ("links", "reference", "weather", "url")))


async def test_everything_server_url_elicitation_error_reaches_the_callback_like_an_in_band_one() -> None:
    """The server's -32042 (URL elicitation required, `errorPath`) hands its URL to the callback;
    the call is sent again and the server asks in band (URL mode): the same callback, the same shape."""
    asked: list[ElicitationRequest] = []

    def user(request: ElicitationRequest) -> bool:
        asked.append(request)
        return True

    async with mcp_tools(everything(), elicitation=user) as tools:
        url_tool = {t.name: t for t in tools}["trigger-url-elicitation"]
        args = {"url": "https://example.com/link", "message": "Link it", "errorPath": True}
        result = await interop.acall(url_tool, args)
    by_error, in_band = asked
    assert by_error.url == PROVIDER_URL and not by_error.is_approval
    assert (in_band.url, in_band.message) == ("https://example.com/link", "Link it") and not in_band.is_approval
    assert "User completed the URL elicitation flow" in str(result)


async def test_everything_server_progress_passes_through_a_proxy() -> None:
    """The server's `trigger-long-running-operation` reports progress; consumed and served again,
    the proxy's caller sees each step."""
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    async with mcp_tools(everything()) as tools:
        async with Client(build_server(tools)) as proxy:
            args = {"duration": 0.3, "steps": 3}
            r = await proxy.call_tool("trigger-long-running-operation", args, progress_callback=on_progress)
    assert "Long running operation completed" in r.content[0].text
    assert seen == [(1, 3), (2, 3), (3, 3)]
