"""The Claude Agent SDK adapter through the SDK's real control loop (`ClaudeSDKClient`: the
`can_use_tool` dispatch and the in-process MCP bridge), with a fake CLI on the SDK's public
`Transport` (the real CLI needs the Anthropic API). See `fake_cli.py`."""

from __future__ import annotations

import base64
from typing import Annotated, Any, Literal, TypedDict

import pytest
from claude_agent_sdk import (
    PermissionResultAllow,
    PermissionResultDeny,
    SdkMcpTool,
    ToolAnnotations,
    create_sdk_mcp_server,
    tool,
)
from fake_cli import Use, options, run_session, texts
from loop_tools import boom
from name_rules import assert_name_rules
from pydantic import BaseModel, Field

import interop
from interop import ToolError
from interop.bridge import input_json_schema
from interop.claude_agent_sdk import (
    HANDLERS_ATTR,
    from_claude_agent_sdk,
    run_context,
    to_claude_agent_sdk,
    to_claude_agent_sdk_server,
)

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)

RUNS: list[dict[str, Any]] = []


class Tag(BaseModel):
    label: Literal["x", "y"]


@interop.tool(context="caller", title="Doubler", meta={"read_only": True, "owner": "team-a"})
def double(
    a: Annotated[int, Field(ge=0, description="The number.")],
    tags: list[Tag] = [],
    caller: Any = None,
) -> dict[str, Any]:
    """Double a."""
    RUNS.append({"a": a, "caller": caller})
    return {"value": a * 2, "user": (caller or {}).get("user"), "n_tags": len(tags)}


@pytest.fixture(autouse=True)
def _clear() -> None:
    RUNS.clear()


@pytest.mark.anyio
async def test_cas_schema_is_listed_verbatim_with_title_and_hints() -> None:
    servers = {"calc": to_claude_agent_sdk_server([double], name="calc")}
    seen, _ = await run_session(options(servers), [[Use("calc", "double", {"a": 1})]])
    listed = seen.listed["calc"][0]
    assert listed["inputSchema"] == input_json_schema(double)  # $defs, $ref, minimum, title: as is
    assert "$defs" in listed["inputSchema"] and listed["description"] == "Double a."
    assert listed["annotations"]["title"] == "Doubler" and listed["annotations"]["readOnlyHint"] is True
    native = to_claude_agent_sdk(double)
    assert isinstance(native, SdkMcpTool) and native.input_schema == input_json_schema(double)


@pytest.mark.anyio
async def test_cas_context_comes_from_run_context_or_the_hook() -> None:
    servers = {"calc": to_claude_agent_sdk_server([double], name="calc")}
    with run_context({"user": "ann"}):
        seen, messages = await run_session(options(servers), [[Use("calc", "double", {"a": 21})]])
    assert texts(seen.results[0]) == '{"value":42,"user":"ann","n_tags":0}'
    assert messages[-1].result == "ok"
    hooked = {
        "calc": to_claude_agent_sdk_server([double], name="calc", context=lambda bound: {"user": "hook"})
    }
    seen, _ = await run_session(options(hooked), [[Use("calc", "double", {"a": 1})]])
    assert RUNS[-1]["caller"] == {"user": "hook"}
    seen, _ = await run_session(options(servers), [[Use("calc", "double", {"a": 1})]])
    assert RUNS[-1]["caller"] is None


@pytest.mark.anyio
async def test_cas_errors_are_is_error_results_and_the_session_goes_on() -> None:
    @interop.tool
    def pick(n: int, email: Annotated[str, Field(pattern=r"^[^@]+@[^@]+$")] = "a@b") -> int:
        """Pick."""
        if n == 13:
            raise ToolError("13 is unlucky: pick another number")
        return n

    servers = {"t": to_claude_agent_sdk_server([pick], name="t")}
    turns = [
        [Use("t", "pick", {"n": "x"})],  # the neutral tool's own check (no SDK pre-check)
        [Use("t", "pick", {"n": 13})],  # ToolError
        [Use("t", "pick", {"n": 7})],
    ]
    seen, messages = await run_session(options(servers), turns)
    first, second, third = seen.results
    assert first["isError"] and texts(first).startswith("Invalid arguments for tool 'pick': n: ")
    assert second["isError"] and "13 is unlucky" in texts(second) and "'pick'" in texts(second)
    assert not third["isError"] and texts(third) == "7"
    assert [m.result for m in messages if hasattr(m, "result") and isinstance(m.result, str)] == [
        "error",
        "error",
        "ok",
    ]


