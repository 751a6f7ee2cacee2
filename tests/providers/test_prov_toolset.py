"""`interop.ToolSet` where the providers' toolsets take a list of tools (issue 37 item 2): the
Dispatcher prepares each tool as every `to_X` does, duplicates raise `ToolNameError`, and the set's
own options (approval, errors, threaded) apply unless the toolset is given them; with the real
`openai` client over a scripted local transport."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from prov_tools import Deps, get_weather
from provider_clients import chat_completion, openai_client

import interop
from interop.errors import ApprovalRequiredError, ToolNameError
from interop.providers import AnthropicToolset, GeminiToolset, OpenAIToolset


@interop.tool(meta={"requires_approval": True})
def wipe(path: str) -> str:
    """Delete a path."""
    return f"wiped {path}"


@interop.tool
def boom(x: int) -> int:
    """Always fails."""
    raise RuntimeError(f"secret detail {x}")


def _client(turns: list[dict[str, Any]], seen: list[dict[str, Any]]) -> openai.OpenAI:
    """The real client, answering the n-th request with `turns[n - 1]` as a chat completion."""
    client: openai.OpenAI = openai_client(lambda _body, n: chat_completion(turns[n - 1]), seen)
    return client


def _tc(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


def test_a_toolset_in_the_openai_loop_brings_its_approval_and_errors() -> None:
    asked: list[str] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input["path"])
        return request.input["path"] != "/"

    tools = interop.ToolSet(
        [get_weather, wipe, boom], approval=approve, errors=lambda e: f"failed: {type(e).__name__}"
    )
    with pytest.raises(ApprovalRequiredError):  # a plain list of the same tools: nobody to ask
        OpenAIToolset(list(tools))
    toolset = OpenAIToolset(tools)
    seen: list[dict[str, Any]] = []
    client = _client(
        [
            {
                "tool_calls": [
                    _tc("c1", "wipe", {"path": "/tmp/x"}),
                    _tc("c2", "wipe", {"path": "/"}),
                    _tc("c3", "boom", {"x": 7}),
                    _tc("c4", "get_weather", {"city": "Lima"}),
                ]
            },
            {"content": "done"},
        ],
        seen,
    )
    messages: list[Any] = [{"role": "user", "content": "go"}]
    completion = client.chat.completions.create(model="gpt-test", messages=messages, tools=toolset.tools)
    messages += [completion.choices[0].message.model_dump(exclude_none=True)]
    messages += toolset.dispatch(completion, context=Deps(user="ada"))
    final = client.chat.completions.create(model="gpt-test", messages=messages, tools=toolset.tools)
    assert final.choices[0].message.content == "done"
    sent = {m["tool_call_id"]: m["content"] for m in seen[1]["messages"] if m["role"] == "tool"}
    assert sent["c1"] == "wiped /tmp/x"
    assert "was not approved" in sent["c2"]
    assert sent["c3"] == "failed: RuntimeError"  # the set's errors= function, not the secret
    assert json.loads(sent["c4"])["user"] == "ada"
    assert sorted(asked) == ["/", "/tmp/x"]
    # the toolset's own options win over the set's
    strict_errors = OpenAIToolset(tools, errors="masked")
    out = strict_errors.dispatch([_tc("m1", "boom", {"x": 1})])
    assert "internal error" in out[0]["content"] and "secret" not in out[0]["content"]


@pytest.mark.parametrize("toolset", [OpenAIToolset, AnthropicToolset, GeminiToolset])
def test_duplicates_raise_tool_name_error_for_a_list_and_a_set(toolset: Any) -> None:
    with pytest.raises(ToolNameError):
        toolset([get_weather, get_weather])
    with pytest.raises(ToolNameError):  # two names that only collide after the rename
        toolset(interop.ToolSet([get_weather, boom]), rename={"boom": "get_weather"})
    with pytest.raises(ToolNameError):  # the name rule, checked as every to_X checks it
        toolset(interop.ToolSet([boom]), rename="bad name!")
    made = toolset(interop.ToolSet([get_weather, boom]).prefix("x_"))
    assert list(made.dispatcher.entries) == ["x_get_weather", "x_boom"]
