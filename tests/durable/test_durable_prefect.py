"""pydantic-ai durable execution on Prefect (a local, SQLite-backed Prefect server) with converted tools.

pydantic-ai's `PrefectDurability` runs every tool of a `FunctionToolset` as a Prefect task, and
both `to_pydantic_ai_toolset(tools, id=...)` and `to_pydantic_ai(tool)` (in the agent's own
function toolset) give one: each converted tool call is a task with no opt-in and no code of
ours. Prefect's recovery is a retry of the same flow run: tasks whose result was persisted (the
default for pydantic-ai's tasks; the cache key includes the flow run id) return that result
instead of running again. The first attempt here fails in the model step right after the tool
call (the crash point); the flow run's retry completes the run and the tool has run once. The
context is rebuilt by a `context=` hook from `deps` (a user id), and its secret is in neither
Prefect's database nor its result storage. A tool is retried by Prefect only when its task
config says so (pydantic-ai's default is `retries=0`): a tool that is not idempotent is never
retried implicitly.

Heavy: Prefect starts its API server in a subprocess (10-20 s on an idle machine, over a minute
on a loaded one). Skipped when Prefect is not installed: Prefect 3.9 requires fastapi<0.151 and
cachetools<8, which the project's pinned environment (fastapi 0.165, cachetools 8) excludes, so
it is not in the `durable` group; install it beside the project to run this file.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from durable_common import load_context, make_tool
from durable_harness import calls
from durable_pg import contains, sqlite_find_text

pytest.importorskip(
    "prefect",
    reason="Prefect is not installed (its fastapi<0.151 / cachetools<8 pins conflict with the project's environment)",
)

from prefect import flow
from prefect.settings import PREFECT_SERVER_DATABASE_CONNECTION_URL
from prefect.testing.utilities import prefect_test_harness
from pydantic_ai import Agent, RunContext
from pydantic_ai.durable_exec.prefect import PrefectDurability
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import FunctionModel

from interop.pydantic_ai import to_pydantic_ai, to_pydantic_ai_toolset

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(900)]


@pytest.fixture(scope="module")
def prefect_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local Prefect server (SQLite) for this module; yields the result storage directory."""
    home = tmp_path_factory.mktemp("prefect")
    saved = dict(os.environ)
    os.environ.update(
        PREFECT_HOME=str(home),
        PREFECT_LOCAL_STORAGE_PATH=str(home / "storage"),
        PREFECT_SERVER_ANALYTICS_ENABLED="false",  # no telemetry: this machine has no network
        PREFECT_LOGGING_LEVEL="WARNING",
    )
    try:
        with prefect_test_harness(server_startup_timeout=300):
            yield home / "storage"
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _model(crash: dict[str, int]) -> FunctionModel:
    """Calls `send_payment`; the first model step after the tool answered fails `crash["left"]` times."""

    def model(messages: list[Any], info: Any) -> ModelResponse:
        returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if returns:
            if crash["left"] > 0:
                crash["left"] -= 1
                raise ConnectionError("the worker died after the tool call")
            return ModelResponse(parts=[TextPart(f"done: {returns[0].model_response_str()}")])
        return ModelResponse(
            parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500}, tool_call_id="call_1")]
        )

    return FunctionModel(model)


def _context(ctx: RunContext[str]) -> Any:
    return load_context(ctx.deps)


@pytest.mark.parametrize("shape", ["toolset", "tool"])
def test_flow_retry_after_a_crash_does_not_call_the_tool_again(prefect_server, counter, secret, shape):
    tool = make_tool(str(counter), requires_approval=False)
    tools: dict[str, Any] = (
        {"toolsets": [to_pydantic_ai_toolset([tool], id="payments", context=_context)]}
        if shape == "toolset"
        else {"tools": [to_pydantic_ai(tool, context=_context)]}
    )
    crash = {"left": 1}
    agent = Agent(
        _model(crash), name=f"payments_{shape}", deps_type=str, capabilities=[PrefectDurability()], **tools
    )

    @flow(name=f"pay-{shape}", retries=1, retry_delay_seconds=0)
    async def pay(user_id: str) -> str:
        return str((await agent.run("pay bob 5 euros", deps=user_id)).output)

    output = asyncio.run(pay("u1"))
    assert output == 'done: {"sent":500,"to":"bob"}'
    assert crash["left"] == 0  # the first attempt did fail after the tool call
    assert [json.loads(line)["context_ok"] for line in calls(counter)] == [True]  # once, across the retry

    database = PREFECT_SERVER_DATABASE_CONNECTION_URL.value().split("///", 1)[1]
    assert sqlite_find_text(database, "Call Tool: send_payment")  # the call was a Prefect task
    assert sqlite_find_text(database, secret) == []
    stored = [p for p in prefect_server.rglob("*") if p.is_file()]
    assert stored  # the task results Prefect persisted ...
    assert not [p for p in stored if contains(p.read_bytes(), secret)]  # ... hold nothing of the context
