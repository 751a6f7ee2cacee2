"""What every child process shares: events on stdout, a counting tool, the context 'vault'.

The tool is a plain neutral tool (`@interop.tool`) that appends one line to a counter file per
real execution (flushed and fsynced before it returns, so a SIGKILL right after cannot lose it).
The context it needs holds a secret (`api_key`) that the tests look for in every store; the
child rebuilds it from a user id ("the vault"), never from the store.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Annotated, Any

import interop
from interop import FromContext

SECRET_ENV = "INTEROP_DURABLE_SECRET"


@dataclass
class Ctx:
    """The neutral context: who is calling, and a credential that must never reach a store."""

    user_id: str
    api_key: str


def load_context(user_id: str) -> Ctx:
    """The vault: the context for a user, rebuilt in whichever process needs it."""
    return Ctx(user_id=user_id, api_key=os.environ[SECRET_ENV])


def emit(event: str, **data: Any) -> None:
    print(json.dumps({"event": event, **data}, default=str), flush=True)


def hang(event: str, **data: Any) -> None:
    """Report `event`, then wait to be killed (the parent sends SIGKILL)."""
    emit(event, **data)
    time.sleep(3600)
    sys.exit("not killed")


def make_tool(counter: str, *, requires_approval: bool = True, idempotent: bool | None = None) -> Any:
    """`send_payment(to, amount)`: counts its executions in `counter`; checks the context it got."""
    meta: dict[str, Any] = {"requires_approval": requires_approval}
    if idempotent is not None:
        meta["idempotent"] = idempotent

    @interop.tool(meta=meta)
    def send_payment(to: str, amount: int, ctx: Annotated[Any, FromContext] = None) -> dict[str, Any]:
        """Send a payment.

        Args:
            to: Recipient.
            amount: Amount in cents.
        """
        key = ctx.get("api_key") if isinstance(ctx, dict) else getattr(ctx, "api_key", None)
        ok = key == os.environ[SECRET_ENV]
        with open(counter, "a") as f:
            f.write(json.dumps({"pid": os.getpid(), "to": to, "amount": amount, "context_ok": ok}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        if not ok:
            raise RuntimeError(f"the context was not re-established: {type(ctx).__name__}")
        return {"sent": amount, "to": to}

    return send_payment
