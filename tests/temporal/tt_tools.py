"""The tools the Temporal tests run: one module, imported by the workers (the activities) and by
the workflows (the activity tools, same names and schemas)."""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import interop
from interop import Image, ToolError


@dataclass
class AppContext:
    """What the worker builds per call: a credential and where to record executions."""

    api_key: str
    user: str
    ledger: Path


def _record(context: AppContext, tool: str, **fields: Any) -> None:
    with context.ledger.open("a") as f:
        f.write(json.dumps({"tool": tool, "pid": os.getpid(), **fields}) + "\n")


def executions(ledger: Path, tool: str | None = None) -> list[dict[str, Any]]:
    if not ledger.exists():
        return []
    rows = [json.loads(line) for line in ledger.read_text().splitlines() if line.strip()]
    return [r for r in rows if tool is None or r["tool"] == tool]


@interop.tool(context="context", meta={"read_only": True})
def add(a: int, b: int, context: AppContext) -> int:
    """Add two integers."""
    _record(context, "add", a=a, b=b)
    return a + b


@interop.tool(context="context", meta={"requires_approval": True})
def send_payment(to: str, amount: int, context: AppContext) -> str:
    """Send a payment (needs a human's approval)."""
    if not context.api_key.startswith("sk-"):
        raise ToolError("not authorised")
    _record(context, "send_payment", to=to, amount=amount)
    return f"{context.user} paid {amount} to {to}"


def _large(arguments: Any, context: Any) -> bool:
    return arguments.amount > 100


@interop.tool(context="context", meta={"requires_approval": _large})
def refund(amount: int, context: AppContext) -> str:
    """Refund an amount (approval only above 100)."""
    _record(context, "refund", amount=amount)
    return f"refunded {amount}"


@interop.tool(context="context")
def whoami(context: AppContext) -> dict[str, str]:
    """Who the worker acts for (uses the credential, never returns it)."""
    _record(context, "whoami", key_len=len(context.api_key))
    return {"user": context.user, "authorised": str(context.api_key.startswith("sk-"))}


@interop.tool(context="context")
def picture(label: str, context: AppContext) -> list[Any]:
    """A caption and a small PNG."""
    return [f"picture of {label}", Image(b"\x89PNG\r\n\x1a\nfake", "image/png")]


class Opaque:
    pass


@interop.tool(context="context")
def opaque(context: AppContext) -> Any:
    """Returns a value that is not JSON."""
    _record(context, "opaque")
    return {"handle": Opaque()}


@interop.tool(context="context", meta={"timeout": 1})
async def slow(seconds: float, context: AppContext) -> str:
    """Sleeps (its meta timeout is 1 s)."""
    _record(context, "slow", seconds=seconds)
    await asyncio.sleep(seconds)
    return "woke up"


@interop.tool(context="context")
def refuse(why: str, context: AppContext) -> str:
    """Always says no (a ToolError)."""
    raise ToolError(f"refused: {why}")


@interop.tool(context="context")
def crash(context: AppContext) -> str:
    """Raises an unexpected exception."""
    _record(context, "crash")
    raise RuntimeError("disk on fire")


@interop.tool(context="context", meta={"idempotent": True})
async def work(item: int, context: AppContext) -> dict[str, int]:
    """A short piece of work (records which worker process ran it)."""
    await asyncio.sleep(0.2)
    _record(context, "work", item=item)
    return {"item": item, "pid": os.getpid()}


@interop.tool(context="context", meta={"idempotent": True})
def flaky(key: str, context: AppContext) -> str:
    """Fails on its first attempt for a key (an outage), then works: idempotent, so retried."""
    first = not executions(context.ledger, "flaky")
    _record(context, "flaky", key=key)
    if first:
        raise ConnectionError("upstream unavailable")
    return f"got {key}"


@interop.tool
def report(n: int) -> dict[str, Any]:
    """A report the model sees as one line (the application gets the whole value)."""
    return {"n": n, "rows": list(range(n))}


summary = interop.with_model_output(report, lambda value: f"{value['n']} rows")


@interop.tool
def numbers(n: int) -> list[int]:
    """The numbers below n (a long result: the middleware tests cut it to a budget in the worker)."""
    return list(range(n))


TOOLS = [add, send_payment, refund, whoami, picture, opaque, slow, refuse, crash, work, flaky, summary, numbers]

SECRET_ENV = "INTEROP_TEMPORAL_TEST_SECRET"
LEDGER_ENV = "INTEROP_TEMPORAL_TEST_LEDGER"


def context_from_env(info: Any) -> AppContext:
    """The worker's context factory: the secret from the worker's environment ('the vault')."""
    return AppContext(api_key=os.environ[SECRET_ENV], user="ann", ledger=Path(os.environ[LEDGER_ENV]))
