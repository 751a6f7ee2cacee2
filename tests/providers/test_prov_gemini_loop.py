"""The real `google-genai` client against a scripted local transport: functionCall -> functionResponse."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from genai_kit import gemini_400_on_ref
from google import genai
from google.genai import types
from prov_tools import TOOLS, Deps, get_weather, ping, place_order
from schema_corpus import doubling_schema

from interop import standard_tool
from interop.errors import SchemaConversionError, ToolNameError
from interop.providers import GeminiToolset, to_gemini_function_declaration

Script = Callable[[dict[str, Any], int], dict[str, Any]]


def _client(script: Script, seen: list[dict[str, Any]]) -> genai.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        seen.append(body)
        return httpx.Response(200, json=script(body, len(seen)))

    options = types.HttpOptions(
        base_url="http://127.0.0.1:9", httpx_client=httpx.Client(transport=httpx.MockTransport(handler))
    )
    return genai.Client(api_key="test-key", http_options=options)


def _reply(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP"}]}


def _responses(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    last = body["contents"][-1]
    return {p["functionResponse"]["id"]: p["functionResponse"] for p in last["parts"]}


def _sent_declarations(body: dict[str, Any]) -> list[dict[str, Any]]:
    return body["tools"][0]["functionDeclarations"]


def _same(sent: dict[str, Any], ours: dict[str, Any]) -> bool:
    """The SDK re-serializes `Schema`; both sides parse to the same FunctionDeclaration."""
    return types.FunctionDeclaration.model_validate(sent) == types.FunctionDeclaration.model_validate(ours)


def _loop(client: genai.Client, toolset: GeminiToolset, deps: Deps, turns: int = 4) -> str:
    contents: list[Any] = [{"role": "user", "parts": [{"text": "go"}]}]
    config = types.GenerateContentConfig(
        tools=toolset.tools, automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True)
    )  # type: ignore[arg-type]
    for _ in range(turns):
        response = client.models.generate_content(model="gemini-test", contents=contents, config=config)
        if not response.function_calls:
            return response.text or ""
        assert response.candidates and response.candidates[0].content
        contents.append(response.candidates[0].content)
        contents.append({"role": "user", "parts": toolset.dispatch(response, context=deps)})
    raise AssertionError("the loop did not finish")


@pytest.mark.parametrize("mode", ["parameters", "parameters_json_schema"])
def test_gemini_loop(mode: Any) -> None:
    toolset = GeminiToolset(TOOLS, mode=mode)
    seen: list[dict[str, Any]] = []

    def script(body: dict[str, Any], n: int) -> dict[str, Any]:
        if n == 1:
            return _reply(
                {
                    "functionCall": {
                        "id": "g1",
                        "name": "get_weather",
                        "args": {"city": "Paris", "units": "f"},
                    }
                },
                {
                    "functionCall": {
                        "id": "g2",
                        "name": "place_order",
                        "args": {"lines": [{"sku": "a", "qty": 0}]},
                    }
                },
                {"functionCall": {"id": "g3", "name": "ping"}},
            )
        if n == 2:
            got = _responses(body)
            assert got["g1"]["response"] == {
                "output": {"city": "Paris", "temp": 70, "days": None, "user": "ada"}
            }
            assert "lines.0.qty" in got["g2"]["response"]["error"] and got["g2"]["name"] == "place_order"
            assert got["g3"]["response"] == {"output": "pong"}
            return _reply(
                {
                    "functionCall": {
                        "id": "g4",
                        "name": "place_order",
                        "args": {"lines": [{"sku": "a", "qty": 5}]},
                    }
                }
            )
        return _reply({"text": "ok: " + _responses(body)["g4"]["response"]["output"]})

    deps = Deps(user="ada")
    assert _loop(_client(script, seen), toolset, deps) == "ok: order of 5 items for ada"
    sent = _sent_declarations(seen[0])
    assert len(sent) == len(toolset.declarations) == 3
    assert all(_same(s, o) for s, o in zip(sent, toolset.declarations, strict=True))
    assert toolset.declarations == [to_gemini_function_declaration(t, mode=mode) for t in TOOLS]
    key = "parameters" if mode == "parameters" else "parametersJsonSchema"
    assert key in toolset.declarations[0] and key not in toolset.declarations[2]  # ping has no arguments
    if mode == "parameters_json_schema":  # passed through verbatim
        assert sent[1]["parameters_json_schema"] == toolset.declarations[1]["parametersJsonSchema"]
    else:
        units = sent[0]["parameters"]["properties"]["units"]
        assert (units["type"], units["enum"], units["description"]) == (
            "STRING",
            ["c", "f"],
            "Temperature units.",
        )
    assert [s for s in deps.seen if s[0] == "place_order"] == [
        ("place_order", [{"sku": "a", "qty": 5, "note": None, "gift": False}], False)
    ]


@pytest.mark.anyio
async def test_gemini_async_dispatch_of_sdk_parts() -> None:
    toolset = GeminiToolset([place_order, get_weather, ping])
    response = types.GenerateContentResponse.model_validate(
        _reply(
            {
                "functionCall": {
                    "id": "x1",
                    "name": "place_order",
                    "args": {"lines": [{"sku": "q", "qty": 2}], "rush": True},
                }
            },
            {"functionCall": {"id": "x2", "name": "nope", "args": {}}},
        )
    )
    parts = await toolset.adispatch(response, context=Deps(user="zed"))
    assert parts[0] == {
        "functionResponse": {
            "id": "x1",
            "name": "place_order",
            "response": {"output": "order of 2 items for zed (rush)"},
        }
    }
    assert "Unknown tool 'nope'" in parts[1]["functionResponse"]["response"]["error"]
    # the SDK takes our parts as they are
    assert types.Content.model_validate({"role": "user", "parts": parts}).parts


def test_gemini_names_and_modes() -> None:
    assert to_gemini_function_declaration(get_weather, name="weather.today:v2")["name"] == "weather.today:v2"
    with pytest.raises(ToolNameError, match="gemini"):
        to_gemini_function_declaration(get_weather, name="1weather")
    with pytest.raises(ValueError, match="mode"):
        to_gemini_function_declaration(ping, mode="openapi")  # type: ignore[arg-type]


def test_gemini_a_schema_that_would_explode_when_inlined_is_refused_with_the_way_out() -> None:
    hostile = standard_tool(
        name="hostile", description="d", execute=lambda args: args, input_schema=doubling_schema(60)
    )
    with pytest.raises(SchemaConversionError, match=r"'hostile'.*20000 subschemas.*parameters_json_schema"):
        to_gemini_function_declaration(hostile)  # Gemini's `Schema` has no refs
    sent = to_gemini_function_declaration(hostile, mode="parameters_json_schema")["parametersJsonSchema"]
    assert sent["properties"]["root"] == {"$ref": "#/$defs/D60"}


def test_gemini_loop_with_tool_search_over_tools_with_defs() -> None:
    """tool_search answers with input schemas holding `$defs`/`$ref`; Gemini rejects `$ref` keys in a
    function response, so such a structured result goes as its JSON text (the model reads the same
    schema), and the loop finishes."""
    from interop import split_tools, tool_search, transform_tool

    deferred = [transform_tool(place_order, meta={"defer_loading": True})]
    _, later = split_tools(deferred)
    toolset = GeminiToolset([tool_search(later)])
    seen: list[dict[str, Any]] = []
    got: dict[str, Any] = {}

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        seen.append(body)
        refused = gemini_400_on_ref(body)
        if refused is not None:
            return httpx.Response(400, json=refused)
        if len(seen) == 1:
            call = {"functionCall": {"id": "s1", "name": "tool_search", "args": {"query": "order"}}}
            return httpx.Response(200, json=_reply(call))
        got.update(_responses(body)["s1"])
        return httpx.Response(200, json=_reply({"text": "found it"}))

    options = types.HttpOptions(
        base_url="http://127.0.0.1:9", httpx_client=httpx.Client(transport=httpx.MockTransport(handler))
    )
    client = genai.Client(api_key="test-key", http_options=options)
    assert _loop(client, toolset, Deps(user="ada")) == "found it"
    output = got["response"]["output"]
    assert isinstance(output, str)  # JSON text: nothing in it is read as a media-part reference
    (found,) = json.loads(output)["tools"]
    assert found["name"] == "place_order"
    schema = found["input_schema"]
    assert schema["properties"]["lines"]["items"] == {"$ref": "#/$defs/Line"} and "Line" in schema["$defs"]
