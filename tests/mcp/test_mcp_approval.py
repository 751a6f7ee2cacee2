"""Approval over MCP through elicitation, on both protocol generations, with real SDK clients.

2025-11-25 (`mode="legacy"`): the server sends `elicitation/create` during the call.
2026-07-28 (`mode="auto"`): the call returns `InputRequiredResult`; the client asks and retries.
In process and over streamable HTTP on 127.0.0.1; accept, decline, cancel, no capability, a forged
or replayed `requestState`, conditional approval, and the consuming direction.
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager

import mcp.types as mt
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp_sample_server import free_port, http_server_thread
from pydantic import BaseModel

import interop
from interop import ToolError, tool
from interop.mcp import APPROVAL_INPUT_KEY, ElicitationRequest, build_server, mcp_tools

pytestmark = pytest.mark.anyio

MODES = ["legacy", "auto"]
RAN: list[str] = []


@tool(meta={"requires_approval": True, "destructive": True})
def wipe(path: str) -> str:
    """Delete a directory."""
    RAN.append(path)
    return f"wiped {path}"


def _outside_tmp(input: object, context: object) -> bool:
    return not input.path.startswith("/tmp/")  # the validated input (the @tool's argument model)


@tool(meta={"requires_approval": _outside_tmp})
def tidy(path: str) -> str:
    """Delete a directory; asks only outside /tmp."""
    RAN.append(path)
    return f"tidied {path}"


def secret_context(ctx: object) -> dict:
    return {"api_key": "sk-SECRET-123"}


class Answers:
    """An elicitation callback that answers from a script and records what it was shown."""

    def __init__(self, *answers: mt.ElicitResult) -> None:
        self.answers = list(answers)
        self.seen: list[mt.ElicitRequestFormParams] = []

    async def __call__(self, context, params):
        self.seen.append(params)
        return self.answers.pop(0)


YES = mt.ElicitResult(action="accept", content={"approve": True})
NO_FORM = mt.ElicitResult(action="accept", content={"approve": False})
DECLINE = mt.ElicitResult(action="decline")
CANCEL = mt.ElicitResult(action="cancel")


@asynccontextmanager
async def connect(where: str, mode: str, server, **client_options):
    """A client of `server`: in process, or over streamable HTTP on 127.0.0.1 (stateful)."""
    if where == "inproc":
        async with Client(server, mode=mode, **client_options) as client:
            yield client
        return
    with http_server_thread(server.streamable_http_app(), free_port()) as url:
        async with Client(url, mode=mode, **client_options) as client:
            yield client


WHERE = ["inproc", "http"]


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("mode", MODES)
async def test_accept_runs_the_tool_and_the_form_names_tool_and_arguments_only(where: str, mode: str) -> None:
    RAN.clear()
    answers = Answers(YES)
    server = build_server([wipe], context=secret_context)
    async with connect(where, mode, server, elicitation_callback=answers) as client:
        r = await client.call_tool("wipe", {"path": "/data/x"})
    assert not r.is_error and r.content[0].text == "wiped /data/x"
    assert RAN == ["/data/x"]
    (form,) = answers.seen
    assert "'wipe'" in form.message and '"path": "/data/x"' in form.message
    assert form.requested_schema["properties"]["approve"]["type"] == "boolean"
    shown = json.dumps(form.model_dump(by_alias=True, mode="json"))
    assert "sk-SECRET" not in shown and "api_key" not in shown  # never the context


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("answer", "reason"),
    [(DECLINE, "declined"), (CANCEL, "cancelled"), (NO_FORM, "did not say yes")],
    ids=["decline", "cancel", "accept-without-yes"],
)
async def test_anything_but_yes_denies_and_the_tool_does_not_run(
    where: str, mode: str, answer: mt.ElicitResult, reason: str
) -> None:
    RAN.clear()
    async with connect(where, mode, build_server([wipe]), elicitation_callback=Answers(answer)) as client:
        r = await client.call_tool("wipe", {"path": "/data/x"})
    assert r.is_error
    assert (
        r.content[0].text == f"The call to tool 'wipe' was not approved: the user {reason}. It did not run."
    )
    assert RAN == []


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("mode", MODES)
async def test_a_client_without_the_elicitation_capability_is_refused(where: str, mode: str) -> None:
    RAN.clear()
    async with connect(where, mode, build_server([wipe])) as client:
        r = await client.call_tool("wipe", {"path": "/data/x"})
    assert r.is_error and "did not declare the elicitation capability" in r.content[0].text
    assert RAN == []


async def test_legacy_stateless_http_cannot_ask_and_refuses_while_modern_asks() -> None:
    RAN.clear()
    app = build_server([wipe]).streamable_http_app(stateless_http=True)
    with http_server_thread(app, free_port()) as url:
        async with Client(url, mode="legacy", elicitation_callback=Answers(YES)) as client:
            r = await client.call_tool("wipe", {"path": "/a"})
        assert r.is_error and "not approved" in r.content[0].text
        # the real reason: the client did declare elicitation, the connection cannot carry it
        assert "cannot carry the server's approval question" in r.content[0].text
        assert "did not declare" not in r.content[0].text
        async with Client(url, mode="auto", elicitation_callback=Answers(YES)) as client:
            r = await client.call_tool("wipe", {"path": "/b"})
        assert not r.is_error
    assert RAN == ["/b"]


async def _first_round(client: Client, name: str, arguments: dict) -> mt.InputRequiredResult:
    first = await client.session.call_tool(name, arguments, allow_input_required=True)
    assert isinstance(first, mt.InputRequiredResult)
    return first


@pytest.mark.parametrize("where", WHERE)
async def test_request_state_cannot_be_forged_or_moved_to_other_arguments(where: str) -> None:
    RAN.clear()
    server = build_server([wipe, tidy])
    yes = {APPROVAL_INPUT_KEY: YES}
    async with connect(where, "auto", server, elicitation_callback=Answers()) as client:
        first = await _first_round(client, "wipe", {"path": "/srv/ok"})
        assert first.input_requests is not None and set(first.input_requests) == {APPROVAL_INPUT_KEY}
        assert first.request_state
        state = first.request_state

        forged = await client.session.call_tool(
            "wipe", {"path": "/srv/ok"}, input_responses=yes, request_state="e30.AAAA"
        )
        assert forged.is_error and "invalid or expired requestState" in forged.content[0].text

        tampered = state[:-2] + ("AA" if not state.endswith("AA") else "BB")
        r = await client.session.call_tool(
            "wipe", {"path": "/srv/ok"}, input_responses=yes, request_state=tampered
        )
        assert r.is_error

        moved = await client.session.call_tool(
            "wipe", {"path": "/"}, input_responses=yes, request_state=state
        )
        assert moved.is_error and "does not belong to this call" in moved.content[0].text

        other_tool = await client.session.call_tool(
            "tidy", {"path": "/srv/ok"}, input_responses=yes, request_state=state
        )
        assert other_tool.is_error
        assert RAN == []

        # an answer without the state it answers is not an approval: the server asks again
        again = await client.session.call_tool(
            "wipe", {"path": "/srv/ok"}, input_responses=yes, allow_input_required=True
        )
        assert isinstance(again, mt.InputRequiredResult)

        ok = await client.session.call_tool(
            "wipe", {"path": "/srv/ok"}, input_responses=yes, request_state=state
        )
        assert not ok.is_error and RAN == ["/srv/ok"]

    # a state minted by another server (another secret) is refused
    async with connect(where, "auto", build_server([wipe]), elicitation_callback=Answers()) as client:
        r = await client.session.call_tool(
            "wipe", {"path": "/srv/ok"}, input_responses=yes, request_state=state
        )
        assert r.is_error and RAN == ["/srv/ok"]


async def test_servers_sharing_an_approval_secret_accept_each_others_state() -> None:
    """What several stateless workers need: one secret, so any worker verifies the retry."""
    RAN.clear()
    one = build_server([wipe], approval_secret="s" * 32)
    two = build_server([wipe], approval_secret="s" * 32)
    async with (
        Client(one, elicitation_callback=Answers()) as a,
        Client(two, elicitation_callback=Answers()) as b,
    ):
        first = await _first_round(a, "wipe", {"path": "/w"})
        r = await b.session.call_tool(
            "wipe",
            {"path": "/w"},
            input_responses={APPROVAL_INPUT_KEY: YES},
            request_state=first.request_state,
        )
    assert not r.is_error and RAN == ["/w"]


@pytest.mark.parametrize("mode", MODES)
async def test_conditional_approval_asks_only_when_the_predicate_says_so(mode: str) -> None:
    RAN.clear()
    answers = Answers(DECLINE)
    async with Client(build_server([tidy]), mode=mode, elicitation_callback=answers) as client:
        inside = await client.call_tool("tidy", {"path": "/tmp/cache"})
        outside = await client.call_tool("tidy", {"path": "/home/ada"})
    assert not inside.is_error and outside.is_error
    assert RAN == ["/tmp/cache"]
    assert len(answers.seen) == 1 and "/home/ada" in answers.seen[0].message


@pytest.mark.parametrize("mode", MODES)
async def test_approval_callback_overrides_elicitation_and_opt_out_runs_unasked(mode: str) -> None:
    RAN.clear()
    answers = Answers()
    asked: list[str] = []

    def approve(request) -> bool:
        asked.append(request.input["path"])
        return request.input["path"] != "/"

    async with Client(
        build_server([wipe], approval=approve), mode=mode, elicitation_callback=answers
    ) as client:
        assert not (await client.call_tool("wipe", {"path": "/x"})).is_error
        assert (await client.call_tool("wipe", {"path": "/"})).is_error
    async with Client(build_server([wipe], allow_unapproved=True), mode=mode) as client:
        assert not (await client.call_tool("wipe", {"path": "/y"})).is_error
    assert answers.seen == [] and asked == ["/x", "/"] and RAN == ["/x", "/y"]


async def test_invalid_arguments_are_reported_before_anyone_is_asked() -> None:
    answers = Answers()
    async with Client(build_server([wipe]), mode="legacy", elicitation_callback=answers) as client:
        r = await client.call_tool("wipe", {"path": 3})
    assert r.is_error and "Invalid arguments" in r.content[0].text and answers.seen == []


# ------------------------------------------------------------------------ consuming direction


@pytest.mark.parametrize("mode", MODES)
async def test_consumed_approval_tool_asks_through_the_elicitation_callback(mode: str) -> None:
    RAN.clear()
    seen: list[ElicitationRequest] = []

    def decide(request: ElicitationRequest) -> bool:
        seen.append(request)
        return request.arguments == {"path": "/ok"}

    async with mcp_tools(build_server([wipe]), mode=mode, elicitation=decide) as (remote,):
        assert remote.meta["requires_approval"] is True  # the flag travels: local frameworks ask too
        # no local asker (allow_unapproved): the server asks, through the elicitation callback
        assert await interop.acall(remote, {"path": "/ok"}, allow_unapproved=True) == "wiped /ok"
        with pytest.raises(ToolError, match="not approved"):
            await interop.acall(remote, {"path": "/no"}, allow_unapproved=True)
    assert RAN == ["/ok"]
    assert [r.is_approval for r in seen] == [True, True]
    assert seen[0].tool_name == "wipe" and "'wipe'" in seen[0].message


@pytest.mark.parametrize("mode", MODES)
async def test_consumed_approval_tool_without_a_callback_is_refused(mode: str) -> None:
    RAN.clear()
    async with mcp_tools(build_server([wipe]), mode=mode) as (remote,):
        with pytest.raises(ToolError, match="not approved"):
            await interop.acall(remote, {"path": "/x"})
    assert RAN == []


@pytest.mark.parametrize("mode", MODES)
async def test_a_local_approval_answers_the_remote_question(mode: str) -> None:
    """The local framework's approval (here `with_approval`, as LangGraph/pydantic-ai/OpenAI
    Agents approvals do through the pipeline) is not asked a second time by the remote server."""
    RAN.clear()
    local: list[dict] = []

    def approve_locally(request) -> bool:
        local.append(request.input)
        return True

    async with mcp_tools(build_server([wipe]), mode=mode) as (remote,):
        approved = interop.with_approval(remote, approve_locally)
        assert await interop.acall(approved, {"path": "/p"}) == "wiped /p"
        with pytest.raises(ToolError, match="not approved"):  # not approved locally: still refused
            await interop.acall(remote, {"path": "/q"})
    assert local == [{"path": "/p"}] and RAN == ["/p"]


class Name(BaseModel):
    name: str


@pytest.mark.parametrize("mode", ["legacy"])
async def test_a_third_party_servers_elicitation_reaches_the_callback(mode: str) -> None:
    server = MCPServer("native")

    @server.tool()
    async def greet(ctx: Context) -> str:
        """Ask the user's name and greet them."""
        answer = await ctx.elicit("What is your name?", Name)
        return f"hello {answer.data.name}" if answer.action == "accept" else "no name"

    seen: list[ElicitationRequest] = []

    def fill(request: ElicitationRequest) -> dict:
        seen.append(request)
        return {"name": "Ada"}

    async with mcp_tools(server, mode=mode, elicitation=fill) as (t,):
        assert await interop.acall(t) == "hello Ada"
    assert seen[0].message == "What is your name?" and not seen[0].is_approval
    assert seen[0].requested_schema["properties"]["name"]["type"] == "string"