@tool("native_boom", "Boom.", {"n": int})
async def native_boom(args: dict[str, Any]) -> dict[str, Any]:
    raise RuntimeError("kaput")  # the SDK's own tool failing the same way, to compare with


@pytest.mark.anyio
async def test_cas_other_exceptions_behave_as_for_a_native_tool() -> None:
    config = create_sdk_mcp_server("t", tools=[to_claude_agent_sdk(boom), native_boom])
    servers = {"t": config}
    seen, _ = await run_session(
        options(servers), [[Use("t", "boom", {"n": 1}), Use("t", "native_boom", {"n": 1})]]
    )
    assert (
        seen.results[0]
        == seen.results[1]
        == {"content": [{"type": "text", "text": "kaput"}], "isError": True}
    )
    masked = {"t": to_claude_agent_sdk_server([boom], name="t", errors="masked")}
    seen, _ = await run_session(options(masked), [[Use("t", "boom", {"n": 1})]])
    assert "internal error" in texts(seen.results[0]) and "kaput" not in texts(seen.results[0])


@interop.tool(meta={"requires_approval": lambda input, context: input.n > 10})
def spend(n: int) -> str:
    """Spend n."""
    RUNS.append({"n": n})
    return f"spent {n}"


@pytest.mark.anyio
async def test_cas_approval_goes_through_can_use_tool_and_fails_closed() -> None:
    asked: list[tuple[str, Any, str | None]] = []

    async def decide(name: str, input: dict[str, Any], context: Any) -> Any:
        asked.append((name, input, context.tool_use_id))
        if input["n"] >= 100:
            return PermissionResultDeny(message="too much")
        return PermissionResultAllow()

    servers = {"wallet": to_claude_agent_sdk_server([spend], name="wallet")}
    uses = [
        Use("wallet", "spend", {"n": 5}),  # no approval needed
        Use("wallet", "spend", {"n": 50}),  # approved once
        Use("wallet", "spend", {"n": 500}),  # refused by can_use_tool: never sent
        Use("wallet", "spend", {"n": 60}, ask=False),  # pre-allowed by the CLI: no decision, fails closed
    ]
    seen, _ = await run_session(options(servers, decide), [uses])
    ok5, ok50, denied, closed = seen.results
    assert texts(ok5) == "spent 5" and texts(ok50) == "spent 50" and denied == {"denied": "too much"}
    assert closed["isError"] and "not approved" in texts(closed)
    assert RUNS == [{"n": 5}, {"n": 50}] and [a[0] for a in asked] == ["mcp__wallet__spend"] * 3
    assert asked[1][2] == "toolu_1"
    # an approval is for those arguments only, and for one call
    RUNS.clear()

    async def rewrite(name: str, input: dict[str, Any], context: Any) -> Any:
        return PermissionResultAllow(updated_input={"n": 70})

    seen, _ = await run_session(options(servers, rewrite), [[Use("wallet", "spend", {"n": 80})]])
    assert texts(seen.results[0]) == "spent 70" and RUNS == [{"n": 70}]
    # several gated calls in one turn
    RUNS.clear()
    seen, _ = await run_session(
        options(servers, decide),
        [
            [
                Use("wallet", "spend", {"n": 20}),
                Use("wallet", "spend", {"n": 30}),
                Use("wallet", "spend", {"n": 300}),
            ]
        ],
    )
    assert RUNS == [{"n": 20}, {"n": 30}] and seen.results[2] == {"denied": "too much"}
    # the handler called directly: nobody approved
    handler = to_claude_agent_sdk(spend).handler
    direct = await handler({"n": 99})
    assert direct["is_error"] and RUNS == [{"n": 20}, {"n": 30}]
    # approval= asks a callback inside the call instead
    approving = {"w": to_claude_agent_sdk_server([spend], name="w", approval=lambda r: r.input["n"] < 1000)}
    seen, _ = await run_session(options(approving), [[Use("w", "spend", {"n": 900}, ask=False)]])
    assert texts(seen.results[0]) == "spent 900"


