"""One 2026-07-28 approval runs one call: a replayed request (the same answer and `requestState`
sent again) is refused, by the same server and by every worker sharing the nonce store."""

from __future__ import annotations

import multiprocessing
import sqlite3
import time
from pathlib import Path

import mcp.types as mt
import pytest
from mcp import Client
from mcp_sample_server import free_port, http_server_thread

from interop import tool
from interop.mcp import APPROVAL_INPUT_KEY, SqliteNonceStore, asgi_app, build_server

pytestmark = pytest.mark.anyio

PAID: list[int] = []
YES = {APPROVAL_INPUT_KEY: mt.ElicitResult(action="accept", content={"approve": True})}


@tool(meta={"requires_approval": True, "destructive": True})
def pay(amount: int) -> str:
    """Make a payment."""
    PAID.append(amount)
    return f"paid {amount}"


async def _no(context, params):  # the client's user (never asked: the rounds are driven by hand)
    return mt.ElicitResult(action="decline")


async def _state(client: Client) -> str:
    first = await client.session.call_tool("pay", {"amount": 100}, allow_input_required=True)
    assert isinstance(first, mt.InputRequiredResult) and first.request_state
    return first.request_state


async def _answer(client: Client, state: str) -> mt.CallToolResult:
    return await client.session.call_tool("pay", {"amount": 100}, input_responses=YES, request_state=state)


async def test_a_replayed_request_is_refused_one_approval_one_payment() -> None:
    PAID.clear()
    with http_server_thread(asgi_app([pay], stateless=True), free_port()) as url:
        async with Client(url, elicitation_callback=_no) as client:
            state = await _state(client)
            first = await _answer(client, state)
            assert not first.is_error and PAID == [100]
            for _ in range(2):  # the same request sent again: three payments before
                again = await _answer(client, state)
                assert again.is_error and "already used" in again.content[0].text
            assert PAID == [100]
            fresh = await _answer(client, await _state(client))  # a new question is a new approval
            assert not fresh.is_error and PAID == [100, 100]


async def test_workers_sharing_the_nonce_store_refuse_each_others_used_answers(tmp_path: Path) -> None:
    PAID.clear()
    shared = dict(approval_secret="s" * 32, approval_nonces=str(tmp_path / "nonces.sqlite"))
    one, two = build_server([pay], **shared), build_server([pay], **shared)
    async with Client(one, elicitation_callback=_no) as a, Client(two, elicitation_callback=_no) as b:
        state = await _state(a)
        assert not (await _answer(b, state)).is_error  # any worker verifies the retry ...
        replay = await _answer(a, state)  # ... once
        assert replay.is_error and "already used" in replay.content[0].text
    assert PAID == [100]


def _claim_many(path: str, nonces: list[str], out: multiprocessing.Queue[list[bool]]) -> None:
    store = SqliteNonceStore(path)
    out.put([store.claim(n, time.time() + 60) for n in nonces])


def test_the_sqlite_store_lets_one_of_several_processes_claim_each_nonce(tmp_path: Path) -> None:
    path = str(tmp_path / "nonces.sqlite")
    nonces = [f"n{i}" for i in range(200)]
    queue: multiprocessing.Queue[list[bool]] = multiprocessing.get_context("spawn").Queue()
    procs = [
        multiprocessing.get_context("spawn").Process(target=_claim_many, args=(path, nonces, queue))
        for _ in range(3)
    ]
    for p in procs:
        p.start()
    results = [queue.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    assert [sum(r[i] for r in results) for i in range(len(nonces))] == [1] * len(nonces)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM used").fetchone() == (200,)


def test_approval_nonces_must_be_a_path_or_a_store() -> None:
    with pytest.raises(TypeError, match="approval_nonces"):
        build_server([pay], approval_nonces=42)
