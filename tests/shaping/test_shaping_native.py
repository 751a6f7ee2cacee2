"""The shaping meta keys mapped to each target's native fields, checked where the field is sent:
the raw `anthropic` and `openai` SDKs over mock transports, `google-genai`'s own types, a real
pydantic-ai run with its native tool search, and MCP listings (round trips read them back)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from provider_clients import (
    anthropic_client,
    anthropic_message,
    chat_completion,
    chat_tool_call,
    openai_client,
    response,
)

import interop
from interop import call

CALLS: list[str] = []


@interop.tool(meta={"read_only": True})
def list_repos(owner: str) -> list[str]:
    """List the repositories of an owner."""
    return [f"{owner}/app"]


@interop.tool(
    meta={
        "group": "github",
        "tags": ["admin"],
        "defer_loading": True,
        "callers": ["direct", "code_execution_20250825"],
        "input_examples": [{"repo": "acme/old-site"}, {"repo": "acme/legacy", "reason": "replaced by v2"}],
        "provider_options": {
            "anthropic": {"cache_control": {"type": "ephemeral"}},
            "openai": {"output_schema": {"type": "string"}},
            "gemini": {"behavior": "NON_BLOCKING"},
        },
    }
)
def archive_repo(repo: str, reason: str = "") -> str:
    """Archive a repository (it becomes read-only)."""
    CALLS.append(repo)
    return f"archived {repo}"


TOOLS = [list_repos, archive_repo]


@pytest.fixture(autouse=True)
def _clear() -> None:
    CALLS.clear()


def test_anthropic_descriptors_and_a_tool_search_turn_with_the_sdk() -> None:
    from interop.providers import AnthropicToolset, to_anthropic_tool

    toolset = AnthropicToolset(TOOLS)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:  # the server searched, found the deferred tool, and the model called it
            return anthropic_message(
                [
                    {
                        "type": "server_tool_use",
                        "id": "srv1",
                        "name": "tool_search_tool_bm25",
                        "input": {"query": "archive"},
                    },
                    {
                        "type": "tool_search_tool_result",
                        "tool_use_id": "srv1",
                        "content": {
                            "type": "tool_search_tool_search_result",
                            "tool_references": [{"type": "tool_reference", "tool_name": "archive_repo"}],
                        },
                    },
                    {"type": "tool_use", "id": "tu1", "name": "archive_repo", "input": {"repo": "acme/site"}},
                ]
            )
        return anthropic_message([{"type": "text", "text": "done"}])

    client = anthropic_client(script, seen)
    messages: list[Any] = [{"role": "user", "content": "archive acme/site"}]
    message = client.messages.create(
        model="claude-test", max_tokens=100, messages=messages, tools=toolset.tools
    )
    assert [b.type for b in message.content] == ["server_tool_use", "tool_search_tool_result", "tool_use"]
    results = toolset.dispatch(message)
    assert results == [{"type": "tool_result", "tool_use_id": "tu1", "content": "archived acme/site"}]
    messages += [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in message.content]},
        {"role": "user", "content": results},
    ]
    final = client.messages.create(
        model="claude-test", max_tokens=100, messages=messages, tools=toolset.tools
    )
    assert final.content[0].text == "done" and CALLS == ["acme/site"]

    sent = {t["name"]: t for t in seen[0]["tools"]}
    assert set(sent) == {"list_repos", "archive_repo", "tool_search_tool_bm25"}
    assert sent["tool_search_tool_bm25"] == {
        "type": "tool_search_tool_bm25_20251119",
        "name": "tool_search_tool_bm25",
    }
    archive = sent["archive_repo"]
    assert archive["defer_loading"] is True
    assert archive["allowed_callers"] == ["direct", "code_execution_20250825"]
    assert archive["input_examples"] == [
        {"repo": "acme/old-site"},
        {"repo": "acme/legacy", "reason": "replaced by v2"},
    ]
    assert archive["cache_control"] == {"type": "ephemeral"}
    assert "output_schema" not in archive and "behavior" not in archive  # other providers' options stay home
    assert not {"defer_loading", "allowed_callers", "input_examples"} & set(sent["list_repos"])
    assert seen[1]["messages"][1]["content"][0]["type"] == "server_tool_use"  # history went back intact
    assert "tool_search_tool_bm25" not in str(
        AnthropicToolset([list_repos]).tools
    )  # nothing deferred: no search tool
    assert "tool_search" not in str(AnthropicToolset(TOOLS, tool_search=None).tools)
    assert AnthropicToolset(TOOLS, tool_search="regex").tools[-1]["name"] == "tool_search_tool_regex"
    assert to_anthropic_tool(archive_repo) == archive


def test_openai_responses_defer_loading_and_hosted_tool_search_with_the_sdk() -> None:
    from interop.providers import OpenAIToolset

    toolset = OpenAIToolset(TOOLS, api="responses")
    seen: list[dict[str, Any]] = []
    found = {"type": "function", "name": "archive_repo", "parameters": {"type": "object"}, "strict": False}

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        return response(
            [
                {
                    "type": "tool_search_call",
                    "id": "ts1",
                    "arguments": {"query": "archive"},
                    "execution": "server",
                    "status": "completed",
                },
                {
                    "type": "tool_search_output",
                    "id": "tso1",
                    "execution": "server",
                    "status": "completed",
                    "tools": [found],
                },
                {
                    "type": "function_call",
                    "id": "fc1",
                    "call_id": "call_1",
                    "name": "archive_repo",
                    "arguments": json.dumps({"repo": "acme/x"}),
                    "status": "completed",
                },
            ]
        )

    client = openai_client(script, seen)
    result = client.responses.create(model="gpt-test", input="archive acme/x", tools=toolset.tools)
    assert [item.type for item in result.output] == [
        "tool_search_call",
        "tool_search_output",
        "function_call",
    ]
    assert toolset.dispatch(result) == [
        {"type": "function_call_output", "call_id": "call_1", "output": "archived acme/x"}
    ]
    tools = seen[0]["tools"]
    assert tools[-1] == {"type": "tool_search"}
    archive = next(t for t in tools if t.get("name") == "archive_repo")
    assert archive["defer_loading"] is True and archive["output_schema"] == {"type": "string"}
    assert "defer_loading" not in next(t for t in tools if t.get("name") == "list_repos")
    assert {"type": "tool_search"} not in OpenAIToolset(TOOLS, api="responses", tool_search=False).tools


def test_openai_chat_has_no_deferred_loading_but_gets_the_options() -> None:
    from interop.providers import OpenAIToolset, to_openai_chat_tool

    toolset = OpenAIToolset(TOOLS)
    seen: list[dict[str, Any]] = []
    client = openai_client(
        lambda body, n: chat_completion(
            {"tool_calls": [chat_tool_call("c1", "archive_repo", {"repo": "r"})]}
        ),
        seen,
    )
    completion = client.chat.completions.create(
        model="gpt-test", messages=[{"role": "user", "content": "go"}], tools=toolset.tools
    )
    assert toolset.dispatch(completion)[0]["content"] == "archived r"
    fn = seen[0]["tools"][1]["function"]
    assert "defer_loading" not in fn and fn["output_schema"] == {"type": "string"}
    assert len(seen[0]["tools"]) == 2  # no tool search tool: Chat Completions has none
    assert to_openai_chat_tool(archive_repo)["function"] == fn


def test_gemini_provider_options_with_google_genai_types() -> None:
    from google.genai import types

    from interop.providers import to_gemini_function_declaration

    declaration = to_gemini_function_declaration(archive_repo)
    assert declaration["behavior"] == "NON_BLOCKING"
    parsed = types.FunctionDeclaration.model_validate(declaration)
    assert parsed.behavior == types.Behavior.NON_BLOCKING and parsed.name == "archive_repo"


def test_pydantic_ai_defer_loading_with_its_native_tool_search() -> None:
    from pydantic_ai import Agent, Tool
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from interop.pydantic_ai import from_pydantic_ai, to_pydantic_ai

    natives = [to_pydantic_ai(t) for t in TOOLS]
    assert [t.defer_loading for t in natives] == [False, True]
    assert from_pydantic_ai(natives[1]) is archive_repo

    def other(repo: str) -> str:
        """Delete a repository."""
        return repo

    back = from_pydantic_ai(Tool(other, defer_loading=True))
    assert back.meta["defer_loading"] is True

    seen: list[list[str]] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append([t.name for t in info.function_tools])
        if len(seen) == 1:
            return ModelResponse(
                parts=[ToolCallPart("search_tools", {"queries": ["archive repository"]}, tool_call_id="s1")]
            )
        if len(seen) == 2:
            return ModelResponse(parts=[ToolCallPart("archive_repo", {"repo": "acme/y"}, tool_call_id="a1")])
        return ModelResponse(parts=[TextPart("done")])

    result = Agent(FunctionModel(model), tools=natives).run_sync("archive acme/y")
    assert "archive_repo" not in seen[0] and "archive_repo" in seen[1]  # hidden until the search found it
    assert CALLS == ["acme/y"]
    assert any(
        isinstance(p, ToolReturnPart) and p.content == "archived acme/y"
        for m in result.all_messages()
        for p in m.parts
    )


@pytest.mark.anyio
async def test_mcp_carries_group_tags_examples_and_reads_fastmcp_tags() -> None:
    import mcp.types as mt
    from mcp import Client

    from interop.mcp import META_KEY, build_server, mcp_tools, to_mcp
    from interop.mcp._descriptor import meta_from_mcp

    descriptor = to_mcp(archive_repo)
    ours = descriptor.meta[META_KEY]
    assert ours["group"] == "github" and ours["tags"] == ["admin"] and ours["defer_loading"] is True
    assert ours["input_examples"] == archive_repo.meta["input_examples"]
    async with Client(build_server(TOOLS)) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert listed["archive_repo"].meta == descriptor.meta
    async with mcp_tools(build_server(TOOLS)) as consumed:
        # a remote server's provider_options keep only the hints it may set (issue 38, item 13):
        # openai's output_schema (a schema) stays the tool author's, on this side of the wire
        expected = {**archive_repo.meta, "provider_options": dict(archive_repo.meta["provider_options"])}
        del expected["provider_options"]["openai"]
        assert consumed[1].meta == expected
        assert await interop.acall(consumed[1], {"repo": "r2"}) == "archived r2"

    schema = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    fast = mt.Tool(name="f", input_schema=schema, _meta={"fastmcp": {"tags": ["search", "web"]}})
    legacy = mt.Tool(name="g", input_schema=schema, _meta={"_fastmcp": {"tags": ["x"]}})
    assert meta_from_mcp(fast) == {"fastmcp": {"tags": ["search", "web"]}, "tags": ["search", "web"]}
    assert meta_from_mcp(legacy)["tags"] == ["x"]
    bad = mt.Tool(
        name="h", input_schema=schema, _meta={META_KEY: {"input_examples": [{"q": 1}], "group": "g"}}
    )
    assert meta_from_mcp(bad) == {"group": "g"}  # examples the schema refuses are dropped, not fatal
    assert call(archive_repo, {"repo": "local"}) == "archived local"