class Shot(interop.Image):
    __slots__ = ()


@pytest.mark.anyio
async def test_cas_content_results_are_mcp_content() -> None:
    @interop.tool
    def snapshot() -> list[Any]:
        """Take a picture and a recording."""
        return [
            "here",
            interop.Image(PNG, "image/png"),
            interop.Audio(b"RIFF", "audio/wav"),
            Shot(PNG, "image/png"),
        ]

    servers = {"cam": to_claude_agent_sdk_server([snapshot], name="cam")}
    seen, _ = await run_session(options(servers), [[Use("cam", "snapshot", {})]])
    content = seen.results[0]["content"]
    assert content[0] == {"type": "text", "text": "here"}
    assert content[1] == {"type": "image", "data": base64.b64encode(PNG).decode(), "mimeType": "image/png"}
    assert content[2]["type"] == "text" and content[2]["text"].startswith("[audio: audio/wav")
    assert content[3] == content[1]  # a subclass of Image is an image too


@pytest.mark.anyio
async def test_cas_round_trips_and_native_idioms() -> None:
    native = to_claude_agent_sdk(double)
    assert from_claude_agent_sdk(native) is double

    add, norm = _native_tools()
    schema = {"type": "object", "properties": {"q": {"type": "string", "minLength": 2}}, "required": ["q"]}

    @tool("search", "Search.", schema)
    async def search(args: dict[str, Any]) -> dict[str, Any]:
        if args["q"] == "zz":
            return {"content": [{"type": "text", "text": "nothing found"}], "is_error": True}
        return {
            "content": [
                {"type": "text", "text": '{"hits": 2}'},
                {"type": "image", "data": base64.b64encode(PNG).decode(), "mimeType": "image/png"},
            ]
        }

    for sdk_tool in (add, norm, search):
        neutral = from_claude_agent_sdk(sdk_tool)
        assert to_claude_agent_sdk(neutral) is sdk_tool
    a = from_claude_agent_sdk(add)
    assert a.title == "Adder" and a.meta == {"idempotent": True}
    # the one JSON-or-text rule (as from_mcp): text "5" stays text, a JSON object text is the object
    assert await interop.acall(a, {"a": 2, "b": 3}) == "5"
    with pytest.raises(interop.StandardToolValidationError):
        await interop.acall(a, {"a": "2", "b": [3]})
    assert input_json_schema(from_claude_agent_sdk(norm))["required"] == ["x", "y"]
    s = from_claude_agent_sdk(search)
    assert input_json_schema(s) == schema
    assert await interop.acall(s, {"q": "abc"}) == ['{"hits": 2}', interop.Image(PNG, "image/png")]
    with pytest.raises(ToolError, match="nothing found"):
        await interop.acall(s, {"q": "zz"})
    # a native tool served again through interop keeps its behaviour
    servers = {"n": to_claude_agent_sdk_server([a], name="n", rename="add_again")}
    seen, _ = await run_session(options(servers), [[Use("n", "add_again", {"a": 1, "b": 1})]])
    assert texts(seen.results[0]) == "2"


@pytest.mark.anyio
async def test_cas_allowed_calls_of_a_tool_without_approval_leave_no_grants() -> None:
    servers = {"calc": to_claude_agent_sdk_server([double], name="calc")}
    await run_session(options(servers), [[Use("calc", "double", {"a": n})] for n in range(3)])
    assert [r["a"] for r in RUNS] == [0, 1, 2]
    handler = getattr(servers["calc"]["instance"], HANDLERS_ATTR)["double"]
    assert handler._grants == []  # nothing recorded per allowed call for a tool that never asks


