"""A converted tool inside pydantic-ai's Prefect durable execution: the tool call is a Prefect task
(no opt-in), so a retry of the flow run after a failure past the tool call does not call it again.

    make .venv-prefect/.installed                      # Prefect's own environment, from a clone
    .venv-prefect/bin/python examples/durable/pydantic_ai_prefect.py

or, in an environment of your own (Prefect 3.9 wants fastapi<0.151 and cachetools<8, older than
the main environment's pins, so it is not in `[all]`):

    pip install -c constraints-prefect.txt -e ".[prefect]"
    python examples/durable/pydantic_ai_prefect.py

Prefect starts a temporary local API server (SQLite) when no PREFECT_API_URL is set. The model
fails once after the tool answered (as a crashed worker would); the flow run is retried, the
tool's persisted task result is reused, and "sending payment" is printed once. `make test` runs
this example (`make test-prefect`), and tests/durable/test_durable_prefect.py proves the same
with two processes, the first killed with SIGKILL after the tool call, the second retrying the
same flow run (a new flow run would call the tool again: the task cache key includes the flow
run id).
"""

import asyncio
import os
from dataclasses import dataclass

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")

from prefect import flow
from pydantic_ai import Agent, RunContext
from pydantic_ai.durable_exec.prefect import PrefectDurability
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import FunctionModel

import interop
from interop.pydantic_ai import to_pydantic_ai_toolset


@dataclass
class Ctx:
    user: str


@interop.tool(context="ctx")
def send_payment(to: str, amount: int, ctx: Ctx) -> str:
    """Send a payment (cents)."""
    print(f"sending payment: {amount} to {to} for {ctx.user}", flush=True)
    return f"{ctx.user} paid {amount} to {to}"


failures = iter([ConnectionError("the worker died after the tool call")])


def model(messages, info):
    returns = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
    if not returns:
        return ModelResponse(parts=[ToolCallPart("send_payment", {"to": "bob", "amount": 500})])
    failure = next(failures, None)
    if failure is not None:
        raise failure
    return ModelResponse(parts=[TextPart(f"Done: {returns[0].model_response_str()}")])


def context(ctx: RunContext[str]) -> Ctx:
    return Ctx(user=ctx.deps)


agent = Agent(
    FunctionModel(model),
    name="payments",
    deps_type=str,
    toolsets=[to_pydantic_ai_toolset([send_payment], id="payments", context=context)],
    capabilities=[PrefectDurability()],
)


@flow(name="pay", retries=1, retry_delay_seconds=0)
async def pay(user_id: str) -> str:
    return str((await agent.run("pay bob 5 euros", deps=user_id)).output)


print(asyncio.run(pay("ann")))
