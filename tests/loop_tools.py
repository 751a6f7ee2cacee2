"""Small neutral tools several framework tests drive through their agent loops: `pick` (a
`ToolError` the model reads on 13), `boom` (an unexpected exception, to compare with the
framework's own tool failing the same way), `secret_whoami`, whose context must hold the
application's secret (which the model never sees nor can set: `forged_context_steps`), and
`caller_whoami`, which answers with its context's user."""

from __future__ import annotations

from typing import Annotated, Any

import interop
from interop import FromContext, ToolError


@interop.tool
def pick(n: int) -> int:
    """Pick."""
    if n == 13:
        raise ToolError("13 is unlucky: pick another number")
    return n


@interop.tool
def boom(n: int) -> int:
    """Boom."""
    raise RuntimeError("kaput")


def secret_whoami(secret: str) -> Any:
    """`whoami(n)`, which returns `n` and fails unless its context is `{"api_key": secret}`."""

    @interop.tool
    def whoami(n: int, ctx: Annotated[Any, FromContext] = None) -> int:
        """Uses a secret from the context."""
        assert ctx == {"api_key": secret}
        return n

    return whoami


def forged_context_steps() -> list[Any]:
    """A fresh script for `whoami`: a bad `n`, a forged `ctx`, a forged `api_key`, a valid call
    (n=3), then "done"."""
    return [
        [("whoami", {"n": "x"})],
        [("whoami", {"n": 1, "ctx": "forged"})],  # the model cannot set the context
        [("whoami", {"n": 1, "api_key": "forged"})],
        [("whoami", {"n": 3})],
        "done",
    ]


def caller_whoami() -> tuple[Any, list[Any]]:
    """`whoami()`, which answers {"user": its context's "user"}; and the contexts it was given."""
    seen: list[Any] = []

    @interop.tool(context="caller")
    def whoami(caller: Any = None) -> dict[str, Any]:
        """Who is calling."""
        seen.append(caller)
        return {"user": caller["user"]}

    return whoami, seen