def test_cas_names_and_duplicates() -> None:
    assert_name_rules(
        to_claude_agent_sdk,
        lambda tools: to_claude_agent_sdk_server(tools, name="x"),
        bad="dotted.name",
        good="dotted_name",
    )


@interop.tool(context="caller")
def label(
    count: Annotated[int, Field(ge=0, le=1000)],
    name: Annotated[str, Field(max_length=100)],
    caller: Any = None,
) -> dict[str, Any]:
    """Label count things."""
    RUNS.append({"count": count, "name": name, "caller": caller})
    return {"count": count, "user": (caller or {}).get("user")}


@pytest.mark.anyio
async def test_cas_bad_arguments_name_the_tool_and_field_through_the_sdk_loop() -> None:
    servers = {"lab": to_claude_agent_sdk_server([label], name="lab")}
    big = "x" * (10 * 1024 * 1024)
    turns = [
        [Use("lab", "label", {"count": -1, "name": "x"})],
        [Use("lab", "label", {"count": 1, "name": "x", "bogus": 1})],
        [Use("lab", "label", {"name": "x"})],
        [Use("lab", "label", {"count": 1, "name": big})],
        [Use("lab", "label", {"count": "5", "name": "x"})],  # lax: the neutral tool accepts it
    ]
    with run_context({"user": "ann"}):
        seen, messages = await run_session(options(servers), turns)
    below, extra, missing, huge, lax = seen.results
    for result, field in ((below, "count"), (extra, "bogus"), (missing, "count"), (huge, "name")):
        text = texts(result)
        assert result["isError"] and text.startswith(f"Invalid arguments for tool 'label': {field}: "), text
        assert "Input validation error" not in text and len(text) < 1000
    assert not lax.get("isError") and texts(lax) == '{"count":5,"user":"ann"}'
    assert RUNS == [{"count": 5, "name": "x", "caller": {"user": "ann"}}]  # never ran on bad input
    assert [m.result for m in messages if hasattr(m, "result") and isinstance(m.result, str)] == [
        "error",
        "error",
        "error",
        "error",
        "ok",
    ]


@pytest.mark.anyio
async def test_cas_bad_arguments_over_the_in_process_mcp_transport() -> None:
    import mcp.types as mt
    from mcp.client.client import Client

    server = to_claude_agent_sdk_server([label], name="lab")["instance"]
    with run_context({"user": "bob"}):
        async with Client(server) as client:
            bad = await client.call_tool("label", {"count": 1, "name": "x" * (10 * 1024 * 1024)})
            lax = await client.call_tool("label", {"count": "7", "name": "y"})
            unknown = await client.call_tool("nope", {})
    assert isinstance(bad.content[0], mt.TextContent) and bad.is_error
    assert bad.content[0].text.startswith("Invalid arguments for tool 'label': name: ")
    assert len(bad.content[0].text) < 1000
    assert isinstance(lax.content[0], mt.TextContent) and not lax.is_error
    assert lax.content[0].text == '{"count":7,"user":"bob"}'
    assert isinstance(unknown.content[0], mt.TextContent) and unknown.is_error
    assert unknown.content[0].text == "Tool 'nope' not found"  # as the SDK's own server answers
    assert RUNS == [{"count": 7, "name": "y", "caller": {"user": "bob"}}]


def _native_tools(**annotations: Any) -> list[SdkMcpTool[Any]]:
    """The SDK's own `@tool`s: `add` (titled "Adder", idempotent, and `annotations`) and `norm`
    (a `TypedDict` schema)."""

    @tool(
        "add",
        "Add two numbers.",
        {"a": int, "b": int},
        annotations=ToolAnnotations(title="Adder", idempotentHint=True, **annotations),
    )
    async def add(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": str(args["a"] + args["b"])}]}

    class Point(TypedDict):
        x: int
        y: int

    @tool("norm", "Manhattan norm.", Point)
    async def norm(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": str(abs(args["x"]) + abs(args["y"]))}]}

    return [add, norm]


@pytest.mark.anyio
async def test_cas_server_lists_what_the_sdks_own_server_lists() -> None:
    from mcp.client.client import Client

    @interop.tool
    def bare(x: str) -> str:
        """No title, no hints."""
        return x

    @interop.tool(title="Nothing", meta={"destructive": False, "open_world": True, "owner": "me"})
    def nothing() -> None:
        """Takes no arguments."""

    native = [from_claude_agent_sdk(t) for t in _native_tools(maxResultSizeChars=5000)]
    neutrals = [double, label, bare, nothing, spend, *native]
    ours = to_claude_agent_sdk_server(neutrals, name="s", version="2.0.0")
    theirs = create_sdk_mcp_server("s", "2.0.0", tools=[to_claude_agent_sdk(t) for t in neutrals])
    async with Client(ours["instance"]) as a, Client(theirs["instance"]) as b:
        listed, expected = (await a.list_tools()).tools, (await b.list_tools()).tools
        assert a.server_info == b.server_info and a.server_capabilities == b.server_capabilities
    dump = [t.model_dump(by_alias=True, exclude_none=True) for t in listed]
    assert dump == [t.model_dump(by_alias=True, exclude_none=True) for t in expected]
    assert [t["name"] for t in dump] == ["double", "label", "bare", "nothing", "spend", "add", "norm"]
    assert dump[5]["_meta"] == {"anthropic/maxResultSizeChars": 5000}
    assert ours["type"] == "sdk" and ours["name"] == "s"


@pytest.mark.anyio
async def test_cas_native_tools_served_again_are_validated_by_their_neutral_tool() -> None:
    add, norm = (from_claude_agent_sdk(t) for t in _native_tools(maxResultSizeChars=5000))
    servers = {"n": to_claude_agent_sdk_server([add, norm], name="n")}
    turns = [
        [Use("n", "add", {"a": 1, "b": 2}), Use("n", "add", {"a": "x", "b": 2}), Use("n", "norm", {"x": 3})]
    ]
    seen, _ = await run_session(options(servers), turns)
    ok, bad, missing = seen.results
    assert texts(ok) == "3" and not ok.get("isError")
    assert bad["isError"] and texts(bad).startswith("Invalid arguments for tool 'add': a: "), texts(bad)
    assert missing["isError"] and texts(missing).startswith("Invalid arguments for tool 'norm': 'y' ")


@pytest.mark.anyio
async def test_cas_server_exceptions_are_answered_as_the_sdk_answers_them() -> None:
    servers = {
        "ours": to_claude_agent_sdk_server([boom], name="ours"),
        "sdk": create_sdk_mcp_server("sdk", tools=[native_boom]),
    }
    uses = [Use("ours", "boom", {"n": 1}), Use("sdk", "native_boom", {"n": 1})]
    uses += [Use("ours", "missing", {}), Use("sdk", "missing", {})]
    seen, _ = await run_session(options(servers), [uses])
    ours, sdk, ours_unknown, sdk_unknown = seen.results
    assert ours == sdk == {"content": [{"type": "text", "text": "kaput"}], "isError": True}
    assert (
        ours_unknown
        == sdk_unknown
        == {
            "content": [{"type": "text", "text": "Tool 'missing' not found"}],
            "isError": True,
        }
    )


def test_cas_server_falls_back_to_the_sdks_helper_on_mcp_1(monkeypatch: pytest.MonkeyPatch) -> None:
    from interop.claude_agent_sdk import HANDLERS_ATTR, StandardToolHandler, _to

    monkeypatch.setattr(_to, "_MCP_CONSTRUCTOR_HANDLERS", False)  # what mcp 1.x's Server gives
    config = to_claude_agent_sdk_server([double], name="calc")
    handlers = getattr(config["instance"], HANDLERS_ATTR)
    assert list(handlers) == ["double"] and isinstance(handlers["double"], StandardToolHandler)
